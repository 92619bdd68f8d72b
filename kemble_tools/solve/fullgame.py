"""Whole solo games: how often a game dealt by the rules can be won (`kemble solve --variant
solo --boss ID`, or a scenario whose deck is shuffled), as an interval with its method
(docs/solver.md, "Whole games").

Deal i is the game the seed S + i deals (every deck shuffled, all fixed for that deal). Each
deal is one task, run on Dask by the sweep's runner (sweep/run.py `run_tasks`), so a cluster
shortens a long run; the results come back in the deals' order, so the report is the same
bytes whatever the number of workers. A task:

- solves the deal with the solver, every deck's order known (clairvoyant), within a limit of
  engine states (never seconds): `solvable` (a winning line, replayed), `unsolvable` (proved),
  or `unknown`. Solvable and unknown deals count as maybe won: the share of maybe-won deals
  bounds from above what any player can win, since one who does not know the order can do no
  better than one who does, and an unknown deal is never counted as lost;
- plays the deal with the game's honest bot, one that never reads what the rules keep hidden:
  the share of its wins bounds from below what the best such player wins.

Both shares come with their exact (Clopper–Pearson) 95 % intervals. The win probability of an
optimal player who does not know the order lies between the lower bound's low end and the upper
bound's high end, each a one-sided 97.5 % bound: both hold together at least 95 % of the time.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from kemble_tools.bundle import render_bundle
from kemble_tools.solve import WHOLE_GAME_SAMPLES
from kemble_tools.solve.hooks import solver_of
from kemble_tools.solve.interval import clopper_pearson
from kemble_tools.solve.search import Limits
from kemble_tools.solve.solver import VERDICTS, solve

SAMPLES = WHOLE_GAME_SAMPLES  # deals, by default
STATES = 1_000_000  # engine states a deal may take to be decided, by default
MAX_SAMPLES = 10_000
WHOLE_GAME = "whole-game"  # the name the rules' own setup is solved under
CONFIDENCE = 0.95
UPPER_METHOD = (
    "deals solved with every deck's order known (clairvoyant), solvable or unknown counted as "
    "maybe won; exact Clopper-Pearson 95 % interval"
)
LOWER_METHOD = (
    "deals played by the honest bot, which never reads a hidden card; exact Clopper-Pearson "
    "95 % interval"
)


class FullGame(Protocol):
    """A whole solo game as its deals (`SolverHooks.full_game`, optional: Kemble's)."""

    policies: Sequence[str]  # the game's honest bots, the default first
    facts: dict[str, Any]  # what the report says of the game at its top (Kemble's: variant, boss)
    title: str  # the game in a few words, for people

    def deal(self, seed: int) -> dict[str, Any]:
        """The fixed scenario (formats.md §3) the seed deals: every deck in its order."""
        ...

    def play(self, dealt: dict[str, Any], seed: int, policy: str) -> tuple[bool, int]:
        """The honest bot `policy`'s game on a deal: won, and the rounds it lasted. Its
        decisions read only what a player sees; its dice come from `seed`."""
        ...


def full_game(bundle: dict[str, Any], scenario: Mapping[str, Any]) -> FullGame | None:
    """The whole game a scenario stands for (a shuffled deck), or None: a fixed scenario, or
    a game without whole solo games."""
    hooks = solver_of(bundle)
    make = getattr(hooks, "full_game", None)
    return None if make is None else make(bundle, scenario)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class DealTask:
    """One deal: a unit of work for a Dask worker (a pure function of its inputs)."""

    scenario: str  # the shuffled scenario's name in the bundle
    seed: int
    limit_states: int
    policy: str
    content: str = ""  # a digest of the bundle: runs sharing a cluster never share a key

    @property
    def key(self) -> str:
        return f"deal-{self.scenario}-{self.content}-{self.limit_states}-{self.policy}-{self.seed}"


def run_deal(bundle: dict[str, Any], task: DealTask) -> dict[str, Any]:
    """Solve one deal clairvoyantly and play it with the honest bot (module docstring)."""
    hooks = solver_of(bundle)
    whole = full_game(bundle, bundle["scenarios"][task.scenario])
    assert whole is not None
    dealt = whole.deal(task.seed)
    game = hooks.solo_game(bundle, dealt, False)
    solution = solve(game, task.scenario, Limits(states=task.limit_states), analysis_states=0)
    won, rounds = whole.play(dealt, task.seed, task.policy)
    return {
        "seed": task.seed,
        "verdict": solution.verdict,
        "states": solution.states,
        "witness_actions": len(solution.witness) if solution.witness else None,
        "bot_won": won,
        "bot_rounds": rounds,
    }


@dataclass
class Estimate:
    """A whole game's win probability: the deals and the bounds they give (module docstring)."""

    scenario: str | None  # the scenario's id, or None for the rules' own setup
    facts: dict[str, Any]
    samples: int
    seed: int
    limit_states: int
    policy: str
    deals: list[dict[str, Any]] = field(default_factory=list)
    title: str = ""  # FullGame.title
    seconds: float = 0.0  # wall time, for people: never in the JSON

    @property
    def verdicts(self) -> dict[str, int]:
        counts = Counter(deal["verdict"] for deal in self.deals)
        return {verdict: counts[verdict] for verdict in VERDICTS}

    def upper(self) -> dict[str, Any]:
        maybe = self.verdicts["solvable"] + self.verdicts["unknown"]
        return {**_share(maybe, len(self.deals)), "maybe_won": maybe, "method": UPPER_METHOD}

    def lower(self) -> dict[str, Any]:
        won = sum(deal["bot_won"] for deal in self.deals)
        share = _share(won, len(self.deals))
        return {**share, "won": won, "policy": self.policy, "method": LOWER_METHOD}

    def to_json(self) -> dict[str, Any]:
        """formats.md §6, "Whole games": the same bytes on every machine and cluster."""
        upper, lower = self.upper(), self.lower()
        return {
            "scenario": self.scenario,
            **self.facts,
            "samples": self.samples,
            "seed": self.seed,
            "limit_states": self.limit_states,
            "verdicts": self.verdicts,
            "upper_bound": upper,
            "lower_bound": lower,
            "win_probability_between": [lower["interval"][0], upper["interval"][1]],
            "states": sum(deal["states"] for deal in self.deals),
            "limit_hit": self.verdicts["unknown"] > 0,
            "deals": self.deals,
        }


def _share(hits: int, n: int) -> dict[str, Any]:
    """The keys of the solver's `upper_bound` (formats.md §6) for `hits` in `n` deals."""
    low, high = clopper_pearson(hits, n, CONFIDENCE)
    return {
        "samples": n,
        "exact": False,
        "share": round(hits / n, 4),
        "interval": [_floor(low), _ceil(high)],
    }


def _floor(value: float) -> float:
    """Rounded outward (4 places), so a rounded interval still covers what it says."""
    return max(0.0, math.floor(value * 10_000) / 10_000)


def _ceil(value: float) -> float:
    return min(1.0, math.ceil(value * 10_000) / 10_000)


Done = Callable[[int, dict[str, Any]], None]  # (deals done, the deal's result)


def estimate(
    bundle: dict[str, Any],
    scenario: Mapping[str, Any],
    name: str | None,
    samples: int = SAMPLES,
    seed: int = 0,
    limit_states: int = STATES,
    policy: str | None = None,
    scheduler: str = "local",
    workers: int | None = None,
    done: Done | None = None,
    announce: Callable[[str], None] | None = None,
) -> Estimate:
    """The deals of the shuffled `scenario` (`name`: its id; None for the rules' own setup),
    seeds `seed`..`seed + samples - 1`, each a task on Dask (`scheduler`: local, threads, sync
    or tcp://HOST:PORT). ValueError when the scenario is no whole game."""
    import time

    from kemble_tools.sweep.run import run_tasks

    whole = full_game(bundle, scenario)
    if whole is None:
        raise ValueError("not a whole game: the scenario's deck is not shuffled")
    key = name or WHOLE_GAME
    content = {**bundle, "scenarios": {**bundle["scenarios"], key: scenario}}
    policy = policy or whole.policies[0]
    digest = hashlib.sha256(render_bundle(content).encode()).hexdigest()[:16]
    tasks = [DealTask(key, seed + i, limit_states, policy, digest) for i in range(samples)]
    started = time.perf_counter()
    results = run_tasks(
        {"base": content},
        tasks,
        run_deal,
        lambda _task: "base",
        scheduler,
        workers,
        None if done is None else lambda count, _task, result: done(count, result),
        announce,
    )
    found = Estimate(name, dict(whole.facts), samples, seed, limit_states, policy, results)
    found.title, found.seconds = whole.title, time.perf_counter() - started
    return found
