"""The game state: plain, mostly immutable data, so a clone is a shallow copy and a key is cheap.

Quadrants are named by the card that holds them and the half (0 left, 1 right), never by their
row and column: cards move when space scrolls or a mosquito swaps them, and what is on a
quadrant (a cover, a spawned object, a player's marker) must move with it.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any

QuadrantRef = tuple[str, int]  # (card id, half)
Pos = tuple[int, int]  # (row, column), 1-based


@dataclass(frozen=True)
class Player:
    """One captain: the values on the captain board and what the player holds."""

    id: str
    energy: int = 5
    threat_points: int = 0
    glory: int = 0
    bellonium: int = 0
    position: Pos | None = None
    astral: bool = False
    destroyed_once: bool = False
    facing: str = "N"
    upgrades: tuple[tuple[str, int], ...] = ()
    hand: tuple[str, ...] = ()
    mission: str | None = None
    mission_progress: int = 0
    mission_done: bool = False
    modifiers: tuple[tuple[str, str, int, str], ...] = ()  # (stat, "by"|"set", value, scope)
    counters: tuple[tuple[str, int], ...] = ()
    achievements: tuple[str, ...] = ()
    hand_sensors: tuple[int, ...] = ()
    tokens: tuple[int, ...] = ()  # PvP tokens of attackers on this player's board (R-PVP-2)
    sensor: int | None = None  # the sensor card played this round (R-SEN-2)

    def level(self, upgrade: str) -> int:
        return dict(self.upgrades).get(upgrade, 0)

    def counter(self, name: str) -> int:
        return dict(self.counters).get(name, 0)

    def bump(self, name: str, amount: int = 1) -> Player:
        counters = dict(self.counters)
        counters[name] = counters.get(name, 0) + amount
        return replace(self, counters=tuple(sorted(counters.items())))


@dataclass(frozen=True)
class Turn:
    """What the active player has done so far this turn (R-FIR-6, R-OVL-1, D-FIR-1)."""

    player: int
    kind: str  # "battle" or "powerdown"
    moves_used: int = 0
    overloads: int = 0
    turret_shots: int = 0
    weapon_shots: tuple[tuple[str, int], ...] = ()
    damage: tuple[tuple[QuadrantRef, int], ...] = ()
    pending_reward: tuple[QuadrantRef, int] | None = None  # quadrant and moves still to spend
    extra_moves: int = 0
    extra_shots: int = 0
    shop_fee: int | None = None  # a shop is open this turn, with its fee (R-OBJ-MERC-1)
    shop_paid: bool = False
    pvp_victims: tuple[int, ...] = ()  # players already given a token this turn (R-PVP-2)

    def damage_on(self, ref: QuadrantRef) -> int:
        return dict(self.damage).get(ref, 0)

    def shots_of(self, weapon: str) -> int:
        return dict(self.weapon_shots).get(weapon, 0)


@dataclass(frozen=True)
class Frame:
    """Work still to do: actions from the DSL (or the engine's own steps), with their bindings."""

    actions: tuple[Any, ...]
    bindings: tuple[tuple[str, Any], ...] = ()
    host: QuadrantRef | None = None
    owner: int | None = None

    def bound(self) -> dict[str, Any]:
        return dict(self.bindings)


@dataclass(frozen=True)
class Choice:
    """A decision a player must take before the game goes on: its options and what follows."""

    player: int
    kind: str  # direction, quadrant, card, option, shift, splash
    options: tuple[str, ...]  # the words a player answers with (CONTRACT §4 `choose`)
    values: tuple[Any, ...]  # what each word stands for, bound as `chosen`
    then: Frame | None
    optional: bool = False


@dataclass
class State:
    """Everything about a game in progress. Clone with `clone()`; compare with `key()`."""

    rows: tuple[tuple[str, ...], ...]
    flipped: frozenset[str]
    covered: frozenset[QuadrantRef]
    spawned: tuple[tuple[QuadrantRef, tuple[str, int, int]], ...]  # (object, energy, threat)
    markers: frozenset[tuple[QuadrantRef, int]]
    deck: tuple[str, ...]
    players: tuple[Player, ...]
    powerup_deck: tuple[str, ...]
    sensor_deck: tuple[int, ...]
    round: int = 1
    phase: str = "turn_choice"  # sensor, turn_choice, battle, powerdown, terminal
    order: tuple[int, ...] = (0,)
    order_index: int = 0
    turn: Turn | None = None
    frames: tuple[Frame, ...] = ()
    choice: Choice | None = None
    boss: str | None = None
    boss_rows_pending: tuple[tuple[str, ...], ...] = ()
    boss_defeated: bool = False
    achievements: tuple[str, ...] = ()  # revealed achievement cards (R-SET-2, R-ACH-1)
    achievement_deck: tuple[str, ...] = ()
    sensor_discard: tuple[int, ...] = ()
    destructions: tuple[tuple[int, str], ...] = ()  # (player, cause), for simulation reports
    outcome: str = "ongoing"  # ongoing, won, lost, ended
    open_chance: bool = False  # unfixed decks are drawn at chance nodes, not from the seed
    seed: int = 0
    draws: int = 0  # how many random draws the seeded generator has made
    log: tuple[str, ...] = field(default=(), compare=False)

    def clone(self) -> State:
        return copy.copy(self)

    def key(self) -> tuple[Any, ...]:
        """A compact, hashable summary of everything that matters for the game's future."""
        return (
            self.rows,
            self.flipped,
            self.covered,
            self.spawned,
            self.markers,
            self.deck,
            self.players,
            self.powerup_deck,
            self.sensor_deck,
            self.round,
            self.phase,
            self.order,
            self.order_index,
            self.turn,
            self.frames,
            self.choice,
            self.boss,
            self.boss_rows_pending,
            self.boss_defeated,
            self.achievements,
            self.achievement_deck,
            self.sensor_discard,
            self.open_chance,
            self.outcome,
            self.draws,
        )

    def with_player(self, index: int, player: Player) -> None:
        players = list(self.players)
        players[index] = player
        self.players = tuple(players)
