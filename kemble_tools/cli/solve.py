"""`kemble solve` and `kemble sweep`: scenarios proved or refuted, and balance sweeps."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from kemble_tools.content_cli import read_bundles
from kemble_tools.options import BundleOpt, NoBaseOpt, finite
from kemble_tools.solve import ANALYSIS_STATES, WHOLE_GAME_SAMPLES


def register(app: typer.Typer) -> None:
    app.command(name="solve")(solve_command)
    app.command()(sweep)


def solve_command(
    scenarios: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Scenario files or folders (default: the shipped scenarios); folders given "
            "beside a scenario file only lend it their cards. With --variant: content folders.",
            exists=True,
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON (docs/formats.md §6).")
    ] = False,
    limit_states: Annotated[
        int | None,
        typer.Option(
            min=1, help="Stop after this many engine states: unknown (a whole game: per deal)."
        ),
    ] = None,
    limit_seconds: Annotated[
        float | None,
        typer.Option(
            min=0.1,
            callback=finite,
            help="Stop deciding after this long: unknown (default 120; never for whole games).",
        ),
    ] = None,
    memory: Annotated[
        float | None,
        typer.Option(min=1, callback=finite, help="Stop when the table would pass this many MB."),
    ] = None,
    analysis_states: Annotated[
        int,
        typer.Option(min=0, help="Engine states for measuring the winning lines after a verdict."),
    ] = ANALYSIS_STATES,
    jobs: Annotated[
        int | None, typer.Option(min=1, help="Processes (default: one per core).")
    ] = None,
    graph: Annotated[
        Path | None,
        typer.Option(help="Write the explored round-level graph (.graphml or .dot); one scenario."),
    ] = None,
    naive: Annotated[
        bool, typer.Option(help="Plain exhaustive search with no pruning (a reference).")
    ] = False,
    variant: Annotated[
        str | None,
        typer.Option(help="A whole game of this variant, set up by the rules (solo)."),
    ] = None,
    boss: Annotated[
        str | None,
        typer.Option(help="With --variant: the boss (default: drawn for each deal)."),
    ] = None,
    samples: Annotated[
        int, typer.Option(help="A whole game: the deals to solve and play.")
    ] = WHOLE_GAME_SAMPLES,
    seed: Annotated[
        int | None,
        typer.Option(help="A whole game: deal i is the one seed + i deals (default: its seed, 0)."),
    ] = None,
    scheduler: Annotated[
        str,
        typer.Option(
            help="A whole game's deals run on Dask: local (a LocalCluster), threads, sync, or "
            "tcp://HOST:PORT (a running scheduler)."
        ),
    ] = "local",
    workers: Annotated[
        int | None, typer.Option(min=1, help="Workers of the local cluster (default: cores).")
    ] = None,
    no_base: NoBaseOpt = False,
    bundle: BundleOpt = None,
) -> None:
    """Solvability of single-player scenarios: the verdict, a winning line, how hard. A whole
    game (--variant solo --boss ID, or a scenario whose deck is shuffled): the win probability
    as an interval, over deals. With --bundle, every scenario the bundle holds."""
    from kemble_tools.solve.cli import WholeGames, run_rules_game, run_solve
    from kemble_tools.solve.fullgame_cli import usage_problem

    whole = WholeGames(samples, seed, limit_states, scheduler, workers)
    usage = usage_problem(scheduler)
    if variant is None and boss is not None:
        usage = "--boss needs --variant (a whole game: --variant solo --boss ID)"
    if variant is not None and (limit_seconds or memory or graph or naive):
        usage = "a whole game's deals are bounded by --limit-states only (the same on any machine)"
    if usage:
        typer.echo(usage, err=True)
        raise typer.Exit(2)
    if variant is not None:
        found = read_bundles(scenarios, no_base, bundle, "solve")
        raise typer.Exit(run_rules_game(found, variant, boss, whole, as_json))
    code = run_solve(
        read_bundles(scenarios, no_base, bundle, "solve"),
        None if bundle is not None else scenarios or [],
        as_json=as_json,
        limits=(limit_states, 120.0 if limit_seconds is None else limit_seconds, memory),
        analysis_states=analysis_states,
        jobs=jobs,
        graph=graph,
        naive=naive,
        whole=whole,
    )
    raise typer.Exit(code)


def sweep(
    spec: Annotated[
        Path, typer.Argument(help="The sweep file (kind: sweep).", exists=True, dir_okay=False)
    ],
    out: Annotated[Path, typer.Option(help="Folder for the tables.")] = Path("build/sweep"),
    scheduler: Annotated[
        str,
        typer.Option(
            help="local (a Dask LocalCluster, one worker process per core), threads or sync "
            "(for debugging), or tcp://HOST:PORT (a running Dask scheduler)."
        ),
    ] = "local",
    workers: Annotated[
        int | None, typer.Option(min=1, help="Workers of the local cluster (default: cores).")
    ] = None,
    plots: Annotated[Path | None, typer.Option(help="Folder for the plots (SVG and PNG).")] = None,
) -> None:
    """Balance sweeps on Dask: games by bots over variants × players × bots × seeds, and
    scenarios solved for content alternatives; tables as CSV and Parquet, plots."""
    from kemble_tools.sweep.cli import run as run_sweep

    raise typer.Exit(run_sweep(spec, out, scheduler, workers, plots))
