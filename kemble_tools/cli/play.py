"""`kemble run` and `kemble simulate`: a scenario played by a script or by hand, and whole
games played by bots."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from kemble_tools.content_cli import EXIT_INTERNAL, EXIT_INVALID, read_content
from kemble_tools.options import BundleOpt, NoBaseOpt, PathsArg
from kemble_tools.report import Format, render

if TYPE_CHECKING:
    from kemble_tools.engine.edges import ScriptError
    from kemble_tools.session import Session


def register(app: typer.Typer) -> None:
    app.command()(run)
    app.command()(simulate)


def run(
    scenario: Annotated[
        str,
        typer.Argument(
            help="The scenario file (with --bundle: a scenario id).", show_default=False
        ),
    ],
    actions: Annotated[
        Path | None,
        typer.Option(
            "--actions", help="An action script (docs/formats.md §4).", exists=True, dir_okay=False
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the final state as JSON.")] = False,
    interactive: Annotated[
        bool,
        typer.Option(
            "--interactive",
            help="Play by hand in the terminal (`help` lists the actions and commands).",
        ),
    ] = False,
    log: Annotated[
        bool,
        typer.Option(
            "--log",
            help="Print the event log: what each action did, round by round (with --json: "
            "an `events` key).",
        ),
    ] = False,
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Content the scenario uses besides the base game (an expansion's folders).",
            exists=True,
            show_default=False,
        ),
    ] = None,
    no_base: NoBaseOpt = False,
    bundle: BundleOpt = None,
) -> None:
    """Play a scripted line on a scenario with the reference interpreter; print the state."""
    from kemble_tools.engine.edges import ScriptError
    from kemble_tools.playlog import log_json, log_lines

    if (actions is None) == (not interactive):
        typer.echo("give either --actions FILE or --interactive", err=True)
        raise typer.Exit(EXIT_INTERNAL)
    session = _scenario_session(scenario, paths, no_base, bundle)
    hooks = session.hooks
    if interactive:
        _play_interactively(session, scenario)
        return
    raw = (actions or Path()).read_bytes()
    try:
        session.play_script(raw.decode("utf-8"))
    except ScriptError as error:
        _refused(actions, error, log_lines(hooks, session.played) if log and not as_json else [])
    except UnicodeDecodeError as bad:
        line = raw.count(b"\n", 0, bad.start) + 1
        column = bad.start - (raw.rfind(b"\n", 0, bad.start) + 1) + 1
        typer.echo(f"{actions}:{line}:{column}: the action script is not UTF-8 text", err=True)
        raise typer.Exit(EXIT_INVALID) from None
    if as_json:
        state = hooks.state_json(session.state)
        if log:
            state["events"] = log_json(hooks, session.played)
        sys.stdout.write(json.dumps(state, indent=2) + "\n")
        return
    if log:
        sys.stdout.write("".join(f"{line}\n" for line in log_lines(hooks, session.played)))
    sys.stdout.write(session.board())


def _refused(actions: Path | None, error: ScriptError, log: list[str]) -> NoReturn:
    """A refused line: the log so far (with --log), then where, why and what is legal."""
    from kemble_tools.interactive import refusal_lines

    sys.stdout.write("".join(f"{line}\n" for line in log))
    typer.echo(
        f"{actions}:{error.line}: '{error.action}' is not allowed: {error.message} ({error.rule})",
        err=True,
    )
    for line in refusal_lines(error):
        typer.echo(f"  {line}", err=True)
    raise typer.Exit(EXIT_INVALID)


def _scenario_session(
    scenario: str, paths: list[Path] | None, no_base: bool, bundle: Path | None
) -> Session:
    """A scenario file set up with its content by its game, or a scenario of a compiled
    bundle."""
    from kemble_tools.engine.edges import NotPlayable, UnknownGame
    from kemble_tools.session import open_bundle, open_scenario

    if bundle is not None:
        content = read_content(paths, no_base, bundle)
        if scenario not in content["scenarios"]:
            known = ", ".join(sorted(content["scenarios"])) or "none"
            typer.echo(f"{bundle}: no scenario '{scenario}' (it has: {known})", err=True)
            raise typer.Exit(EXIT_INVALID)
        try:
            return open_bundle(content, scenario)
        except (UnknownGame, NotPlayable) as exc:
            typer.echo(f"{bundle}: {exc}", err=True)
            raise typer.Exit(EXIT_INVALID) from None
    path = Path(scenario)
    if not path.is_file():
        typer.echo(f"no such scenario file: {scenario}", err=True)
        raise typer.Exit(EXIT_INTERNAL)
    session, diagnostics = open_scenario(path, paths, not no_base)
    if session is None:
        from kemble_tools.scenario_folders import with_folder_hints

        diagnostics = with_folder_hints(diagnostics, [path, *(paths or [])], "run", "…")
        sys.stdout.write(render(diagnostics, Format.TEXT, len({d.file for d in diagnostics})))
        raise typer.Exit(EXIT_INVALID)
    return session


def _play_interactively(session: Session, scenario: str) -> None:
    from kemble_tools.interactive import interact, terminal_input

    title = f"played in: kemble run {scenario} --interactive"
    raise typer.Exit(interact(session, terminal_input(), sys.stdout, title))


def simulate(
    players: Annotated[
        int, typer.Option(min=1, help="Number of players (within the game's player counts).")
    ] = 3,
    variant: Annotated[
        str | None,
        typer.Option(help="Variant id (default: the game's standard game; a wrong id lists them)."),
    ] = None,
    games: Annotated[int, typer.Option(min=1, help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the first game; game g uses seed + g.")] = 0,
    policy: Annotated[
        str | None,
        typer.Option(help="The bots (default: the game's first; a wrong name lists them)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
    paths: PathsArg = None,
    no_base: NoBaseOpt = False,
    bundle: BundleOpt = None,
) -> None:
    """Play whole games with simple bots and summarise them: the balance view."""
    import json

    from rich.console import Console
    from rich.progress import Progress

    from kemble_tools.core.registry import UnknownGame, registry
    from kemble_tools.sweep.hooks import NoSweep, SimPoint, sweep_hooks

    content = read_content(paths, no_base, bundle)
    try:
        game = sweep_hooks(content)
    except (UnknownGame, NoSweep) as exc:
        typer.echo(f"kemble simulate: {exc}", err=True)
        raise typer.Exit(EXIT_INVALID) from None
    policy = policy or game.bots[0]
    if policy not in game.bots:
        typer.echo(f"unknown policy '{policy}': use {', '.join(game.bots)}", err=True)
        raise typer.Exit(EXIT_INTERNAL)
    known = list(game.variants(content))  # the first is the default, as in a sweep
    variant = variant or (known or [""])[0]
    if variant not in known:
        typer.echo(f"unknown variant '{variant}' (known: {', '.join(known)})", err=True)
        raise typer.Exit(EXIT_INTERNAL)
    fewest, most = registry().game(content.get("game")).info.players
    if not fewest <= players <= most:
        typer.echo(f"--players {players}: the game is played by {fewest} to {most}", err=True)
        raise typer.Exit(EXIT_INTERNAL)
    if (problem := game.setup_problem(content, variant, players)) is not None:
        typer.echo(problem, err=True)
        raise typer.Exit(EXIT_INTERNAL)
    point = SimPoint(variant, players, policy)
    with Progress(transient=True, disable=as_json) as bar:
        task = bar.add_task(f"{games} games of {variant}", total=games)
        tally = game.play(content, point, range(seed, seed + 1))  # game g uses seed + g
        bar.update(task, completed=1)
        for number in range(1, games):  # one at a time, for the bar
            tally.add(game.play(content, point, range(seed + number, seed + number + 1)))
            bar.update(task, completed=number + 1)
    summary = {"variant": variant, "seed": seed, "policy": policy, **tally.summary()}
    if as_json:
        sys.stdout.write(json.dumps(summary, indent=2) + "\n")
    else:
        Console().print(game.summary_tables(summary))
