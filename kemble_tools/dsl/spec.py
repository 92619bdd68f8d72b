"""The effect DSL's vocabulary: every trigger, action, selector, function and choice, typed.

This module is the single definition of the language. The JSON Schema of effects, the compiler's
checks, the rules text printed on cards and `docs/dsl.md` are all derived from it, so they cannot
drift apart (tests check the committed schema and docs against it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

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
    "energy": "Object Energy as printed (0 when it has none); damage this turn is `damage_taken`",
    "threat": "threat it gives an adjacent player (R-THR-6: regular threat, else distant)",
    "damage_taken": "damage dealt to it this turn (R-FIR-6)",
    "row": "its row (0 once its card has left the play area)",
    "column": "its column (0 once its card has left the play area)",
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
    names: Mapping[str, str] = field(compare=False)  # context name -> what it means here
    hosts: frozenset[str] = frozenset({QUADRANT_HOST, BOSS_HOST, OWNED_HOST})
    phrase: str = ""
    owned_phrase: str = ""  # the phrase on a card a player owns, where "this" means nothing
    refuses: frozenset[str] = frozenset()  # actions that cannot do here what their text says
    refused_because: str = ""
    example: str = ""  # the docs' example actions, where the generic one would be refused

    @property
    def binds(self) -> frozenset[str]:
        """The context names the event provides."""
        return frozenset(self.names)

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
    needs: str | None = None  # the context name it reads; None when always available

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
    phrase: str = ""  # on a card: "each ship adjacent to {to}" (dsl/text.py)
    plural: str = ""  # "ships adjacent to {to}": what `count` counts


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
# What a name means is fixed per trigger: the docs list each one, and the engine binds exactly
# these (tests/test_dsl_bindings.py plays each trigger and reads every name back).
ACTIVE = "the player whose turn it is; nobody between turns, as while space scrolls"
HIT_OBJECT = (
    "its attributes, `shows` and `is_enemy` read the object as it was {when}, for the whole "
    "effect, even once the quadrant is covered (R-FIR-7), its card turned over (R-SYM-12) "
    "or gone"
)
# The names every effect on a host has, whatever its trigger (see `host_names`).
HOST_NAMES = {
    "this_quadrant": "the quadrant that carries the effect",
    "this_card": "the card that carries the effect",
    "owner": "the player who owns the card (nobody on an achievement: it is shared)",
}
TRIGGERS: dict[str, Trigger] = {
    t.name: t
    for t in [
        Trigger(
            "on_enter",
            "A ship moves onto the quadrant (R-MOV-5); also a ship standing on a card that "
            "turns over (R-SYM-12). On a -M/-MM quadrant it comes once the extra moves are "
            "spent (R-SYM-10).",
            {
                "player": "the player whose ship arrived",
                "active_player": ACTIVE + "; not `player` when a card turns over under "
                "another player's ship",
                "event_quadrant": "the quadrant the ship arrived on",
            },
            phrase="When a ship moves here",
            owned_phrase="When a ship moves onto a quadrant",
        ),
        Trigger(
            "on_pushed_onto",
            "Scrolling pushes a player onto the quadrant (R-SCR-1), or a collision or "
            "`shift_player` shifts it there (R-SCR-2).",
            {
                "player": "the player whose ship was pushed or shifted",
                "event_quadrant": "the quadrant the ship arrived on",
            },
            phrase="When a ship is pushed here",
            owned_phrase="When a ship is pushed onto a quadrant",
        ),
        Trigger(
            "on_hit",
            "A shot damages the quadrant (R-FIR-4, R-FIR-6), or a `damage` action does.",
            {
                "shooter": "the player whose shot hit (a missile's splash too); nobody when "
                "a `damage` action dealt the damage",
                "active_player": ACTIVE,
                "event_quadrant": "the quadrant hit; " + HIT_OBJECT.format(when="hit"),
            },
            phrase="When this is hit",
            owned_phrase="When an object is hit",
        ),
        Trigger(
            "on_destroyed",
            "The quadrant's object is destroyed: by shots (R-FIR-6), by a ship moving or "
            "pushed onto it (R-OBJ-ENEMY-2, R-OBJ-MINE-1), or by a `destroy` or `damage` action.",
            {
                "shooter": "the player whose shot destroyed it; nobody when no shot did",
                "rammer": "the player whose ship moved or was pushed onto it, when that "
                "arrival destroyed it (R-OBJ-ENEMY-2, R-OBJ-MINE-1); nobody otherwise",
                "active_player": ACTIVE,
                "event_quadrant": "the quadrant whose object was destroyed; "
                + HIT_OBJECT.format(when="printed (its energy is its printed energy)"),
            },
            phrase="When this is destroyed",
            owned_phrase="When an object is destroyed",
        ),
        Trigger(
            "on_revealed",
            "The quadrant's card is dealt into the play area (R-SCR-5).",
            {"event_quadrant": "the quadrant of the card dealt"},
            phrase="When this card arrives",
            owned_phrase="When a card arrives",
        ),
        Trigger(
            "on_scroll_out",
            "The quadrant's card leaves the play area (R-SCR-3, R-SCR-8).",
            {
                "event_quadrant": "the quadrant of the card leaving; "
                + HIT_OBJECT.format(when="when it left")
            },
            phrase="When this card scrolls out",
            owned_phrase="When a card scrolls out",
        ),
        Trigger(
            "on_pushed_out",
            "A new row pushes the quadrant's card out of the play area (R-SCR-3, R-SCR-5); a "
            "card removed while the space deck is empty is not pushed out (R-SCR-8, D-OBJ-2).",
            {
                "event_quadrant": "the quadrant of the card pushed out; "
                + HIT_OBJECT.format(when="when it left")
            },
            phrase="When a new row pushes this card out",
            owned_phrase="When a new row pushes a card out",
        ),
        Trigger(
            "on_round_start",
            "A round begins, before sensor cards (R-RND-1).",
            {},
            phrase="At the start of each round",
        ),
        Trigger(
            "on_turn_start",
            "A player's turn begins, once Battle or Power Down is chosen (R-TRN-1).",
            {
                "player": "the player whose turn begins",
                "active_player": "the same player",
            },
            phrase="At the start of each player's turn",
        ),
        Trigger(
            "on_turn_end",
            "A player's turn ends, after threat is added (R-BAT-1, R-PWD-1).",
            {
                "player": "the player whose turn ends",
                "active_player": "the same player",
            },
            phrase="At the end of each player's turn",
        ),
        Trigger(
            "on_sensor_played",
            "The owner plays this sensor card (R-SEN-1).",
            {"player": "the owner, who played it"},
            OWNED_ONLY,
            phrase="When played",
        ),
        Trigger(
            "on_bought",
            "The owner buys this upgrade level (R-BUY-2).",
            {
                "player": "the owner, who bought it",
                "active_player": "the owner too: buying happens in its turn",
            },
            OWNED_ONLY,
            phrase="When bought",
        ),
        Trigger(
            "on_drawn",
            "The owner draws this card (R-PWD-2: 'play at once when drawn').",
            {"player": "the owner, who drew it"},
            OWNED_ONLY,
            phrase="When drawn",
        ),
        Trigger(
            "on_played",
            "The owner plays this power-up on its turn (R-BUY-5).",
            {
                "player": "the owner, who played it",
                "active_player": "the owner too: it plays in its turn",
            },
            OWNED_ONLY,
            phrase="Play on your turn",
        ),
        Trigger(
            "on_game_end",
            "The game ends, before scoring (R-END-1). Its effects cannot change a solo game's "
            "outcome (D-SOLO-1).",
            {},
            phrase="At the end of the game",
            refuses=T({"choose", "shift_player", "buy", "end_turn", "extra_moves", "extra_shots"}),
            refused_because="nobody takes a turn or makes a choice once the game has ended",
        ),
        Trigger(
            "passive",
            "Always in effect while an upgrade level is owned: its `modify` actions change "
            "the owner's statistics, by or to a number, with scope `while_owned` (R-UPG-*). "
            "Anything else written as passive is refused (`dsl.passive`).",
            {"player": "the owner"},
            OWNED_ONLY,
            phrase="While in effect",
            example="[modify: {stat: moves, by: 1, scope: while_owned}]",
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
            plural="players the event is about",
        ),
        Selector(
            "active_player",
            PLAYERS,
            "The player whose turn it is.",
            "active_player",
            True,
            phrase="the active player",
            plural="active players",
        ),
        Selector(
            "shooter",
            PLAYERS,
            "The player whose shot hit or destroyed the quadrant; nobody when no shot did.",
            "shooter",
            True,
            phrase="the shooter",
            plural="shooters",
        ),
        Selector(
            "rammer",
            PLAYERS,
            "The player whose ship moved or was pushed onto the quadrant and so destroyed its "
            "object (R-OBJ-ENEMY-2, R-OBJ-MINE-1); nobody otherwise.",
            "rammer",
            True,
            phrase="the rammer",
            plural="rammers",
        ),
        Selector(
            "owner",
            PLAYERS,
            "The player who owns the card (power-up, sensor, upgrade, mission).",
            "owner",
            True,
            phrase="you",
            plural="owners",
        ),
        Selector(
            "all_players",
            PLAYERS,
            "Every player, astral ones too (rules still protect astral players, R-AST-3).",
            phrase="every player",
            plural="players",
        ),
        Selector(
            "players_in_play",
            PLAYERS,
            "Every player whose ship is in the play area.",
            phrase="every ship in play",
            plural="ships in play",
        ),
        Selector(
            "players_adjacent",
            PLAYERS,
            "Players on the 8 quadrants around a quadrant (R-GEO-3).",
            params=(
                _p("to", QUADRANTS, "The quadrant (default: this quadrant).", "this_quadrant"),
            ),
            phrase="each ship adjacent to {to}",
            plural="ships adjacent to {to}",
        ),
        Selector(
            "players_in_row",
            PLAYERS,
            "Players in the same row as a quadrant.",
            params=(
                _p("of", QUADRANTS, "The quadrant (default: this quadrant).", "this_quadrant"),
            ),
            phrase="each ship in the same row as {of}",
            plural="ships in the same row as {of}",
        ),
        Selector(
            "players_in_line",
            PLAYERS,
            "Players in a straight line from a quadrant in a direction, up to the first ship "
            "or blocking object other than an enemy (R-THR-5), or through everything with "
            "`through_all` (R-THR-8).",
            params=(
                _p("from", QUADRANTS, "Start (default: this quadrant).", "this_quadrant"),
                _p("direction", "direction", "Direction of the line.", required=True),
                _p("through_all", BOOL, "Ignore blocking objects (gamma).", False),
            ),
            phrase="each ship in a clear line {direction} of {from}",  # dsl/text.py
            plural="ships in a clear line {direction} of {from}",
        ),
        Selector(
            "matching_players",
            PLAYERS,
            "Inside `reveal_sensors`: players whose symbol is "
            "on a revealed sensor card (R-OBJ-BOMB-2).",
            "matching_players",
            phrase="each player whose symbol was revealed",
            plural="players whose symbol was revealed",
        ),
        Selector(
            "this_quadrant",
            QUADRANTS,
            "The quadrant that carries the effect.",
            "this_quadrant",
            True,
            phrase="this",
            plural="quadrants that carry this effect",
        ),
        Selector(
            "event_quadrant",
            QUADRANTS,
            "The quadrant the event happened on.",
            "event_quadrant",
            True,
            phrase="that quadrant",
            plural="quadrants the event happened on",
        ),
        Selector(
            "player_quadrant",
            QUADRANTS,
            "The quadrant under the player's ship.",
            "player",
            True,
            phrase="that player's quadrant",
            plural="quadrants under that player's ship",
        ),
        Selector(
            "adjacent_quadrants",
            QUADRANTS,
            "The quadrants around a quadrant: its 8 neighbours, or 4 with `orthogonal` (R-GEO-3).",
            params=(
                _p("to", QUADRANTS, "The quadrant (default: this quadrant).", "this_quadrant"),
                _p("orthogonal", BOOL, "Only N, E, S and W neighbours.", False),
            ),
            phrase="each quadrant {orthogonally}adjacent to {to}",
            plural="quadrants {orthogonally}adjacent to {to}",
        ),
        Selector(
            "quadrants_of",
            QUADRANTS,
            "Visible quadrants showing an object kind.",
            params=(
                _p("object", "object", "Object kind id.", required=True),
                _p("unoccupied", BOOL, "Only quadrants with no ship.", False),
                _p("except_this", BOOL, "Leave out this quadrant.", False),
                _p("near", QUADRANTS, "Only quadrants adjacent to these (8 neighbours)."),
            ),
            phrase="each {object}",  # dsl/text.py: with its options
            plural="{object}s",
        ),
        Selector(
            "boss_parts",
            QUADRANTS,
            "Every boss part quadrant in play.",
            phrase="every boss part",
            plural="boss parts",
        ),
        Selector(
            "chosen",
            QUADRANTS,
            "Inside a `choose` block: what was chosen (its type is the choice's).",
            "chosen",
            True,
            phrase="the chosen {kind}",
            plural="chosen {kind}s",
        ),
        Selector(
            "this_card",
            CARDS,
            "The card that carries the effect.",
            "this_quadrant",
            True,
            phrase="this card",
            plural="cards that carry this effect",
        ),
        Selector(
            "adjacent_cards",
            CARDS,
            "Cards next to a card (orthogonally: same row left and "
            "right, and the cards above and below).",
            params=(_p("to", CARDS, "The card (default: this card).", "this_card"),),
            phrase="each card orthogonally adjacent to {to}",
            plural="cards orthogonally adjacent to {to}",
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
            needs="this_quadrant",
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
            needs="owner",
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
