"""Typed tables compiled once from a bundle: everything the rules read about the content.

The engine never looks into the bundle's dicts while a game runs. A game's content is compiled
(content_build.py) into the tables below (object kinds with their flags, every quadrant a card
can show, cards, weapons, upgrades, owned cards, bosses, rule switches), with every effect
compiled to steps (`dsl.py`) and indexed by trigger. Nothing here names a content id: what is
special about an object kind, an upgrade or a deck is a flag or a rule switch in the data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kemble_tools.engine.kernel import Effect
from kemble_tools.games.kembles_cascade.vocabulary import COUNTERS as COUNTER_NAMES
from kemble_tools.games.kembles_cascade.vocabulary import STATS as STAT_NAMES

Hooks = dict[str, tuple[Effect, ...]]
NO_HOOKS: Hooks = {}
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")  # R-GEO-3
ORTHOGONAL = ("N", "E", "S", "W")
STEPS: dict[str, tuple[int, int]] = {
    "N": (-1, 0),
    "NE": (-1, 1),
    "E": (0, 1),
    "SE": (1, 1),
    "S": (1, 0),
    "SW": (1, -1),
    "W": (0, -1),
    "NW": (-1, -1),
}
STATS = tuple(STAT_NAMES)
STAT = {name: index for index, name in enumerate(STATS)}
COUNTERS = tuple(COUNTER_NAMES)
COUNTER = {name: index for index, name in enumerate(COUNTERS)}
# R-MOV-1, R-FIR-1, R-OVL-1, R-SET-6, R-PWD-1, R-TUR-1: a captain board before any upgrade.
BASE_STATS = {
    "moves": 1,
    "turret_shots": 1,
    "overload_cost_1": 1,
    "overload_cost_2": 2,
    "max_overloads": 2,
    "max_energy": 5,
    "recharge": 2,
    "shield": 0,
    "rotate_cost": 1,
    "buy_fee": 0,
    "turret_turns": 0,
}


@dataclass(frozen=True, slots=True, eq=False)
class ObjectKind:
    """An object kind's flags and hooks (cards/kembles-cascade/objects.yaml)."""

    index: int
    id: str
    name: str
    blocks_shots: bool
    enterable: bool
    enterable_only_destructible: bool  # `enterable: when_destructible` (R-BOS-3)
    enemy: bool
    indestructible: bool
    boss: bool
    vacant: bool
    hooks: Hooks


@dataclass(frozen=True, slots=True)
class Reward:
    bellonium: int = 0
    glory: int = 0
    energy: int = 0


@dataclass(frozen=True, slots=True, eq=False)
class Quadrant:
    """What one quadrant shows: a card side's half as printed, covered, or with a spawned
    object on it. Cells of the play area hold these by `id`."""

    id: int
    card: int  # the card it belongs to (an index into Tables.cards)
    half: int  # 0 left, 1 right
    ref: int  # its identity while it moves with its card: card * 2 + half
    side: int  # 0 front, 1 back
    covered: bool
    spawned: tuple[int, int, int] | None  # (kind index, energy, threat) of a spawned object
    kind: ObjectKind
    energy: int  # Object Energy; 0 when none is printed
    has_energy: bool
    destructible: bool  # R-SYM-1, R-BOS-3
    enterable: bool  # R-MOV-3, R-MOV-4
    threat: int  # regular threat symbols
    adjacent_threat: int  # what an adjacent player counts (R-THR-6, D-THR-2)
    lines: tuple[tuple[str, int, bool], ...]  # (direction, count, through everything)
    omni: int
    threatens: bool
    reward: Reward
    global_bellonium: int
    move_cost: int
    immune: frozenset[str]
    special: str | None
    hooks: Hooks  # the kind's hooks and its own boss's special rule's, by trigger
    borrows_special: bool  # a special rule on a card that is no boss's: the boss in play's
    printed: dict[str, Any]  # the quadrant's data as written, for the edges


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    index: int
    id: str
    deck: str
    name: str | None
    flip: bool  # R-SYM-12: turns over when one of its quadrants is destroyed
    front: tuple[int, ...]  # quadrant ids, uncovered (two; none for a Boss Warning card)
    back: tuple[int, ...] | None
    boss: int  # the boss this card belongs to, or -1
    warning: int  # the boss this Boss Warning card announces, or -1
    number: int | None = None


@dataclass(frozen=True, slots=True, eq=False)
class Weapon:
    """A weapon's profile at one level (R-FIR-*, R-UPG-*); the base turret's shots are a stat."""

    shots: int
    damage: int
    splash: int = 0
    reach: int = 0  # 0: no limit (R-FIR-3)
    line: bool = False
    immunity: str | None = None


@dataclass(frozen=True, slots=True, eq=False)
class Level:
    level: int
    price: int
    glory: int
    weapon: Weapon | None
    stat_changes: tuple[tuple[int, bool, int], ...]  # (stat, set?, value) while owned
    on_bought: tuple[Effect, ...]


@dataclass(frozen=True, slots=True, eq=False)
class Upgrade:
    index: int
    id: str
    name: str
    levels: tuple[Level, ...]
    weapon_slot: int  # its index among the weapons (0 is the base turret), or -1


@dataclass(frozen=True, slots=True, eq=False)
class PowerUp:
    index: int
    id: str
    playable: bool  # played on its owner's turn and does something then (R-BUY-5)
    when_drawn: bool  # played at once when drawn (R-PWD-2)
    on_played: tuple[Effect, ...]
    on_drawn: tuple[Effect, ...]
    end_glory: int  # scored at the end (R-END-1)


@dataclass(frozen=True, slots=True, eq=False)
class Sensor:
    index: int
    number: int
    symbol: str
    on_played: tuple[Effect, ...]


@dataclass(frozen=True, slots=True, eq=False)
class OwnedCard:
    """A mission or an achievement: it hears events while in play (R-MIS-1, R-ACH-1)."""

    index: int
    id: str
    glory: int
    target: int
    hooks: Hooks


@dataclass(frozen=True, slots=True, eq=False)
class Boss:
    index: int
    id: str
    rows: int
    warning_card: str
    defeat: Any  # a compiled condition, or None for D-BOS-2's default
    special: dict[str, Hooks]  # special rule id -> hooks
    cards_by_number: dict[int, str]


@dataclass(frozen=True, slots=True)
class RuleSwitches:
    """A variant's rule switches (cards/kembles-cascade/variants.yaml), typed."""

    base_moves: int = 1
    not_for_sale: frozenset[str] = frozenset()
    start_upgrades: tuple[tuple[str, int], ...] = ()
    fire_directions: tuple[str, ...] = ()
    upgrade_prices: tuple[tuple[str, tuple[int, ...]], ...] = ()
    teams: int = 0
    insert_decks: tuple[str, ...] = ()

    @classmethod
    def from_data(cls, rules: dict[str, Any]) -> RuleSwitches:
        return cls(
            base_moves=int(rules.get("base_moves", 1)),
            not_for_sale=frozenset(rules.get("not_for_sale", ())),
            start_upgrades=tuple((k, int(v)) for k, v in rules.get("start_upgrades", {}).items()),
            fire_directions=tuple(rules.get("fire_directions", ())),
            upgrade_prices=tuple(
                (k, tuple(int(p) for p in v)) for k, v in rules.get("upgrade_prices", {}).items()
            ),
            teams=int(rules.get("teams", 0) or 0),
            insert_decks=tuple(rules.get("insert_decks", ())),
        )


@dataclass(eq=False)
class Tables:
    """All of a game's content as typed tables, indexed by position (ids at the edges)."""

    kinds: list[ObjectKind]
    kind_index: dict[str, int]
    vacant: ObjectKind
    quadrants: list[Quadrant]
    cards: list[Card]
    card_index: dict[str, int]
    weapons: tuple[str, ...]  # weapon names: the base turret, then upgrades with a profile
    upgrades: list[Upgrade]
    upgrade_index: dict[str, int]
    powerups: list[PowerUp]
    powerup_index: dict[str, int]
    sensors: list[Sensor]
    sensor_by_number: dict[int, Sensor]
    missions: list[OwnedCard]
    mission_index: dict[str, int]
    achievements: list[OwnedCard]
    achievement_index: dict[str, int]
    bosses: list[Boss]
    boss_index: dict[str, int]
    rules: RuleSwitches
    base_stats: tuple[int, ...]
    hooked: dict[str, frozenset[int]]  # trigger -> quadrant ids with hooks for it
    borrowing: frozenset[int] = frozenset()  # quadrant ids that borrow a special rule
    _covers: dict[int, int] = field(default_factory=dict)
    _spawned: dict[tuple[int, int, int, int, int, int], int] = field(default_factory=dict)

    # --- quadrants that appear while a game runs ----------------------------------------------

    def covered(self, quadrant: Quadrant) -> int:
        """The id of the same quadrant covered: it shows the vacant kind (R-FIR-7)."""
        printed = self.uncovered(quadrant)
        made = self._covers.get(printed)
        if made is None:
            made = self._covers[printed] = self.add(
                make_quadrant(
                    len(self.quadrants),
                    quadrant.card,
                    quadrant.half,
                    quadrant.side,
                    {"object": self.vacant.id},
                    self,
                    covered=True,
                )
            )
        return made

    def spawned(self, quadrant: Quadrant, side: int, kind: int, energy: int, threat: int) -> int:
        """The id of a spawned object on a quadrant (DSL `spawn`)."""
        key = (quadrant.card, quadrant.half, side, kind, energy, threat)
        made = self._spawned.get(key)
        if made is None:
            printed: dict[str, Any] = {"object": self.kinds[kind].id}
            if energy:
                printed["energy"] = energy
            if threat:
                printed["threat"] = threat
            made = self._spawned[key] = self.add(
                make_quadrant(
                    len(self.quadrants),
                    quadrant.card,
                    quadrant.half,
                    side,
                    printed,
                    self,
                    spawned=(kind, energy, threat),
                )
            )
        return made

    def add(self, quadrant: Quadrant) -> int:
        """Take in a new quadrant (printed, covered or spawned) and index its hooks."""
        self.quadrants.append(quadrant)
        if quadrant.borrows_special:
            self.borrowing |= {quadrant.id}
        for trigger in quadrant.hooks:
            self.hooked[trigger] = self.hooked.get(trigger, frozenset()) | {quadrant.id}
        return quadrant.id

    def uncovered(self, quadrant: Quadrant) -> int:
        """The printed quadrant of the same card side and half."""
        card = self.cards[quadrant.card]
        side = card.back if quadrant.side and card.back else card.front
        return side[quadrant.half]

    def other_side(self, quadrant: Quadrant) -> int:
        """R-SYM-12: what the same half shows once the card is turned (covers come off; a
        spawned object stays)."""
        card = self.cards[quadrant.card]
        side = 1 - quadrant.side if card.back else quadrant.side
        if quadrant.spawned is not None:
            return self.spawned(quadrant, side, *quadrant.spawned)
        return (card.back if side and card.back else card.front)[quadrant.half]

    def special_hooks(self, quadrant: Quadrant, boss: int) -> Hooks:
        """The hooks of a boss special rule printed on a card that is not the boss's own."""
        if quadrant.special is None or boss < 0:
            return NO_HOOKS
        return self.bosses[boss].special.get(quadrant.special, NO_HOOKS)


def make_quadrant(
    index: int,
    card: int,
    half: int,
    side: int,
    data: dict[str, Any],
    tables: Tables,
    covered: bool = False,
    spawned: tuple[int, int, int] | None = None,
    boss: int = -1,
) -> Quadrant:
    """The quadrant `data` describes (a card half as printed, or made while a game runs)."""
    kind = tables.kinds[tables.kind_index[data["object"]]]
    special = data.get("special")
    special_hooks = tables.bosses[boss].special.get(special, NO_HOOKS) if boss >= 0 else NO_HOOKS
    has_energy = "energy" in data
    destructible = has_energy and not kind.indestructible
    lines = tuple(
        (line["direction"], int(line["count"]), through)
        for key, through in (("distant_threat", False), ("gamma_distant_threat", True))
        if (line := data.get(key))
    )
    threat = int(data.get("threat", 0))
    omni = int(data.get("omni_threat", 0))
    reward = data.get("reward", {})
    hooks = kind.hooks
    if special_hooks:
        hooks = {t: hooks.get(t, ()) + special_hooks.get(t, ()) for t in {*hooks, *special_hooks}}
    return Quadrant(
        id=index,
        card=card,
        half=half,
        ref=card * 2 + half,
        side=side,
        covered=covered,
        spawned=spawned,
        kind=kind,
        energy=int(data.get("energy", 0)),
        has_energy=has_energy,
        destructible=destructible,
        enterable=kind.enterable and (destructible or not kind.enterable_only_destructible),
        threat=threat,
        adjacent_threat=threat or sum(count for _, count, _ in lines),
        lines=lines,
        omni=omni,
        threatens=bool(threat or lines or omni),
        reward=Reward(
            int(reward.get("bellonium", 0)),
            int(reward.get("glory", 0)),
            int(reward.get("energy", 0)),
        ),
        global_bellonium=int(data.get("global_bellonium", 0)),
        move_cost=int(data.get("move_cost", 0)),
        immune=frozenset(data.get("immune", ())),
        special=special,
        hooks={t: e for t, e in hooks.items() if e},
        borrows_special=special is not None and boss < 0,
        printed=data,
    )
