"""Solving several scenarios at once, one process each (`--jobs`), with one progress display."""

from __future__ import annotations

import multiprocessing
import os
import queue
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from kemble_tools.bundle import read_bundle, render_bundle
from kemble_tools.solve.hooks import SolverHooks, solver_of
from kemble_tools.solve.search import Limits
from kemble_tools.solve.solver import Solution, solve


@dataclass(frozen=True)
class Job:
    scenario: str
    limits: Limits
    analysis_states: int
    open_chance: bool = True
    on_reach: bool = False  # solve on the scenario's reach (reach.py), as `kemble build` does


def solve_scenario(
    bundle: dict[str, Any],
    job: Job,
    progress: Callable[[int, float], None] | None = None,
    solver: SolverHooks | None = None,
) -> Solution:
    """One job, by the bundle's game (`solver`: its hooks, when the caller has them)."""
    solver = solver or solver_of(bundle)
    content = solver.reach(bundle, job.scenario) if job.on_reach else bundle
    game = solver.solo_game(content, content["scenarios"][job.scenario], job.open_chance)
    return solve(game, job.scenario, job.limits, job.analysis_states, progress)


def solve_all(
    bundle: dict[str, Any],
    jobs: list[Job],
    workers: int | None = None,
    report: Callable[[str, int, float, bool], None] | None = None,
) -> list[Solution]:
    """Every job, in parallel processes when there are several; `report(scenario, states,
    seconds, done)` hears how each is going."""
    if not jobs:
        return []
    workers = max(1, min(workers or os.cpu_count() or 1, len(jobs)))
    solver = solver_of(bundle)
    if workers == 1:
        results = []
        for job in jobs:

            def tell(states: int, seconds: float, name: str = job.scenario) -> None:
                if report:
                    report(name, states, seconds, False)

            solution = solve_scenario(bundle, job, tell, solver)
            if report:
                report(job.scenario, solution.states, solution.seconds, True)
            results.append(solution)
        return results
    text = render_bundle(bundle)
    context = multiprocessing.get_context("spawn")
    with context.Manager() as manager, ProcessPoolExecutor(workers, mp_context=context) as pool:
        updates = manager.Queue()
        # the hooks go along: a game registered at run time is unknown to a new process
        futures = {pool.submit(_work, text, job, updates, solver): job for job in jobs}
        pending = set(futures)
        while pending:
            _drain(updates, report)
            done = {future for future in pending if future.done()}
            for future in done:
                solution = future.result()
                if report:
                    report(solution.scenario, solution.states, solution.seconds, True)
            pending -= done
            time.sleep(0.1)
        _drain(updates, report)
        return [future.result() for future in futures]


def _work(text: str, job: Job, updates: Any, solver: SolverHooks) -> Solution:
    def tell(states: int, seconds: float) -> None:
        updates.put((job.scenario, states, seconds))

    return _without_graph(solve_scenario(read_bundle(text), job, tell, solver))


def _drain(updates: Any, report: Callable[[str, int, float, bool], None] | None) -> None:
    while True:
        try:
            name, states, seconds = updates.get_nowait()
        except queue.Empty:
            return
        if report:
            report(name, states, seconds, False)


def _without_graph(solution: Solution) -> Solution:
    """What crosses back from a worker: the explored graph stays behind (only a single scenario,
    solved in this process, is exported with `--graph`)."""
    return replace(solution, graph=None)
