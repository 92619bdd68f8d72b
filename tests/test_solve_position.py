"""Kemble's positional bound (solve/bounds/position.py): the moves ramming a row's parts takes
never exceed what the ship can really need, checked against a brute-force walk on a small
board; and every state the bound prunes beyond the others is lost for the plain search."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scenario_family import UNWINNABLE, family_scenario
from test_solve_bounds import StartingAt

from kemble_tools.games.kembles_cascade.solve.bounds import prune
from kemble_tools.games.kembles_cascade.solve.bounds.position import Place
from kemble_tools.solve.hooks import solo_game
from kemble_tools.solve.naive import solve_naive
from kemble_tools.solve.search import Limits, Search

from engine_helpers import base_bundle

WIDTH = 4


def fewest_extra_moves(
    rows: int,
    column: int,
    rows_below: int,
    lo: int,
    hi: int,
    free: tuple[int, ...],
    scroll_first: bool = False,
) -> float:
    """By brute force: the fewest moves beyond each turn's `free` ones a ship `rows` below the
    row (in column `column`, `rows_below` rows below the row in play) needs to move or be
    pushed onto columns `lo` and `hi` of the row before it leaves. Each move goes to one of the
    8 neighbours (R-MOV-1); each scroll takes a row below the row away and pushes a ship in the
    bottom row up (R-SCR-1, R-SCR-8); the row leaves at the scroll after it is the bottom one.
    A ship below the bottom row is astral: it stays just outside until a move brings it in
    (R-MOV-2). With `scroll_first`, a turn in progress ends (and its scroll comes) first."""
    goal = {lo, hi}

    def scroll(d: int, c: int, g: frozenset[int], below: int) -> tuple[int, frozenset[int]]:
        if d == below and below > 0:  # pushed up with the bottom row
            d -= 1
            g = g | {c} if d == 0 else g
        return min(d, below), g  # an astral ship stays just outside

    @cache
    def best(turn: int, depth: int, col: int, got: frozenset[int], below: int) -> float:
        if goal <= got:
            return 0.0
        if turn == len(free) or below < 0:
            return float("inf")
        found = float("inf")
        for (d, c, g), moves in _walks(depth, col, got, below).items():
            extra = max(0, moves - free[turn])
            d, g = scroll(d, c, g, below)
            found = min(found, extra + best(turn + 1, d, c, g & goal, below - 1))
        return found

    got: frozenset[int] = frozenset()
    if scroll_first:
        rows, got = scroll(rows, column, got, rows_below)
        rows_below -= 1
    return best(0, rows, column, got & goal, rows_below)


def _walks(depth: int, col: int, got: frozenset[int], below: int) -> dict[Any, int]:
    """Every place (rows below the row, column, columns rammed) a turn's moves can reach, with
    the fewest moves (the ship may go up to 2 rows above the row, never below the bottom)."""
    seen = {(depth, col, got): 0}
    frontier = [(depth, col, got)]
    for moves in range(1, 2 * WIDTH + 8):
        nxt = []
        for d, c, g in frontier:
            for dd in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    place = (d + dd, c + dc)
                    inside = -2 <= place[0] <= below and 0 <= place[1] < WIDTH
                    if (dd, dc) == (0, 0) or not inside:
                        continue
                    state = (*place, g | {place[1]} if place[0] == 0 else g)
                    if state not in seen:
                        seen[state] = moves
                        nxt.append(state)
        frontier = nxt
    return seen


@settings(max_examples=150, deadline=None)
@given(
    rows_below=st.integers(0, 3),
    up=st.integers(0, 3),
    column=st.integers(0, WIDTH - 1),
    lo=st.integers(0, WIDTH - 1),
    width=st.integers(0, WIDTH - 1),
    moves=st.integers(0, 2),
    downs=st.integers(0, 3),
    turn=st.sampled_from(["none", "counted", "uncounted"]),
    now=st.integers(0, 2),
    astral=st.booleans(),
)
def test_the_moves_the_bound_asks_for_are_never_more_than_the_fewest_real_ones(
    rows_below: int,
    up: int,
    column: int,
    lo: int,
    width: int,
    moves: int,
    downs: int,
    turn: str,
    now: int,
    astral: bool,
) -> None:
    # R-MOV-1 R-MOV-2 R-SCR-1 R-SCR-8 R-PWD-1: moves, entering, pushes, Power Downs
    first = 1 if turn == "uncounted" else 0  # a turn in progress that is not counted
    rows_below = max(rows_below, first)
    turns = rows_below + 1 - first  # the row is in play until it has been the bottom one
    if turn == "counted":
        turns -= 1  # the turn in progress is the first, with `now` moves left
    rows = rows_below + 1 if astral else max(0, rows_below - up)
    hi = min(WIDTH - 1, lo + width)
    downs = min(downs, max(0, turns - 1))
    where = Place(rows, True, rows_below, None if astral else column, first)
    counted = now if turn == "counted" else None
    bound = where.extra_moves(lo, hi, counted, turns, moves, downs, 0)
    # the player places its Power Downs as it likes, and an astral ship enters anywhere
    real = min(
        fewest_extra_moves(rows, c, rows_below, lo, hi, (*head, *free), turn == "uncounted")
        for free in _placements(turns, moves, downs)
        for c in (range(WIDTH) if astral else [column])
        for head in ([(now,)] if counted is not None else [()])
    )
    assert bound <= real


def _placements(turns: int, moves: int, downs: int) -> list[tuple[int, ...]]:
    found = []
    for mask in range(1 << turns):
        if bin(mask).count("1") == downs:
            found.append(tuple(0 if mask >> t & 1 else moves for t in range(turns)))
    return found


def test_the_bound_asks_for_the_walk_along_the_row() -> None:
    # R-MOV-1: parts in columns 1 and 4 of the row take three moves apart, whatever the order
    where = Place(rows=1, below=True, rows_below=1, column=0, first=0)
    assert where.extra_moves(0, 3, None, 2, 1, 0, 0) == 2  # 4 moves in 2 turns of 1
    assert where.extra_moves(0, 1, None, 2, 1, 0, 0) == 0


def test_turns_spent_far_from_the_row_do_not_ram_it() -> None:
    # R-SCR-8: the ship waits for the scrolls or spends its moves getting there
    where = Place(rows=3, below=True, rows_below=3, column=0, first=0)
    assert where.extra_moves(0, 0, None, 3, 1, 0, 0) == 0  # pushed up twice, then one move
    assert where.extra_moves(0, 1, None, 3, 1, 0, 0) == 1  # the second ram needs an extra move


@pytest.mark.parametrize("seed", UNWINNABLE[:6])
def test_every_state_only_the_positional_bound_prunes_is_lost(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # R-MOV-1 R-SCR-1 R-OVL-1 D-SOLO-1: what the positional bound adds is sound
    game = solo_game(base_bundle(), family_scenario(seed))
    search = Search(game, Limits(states=2_000_000), keep_bounded=True)
    search.run()
    assert search.bounded is not None
    monkeypatch.setattr(prune, "place", lambda *_: None)
    blind = prune.Bounds(game.game)
    only = [state for state in search.bounded if not blind.hopeless(state)]
    monkeypatch.undo()
    sample = random.Random(0).sample(only, min(30, len(only)))
    for state in sample:
        plain = solve_naive(StartingAt(game, state), "pruned", Limits(states=300_000))
        assert plain.verdict == "unsolvable", "\n".join(game.draw(state))
