"""`solve`: the verdict on a solo scenario, a witness that `kemble run` replays, and the analysis.

1. Decide: the search (search.py) stops at the first sure win, or proves the scenario lost by
   exploring every node it cannot prune as dominated.
2. Witness: the winning line is followed from the start and written in the words of an action
   script; it is then replayed on a fresh game exactly as `kemble run` plays a script, and the
   answer is given only if that replay wins.
3. Analyse: the whole round-level graph is explored (within what is left of the limits) and
   measured (graph.py).

networkx (graph.py) is imported when an analysis runs: a decision alone, as a solver process
makes it with `--analysis-states 0`, does without it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kemble_tools.engine.api import State
from kemble_tools.solve import ANALYSIS_STATES
from kemble_tools.solve.hooks import SoloGame, won
from kemble_tools.solve.search import LimitHit, Limits, Search, Value

VERDICTS = ("solvable", "unsolvable", "unknown")


@dataclass
class Solution:
    scenario: str
    verdict: str
    witness: list[str] | None = None
    states: int = 0  # engine states the search generated
    nodes: int = 0  # round-level nodes it reached
    pruned: int = 0  # states it did not explore because a better one was known
    seconds: float = 0.0
    first_witness_seconds: float | None = None
    limit_hit: str | None = None  # which limit stopped the search, if one did
    win_probability: float | None = None  # with chance left open
    chance: bool = False
    analysis: dict[str, Any] = field(default_factory=dict)
    expect: str | None = None
    graph: Any = None
    analysis_draws: dict[str, Any] | None = None
    top: dict[str, Any] = field(default_factory=dict)  # SoloGame.top_level, filled at the end
    bounds: str | None = None  # "on", "off" or None: the game has no bounds (SoloGame.hopeless)
    bounds_off: str | None = None  # why the bounds are off for this content
    bounded: int = 0  # states the bounds proved lost

    @property
    def complete(self) -> bool:
        """The analysis saw every winning line: its counts are exact, not lower bounds."""
        return bool(self.analysis.get("complete"))

    def to_json(self, timings: bool = True) -> dict[str, Any]:
        """formats.md §6, and more; without `timings`, the same bytes on any machine. What is
        not known is null: `winning_lines` when there was no analysis, `critical_rounds` when
        it was cut short (`analysis_complete` false: the counts are lower bounds)."""
        data: dict[str, Any] = {
            "scenario": self.scenario,
            **self.top,
            "verdict": self.verdict,
            "witness": self.witness,
            "states": self.states,
            "seconds": round(self.seconds, 3),
            "winning_lines": self.analysis.get("winning_lines"),
            "critical_rounds": self.analysis.get("critical_rounds") if self.complete else None,
            "limit_hit": self.limit_hit is not None,
            "analysis_complete": self.complete,
        }
        if self.chance:
            data["win_probability"] = self.win_probability
            data["upper_bound"] = self.analysis.get("upper_bound")
        data.update(
            {
                "limit": self.limit_hit,
                "nodes": self.nodes,
                "pruned": self.pruned,
                "bounds": self.bounds,
                "bounds_off": self.bounds_off,
                "bounded": self.bounded,
                "first_witness_seconds": _round(self.first_witness_seconds),
                "expect": self.expect,
                "analysis": self.analysis,
            }
        )
        if not timings:
            del data["seconds"], data["first_witness_seconds"]
        return data


def solve(
    game: SoloGame,
    name: str,
    limits: Limits | None = None,
    analysis_states: int = ANALYSIS_STATES,
    progress: Callable[[int, float], None] | None = None,
) -> Solution:
    """Decide within `limits`, then analyse for at most `analysis_states` more engine states
    (0: not at all). An analysis cut short gives lower bounds (`analysis["complete"]` is
    False). Counting states, not seconds, keeps the answer the same on any machine."""
    limits = limits or Limits()
    search = Search(game, limits, progress)
    started = time.perf_counter()
    solution = Solution(name, "unknown", chance=game.chance)
    solution.expect = game.scenario.get("expect")
    try:
        value = search.run()
    except LimitHit as hit:
        solution.limit_hit = hit.which
        return _finish(solution, search, started)
    solution.verdict = "solvable" if value.sure else "unsolvable"
    solution.win_probability = round(value.probability, 6)
    solution.first_witness_seconds = search.first_witness_at
    effort = search.expanded
    if value.sure or value.probability > 0:
        solution.witness = witness(search)
    if analysis_states > 0 and solution.chance:
        solution.analysis_draws = draw_share(game, analysis_states // 2)
        analysis_states //= 2
    if analysis_states > 0:
        from kemble_tools.solve.graph import analyse

        search.limits = Limits(search.expanded + analysis_states, None, limits.memory_mb)
        try:
            search.explore_wins()
            complete = True
        except LimitHit:
            complete = False
        solution.analysis, solution.graph = analyse(search, solution.witness, complete, effort)
        if solution.witness:
            solution.analysis.update(game.witness_figures(solution.witness))
        if solution.analysis_draws:
            solution.analysis["upper_bound"] = solution.analysis_draws
    return _finish(solution, search, started)


def draw_share(game: SoloGame, states: int, most: int = 100) -> dict[str, Any]:
    """The share of chance's orders for which some line wins: an upper bound on
    `win_probability`, which a player who does not know the order reaches only by luck. Each
    order is decided as a scenario with no chance left (`SoloGame.fixed_chance`). When there
    are at most `most` orders, every order is tried and the share is exact; otherwise the
    orders are sampled and the share comes with a 95 % Wilson interval."""
    samples, orders = game.fixed_chance(most)
    won_, tried, spent = 0, 0, 0
    for sample in samples:
        if spent >= states:
            break
        search = Search(sample, Limits(states - spent))
        try:
            value = search.run()
        except LimitHit:
            break
        spent += search.expanded
        won_ += value.sure
        tried += 1
    if not tried:
        return {"samples": 0}
    share = won_ / tried
    exact = orders is not None and tried == orders
    low, high = (share, share) if exact else _wilson(share, tried)
    return {
        "samples": tried,
        "exact": exact,
        "share": round(share, 4),
        "interval": [round(low, 4), round(high, 4)],
    }


def _wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    import math

    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    spread = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - spread), min(1.0, centre + spread)


def _finish(solution: Solution, search: Search, started: float) -> Solution:
    game = search.game
    figures = {**game.scenario, **solution.analysis, "chance": solution.chance}
    solution.top = {key: figures.get(key) for key in game.top_level}
    solution.states, solution.nodes = search.expanded, len(search.nodes)
    solution.pruned = search.pruned
    if search.hopeless is not None:
        solution.bounds_off = getattr(game, "bounds_off", None)
        solution.bounds = "off" if solution.bounds_off else "on"
    solution.bounded = search.cut
    solution.seconds = time.perf_counter() - started
    return solution


# --- the witness ---------------------------------------------------------------------------------


def witness(search: Search) -> list[str] | None:
    """A winning line as an action script, checked by replaying it as `kemble run` would.
    With chance left open, the line is the one that wins against the draws `kemble run` makes
    (the decks shuffled from the scenario's seed); None when those draws lose."""
    game = search.game
    draws = game.seeded_draws() if game.chance else None
    state, previous = search.root_state.clone(), search.root_state
    words: list[str] = []
    plan: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            assert draws is not None
            action, plan = draws(state, previous), []
        else:
            if not plan:
                plan = list(_plan(search, state) or ())
                if not plan:
                    return None
            action = plan.pop(0)
            words.append(state.action_to_string(action))
        previous, state = state, state.child(action)
    if not won(state):
        return None
    check_witness(game, words)
    return words


def _plan(search: Search, state: State) -> tuple[int, ...] | None:
    """The actions to the next node on the best line from `state`."""
    if search.game.is_node(state):
        node = search.nodes[search.key(state)]
        if node.best is None:
            search.value(state, node)
        return node.edges.get(node.best) if node.best is not None else None
    best: tuple[Value, tuple[int, ...]] | None = None
    for path, child, key in search.stops(state):  # after chance spoke, mid-round
        value = search.value(child, search.node(child, key))
        if best is None or (value.sure, value.probability) > (best[0].sure, best[0].probability):
            best = (value, path)
    return best[1] if best else None


def check_witness(game: SoloGame, words: list[str]) -> None:
    """Replay the witness on a fresh game as `kemble run` plays a script; it must win
    (AssertionError if it does not)."""
    state = game.seeded_state()
    for word in words:
        play_word(game, state, word)
    if not won(state):
        raise AssertionError("the solver's witness does not win when replayed")


def play_word(game: SoloGame, state: State, word: str) -> None:
    """One script line played in place, as `kemble run` plays it."""
    game.prepare(state, word)
    state.apply_action(state.string_to_action(word))


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)
