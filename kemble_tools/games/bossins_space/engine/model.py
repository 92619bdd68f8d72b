"""The solo position's data (R-BS-SOLO model summary), the rules read from a compiled bundle,
and the integer action encoding. Words appear only in action_to_string/string_to_action."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kemble_tools.engine.api import SetupError

ROWS = ("A", "B", "C")
BOSS_ROWS = ("strip", "A", "B", "C")  # D-BS-BOSS-7: the marker's row counter
ONGOING, WON, LOST, ENDED = "ongoing", "won", "lost", "ended"

# Actions: a draft keep is a bitmask of the drawn cards kept; use/cool/lay name a kept card;
# choose answers the pending choice (a column 1-4, or a side); END closes the round.
KEEP, USE, COOL, LAY, CHOOSE, END = 0, 100, 200, 300, 400, 500
LEFT, RIGHT = CHOOSE + 10, CHOOSE + 11
REVERSED = 16  # added to a keep: the put-back cards go under in the reverse of the drawn order
SIDES = {"left": LEFT, "right": RIGHT}

Cell = tuple[str, int] | None  # an Enemy card id and its damage tokens


@dataclass(frozen=True)
class Rules:
    """What the bundle and the scenario fix for the whole game."""

    cards: dict[str, dict[str, Any]]  # every command, threat, enemy and boss threat by id
    boss: dict[str, Any]
    heat_limit: int
    start_life: int
    max_rounds: int
    draft: tuple[tuple[int, int], ...]  # R-BS-SOLO-3: (draw, keep) twice

    @classmethod
    def from_bundle(cls, bundle: dict[str, Any], scenario_id: str) -> tuple[Rules, dict]:
        scenario = bundle["scenarios"].get(scenario_id)
        if scenario is None or scenario.get("variant") != "solo":
            raise SetupError(f"no solo scenario {scenario_id!r} in the bundle")
        cards: dict[str, dict[str, Any]] = {}
        for section in ("commands", "threats", "enemies", "boss_threats"):
            cards.update(bundle[section])
        board = bundle["upgrade_board"]
        draft = tuple((d["draw"], d["keep"]) for d in bundle["setup"]["solo_draft"])
        boss = bundle["bosses"][scenario["boss"]["card"]]
        limits = (board["heat_limit"], board["start_life"])
        rules = cls(cards, boss, *limits, scenario.get("max_rounds", 20), draft)
        return rules, scenario


@dataclass
class Position:
    """Everything that changes during play (the solo model's *State*)."""

    rules: Rules
    round: int = 1
    phase: str = "draft1"  # draft1 | draft2 | timeline | end | over
    column: int = 1  # the Timeline column being resolved
    ship: int = 2
    life: int = 3
    max_life: int = 3
    heat: int = 0
    xp: int = 0
    upgrades: dict[str, int] = field(default_factory=dict)  # path levels; buying is not built
    grid: list[list[Cell]] = field(default_factory=lambda: [[None] * 4 for _ in ROWS])
    boss_status: str = "hidden"  # hidden | revealed | in_play | defeated
    boss_column: int | None = None
    boss_row: int = 0  # index into BOSS_ROWS
    boss_life: int = 0
    boss_side: str = "front"
    command_deck: list[str] = field(default_factory=list)
    command_discard: list[str] = field(default_factory=list)
    threat_deck: list[str] = field(default_factory=list)
    threat_used: list[str] = field(default_factory=list)
    enemy_deck: list[str] = field(default_factory=list)
    enemy_discard: list[str] = field(default_factory=list)
    threats: list[str | None] = field(default_factory=lambda: [None] * 4)
    boss_threats: list[str | None] = field(default_factory=lambda: [None] * 4)
    drawn: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    laid: list[tuple[str, str]] = field(default_factory=list)  # (card, used|cooled|skipped)
    emp: bool = False  # this column's Threat and Boss Threat cards are skipped (D-BS-CMD-3)
    boss_emp: int | None = None  # the column whose Command card a Boss EMP skips
    pending: tuple[str, str, int] | None = None  # (what, card, choices left)
    hits: dict[str, int] = field(default_factory=dict)  # raw damage of this card (D-BS-DMG-2)
    outcome: str = ONGOING
    reason: str | None = None

    def card(self, card_id: str) -> dict[str, Any]:
        return self.rules.cards[card_id]


def boss_max_life(rules: Rules) -> int:
    return int(rules.boss["life"])


def keep_masks(count: int, keep: int) -> list[int]:
    """Every way to keep `keep` of `count` drawn cards, as bitmasks, in numeric order."""
    return [m for m in range(1 << count) if bin(m).count("1") == keep]
