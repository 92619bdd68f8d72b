"""`kemble solve`: scenario files in, verdicts out (formats.md §6); the command line's half."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console

from kemble_tools.solve.build import BUILD_ANALYSIS_STATES, BUILD_LIMITS, build_solutions
from kemble_tools.solve.checks import check, report, scenario_files
from kemble_tools.solve.fullgame import Estimate, full_game
from kemble_tools.solve.fullgame_cli import (
    Refused,
    WholeGames,
    print_estimate,
    rules_game,
    run_whole,
)
from kemble_tools.solve.graph import export
from kemble_tools.solve.hooks import NoSolver, not_solvable, solo_game
from kemble_tools.solve.named import selected, solve_named
from kemble_tools.solve.report import narrate, summary, table
from kemble_tools.solve.search import Limits
from kemble_tools.solve.solver import Solution

__all__ = [
    "BUILD_ANALYSIS_STATES",
    "BUILD_LIMITS",
    "WholeGames",
    "build_solutions",
    "run_rules_game",
    "run_solve",
    "selected",
    "solve_named",
]

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


def run_solve(
    bundles: list[dict[str, Any]],
    paths: list[Path] | None,
    as_json: bool,
    limits: tuple[int | None, float | None, float | None],
    analysis_states: int,
    jobs: int | None,
    graph: Path | None,
    naive: bool,
    whole: WholeGames | None = None,
) -> int:
    """Solve the scenarios defined in `paths` (every scenario of the bundles when None), each
    on its own game's bundle; a scenario whose deck is shuffled is a whole game, estimated
    over its deals with `whole`'s options (fullgame_cli.py)."""
    whole = whole or WholeGames(limit_states=limits[0])
    if (problem := whole.problem()) is not None:
        sys.stderr.write(f"error: {problem}\n")
        return EXIT_INVALID
    chosen = [
        (bundle, names)
        for bundle in bundles
        if (names := sorted(bundle["scenarios"]) if paths is None else selected(bundle, paths))
    ]
    if not chosen:
        sys.stderr.write("no scenario among the given paths\n")
        return EXIT_INVALID
    if graph is not None and sum(len(names) for _, names in chosen) != 1:
        sys.stderr.write("--graph needs exactly one scenario\n")
        return EXIT_USAGE
    answers: list[tuple[dict[str, Any], list[Solution]]] = []
    estimates: list[Estimate] = []
    for bundle, names in chosen:
        try:
            wholes = [name for name in names if full_game(bundle, bundle["scenarios"][name])]
            names = [name for name in names if name not in wholes]
            refused = not_solvable(bundle, names)
            if refused and paths is not None:
                for name, why in refused.items():
                    sys.stderr.write(f"{name}: {why}\n")
                return EXIT_INVALID
            names = [name for name in names if name not in refused]
            found = solve_named(
                bundle, names, Limits(*limits), analysis_states, jobs, naive, as_json
            )
        except NoSolver as exc:
            sys.stderr.write(f"error: {exc}\n")
            return EXIT_INVALID
        answers.append((bundle, found))
        for name in wholes:
            estimates.append(run_whole(bundle, bundle["scenarios"][name], name, whole))
    if graph is not None and answers[0][1] and answers[0][1][0].graph is not None:
        export(answers[0][1][0].graph, graph)
    data: Any = [s.to_json() for _, solutions in answers for s in solutions]
    data += [found.to_json() for found in estimates]
    if as_json:
        sys.stdout.write(json.dumps(data[0] if len(data) == 1 else data, indent=2) + "\n")
    else:
        for bundle, solutions in answers:
            if solutions:
                _print(bundle, solutions)
        for found in estimates:
            print_estimate(found)
    failed = False
    for bundle, solutions in answers:
        problems = check([s.to_json() for s in solutions], bundle)
        if problems:
            files = {} if paths is None else scenario_files(bundle, paths, with_base=True)
            report(problems, files)
            failed = True
    return EXIT_INVALID if failed else EXIT_OK


def run_rules_game(
    bundles: list[dict[str, Any]], variant: str, boss: str | None, whole: WholeGames, as_json: bool
) -> int:
    """`kemble solve --variant V [--boss ID]`: a whole game as the rules set it up."""
    if (problem := whole.problem()) is not None:
        sys.stderr.write(f"error: {problem}\n")
        return EXIT_INVALID
    try:
        bundle, scenario = rules_game(bundles, variant, boss)
    except Refused as exc:
        sys.stderr.write(f"error: {exc}\n")
        return EXIT_INVALID
    found = run_whole(bundle, scenario, None, whole)
    if as_json:
        sys.stdout.write(json.dumps(found.to_json(), indent=2) + "\n")
    else:
        print_estimate(found)
    return EXIT_OK


def _print(bundle: dict[str, Any], solutions: list[Solution]) -> None:
    console = Console() if sys.stdout.isatty() else Console(width=120)  # a file keeps the table
    console.print(table(solutions))
    if len(solutions) == 1:
        solution = solutions[0]
        sys.stdout.write(summary(solution))
        if solution.witness:
            game = solo_game(bundle, bundle["scenarios"][solution.scenario])
            sys.stdout.write(narrate(solution, game))
