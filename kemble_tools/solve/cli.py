"""`kemble solve`: scenario files in, verdicts out (formats.md §6); the command line's half."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from kemble_tools.solve.build import BUILD_ANALYSIS_STATES, BUILD_LIMITS, build_solutions
from kemble_tools.solve.checks import check, report, scenario_files
from kemble_tools.solve.search import Limits
from kemble_tools.solve.solver import Solution

__all__ = ["BUILD_ANALYSIS_STATES", "BUILD_LIMITS", "build_solutions", "run_solve", "solve_named"]

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
    data: Any = [s.to_json() for s in solutions]
    if as_json:
        sys.stdout.write(json.dumps(data[0] if len(data) == 1 else data, indent=2) + "\n")
    else:
        _print(bundle, solutions)
    problems = check(data, bundle)
    if problems:
        report(problems, {} if paths is None else scenario_files(bundle, paths, with_base=True))
    return EXIT_INVALID if problems else EXIT_OK


def selected(bundle: dict[str, Any], paths: list[Path]) -> list[str]:
    """The scenarios defined in the given files and folders (all shipped ones by default).
    When some given files hold scenarios, only theirs: the folders given beside them lend
    their cards (`kemble solve foo/scenarios/x.yaml foo`)."""
    from kemble_tools.load.content import collect_named

    def defined_in(where: list[Path]) -> list[str]:
        names = set(collect_named(where, with_base=not where)[0].values())
        return sorted(n for n, s in bundle["scenarios"].items() if s.get("source") in names)

    files = [path for path in paths if path.is_file()]
    return (defined_in(files) if files else []) or defined_in(paths)


def solve_named(
    bundle: dict[str, Any],
    names: list[str],
    limits: Limits,
    analysis_states: int,
    jobs: int | None,
    naive: bool = False,
    quiet: bool = False,
    on_reach: bool = True,
) -> list[Solution]:
    """Each scenario solved on its reach (reach.py), as `kemble build` solves it, unless
    `on_reach` is False (the whole bundle: the same answers, more work to set up)."""
    from kemble_tools.solve.runner import Job, solve_all

    if naive:
        from kemble_tools.engine import Game
        from kemble_tools.solve.naive import solve_naive

        return [
            solve_naive(Game.from_scenario(bundle, bundle["scenarios"][name]), name, limits)
            for name in names
        ]
    jobs_list = [Job(name, limits, analysis_states, on_reach=on_reach) for name in names]
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
