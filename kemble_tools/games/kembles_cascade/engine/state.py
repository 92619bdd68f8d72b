"""The state of a game in progress: small, plain data that clones in a shallow copy.

Everything is an int or a tuple of ints, indexes into the game's tables (content.py): the play
area is a flat tuple of quadrant ids, row 1 first; players, power-ups, cards and achievements are
indexes. A quadrant id says what the quadrant shows (its card, side, half, and whether it is
covered or has a spawned object), so covers, flips and spawned objects move with their card when
space scrolls or a mosquito swaps cards. Objects are never changed once a transition has
finished: a transition works on fresh copies (see `State.own`).

What happened (the event log, who was destroyed by what) is not part of the state: an observer
may record it (observer.py).
"""

from __future__ import annotations

from typing import Any

from kemble_tools.engine.kernel import CHANCE, ONGOING, Choice, Frame

# phases
SENSOR, TURN_CHOICE, BATTLE, POWERDOWN, TERMINAL = range(5)
PHASES = ("sensor", "turn_choice", "battle", "powerdown", "terminal")
# outcomes (ONGOING is 0, as the kernel expects)
WON, LOST, ENDED = 1, 2, 3
OUTCOMES = ("ongoing", "won", "lost", "ended")
# the bindings of an event, by slot (what the DSL's event selectors read). RAMMER: the ship
# whose arrival (on_enter, on_pushed_onto) or ram (on_destroyed) the event is; SHOWN: the
# quadrant id of the object hit or destroyed, read as it was (docs/dsl.md, on_hit, on_destroyed)
PLAYER, ACTIVE, SHOOTER, QUADRANT, MATCHING, ACHIEVEMENT, RAMMER, SHOWN = range(8)
NO_EVENT: tuple[Any, ...] = (None,) * 8


def event(
    player: int | None = None,
    active: int | None = None,
    shooter: int | None = None,
    quadrant: int | None = None,
    rammer: int | None = None,
    shown: int | None = None,
) -> tuple[Any, ...]:
    return (player, active, shooter, quadrant, None, None, rammer, shown)


class Player:
    """One captain: the captain board and what the player holds."""

    __slots__ = (
        "achievements",
        "bellonium",
        "counters",
        "destroyed_once",
        "energy",
        "facing",
        "glory",
        "hand",
        "hand_sensors",
        "mission",
        "mission_done",
        "mission_progress",
        "modifiers",
        "pending",
        "pos",
        "sensor",
        "stats",
        "threat",
        "tokens",
        "upgrades",
    )

    def __init__(self, upgrades: tuple[int, ...] = (), counters: tuple[int, ...] = ()) -> None:
        self.energy = 5  # R-SET-6
        self.threat = 0  # threat track points, 0-9 (R-THR-1)
        self.glory = 0
        self.bellonium = 0
        self.pos = -1  # cell index in the play area, -1 outside it (astral, R-AST-1)
        # R-SYM-10, D-SYM-3: the -M/-MM quadrant the ship stands on, with the moves still to
        # spend before its effects come, and how it arrived: (quadrant ref, moves, pushed)
        self.pending: tuple[int, int, bool] | None = None
        self.destroyed_once = False
        self.facing = "N"
        self.upgrades = upgrades  # level owned, per upgrade (0 for none)
        self.hand: tuple[int, ...] = ()  # power-ups, in the order drawn
        self.mission = -1
        self.mission_progress = 0
        self.mission_done = False
        self.modifiers: tuple[tuple[int, bool, int, str], ...] = ()  # (stat, set?, value, scope)
        self.counters = counters  # per counter of the DSL
        self.achievements: tuple[int, ...] = ()
        self.hand_sensors: tuple[int, ...] = ()  # sensor card numbers, in the order drawn
        self.tokens: tuple[int, ...] = ()  # PvP tokens of attackers on this board (R-PVP-2)
        self.sensor = -1  # the sensor card played this round (R-SEN-2), -1 for none
        self.stats: tuple[int, ...] = ()  # derived from upgrades and modifiers (rules/stats.py)

    @property
    def astral(self) -> bool:
        """R-AST-1: a player is astral while its ship is not in the play area, before it
        first enters too."""
        return self.pos < 0

    def copy(self) -> Player:
        # written out: a loop of getattr/setattr costs three times as much. `__new__` skips
        # __init__ in plain Python; compiled (mypyc), it runs __init__ with its defaults, so
        # every class here has defaults for all of __init__'s arguments
        new = Player.__new__(Player)
        new.achievements = self.achievements
        new.bellonium = self.bellonium
        new.counters = self.counters
        new.destroyed_once = self.destroyed_once
        new.energy = self.energy
        new.facing = self.facing
        new.glory = self.glory
        new.hand = self.hand
        new.hand_sensors = self.hand_sensors
        new.mission = self.mission
        new.mission_done = self.mission_done
        new.mission_progress = self.mission_progress
        new.modifiers = self.modifiers
        new.pending = self.pending
        new.pos = self.pos
        new.sensor = self.sensor
        new.stats = self.stats
        new.threat = self.threat
        new.tokens = self.tokens
        new.upgrades = self.upgrades
        return new


class Turn:
    """What the active player has done so far this turn (R-FIR-6, R-OVL-1, D-FIR-1)."""

    __slots__ = (
        "damage",
        "extra_moves",
        "extra_shots",
        "kind",
        "moves_used",
        "overloads",
        "player",
        "pvp_victims",
        "shop_fee",
        "shop_paid",
        "turret_shots",
        "weapon_shots",
    )

    def __init__(self, player: int = 0, kind: int = BATTLE, weapons: int = 0) -> None:
        self.player = player
        self.kind = kind  # BATTLE or POWERDOWN
        self.moves_used = 0
        self.overloads = 0
        self.turret_shots = 0
        self.weapon_shots = (0,) * weapons  # fire actions per weapon (D-FIR-1)
        self.damage: tuple[tuple[int, int], ...] = ()  # (quadrant id, damage so far), sorted
        self.extra_moves = 0
        self.extra_shots = 0
        self.shop_fee = -1  # a shop is open this turn with this fee (R-OBJ-MERC-1), -1: none
        self.shop_paid = False
        self.pvp_victims: tuple[int, ...] = ()  # players given a token this turn (R-PVP-2)

    def copy(self) -> Turn:
        # written out: a loop of getattr/setattr costs three times as much
        new = Turn.__new__(Turn)
        new.damage = self.damage
        new.extra_moves = self.extra_moves
        new.extra_shots = self.extra_shots
        new.kind = self.kind
        new.moves_used = self.moves_used
        new.overloads = self.overloads
        new.player = self.player
        new.pvp_victims = self.pvp_victims
        new.shop_fee = self.shop_fee
        new.shop_paid = self.shop_paid
        new.turret_shots = self.turret_shots
        new.weapon_shots = self.weapon_shots
        return new

    def damage_on(self, target: int) -> int:
        for done, amount in self.damage:
            if done == target:
                return amount
        return 0


class State:
    """Everything about a game in progress that decides its future."""

    __slots__ = (
        "achievement_deck",
        "achievements",
        "boss",
        "boss_defeated",
        "boss_rows_pending",
        "cached_key",
        "cells",
        "choice",
        "deck",
        "draws",
        "frames",
        "game",
        "markers",
        "notes",
        "order",
        "order_index",
        "outcome",
        "owned",
        "phase",
        "players",
        "powerup_deck",
        "round",
        "seed",
        "sensor_deck",
        "sensor_discard",
        "turn",
        "width",
    )

    def __init__(self, game: Any = None, width: int = 2) -> None:
        self.game = game  # the rules and content it is played with (not part of the key)
        self.width = width  # quadrant columns: two per card (D-GEO-1)
        self.cells: tuple[int, ...] = ()  # quadrant ids, row by row from row 1
        self.markers: tuple[tuple[int, int], ...] = ()  # (quadrant ref, player), sorted
        self.deck: tuple[int, ...] = ()  # cards still to come, top first
        self.players: tuple[Player, ...] = ()
        self.powerup_deck: tuple[int, ...] = ()
        self.sensor_deck: tuple[int, ...] = ()
        self.sensor_discard: tuple[int, ...] = ()
        self.round = 1
        self.phase = TURN_CHOICE
        self.order: tuple[int, ...] = (0,)
        self.order_index = 0
        self.turn: Turn | None = None
        self.frames: tuple[Frame, ...] = ()
        self.choice: Choice | None = None
        self.boss = -1
        self.boss_rows_pending: tuple[tuple[int, ...], ...] = ()
        self.boss_defeated = False
        self.achievements: tuple[int, ...] = ()  # revealed (R-SET-2, R-ACH-1)
        self.achievement_deck: tuple[int, ...] = ()
        self.outcome = ONGOING
        self.seed = 0
        self.draws = 0  # random draws the seeded generator has made
        self.notes: list[Any] | None = None  # what happens, while a watched transition runs
        self.owned = True  # its players and turn are its alone (see `own`)
        self.cached_key: bytes | None = None

    def copy(self) -> State:
        """A shallow copy: it shares every value, and its players and turn, with this one."""
        self.owned = False  # its players and turn are shared from now on
        # written out: a loop of getattr/setattr costs three times as much
        new = State.__new__(State)
        new.achievement_deck = self.achievement_deck
        new.achievements = self.achievements
        new.boss = self.boss
        new.boss_defeated = self.boss_defeated
        new.boss_rows_pending = self.boss_rows_pending
        new.cached_key = self.cached_key
        new.cells = self.cells
        new.choice = self.choice
        new.deck = self.deck
        new.draws = self.draws
        new.frames = self.frames
        new.game = self.game
        new.markers = self.markers
        new.notes = self.notes
        new.order = self.order
        new.owned = False
        new.order_index = self.order_index
        new.outcome = self.outcome
        new.phase = self.phase
        new.players = self.players
        new.powerup_deck = self.powerup_deck
        new.round = self.round
        new.seed = self.seed
        new.sensor_deck = self.sensor_deck
        new.sensor_discard = self.sensor_discard
        new.turn = self.turn
        new.width = self.width
        return new

    def own(self) -> None:
        """Give this state players and a turn of its own, before a transition changes them in
        place: copies are made only while another state may share them."""
        if self.owned:
            return
        self.players = tuple(player.copy() for player in self.players)
        if self.turn is not None:
            self.turn = self.turn.copy()
        self.owned = True

    @property
    def height(self) -> int:
        return len(self.cells) // self.width

    # --- OpenSpiel's State interface: the game answers ------------------------------------------

    def legal_actions(self) -> list[int]:
        return self.game.legal_actions(self)

    def apply_action(self, action: int, observer: Any = None) -> None:
        """Play `action` here (IllegalAction leaves the state as it was)."""
        self.game.apply_in_place(self, action, observer)

    def child(self, action: int, observer: Any = None) -> State:
        """The state after `action`; this one is unchanged."""
        return self.game.apply(self, action, observer)

    def clone(self) -> State:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> State:
        # A deep copy is an independent state of the same game: the game and its tables are
        # shared, never copied (OpenSpiel clones Python states with copy.deepcopy).
        return self.copy()

    def is_terminal(self) -> bool:
        return self.outcome != ONGOING

    def returns(self) -> list[float]:
        return self.game.returns(self)

    def current_player(self) -> int | None:
        return self.game.current_player(self)

    def is_chance_node(self) -> bool:
        """True when chance decides next (an open deck's draw)."""
        return self.choice is not None and self.choice.player == CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.game.chance_outcomes(self)

    def action_to_string(self, action: int) -> str:
        return self.game.action_to_string(self, action)

    def string_to_action(self, text: str) -> int:
        return self.game.string_to_action(self, text)

    def play(self, *lines: str, observer: Any = None) -> State:
        """Apply actions given in words (formats.md §4), in place; returns this state."""
        for line in lines:
            self.apply_action(self.string_to_action(line), observer)
        return self

    def __str__(self) -> str:
        return f"State(round {self.round}, {PHASES[self.phase]}, {OUTCOMES[self.outcome]})"

    def key(self) -> bytes:
        """Everything that decides the game's future, packed into bytes (key.py); computed
        once per state."""
        key = self.cached_key
        if key is None:
            key = self.cached_key = self.game.key(self)
        return key
