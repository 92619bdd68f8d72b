"""The effect DSL's vocabulary: every trigger, action, selector, function and choice, typed.

This module is the single definition of the language. The JSON Schema of effects, the compiler's
checks, the rules text printed on cards and `docs/dsl.md` are all derived from it, so they cannot
drift apart (tests check the committed schema and docs against it).
"""

from __future__ import annotations

from dataclasses import dataclass

DSL_VERSION = 1

# --- value types ---------------------------------------------------------------------------------
# Sets of game things (selectors give these), plain values, and a few enumerations.
PLAYERS, QUADRANTS, CARDS = "players", "quadrants", "cards"
INT, BOOL, TEXT = "int", "bool", "text"
SET_TYPES = (PLAYERS, QUADRANTS, CARDS)

DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
ORTHOGONAL = ("N", "E", "S", "W")
WEAPONS = ("turret", "laser", "missile", "gamma", "flamethrower")
BASE_WEAPON = WEAPONS[0]  # every ship's own gun (R-FIR-1); the others are upgrades
SCOPES = ("turn", "round", "while_owned")
STATS = {
    "moves": "moves a turn (R-MOV-1, Engine)",
    "turret_shots": "turret shots a turn (R-FIR-1)",
    "overload_cost_1": "energy cost of the first overload (R-OVL-1)",
    "overload_cost_2": "energy cost of the second overload (R-OVL-1)",
    "max_overloads": "overloads allowed a turn (R-OVL-1)",
    "max_energy": "maximum energy (R-UPG-GEN-1)",
    "recharge": "energy gained by Power Down (R-PWD-1)",
    "shield": "threat points removed before resolving threat (R-UPG-SHD-1)",
    "rotate_cost": "energy cost of turning the Rotary Cage (R-TUR-1)",
    "turret_turns": "1 if the ship can turn its fire direction (Rotary Cage), else 0 (R-VAR-TV-1)",
    "buy_fee": "Bellonium paid for a buy action outside Power Down (R-OBJ-MERC-1)",
}
COUNTERS = {
    "enemies_destroyed": "enemies the player destroyed",
    "objects_destroyed": "objects of any kind the player destroyed",
    "bellonium_earned": "Bellonium the player received",
    "wormhole_jumps": "wormhole jumps made",
    "overloads": "overloads used",
    "power_downs": "Power Down turns taken",
    "upgrades_bought": "upgrade levels bought",
    "powerups_played": "power-up cards played",
    "damage_dealt": "damage dealt by the player's shots",
    "rounds_in_row_1": "rounds ended in row 1",
}
# Player and quadrant attributes readable in expressions (`player.energy`).
PLAYER_ATTRIBUTES = {
    "energy": "current energy",
    "max_energy": "maximum energy",
    "threat_points": "threat track points, 0–9",
    "threat_level": "threat level (R-THR-1)",
    "glory": "glory",
    "bellonium": "Bellonium",
    "powerups": "power-up cards in hand",
    "moves_left": "moves left this turn",
    "row": "row of the ship (0 when off the board)",
    "column": "column of the ship (0 when off the board)",
}
QUADRANT_ATTRIBUTES = {
    "energy": "Object Energy (0 when indestructible)",
    "threat": "threat it gives an adjacent player (R-THR-6: regular threat, else distant)",
    "damage_taken": "damage dealt to it this turn (R-FIR-6)",
    "row": "its row",
    "column": "its column",
    "glory_reward": "glory of its reward",
    "bellonium_reward": "Bellonium of its reward",
}

# --- contexts ------------------------------------------------------------------------------------
# What an effect can refer to depends on what hosts it (a quadrant's object or boss part, or a card
# a player owns) and on the event that triggered it.
QUADRANT_HOST, OWNED_HOST = "quadrant", "owned"
BOSS_HOST = "boss"  # a boss special rule that no card carries: boss-wide, with no quadrant
OWNED_ONLY = frozenset({OWNED_HOST})


@dataclass(frozen=True)
class Trigger:
    name: str
    doc: str
    binds: frozenset[str]  # context names the event provides
    hosts: frozenset[str] = frozenset({QUADRANT_HOST, BOSS_HOST, OWNED_HOST})
    phrase: str = ""
    owned_phrase: str = ""  # the phrase on a card a player owns, where "this" means nothing

    def phrase_for(self, host: str) -> str:
        return self.owned_phrase if host == OWNED_HOST and self.owned_phrase else self.phrase


@dataclass(frozen=True)
class Param:
    name: str
    type: str
    doc: str
    default: object = None
    required: bool = False

    @property
    def optional(self) -> bool:
        return not self.required


@dataclass(frozen=True)
class Action:
    name: str
    doc: str
    params: tuple[Param, ...]
    example: str
    primary: str | None = None  # the parameter a bare scalar stands for: `- damage: 2`
    binds: frozenset[str] = frozenset()  # names available inside its `then` block

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)


@dataclass(frozen=True)
class Selector:
    name: str
    type: str
    doc: str
    needs: str | None = None  # the context name it reads; None when always available
    single: bool = False  # at most one thing (so `player.energy` makes sense)
    params: tuple[Param, ...] = ()
    phrase: str = ""


@dataclass(frozen=True)
class Function:
    name: str
    args: tuple[str, ...]
    returns: str
    doc: str
    example: str


@dataclass(frozen=True)
class ChoiceKind:
    name: str
    type: str  # what is chosen
    doc: str
    example: str


def _p(name: str, type_: str, doc: str, default: object = None, required: bool = False) -> Param:
    return Param(name, type_, doc, default, required)


T = frozenset
TRIGGERS: dict[str, Trigger] = {
    t.name: t
    for t in [
        Trigger(
            "on_enter",
            "A player moves onto the quadrant (R-MOV-5).",
            T({"player", "active_player", "event_quadrant"}),
            phrase="When a ship moves here",
            owned_phrase="When a ship moves onto a quadrant",
        ),
        Trigger(
            "on_pushed_onto",
            "Scrolling pushes a player onto the quadrant (R-SCR-1).",
            T({"player", "event_quadrant"}),
            phrase="When a ship is pushed here",
            owned_phrase="When a ship is pushed onto a quadrant",
        ),
        Trigger(
            "on_hit",
            "A shot damages the quadrant (R-FIR-4).",
            T({"shooter", "active_player", "event_quadrant"}),
            phrase="When this is hit",
            owned_phrase="When a shot hits",
        ),
        Trigger(
            "on_destroyed",
            "The quadrant's object is destroyed (R-FIR-6).",
            T({"shooter", "active_player", "event_quadrant"}),
            phrase="When this is destroyed",
            owned_phrase="When an object is destroyed",
        ),
        Trigger(
            "on_revealed",
            "The quadrant's card is dealt into the play area (R-SCR-5).",
            T({"event_quadrant"}),
            phrase="When this card arrives",
            owned_phrase="When a card arrives",
        ),
        Trigger(
            "on_scroll_out",
            "The quadrant's card leaves the play area (R-SCR-3, R-SCR-8).",
            T({"event_quadrant"}),
            phrase="When this card scrolls out",
            owned_phrase="When a card scrolls out",
        ),
        Trigger(
            "on_pushed_out",
            "A new row pushes the quadrant's card out of the play area (R-SCR-3, R-SCR-5); a "
            "card removed while the space deck is empty is not pushed out (R-SCR-8, D-OBJ-2).",
            T({"event_quadrant"}),
            phrase="When a new row pushes this card out",
            owned_phrase="When a new row pushes a card out",
        ),
        Trigger(
            "on_round_start",
            "A round begins, before sensor cards (R-RND-1).",
            T(),
            phrase="At the start of each round",
        ),
        Trigger(
            "on_turn_start",
            "A player's turn begins (R-TRN-1).",
            T({"player", "active_player"}),
            phrase="At the start of each turn",
        ),
        Trigger(
            "on_turn_end",
            "A player's turn ends, after threat is added (R-BAT-1, R-PWD-1).",
            T({"player", "active_player"}),
            phrase="At the end of each turn",
        ),
        Trigger(
            "on_sensor_played",
            "The owner plays this sensor card (R-SEN-1).",
            T({"player"}),
            OWNED_ONLY,
            phrase="When played",
        ),
        Trigger(
            "on_bought",
            "The owner buys this upgrade level (R-BUY-2).",
            T({"player", "active_player"}),
            OWNED_ONLY,
            phrase="When bought",
        ),
        Trigger(
            "on_drawn",
            "The owner draws this card (R-PWD-2: 'play at once when drawn').",
            T({"player"}),
            OWNED_ONLY,
            phrase="When drawn",
        ),
        Trigger(
            "on_played",
            "The owner plays this power-up on its turn (R-BUY-5).",
            T({"player", "active_player"}),
            OWNED_ONLY,
            phrase="Play on your turn",
        ),
        Trigger(
            "on_game_end",
            "The game ends, before scoring (R-END-1).",
            T(),
            phrase="At the end of the game",
        ),
        Trigger(
            "passive",
            "Always in effect while the host is in play or owned (its `modify` "
            "actions use scope `while_owned`).",
            T({"player"}),
            phrase="While in effect",
        ),
    ]
}

SELECTORS: dict[str, Selector] = {
    s.name: s
    for s in [
        Selector(
            "player",
            PLAYERS,
            "The player the event is about (who enters, is pushed, draws, "
            "buys, plays, or whose turn it is).",
            "player",
            True,
            phrase="that player",
        ),
        Selector(
            "active_player",
            PLAYERS,
            "The player whose turn it is.",
            "active_player",
            True,
            phrase="the active player",
        ),
        Selector(
            "shooter",
            PLAYERS,
            "The player whose shot hit or destroyed the quadrant.",
            "shooter",
            True,
            phrase="the shooter",
        ),
        Selector(
            "owner",
            PLAYERS,
            "The player who owns the card (power-up, sensor, upgrade, mission).",
            "owner",
            True,
            phrase="you",
        ),
        Selector(
            "all_players",
            PLAYERS,
            "Every player, astral ones too (rules still protect astral players, R-AST-3).",
            phrase="every player",
        ),
        Selector(
            "players_in_play",
            PLAYERS,
            "Every player whose ship is in the play area.",
            phrase="every ship in play",
        ),
        Selector(
            "players_adjacent",
            PLAYERS,
            "Players on the 8 quadrants around a quadrant.",
            params=(
                _p("to", QUADRANTS, "The quadrant (default: this quadrant).", "this_quadrant"),
            ),
            phrase="each ship adjacent to {to}",
        ),
        Selector(
            "players_in_row",
            PLAYERS,
            "Players in the same row as a quadrant.",
            params=(
                _p("of", QUADRANTS, "The quadrant (default: this quadrant).", "this_quadrant"),
            ),
            phrase="each ship in the row of {of}",
        ),
        Selector(
            "players_in_line",
            PLAYERS,
            "Players in a straight line from a quadrant in a "
            "direction, stopping at the first blocking object unless `through_all` (R-THR-5).",
            params=(
                _p("from", QUADRANTS, "Start (default: this quadrant).", "this_quadrant"),
                _p("direction", "direction", "Direction of the line.", required=True),
                _p("through_all", BOOL, "Ignore blocking objects (gamma).", False),
            ),
            phrase="each ship in line {direction} of {from}",
        ),
        Selector(
            "matching_players",
            PLAYERS,
            "Inside `reveal_sensors`: players whose symbol is "
            "on a revealed sensor card (R-OBJ-BOMB-2).",
            "matching_players",
            phrase="each player whose symbol was revealed",
        ),
        Selector(
            "this_quadrant",
            QUADRANTS,
            "The quadrant that carries the effect.",
            "this_quadrant",
            True,
            phrase="this",
        ),
        Selector(
            "event_quadrant",
            QUADRANTS,
            "The quadrant the event happened on.",
            "event_quadrant",
            True,
            phrase="that quadrant",
        ),
        Selector(
            "player_quadrant",
            QUADRANTS,
            "The quadrant under the player's ship.",
            "player",
            True,
            phrase="that player's quadrant",
        ),
        Selector(
            "adjacent_quadrants",
            QUADRANTS,
            "The quadrants around a quadrant.",
            params=(
                _p("to", QUADRANTS, "The quadrant (default: this quadrant).", "this_quadrant"),
                _p("orthogonal", BOOL, "Only N, E, S and W neighbours.", False),
            ),
            phrase="each quadrant next to {to}",
        ),
        Selector(
            "quadrants_of",
            QUADRANTS,
            "Visible quadrants showing an object kind.",
            params=(
                _p("object", "object", "Object kind id.", required=True),
                _p("unoccupied", BOOL, "Only quadrants with no ship.", False),
                _p("except_this", BOOL, "Leave out this quadrant.", False),
                _p("near", QUADRANTS, "Only quadrants next to these (8 neighbours)."),
            ),
            phrase="a {object}",
        ),
        Selector(
            "boss_parts", QUADRANTS, "Every boss part quadrant in play.", phrase="every boss part"
        ),
        Selector(
            "chosen",
            QUADRANTS,
            "Inside a `choose` block: what was chosen (its type is the choice's).",
            "chosen",
            True,
            phrase="the chosen one",
        ),
        Selector(
            "this_card",
            CARDS,
            "The card that carries the effect.",
            "this_quadrant",
            True,
            phrase="this card",
        ),
        Selector(
            "adjacent_cards",
            CARDS,
            "Cards next to a card (orthogonally: same row left and "
            "right, and the cards above and below).",
            params=(_p("to", CARDS, "The card (default: this card).", "this_card"),),
            phrase="each card next to {to}",
        ),
    ]
}

AMOUNT = _p("amount", INT, "How many (a number or an expression).", 1)
WHO = _p("player", PLAYERS, "Who (default: the player the event is about).", "player")

ACTIONS: dict[str, Action] = {
    a.name: a
    for a in [
        Action(
            "damage",
            "Damage players (energy loss, R-DST-1) or quadrants (R-FIR-6).",
            (_p("to", "target", "Players or quadrants.", "player"), AMOUNT),
            "- damage: {to: player, amount: 2}",
            "amount",
        ),
        Action(
            "gain_energy",
            "Players gain energy, never above their maximum (R-SYM-8).",
            (WHO, AMOUNT),
            "- gain_energy: 1",
            "amount",
        ),
        Action(
            "lose_energy",
            "Players lose energy (not damage: shields do not apply).",
            (WHO, AMOUNT),
            "- lose_energy: {player: owner, amount: 1}",
            "amount",
        ),
        Action(
            "add_threat",
            "Players add threat points (R-THR-1; astral players add none).",
            (WHO, AMOUNT),
            "- add_threat: {player: matching_players, amount: 2}",
            "amount",
        ),
        Action(
            "remove_threat",
            "Players remove threat points, one space at a time (D-THR-1).",
            (WHO, AMOUNT),
            "- remove_threat: 2",
            "amount",
        ),
        Action(
            "gain_bellonium",
            "Players take Bellonium from the reserve (R-SYM-6).",
            (WHO, AMOUNT),
            "- gain_bellonium: 1",
            "amount",
        ),
        Action(
            "gain_glory",
            "Players gain glory (R-SYM-9).",
            (WHO, AMOUNT),
            "- gain_glory: {player: shooter, amount: 2}",
            "amount",
        ),
        Action(
            "gain_reward",
            "The player receives this quadrant's printed reward; with -M/-MM only "
            "after spending the extra moves (R-SYM-10).",
            (WHO,),
            "- gain_reward: {}",
        ),
        Action(
            "draw_powerup",
            "Players draw power-up cards (R-OBJ-PWR-1).",
            (WHO, _p("count", INT, "How many cards.", 1)),
            "- draw_powerup: 1",
            "count",
        ),
        Action(
            "cover",
            "Cover quadrants: empty for as long as their card is in play.",
            (_p("quadrant", QUADRANTS, "Which (default: this quadrant).", "this_quadrant"),),
            "- cover: {}",
            "quadrant",
        ),
        Action(
            "destroy",
            "Destroy quadrants' objects (with or without their reward) or players (R-DST-*).",
            (
                _p("target", "target", "Players or quadrants.", "this_quadrant"),
                _p("reward", BOOL, "Give the reward to the active player (quadrants only).", True),
            ),
            "- destroy: {target: this_quadrant, reward: false}",
            "target",
        ),
        Action(
            "flip_card",
            "Turn cards to their other side (R-SYM-12).",
            (_p("card", CARDS, "Which (default: this card).", "this_card"),),
            "- flip_card: {}",
            "card",
        ),
        Action(
            "swap_card",
            "Swap two cards; ships move with their cards (R-OBJ-MOSQ-2).",
            (
                _p("card", CARDS, "One card (default: this card).", "this_card"),
                _p("with", CARDS, "The other card.", required=True),
            ),
            "- swap_card: {with: chosen}",
        ),
        Action(
            "shift_player",
            "Shift players one quadrant left or right in their row, each "
            "choosing where there is a choice (R-SCR-2, D-SCR-1).",
            (WHO,),
            "- shift_player: {}",
            "player",
        ),
        Action(
            "teleport",
            "Move players to a quadrant; not a move, threat is not reduced (R-OBJ-WH-1).",
            (WHO, _p("to", QUADRANTS, "Where.", required=True)),
            "- teleport: {to: chosen}",
        ),
        Action(
            "reveal_sensors",
            "Reveal sensor cards from the deck, run `then` with "
            "`matching_players`, discard them (R-OBJ-BOMB-2).",
            (
                _p("count", INT, "How many cards.", 1),
                _p("then", "actions", "Actions run with `matching_players`.", required=True),
            ),
            "- reveal_sensors: {count: 5, then: [add_threat: {player: matching_players, "
            "amount: 2}]}",
            binds=T({"matching_players"}),
        ),
        Action(
            "extra_moves",
            "Players get extra moves this turn (R-SEN-4a).",
            (WHO, AMOUNT),
            "- extra_moves: 1",
            "amount",
        ),
        Action(
            "extra_shots",
            "Players get extra turret shots this turn.",
            (WHO, AMOUNT),
            "- extra_shots: 1",
            "amount",
        ),
        Action(
            "modify",
            "Change a player statistic for a scope: by an amount, or set to a value "
            "(R-SEN-4, R-UPG-*).",
            (
                WHO,
                _p("stat", "stat", "Which statistic.", required=True),
                _p("by", INT, "Added to the statistic."),
                _p("set", INT, "New value."),
                _p("scope", "scope", "How long: turn, round, or while_owned.", "turn"),
            ),
            "- modify: {stat: overload_cost_1, set: 0, scope: round}",
        ),
        Action(
            "mark",
            "Put the player's marker on the quadrant: a once-per-player reward "
            "(R-OBJ-SING-2, R-OBJ-MAZE-1).",
            (WHO, _p("quadrant", QUADRANTS, "Where (default: this quadrant).", "this_quadrant")),
            "- mark: {}",
            "player",
        ),
        Action(
            "end_turn",
            "The player's turn ends at once (R-DST-2).",
            (WHO,),
            "- end_turn: {}",
            "player",
        ),
        Action(
            "buy",
            "The player may do a buy action now, paying a fee first (R-OBJ-MERC-1).",
            (WHO, _p("fee", INT, "Bellonium paid for the chance to buy.", 0)),
            "- buy: {fee: 1}",
            "fee",
        ),
        Action(
            "advance_mission",
            "Move the owner's mission marker; at its target the mission is "
            "completed and its glory scored (R-MIS-1).",
            (_p("amount", INT, "Steps.", 1),),
            "- advance_mission: 1",
            "amount",
        ),
        Action(
            "claim_achievement",
            "The player meets this achievement's requirement (R-ACH-1, R-ACH-2).",
            (WHO,),
            "- claim_achievement: {}",
            "player",
        ),
        Action(
            "spawn",
            "Put a new object on quadrants, replacing what they show (a cover too) for as long "
            "as their card is in play; a ship there is not affected until it moves or is pushed.",
            (
                _p("quadrant", QUADRANTS, "Where.", required=True),
                _p("object", "object", "Object kind id.", required=True),
                _p("energy", INT, "Its Object Energy (0: indestructible).", 1),
                _p("threat", INT, "Its threat symbols.", 0),
            ),
            "- spawn: {quadrant: {adjacent_quadrants: {orthogonal: true}}, object: fighter, "
            "threat: 1}",
        ),
        Action(
            "choose",
            "Ask the player for a choice, then run `then` with `chosen` (see Choices).",
            (
                _p(
                    "who",
                    PLAYERS,
                    "Who chooses (default: the player the event is about).",
                    "player",
                ),
                _p("direction", "choice", "Choose one of these directions."),
                _p("quadrant", "choice", "Choose one quadrant of a selector."),
                _p("card", "choice", "Choose one card of a selector."),
                _p("option", "choice", "Choose one of several named options, each with actions."),
                _p("optional", BOOL, "The player may decline.", False),
                _p("then", "actions", "Actions run with `chosen`."),
            ),
            "- choose: {quadrant: {quadrants_of: {object: wormhole, unoccupied: true}}, "
            "optional: true, then: [teleport: {to: chosen}]}",
            binds=T({"chosen"}),
        ),
        Action(
            "if",
            "Run actions only when a condition holds, otherwise the `else` actions.",
            (
                _p("condition", BOOL, "An expression.", required=True),
                _p("then", "actions", "Actions when it holds.", required=True),
                _p("else", "actions", "Actions otherwise."),
            ),
            "- if: {condition: 'player.energy <= 2', then: [gain_energy: 1]}",
        ),
    ]
}

CHOICES: dict[str, ChoiceKind] = {
    c.name: c
    for c in [
        ChoiceKind(
            "direction", "direction", "One of a list of directions (N, NE, …).", "direction: [W, E]"
        ),
        ChoiceKind(
            "quadrant",
            QUADRANTS,
            "One quadrant of a selector.",
            "quadrant: {adjacent_quadrants: {orthogonal: true}}",
        ),
        ChoiceKind("card", CARDS, "One card of a selector.", "card: {adjacent_cards: {}}"),
        ChoiceKind(
            "option",
            "option",
            "One of named options, each a list of actions.",
            "option: {energy: [gain_energy: 1], cash: [gain_bellonium: 1]}",
        ),
    ]
}

FUNCTIONS: dict[str, Function] = {
    f.name: f
    for f in [
        Function(
            "count",
            ("set",),
            INT,
            "How many players, quadrants or cards a selector gives.",
            "count(boss_parts) == 0",
        ),
        Function(
            "marked",
            (PLAYERS, QUADRANTS),
            BOOL,
            "The player's marker is on the quadrant.",
            "not marked(player, this_quadrant)",
        ),
        Function(
            "occupied", (QUADRANTS,), BOOL, "A ship is on the quadrant.", "occupied(event_quadrant)"
        ),
        Function(
            "standing_on",
            (PLAYERS, QUADRANTS),
            BOOL,
            "The player's ship is on the quadrant.",
            "standing_on(player, this_quadrant)",
        ),
        Function(
            "is_astral",
            (PLAYERS,),
            BOOL,
            "The player is astral (R-AST-1).",
            "not is_astral(player)",
        ),
        Function(
            "is_enemy",
            (QUADRANTS,),
            BOOL,
            "The quadrant shows an enemy (R-OBJ-ENEMY-1).",
            "is_enemy(event_quadrant)",
        ),
        Function(
            "shows",
            (QUADRANTS, TEXT),
            BOOL,
            "The quadrant shows an object kind.",
            "shows(event_quadrant, 'wormhole')",
        ),
        Function(
            "counter",
            (PLAYERS, TEXT),
            INT,
            "A per-player game counter (see Counters).",
            "counter(player, 'enemies_destroyed') >= 10",
        ),
        Function(
            "upgrade_level",
            (PLAYERS, TEXT),
            INT,
            "The level of an upgrade the player owns (0 if none).",
            "upgrade_level(player, 'laser') >= 2",
        ),
        Function("min", (INT, INT), INT, "The smaller of two numbers.", "min(player.bellonium, 3)"),
        Function(
            "parts_left",
            (TEXT,),
            INT,
            "How many boss parts carrying a special rule are in play and not destroyed.",
            "parts_left('core') == 0",
        ),
        Function(
            "max", (INT, INT), INT, "The larger of two numbers.", "max(player.threat_level, 1)"
        ),
    ]
}
# Plain names usable in expressions besides selectors.
GLOBALS = {
    "round": (INT, "the current round, from 1"),
    "players_count": (INT, "how many players are in the game"),
}


def host_triggers(host: str) -> list[str]:
    return [name for name, t in TRIGGERS.items() if host in t.hosts]
