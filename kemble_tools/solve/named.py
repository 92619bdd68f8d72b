"""Scenarios by name, as `kemble solve` (cli.py) and `kemble build` (build.py) both take them:
which scenarios given files and folders define (`selected`), and solving them with one progress
bar (`solve_named`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from kemble_tools.load.content import collect_named
from kemble_tools.solve.hooks import solo_game
from kemble_tools.solve.naive import solve_naive
from kemble_tools.solve.runner import Job, solve_all
from kemble_tools.solve.search import Limits
from kemble_tools.solve.solver import Solution


def selected(bundle: dict[str, Any], paths: list[Path]) -> list[str]:
    """The scenarios defined in the given files and folders (all shipped ones by default).
    When some given files hold scenarios, only theirs: the folders given beside them lend
    their cards (`kemble solve foo/scenarios/x.yaml foo`)."""

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
    if naive:
        return [
            solve_naive(solo_game(bundle, bundle["scenarios"][name]), name, limits)
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
