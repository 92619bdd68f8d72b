"""Bossin' Space's packed keys: the engine's key (engine/keys.py) tells apart a change of any
field of a position, and the solver's board (canonical.py) any change but the resources', with
cards of one kind told apart by neither a bag's order nor their ids."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest
from bossins_space_helpers import SCENARIOS, compiled

from kemble_tools.games.bossins_space.engine import State
from kemble_tools.games.bossins_space.engine.model import Position
from kemble_tools.games.bossins_space.solve import BossinSoloGame

ROOT = Path(__file__).resolve().parent.parent
CONTROL = ("column_end",)
ASKED = ("column", (401, 402), ("chosen", 0, ("command", "CMD-01", 0, None)))

# A change of each field, as play could make it (each assigns a new value: a clone shares the
# containers it has not changed with its original).
CHANGES: dict[str, Callable[[State], None]] = {
    "round": lambda s: setattr(s, "round", s.round + 1),
    "phase": lambda s: setattr(s, "phase", "timeline"),
    "column": lambda s: setattr(s, "column", s.column + 1),
    "part": lambda s: setattr(s, "part", "threat"),
    "ship": lambda s: setattr(s, "ship", s.ship % 4 + 1),
    "life": lambda s: setattr(s, "life", s.life - 1),
    "max_life": lambda s: setattr(s, "max_life", s.max_life + 1),
    "heat": lambda s: setattr(s, "heat", s.heat + 1),
    "xp": lambda s: setattr(s, "xp", s.xp + 1),
    "levels": lambda s: setattr(s, "levels", {**s.levels, "lasers": s.levels["lasers"] + 1}),
    "grid": lambda s: setattr(s, "grid", [s.grid[0], s.grid[1], [("EN1-01", 1), *s.grid[2][1:]]]),
    "boss_status": lambda s: setattr(s, "boss_status", "defeated"),
    "boss_column": lambda s: setattr(s, "boss_column", 3),
    "boss_row": lambda s: setattr(s, "boss_row", s.boss_row + 1),
    "boss_life": lambda s: setattr(s, "boss_life", s.boss_life + 1),
    "boss_side": lambda s: setattr(s, "boss_side", "back"),
    "piles": lambda s: setattr(
        s, "piles", {**s.piles, "enemy_discard": [*s.piles["enemy_discard"], "EN1-01"]}
    ),
    "threats": lambda s: setattr(s, "threats", [None, *s.threats[1:]]),
    "threat_done": lambda s: setattr(s, "threat_done", ["emp", *s.threat_done[1:]]),
    "boss_threats": lambda s: setattr(s, "boss_threats", ["BT1-1", *s.boss_threats[1:]]),
    "boss_threat_done": lambda s: setattr(s, "boss_threat_done", ["emp", *s.boss_threat_done[1:]]),
    "drawn": lambda s: setattr(s, "drawn", [*s.drawn, "CMD-01"]),
    "kept": lambda s: setattr(s, "kept", [*s.kept, "CMD-01"]),
    "laid": lambda s: setattr(s, "laid", [*s.laid, ("CMD-01", "used")]),
    "emp": lambda s: setattr(s, "emp", not s.emp),
    "boss_emp": lambda s: setattr(s, "boss_emp", 2),
    "hits": lambda s: setattr(s, "hits", {**s.hits, "boss": 1}),
    "moving": lambda s: setattr(s, "moving", [*s.moving, "CMD-01"]),
    "hands": lambda s: setattr(s, "hands", [[*s.hands[0], "CMD-01"]]),
    "captain": lambda s: setattr(s, "captain", s.captain + 1),
    "played": lambda s: setattr(s, "played", [*s.played, (0, "CMD-01")]),
    "exchanged": lambda s: setattr(s, "exchanged", not s.exchanged),
    "ability_used": lambda s: setattr(s, "ability_used", not s.ability_used),
    "stack": lambda s: setattr(s, "stack", [*s.stack, CONTROL]),
    "pending": lambda s: setattr(s, "pending", ASKED),
    "chance": lambda s: setattr(s, "chance", "command_deck"),
    "draws": lambda s: setattr(s, "draws", s.draws + 1),
    "outcome": lambda s: setattr(s, "outcome", "lost"),
    "reason": lambda s: setattr(s, "reason", "no_life"),
}


@pytest.fixture(scope="module")
def bundle() -> Iterator[dict[str, Any]]:
    yield from compiled(SCENARIOS)


def solo(bundle: dict[str, Any], name: str) -> BossinSoloGame:
    return BossinSoloGame(bundle, bundle["scenarios"][name], True)


def changed(state: State, name: str) -> State:
    twin = state.clone()
    CHANGES[name](twin)
    assert getattr(twin, name) != getattr(state, name), name
    return twin


def test_every_field_has_a_change() -> None:
    assert set(CHANGES) == {f.name for f in fields(Position)} - {"rules"}


def test_the_key_tells_apart_a_change_of_any_field(bundle: dict[str, Any]) -> None:
    state = solo(bundle, "bs-solo-07").new_initial_state()
    for name in CHANGES:
        assert changed(state, name).key() != state.key(), name
        assert changed(state, name).key() == changed(state, name).key(), name


@pytest.mark.parametrize("seeded", [True, False])
def test_the_solver_board_leaves_out_only_the_resources(
    bundle: dict[str, Any], seeded: bool
) -> None:
    # R-BS-LIFE-2, R-BS-HEAT-4: more life and less heat only help, when nothing reads them;
    # D-BS-SOLO-6: with chance open, the seed's draws counter counts only while it draws
    game = solo(bundle, "bs-solo-07")
    state = game.new_initial_state()
    state.rules = replace(state.rules, seeded_shuffles=seeded)
    assert game.monotone and state.rules.open_chance
    board, resources, _ = game.split(state)
    for name in CHANGES:
        twin_board, twin_resources, _ = game.split(changed(state, name))
        if name in ("life", "heat"):
            assert twin_board == board and twin_resources != resources
        else:
            assert (twin_board == board) == (name == "draws" and not seeded), name


def test_the_solver_board_names_cards_by_kind(bundle: dict[str, Any]) -> None:
    # D-BS-SOLO-6: cards with the same data are one kind; a bag is a multiset of kinds
    game = solo(bundle, "bs-solo-07")
    state = game.new_initial_state()
    twin = state.rules.twin
    card, first = next((c, f) for c, f in sorted(twin.items()) if c != f and f.startswith("CMD"))
    other = next(c for c in sorted(twin) if c.startswith("CMD") and twin[c] != first)
    boards = []
    for held in (first, card, other):
        position = state.clone()
        position.kept = [held]
        position.piles = {**state.piles, "command_discard": [held, "CMD-01"]}
        boards.append(game.split(position)[0])
    assert boards[0] == boards[1] != boards[2]
    discards = [state.clone(), state.clone()]
    discards[0].piles = {**state.piles, "command_discard": [first, other]}
    discards[1].piles = {**state.piles, "command_discard": [other, card]}
    assert game.split(discards[0])[0] == game.split(discards[1])[0]
    assert discards[0].key() != discards[1].key()
