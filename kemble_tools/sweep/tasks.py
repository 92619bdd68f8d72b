"""The units of work of a sweep: pure functions of a bundle and a task, run by Dask workers.

A task's result depends only on its inputs (every game is seeded), so a task re-run after a
worker dies gives the same result, and the scheduler keeps exactly one result per task: no
game is counted twice.

The solver is imported by the workers that solve a scenario, not by those that only play games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kemble_tools.sweep.hooks import SimPoint, Tally, sweep_hooks


@dataclass(frozen=True)
class SimTask:
    point: SimPoint
    first_seed: int
    count: int

    @property
    def key(self) -> str:
        p = self.point
        return f"sim-{p.variant}-{p.players}-{p.policy}-{self.first_seed}"


@dataclass(frozen=True)
class SolveTask:
    scenario: str
    alternative: str
    limit_seconds: float

    @property
    def key(self) -> str:
        return f"solve-{self.scenario}-{self.alternative}"


def run_sim(bundle: dict[str, Any], task: SimTask) -> Tally:
    """Play a chunk of seeded games with the bundle's game (SweepHooks.play)."""
    seeds = range(task.first_seed, task.first_seed + task.count)
    return sweep_hooks(bundle).play(bundle, task.point, seeds)


def run_solve(bundle: dict[str, Any], task: SolveTask) -> dict[str, Any]:
    """One scenario solved on one content alternative: the verdict and its metrics."""
    from kemble_tools.solve.build import BUILD_ANALYSIS_STATES
    from kemble_tools.solve.runner import Job, solve_scenario
    from kemble_tools.solve.search import Limits

    job = Job(task.scenario, Limits(seconds=task.limit_seconds), BUILD_ANALYSIS_STATES)
    data = solve_scenario(bundle, job).to_json(timings=False)  # in the worker's own process
    analysis = data.get("analysis") or {}
    return {
        "scenario": task.scenario,
        "alternative": task.alternative,
        "verdict": data["verdict"],
        "win_probability": _win_probability(data),
        "difficulty": analysis.get("difficulty"),
        "effort": analysis.get("effort"),
        "winning_lines": data.get("winning_lines"),
        "critical_rounds": " ".join(map(str, data.get("critical_rounds") or [])),
        "states": data.get("states"),
        "limit_hit": bool(data.get("limit_hit")),
    }


def _win_probability(data: dict[str, Any]) -> float | None:
    """With every deck fixed the game has no chance: best play wins always or never."""
    if data.get("win_probability") is not None:
        return float(data["win_probability"])
    return {"solvable": 1.0, "unsolvable": 0.0}.get(data["verdict"])
