"""`kemble solve`: scenario files in, verdicts out (CONTRACT §6); the command line's half."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from kemble_tools.solve.search import Limits
from kemble_tools.solve.solver import Solution

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


def run_solve(
    bundle: dict[str, Any],
    paths: list[Path] | None,
    as_json: bool,
    limits: tuple[int | None, float | None, float | None],
    analysis_states: int,
    jobs: int | None,
    graph: Path | None,
    naive: bool,
) -> int:
    """Solve the scenarios defined in `paths` (every scenario of `bundle` when None)."""
    names = sorted(bundle["scenarios"]) if paths is None else selected(bundle, paths)
    if not names:
        sys.stderr.write("no scenario among the given paths\n")
        return EXIT_INVALID
    if graph is not None and len(names) != 1:
        sys.stderr.write("--graph needs exactly one scenario\n")
        return EXIT_USAGE
    solutions = solve_named(bundle, names, Limits(*limits), analysis_states, jobs, naive, as_json)
    if graph is not None and solutions[0].graph is not None:
        from kemble_tools.solve.graph import export

        export(solutions[0].graph, graph)
    if as_json:
        data: Any = [s.to_json() for s in solutions]
        sys.stdout.write(json.dumps(data[0] if len(data) == 1 else data, indent=2) + "\n")
    else:
        _print(bundle, solutions)
    return EXIT_INVALID if report_mismatches(solutions, bundle) else EXIT_OK


def selected(bundle: dict[str, Any], paths: list[Path]) -> list[str]:
    """The scenarios defined in the given files and folders (all shipped ones by default)."""
    from kemble_tools.load.content import collect_named

    names = set(collect_named(paths, with_base=not paths)[0].values())
    return sorted(name for name, s in bundle["scenarios"].items() if s.get("source") in names)


def solve_named(
    bundle: dict[str, Any],
    names: list[str],
    limits: Limits,
    analysis_states: int,
    jobs: int | None,
    naive: bool = False,
    quiet: bool = False,
) -> list[Solution]:
    from kemble_tools.solve.runner import Job, solve_all

    if naive:
        from kemble_tools.engine import Game
        from kemble_tools.solve.naive import solve_naive

        return [
            solve_naive(Game.from_scenario(bundle, bundle["scenarios"][name]), name, limits)
            for name in names
        ]
    jobs_list = [Job(name, limits, analysis_states) for name in names]
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        transient=True,
        disable=quiet or not sys.stderr.isatty(),
        console=Console(stderr=True),
    ) as bar:
        tasks = {name: bar.add_task(name, total=1, rate="") for name in names}

        def report(name: str, states: int, seconds: float, done: bool) -> None:
            rate = f"{states:,} states, {states / max(seconds, 1e-9):,.0f}/s"
            bar.update(tasks[name], rate=rate, completed=1 if done else 0)

        return solve_all(bundle, jobs_list, jobs, report)


BUILD_LIMITS = Limits(seconds=60.0)  # every shipped scenario is decided well within this
BUILD_ANALYSIS_STATES = 200_000


def build_solutions(
    bundle: dict[str, Any],
    out: Path,
    paths: list[Path] | None = None,
    with_base: bool = True,
    shown: Path | None = None,
) -> bool:
    """`kemble build`'s step: solve every shipped scenario, write OUT/solutions.json, and fail
    when a proved verdict or a measured difficulty disagrees with what a scenario expects."""
    from kemble_tools.fileio import write_atomic

    names = set(selected(bundle, paths)) if paths else set()
    names |= set(selected(bundle, [])) if with_base else set()
    solutions = solve_named(bundle, sorted(names), BUILD_LIMITS, BUILD_ANALYSIS_STATES, None)
    target = out / "solutions.json"
    data = [solution.to_json(timings=False) for solution in solutions]  # byte for byte the same
    write_atomic(target, json.dumps(data, indent=2) + "\n")
    counts = {v: sum(s.verdict == v for s in solutions) for v in ("solvable", "unsolvable")}
    unknown = len(solutions) - sum(counts.values())
    sys.stdout.write(
        f"solve: {len(solutions)} scenarios, {counts['solvable']} solvable, "
        f"{counts['unsolvable']} unsolvable, {unknown} unknown -> {(shown or out) / target.name}\n"
    )
    return not report_mismatches(solutions, bundle)


def report_mismatches(solutions: list[Solution], bundle: dict[str, Any] | None = None) -> list[str]:
    """A proved verdict that contradicts the scenario's `expect`, or a stated difficulty band
    the analysis disagrees with: printed, and the command fails."""
    problems = []
    scenarios = (bundle or {}).get("scenarios", {})
    for solution in solutions:
        expect, verdict = solution.expect, solution.verdict
        if expect and verdict != "unknown" and expect != verdict:
            problems.append(
                f"{solution.scenario}: expect says {expect}, but it is proved {verdict}"
            )
        band = (scenarios.get(solution.scenario) or {}).get("difficulty")
        measured = solution.analysis.get("difficulty")
        if band and measured and band != measured:
            problems.append(
                f"{solution.scenario}: difficulty says {band}, but the analysis measures "
                f"{measured} (docs/solver.md)"
            )
    for problem in problems:
        sys.stderr.write(f"error: {problem}\n")
    return problems


def _print(bundle: dict[str, Any], solutions: list[Solution]) -> None:
    from kemble_tools.engine import Game
    from kemble_tools.solve.report import narrate, summary, table

    console = Console() if sys.stdout.isatty() else Console(width=120)  # a file keeps the table
    console.print(table(solutions))
    if len(solutions) == 1:
        solution = solutions[0]
        sys.stdout.write(summary(solution))
        if solution.witness:
            game = Game.from_scenario(bundle, bundle["scenarios"][solution.scenario])
            sys.stdout.write(narrate(solution, game.new_initial_state()))
