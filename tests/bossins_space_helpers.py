"""Positions for the tests of Bossin' Space's rules (tests/test_bossins_space_rules*.py): test
scenarios over the shipped cards, every pile listed unless a test is about the defaults, played
in the words of the action scripts (`play(state, "use CMD-01")`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.core.registry import register_game, unregister_game
from kemble_tools.engine.api import IllegalAction
from kemble_tools.games.bossins_space.engine import State, new_game
from kemble_tools.games.bossins_space.engine.model import is_bag
from kemble_tools.games.bossins_space.engine.state import TASKS
from kemble_tools.games.bossins_space.plugin import PLUGIN
from kemble_tools.validate.pipeline import validate_paths

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards/bossins-space"
SCENARIOS = ROOT / "scenarios/bossins-space"
BASE = {
    "title": "a rules test",
    "variant": "solo",
    "level": "normal",
    "boss": "BOSS-1",
    "enemy_deck": ["EN1-03", "EN1-04"],
    "threat_deck": [],
    "rules": {"shuffles": "seeded"},
}
SHOTS = ("CMD-01", "CMD-02", "CMD-03", "CMD-04")
FILLERS = ("CMD-07", "CMD-08", "CMD-09", "CMD-05")
QUIET = (None, None, None, None)  # a Timeline row with no cards


def compiled(*paths: Path) -> Iterator[dict[str, Any]]:
    """The shipped cards compiled (with `paths`: the shipped scenarios, test scenarios), the
    game registered meanwhile: a module fixture's body."""
    register_game(PLUGIN)
    try:
        yield compile_with(*paths)
    finally:
        unregister_game(PLUGIN)


def compile_with(*paths: Path) -> dict[str, Any]:
    """The shipped cards and `paths` (test scenario files) compiled; the game is registered."""
    result = compile_validated(validate_paths([CARDS, *paths], with_base=False))
    assert result.bundle is not None, result.diagnostics
    return result.bundle


def play(state: State, *lines: str) -> State:
    for line in lines:
        state.apply_action(state.string_to_action(line))
    return state


def refused(state: State, line: str) -> str:
    """The rule a refused line names."""
    with pytest.raises(IllegalAction) as refusal:
        play(state, line)
    return refusal.value.rule


def start(
    bundle: dict[str, Any], open_chance: bool = False, extra: dict | None = None, **scenario: Any
) -> State:
    """A test scenario at its first decision; `extra` adds test-only cards by bundle section."""
    content = {**bundle, "scenarios": {"t-rules": {"id": "t-rules", **BASE, **scenario}}}
    for section, cards in (extra or {}).items():
        content[section] = {**bundle[section], **cards}
    return new_game(content, "t-rules", open_chance)


def game(
    bundle: dict[str, Any],
    kept: tuple[str, ...] = SHOTS,
    threats: tuple[str | None, ...] | None = None,
    boss_threats: tuple[str | None, ...] | None = None,
    **scenario: Any,
) -> State:
    """Column 1 of round 1 with `kept` drafted (the other draws are Shots), and the Timeline's
    Threat and Boss Threat cards as given."""
    fill = [card for card in FILLERS if card not in kept]
    one, two, three, four = kept
    deck = [one, two, fill[0], three, four, fill[1], fill[2]]
    state = start(bundle, **{"command_deck": deck, **scenario})
    play(state, f"keep {one} {two}", f"keep {three} {four}")
    if threats is not None:
        state.threats = list(threats)
    if boss_threats is not None:
        state.boss_threats = list(boss_threats)
    return state


def row(*cells: Any) -> list[Any]:
    """A grid row, column 1 first, padded with empty spaces."""
    return [*cells, *[None] * (4 - len(cells))]


def cards_of(segment: Any) -> list[str]:
    return list(segment[1]) if is_bag(segment) else [segment]


def ids(state: State, grid_row: int) -> list[str | None]:
    """The card ids of one grid row (0 is row A)."""
    return [cell and cell[0] for cell in state.grid[grid_row]]


def laid_only(state: State, line: str) -> State:
    """Apply `line` but leave the work it starts on the engine's stack, not yet run."""
    state.settle = lambda: None  # type: ignore[method-assign]
    try:
        return play(state, line)
    finally:
        del state.settle


def paused(state: State, line: str, stop: str | None) -> State:
    """Apply `line`, running its work only up to the next `stop` task ("threat",
    "boss_threat"; None: the next decision), so that a test sees each step of a column."""
    return run_to(laid_only(state, line), stop)


def run_to(state: State, stop: str | None) -> State:
    while stop is not None and state.stack and state.pending is None:
        if state.stack[-1][0] == stop:
            return state
        task = state.stack.pop()
        TASKS[task[0]](state, *task[1:])
    state.settle()
    return state


def trace(state: State, line: str, watch: Callable[[State], Any]) -> list[Any]:
    """What `watch` reads as each task of `line`'s work runs, repeats left out."""
    laid_only(state, line)
    seen = [watch(state)]
    while state.stack and state.pending is None:
        task = state.stack.pop()
        TASKS[task[0]](state, *task[1:])
        seen += [watch(state)] if watch(state) != seen[-1] else []
    state.settle()
    return seen
