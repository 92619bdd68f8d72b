"""`kemble sweep`: read and check the sweep file, run it with a progress bar, write the
tables (and the plots: matplotlib is imported only when they are asked for)."""

from __future__ import annotations

import sys
from pathlib import Path

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

from kemble_tools.report import Format, render
from kemble_tools.sweep.run import SCHEDULERS, SchedulerUnreachable, run_sweep, tasks_of
from kemble_tools.sweep.spec import read_sweep
from kemble_tools.sweep.tables import write_tables


def run(spec: Path, out: Path, scheduler: str, workers: int | None, plots: Path | None) -> int:
    if scheduler not in SCHEDULERS and not scheduler.startswith(("tcp://", "tls://")):
        typer.echo(f"--scheduler: one of {', '.join(SCHEDULERS)} or tcp://HOST:PORT", err=True)
        return 2
    sweep, problems = read_sweep(spec)
    if sweep is None:
        sys.stdout.write(render(problems, Format.TEXT, 1))
        return 1
    total = len(tasks_of(sweep))
    games_total = sweep.games * len(sweep.points)
    typer.echo(
        f"sweep: {len(sweep.points)} grid points × {sweep.games:,} games, "
        f"{len(sweep.scenarios)} scenarios × {len(sweep.bundles)} contents: {total} tasks"
    )
    columns = [
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total} tasks"),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
    ]
    shown = Console(stderr=True)  # the bar on the terminal only; the tables' summary on stdout
    with Progress(*columns, transient=True, console=shown, disable=not shown.is_terminal) as bar:
        task = bar.add_task("sweep", total=total, rate="")
        started = bar.get_time()

        def advance(done: int, games: int) -> None:
            elapsed = max(bar.get_time() - started, 1e-9)
            rate = f"{games / elapsed:,.0f} games/s" if games_total else ""
            bar.update(task, completed=done, rate=rate)

        try:
            results = run_sweep(sweep, scheduler, workers, advance, typer.echo)
        except SchedulerUnreachable as exc:
            typer.echo(f"kemble sweep: {exc}", err=True)
            return 1
    written = write_tables(results, out)
    if plots is not None:
        from kemble_tools.sweep.plots import write_plots

        written += write_plots(results, plots)
    games = sum(t.games for t in results.simulations.values())
    typer.echo(
        f"sweep: {results.tasks} tasks, {games:,} games in {results.seconds:.1f} s"
        + (f" ({games / results.seconds:,.0f} games/s)" if games else "")
    )
    for path in written:
        typer.echo(f"  -> {path}")
    return 0
