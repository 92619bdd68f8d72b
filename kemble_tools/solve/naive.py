"""The reference: a plain breadth-first search over the same engine, with no pruning.

Every state is expanded, every action tried; only exact repeats (equal engine keys) are not
expanded twice. It answers the same question as the solver for scenarios whose decks are fixed,
so the two can be checked against each other (tests, and `benchmarks/solver.py`).
"""

from __future__ import annotations

import time
from collections import deque

from kemble_tools.solve.hooks import SoloGame, won
from kemble_tools.solve.search import LimitHit, Limits
from kemble_tools.solve.solver import Solution, check_witness

# The table's memory, estimated: a parents entry (dict slot, tuple, key bytes object) and a whole
# engine state per frontier entry (1,263 bytes measured by benchmarks/engine.py).
ENTRY_BYTES, STATE_BYTES = 150, 1300


def solve_naive(game: SoloGame, name: str, limits: Limits | None = None) -> Solution:
    if game.chance:
        raise ValueError("the naive search needs a scenario whose decks are fixed")
    limits = limits or Limits()
    started = time.perf_counter()
    root = game.new_initial_state()
    parents: dict[bytes, tuple[bytes, int] | None] = {root.key(): None}
    frontier = deque([root])
    solution = Solution(name, "unknown", expect=game.scenario.get("expect"))
    won_key: bytes | None = None
    try:
        while frontier and won_key is None:
            state = frontier.popleft()
            for action in state.legal_actions():
                child = state.child(action)
                solution.states += 1
                _check_limits(solution.states, started, limits, parents, len(frontier))
                key = child.key()
                if key in parents:
                    continue
                parents[key] = (state.key(), action)
                if not child.is_terminal():
                    frontier.append(child)
                elif won(child):
                    won_key = key
                    break
    except LimitHit as hit:
        solution.limit_hit = hit.which
    solution.nodes = len(parents)
    solution.seconds = time.perf_counter() - started
    if won_key is not None:
        solution.verdict = "solvable"
        solution.first_witness_seconds = solution.seconds
        solution.witness = _line(game, parents, won_key)
        check_witness(game, solution.witness)
    elif solution.limit_hit is None:
        solution.verdict = "unsolvable"
    return solution


def _line(game: SoloGame, parents: dict[bytes, tuple[bytes, int] | None], key: bytes) -> list[str]:
    actions = []
    step = parents[key]
    while step is not None:
        key, action = step
        actions.append(action)
        step = parents[key]
    state, words = game.new_initial_state(), []
    for action in reversed(actions):
        words.append(state.action_to_string(action))
        state.apply_action(action)
    return words


def _check_limits(
    states: int, started: float, limits: Limits, parents: dict[bytes, object], frontier: int
) -> None:
    if states % 1024:
        return
    if limits.states is not None and states >= limits.states:
        raise LimitHit("states")
    if limits.seconds is not None and time.perf_counter() - started >= limits.seconds:
        raise LimitHit("seconds")
    if limits.memory_mb is not None:
        key_bytes = len(next(iter(parents))) + 33  # keys are about the same size
        used = len(parents) * (ENTRY_BYTES + key_bytes) + frontier * STATE_BYTES
        if used / 1e6 >= limits.memory_mb:
            raise LimitHit("memory")
