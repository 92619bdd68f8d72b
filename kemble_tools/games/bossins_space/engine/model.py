"""The solo position's data (the solo model of docs/bossins-space/rules.md), the rules a compiled
bundle and a scenario fix for a whole game, and the integer action encoding. Words appear only
in engine/words.py.

A deck is a list of segments, top first: a card id, or a *bag* of cards in unknown order
(D-BS-SOLO-6). Work still to do is a stack of small tuples (`Position.stack`), so a choice or a
chance draw can pause any step and the position stays plain data."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, dataclass, field, fields
from functools import cache
from typing import Any

from kemble_tools.dsl.ir import Act
from kemble_tools.engine.api import SetupError
from kemble_tools.games.bossins_space.engine.content import PATHS, content_of

ROWS = ("A", "B", "C")
BOSS_ROWS = ("strip", "A", "B", "C")  # D-BS-BOSS-7: the marker's row counter
ONGOING, WON, LOST, ENDED = "ongoing", "won", "lost", "ended"
PILES = (
    "enemy_deck",
    "enemy_discard",
    "threat_deck",
    "threat_used",
    "command_deck",
    "command_discard",
    "advanced_deck",
)

# Actions. A draft keep is a bitmask of the drawn cards kept (+REVERSED: the put-back cards go
# under in the reverse of the drawn order); use/cool/lay name a kept card by its index; the
# answers: a column, a grid space (row * 4 + column - 1; BOSS_SPACE the marker), a name (a side,
# an upgrade path, an option); a chance outcome is DRAW + the card's number.
KEEP, USE, COOL, LAY = 0, 100, 200, 300
CHOOSE, SPACE, NAME, END, DRAW = 400, 420, 450, 600, 1000
EXCHANGE, PEEK, PLAY, SEAT = 610, 611, 2000, 64  # crew play: PLAY + seat * SEAT + hand index
REVERSED = 16
BOSS_SPACE = 12

Cell = tuple[str, int] | None  # an Enemy card id and its damage tokens
Bag = tuple[str, tuple[str, ...], int, bool]  # ("bag", cards sorted, how many to draw, open)
Segment = str | Bag
Ctx = tuple[str, str, int, Any]  # (host, card id, printed slot, chosen)


def is_bag(segment: Segment) -> bool:
    return isinstance(segment, tuple)


def bag(
    cards: list[str] | tuple[str, ...],
    twin: Mapping[str, str],
    take: int | None = None,
    is_open: bool = True,
) -> Bag:
    """A bag in the kinds' order (`Rules.twin`, then id): equal kinds lie together, each
    kind's first id first, so a draw needs no sort (piles.py)."""
    take = len(cards) if take is None else min(take, len(cards))
    return ("bag", tuple(sorted(cards, key=lambda card: (twin[card], card))), take, is_open)


def pile_count(pile: list[Segment]) -> int:
    """How many cards a pile will still give (a bag gives its `take`)."""
    return sum(s[2] if is_bag(s) else 1 for s in pile)  # type: ignore[misc]


@dataclass(frozen=True)
class Rules:
    """What the bundle and the scenario fix for the whole game."""

    bundle: dict[str, Any]
    scenario_id: str
    cards: dict[str, dict[str, Any]]  # every command, threat, enemy and boss threat by id
    boss_id: str
    boss: dict[str, Any]
    heat_limit: int
    xp_gap: int
    yellow_cubes: int
    path_levels: dict[str, int]
    draft: tuple[tuple[int, int], ...]  # R-BS-SOLO-3: (draw, keep) twice
    max_rounds: int
    seed: int
    open_chance: bool  # bags are chance nodes (the solver), else drawn from the seed
    seeded_shuffles: bool  # `shuffles: seeded`: shuffles during play are drawn from the seed
    numbers: dict[str, int]  # card id -> its number (chance outcomes)
    ids: tuple[str, ...]
    twin: dict[str, str]  # card id -> the first id of the cards with the same data
    names: tuple[str, ...]  # every name an answer may give (BASE_NAMES, then option names)
    players: tuple[str, ...] = ("p1",)  # seat order (a solo game: one seat, no Crew card)
    crews: tuple[str | None, ...] = (None,)
    hand_limit: int = 0  # R-BS-RND-2
    plays: tuple[int, int] = (0, 0)  # the Captain's face-down plays, each other player's
    programs: list[tuple[Act, ...]] = field(default_factory=list, compare=False)
    program_ids: dict[Any, int] = field(default_factory=dict, compare=False)
    # every effect's action list by what it is (programs.py), shared by the bundle's games
    actions: dict[Any, tuple[Act, ...]] = field(default_factory=dict, compare=False)

    def card(self, card_id: str) -> dict[str, Any]:
        return self.cards[card_id]

    def start_life(self) -> int:
        return int(self.bundle["upgrade_board"]["start_life"])


def load_rules(
    bundle: dict[str, Any], scenario_id: str, open_chance: bool, seed: int | None = None
) -> tuple[Rules, dict]:
    scenario = bundle.get("scenarios", {}).get(scenario_id)
    if scenario is None:
        raise SetupError(f"no scenario {scenario_id!r} in the bundle")
    crew = scenario.get("variant") == "crew"
    if crew and open_chance:
        raise SetupError(f"{scenario_id} is a crew scenario: only solo ones are solved")
    bundle = with_local_cards(bundle, scenario)
    content = content_of(bundle)
    board = bundle["upgrade_board"]
    boss_id = scenario["boss"] if isinstance(scenario["boss"], str) else scenario["boss"]["card"]
    rules = scenario.get("rules", {})
    return (
        Rules(
            bundle=bundle,
            scenario_id=scenario_id,
            cards=content.cards,
            boss_id=boss_id,
            boss=bundle["bosses"][boss_id],
            heat_limit=int(rules.get("heat_limit", board["heat_limit"])),
            xp_gap=int(rules.get("xp_gap", board["xp_track"]["empty_spaces"][0])),
            yellow_cubes=int(board["xp_track"]["cubes"]),
            path_levels={p["id"]: int(p["levels"]) for p in board["paths"]},
            draft=tuple((d["draw"], d["keep"]) for d in bundle["setup"]["solo_draft"]),
            max_rounds=int(scenario.get("max_rounds", 20)),
            seed=int(scenario.get("seed", 0)) if seed is None else seed,
            open_chance=open_chance,
            seeded_shuffles=rules.get("shuffles", "chance") == "seeded",
            numbers=content.numbers,
            ids=content.ids,
            twin=content.twin,
            names=content.names,
            **(seats(bundle, scenario) if crew else {}),
            actions=content.actions,
        ),
        scenario,
    )


def with_local_cards(bundle: dict[str, Any], scenario: dict[str, Any]) -> dict[str, Any]:
    """The bundle with the scenario's own cards added (§3-BS `cards`: they add, never
    replace; validation refuses a clash)."""
    local = scenario.get("local") or {}
    if not local:
        return bundle
    return {**bundle, **{s: {**bundle.get(s, {}), **cards} for s, cards in local.items()}}


def seats(bundle: dict[str, Any], scenario: dict[str, Any]) -> dict[str, Any]:
    """A crew scenario's players, Crew cards, hand limit and plays (R-BS-PLY-1…4)."""
    players = scenario.get("players") or []
    row = next((r for r in bundle["setup"]["players"] if r["count"] == len(players)), None)
    if row is None or len(players) < 2:
        raise SetupError(f"a crew game is for 2 to 5 players, not {len(players)}")
    return {
        "players": tuple(p["id"] for p in players),
        "crews": tuple(p.get("crew") for p in players),
        "hand_limit": int(row["hand"]),
        "plays": (int(row["captain_plays"]), int(row["other_plays"])),
    }


@dataclass
class Position:
    """Everything that changes during play (the solo model's *State*)."""

    rules: Rules
    round: int = 1
    phase: str = "draft1"  # draft1 | draft2 | timeline | end | over
    column: int = 1  # the Timeline column being resolved
    part: str | None = None  # command | threat | boss_threat: the step under way
    ship: int = 2
    life: int = 3
    max_life: int = 3
    heat: int = 0
    xp: int = 0  # the blue cube's distance from the start
    levels: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PATHS, 0))
    grid: list[list[Cell]] = field(default_factory=lambda: [[None] * 4 for _ in ROWS])
    boss_status: str = "hidden"  # hidden | revealed | in_play | defeated
    boss_column: int | None = None
    boss_row: int = 0  # index into BOSS_ROWS
    boss_life: int = 0
    boss_side: str = "front"
    piles: dict[str, list[Segment]] = field(default_factory=lambda: {p: [] for p in PILES})
    threats: list[str | None] = field(default_factory=lambda: [None] * 4)
    threat_done: list[str | None] = field(default_factory=lambda: [None] * 4)
    boss_threats: list[str | None] = field(default_factory=lambda: [None] * 4)
    boss_threat_done: list[str | None] = field(default_factory=lambda: [None] * 4)
    drawn: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    laid: list[tuple[str, str]] = field(default_factory=list)  # (card, used|cooled|skipped)
    emp: bool = False  # this column's Threat and Boss Threat cards are skipped (D-BS-CMD-3)
    boss_emp: int | None = None  # the column whose Command card a Boss EMP skips
    hits: dict[str, int] = field(default_factory=dict)  # this card's raw damage (D-BS-DMG-2)
    moving: list[str] = field(default_factory=list)  # a Deck upgrade's cards in hand
    hands: list[list[str]] = field(default_factory=list)  # crew play: each seat's hand
    captain: int = 0  # the Round Captain's seat (R-BS-CAP-1)
    played: list[tuple[int, str]] = field(default_factory=list)  # this round's face-down plays
    exchanged: bool = False  # the Captain exchanged this round (R-BS-CAP-3)
    ability_used: bool = False  # the Captain's Crew ability, once a round (R-BS-CAP-2)
    stack: list[tuple[Any, ...]] = field(default_factory=list)
    pending: tuple[str, tuple[int, ...], tuple[Any, ...]] | None = None  # what, options, resume
    chance: str | None = None  # the pile whose top bag is being drawn from
    draws: int = 0  # bag draws so far: the seeded draws' counter
    outcome: str = ONGOING
    reason: str | None = None

    def __post_init__(self) -> None:
        self.owned: set[str] | frozenset[str] = set(OWNED)  # a new position shares nothing

    def own(self, name: str) -> Any:
        """The list or dict `name`, to change in place. A clone shares all of them with its
        original until one of the two changes one, and copies it first (copy on write): a
        clone costs a dict copy, and a transition copies only what it changes."""
        values = self.__dict__
        if name not in values["owned"]:
            values[name] = COPIES.get(name, list.copy)(values[name])
            self.owns(name)
        return values[name]

    def pile(self, name: str) -> list[Segment]:
        """Pile `name`, to change in place (see `own`: the piles' dict and each pile apart)."""
        if name not in self.owned:
            self.own("piles")[name] = self.piles[name][:]
            self.owns(name)
        return self.piles[name]

    def owns(self, name: str) -> None:
        if self.owned is SHARED:  # the first change since a clone: a set of its own
            self.owned = set()
        self.owned.add(name)  # type: ignore[union-attr]

    def card(self, card_id: str) -> dict[str, Any]:
        return self.rules.cards[card_id]

    def then(self, *tasks: tuple[Any, ...]) -> None:
        """Work to do next, the first given first (the stack's top is its end)."""
        self.stack.extend(reversed(tasks))

    def ask(self, what: str, options: list[int], resume: tuple[Any, ...]) -> None:
        """A choice: play stops until one of `options` answers it; `resume` says what the
        answer does (engine/effects.py)."""
        self.pending = (what, tuple(options), resume)

    def next_cost(self) -> int:
        """D-BS-SET-1: the k-th upgrade costs xp_gap + k."""
        return self.rules.xp_gap + sum(self.levels.values()) + 1

    def yellow_left(self) -> int:
        return self.rules.yellow_cubes - sum(self.levels.values())


def rows(found: list[list[Any]]) -> list[list[Any]]:
    return [row[:] for row in found]


# How a shared list or dict is copied before its first change (Position.own; a list by
# default), and every name a position owns: its lists and dicts (the fields a factory makes)
# and each pile.
COPIES: dict[str, Callable[[Any], Any]] = {"grid": rows, "hands": rows}
COPIES |= dict.fromkeys(("levels", "piles", "hits"), dict.copy)
OWNED = frozenset((*(f.name for f in fields(Position) if f.default_factory is not MISSING), *PILES))
SHARED: frozenset[str] = frozenset()  # what a clone and its original own


@cache
def draft_keeps(count: int, keep: int, reversible: bool) -> tuple[int, ...]:
    """Every keep of `keep` of `count` drawn cards, as bitmasks in numeric order, each also
    with the put-back cards reversed when more than one goes back (`reversible`)."""
    orders = (0, REVERSED) if reversible else (0,)
    masks = [m for m in range(1 << count) if bin(m).count("1") == keep]
    return tuple(KEEP + m + o for m in masks for o in orders)
