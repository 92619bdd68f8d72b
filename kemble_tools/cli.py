"""The `kemble` command line: parses arguments and calls the library, nothing more.

Exit codes (formats.md §1): 0 success, 1 invalid input, 2 usage error or internal failure.

Each command imports its stage when it runs, so that starting `kemble` stays fast: `kemble
validate` never imports the PDF stack, the solver, Dask, the language server or matplotlib.
"""

from __future__ import annotations

import json
import math
import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from kemble_tools.content_cli import (
    EXIT_INTERNAL,
    EXIT_INVALID,
    EXIT_OK,
    compile_content,
    read_content,
)
from kemble_tools.core.cli import register as register_games
from kemble_tools.fileio import output_set, write_atomic
from kemble_tools.options import BundleOpt, NoBaseOpt, PathsArg
from kemble_tools.report import Format, render, render_json, summary
from kemble_tools.solve import ANALYSIS_STATES
from kemble_tools.workbench.cli import register as register_workbench
from kemble_tools.workbench.cli import write_site

if TYPE_CHECKING:
    from kemble_tools.compile.pipeline import Compilation
    from kemble_tools.engine.edges import ScriptError
    from kemble_tools.session import Session

# Markdown help: a docstring's lines are joined into sentences (rich mode breaks the text wherever
# the source line ends), and a blank line still starts a paragraph.
app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    help="Validate, compile, play and print content for The Battle at Kemble's Cascade.",
)


@app.command()
def validate(
    paths: PathsArg = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.TEXT,
    no_base: NoBaseOpt = False,
) -> None:
    """Check content files against the schemas, the semantic rules and the effect compiler,
    and whether their cards print (text that overflows); report every problem (nothing is
    written)."""
    from kemble_tools.compile.pipeline import compile_validated
    from kemble_tools.diagnostics import sort_diagnostics
    from kemble_tools.export.check import print_warnings
    from kemble_tools.validate.pipeline import validate_paths

    validation = validate_paths(paths or [], with_base=not no_base)
    result = compile_validated(validation)
    if result.bundle is not None:
        printed = print_warnings(result.bundle, validation.catalog)
        result.diagnostics = sort_diagnostics([*result.diagnostics, *printed])
    sys.stdout.write(render(result.diagnostics, fmt, result.files))
    raise typer.Exit(EXIT_OK if result.ok else EXIT_INVALID)


@app.command(name="compile")
def compile_(
    paths: PathsArg = None,
    out: Annotated[Path, typer.Option(help="Folder for kemble.bundle.json.")] = Path("build"),
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.TEXT,
    no_base: NoBaseOpt = False,
) -> None:
    """Validate, then compile all content to the effect DSL: writes OUT/kemble.bundle.json."""
    result = compile_content(paths or [], not no_base)
    if not result.ok:
        sys.stdout.write(render(result.diagnostics, fmt, result.files))
        raise typer.Exit(EXIT_INVALID)
    target = _write_bundle(result, out)
    if fmt is Format.TEXT:
        typer.echo(f"compile: {_counts(result.bundle)} -> {target}")
    else:
        sys.stdout.write(render(result.diagnostics, fmt, result.files))


def _write_bundle(result: Compilation, out: Path) -> Path:
    from kemble_tools.bundle import BUNDLE_NAME, render_bundle

    target = out / BUNDLE_NAME
    write_atomic(target, render_bundle(result.bundle or {}))
    return target


def _counts(bundle: dict | None) -> str:
    from kemble_tools.compile.pipeline import bundle_summary

    return bundle_summary(bundle or {})


@app.command()
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


@app.command()
def simulate(
    players: Annotated[int, typer.Option(min=1, max=5, help="Number of players.")] = 3,
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

    from kemble_tools.core.registry import UnknownGame
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


@app.command()
def stats(
    paths: PathsArg = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
    no_base: NoBaseOpt = False,
    bundle: BundleOpt = None,
) -> None:
    """The content's balance: cards, objects, symbols, threat, rewards and energy per deck."""
    import json

    from kemble_tools.sweep.hooks import NoSweep, sweep_hooks

    content = read_content(paths, no_base, bundle)
    try:
        game = sweep_hooks(content)
    except NoSweep as exc:
        typer.echo(f"kemble stats: {exc}", err=True)
        raise typer.Exit(EXIT_INVALID) from None
    figures = game.content_stats(content)
    if as_json:
        sys.stdout.write(json.dumps(figures, indent=2) + "\n")
    else:
        from rich.console import Console

        # On a terminal the tables are split to fit it; into a pipe or a file, nothing is cut.
        console = Console()
        if console.is_terminal:
            console.print(game.stats_tables(figures, console.width))
        else:
            Console(width=100_000).print(game.stats_tables(figures), crop=False)


export_app = typer.Typer(
    no_args_is_help=True, rich_markup_mode="markdown", help="Printable card sheets."
)
app.add_typer(export_app, name="export")


class Paper(StrEnum):
    A4 = "a4"
    LETTER = "letter"


@export_app.command("sheets")
def export_sheets(
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("build"),
    paper: Annotated[Paper, typer.Option(help="Paper size.")] = Paper.A4,
    bleed: Annotated[
        float, typer.Option(min=0, max=10, callback=_finite, help="Bleed in mm.")
    ] = 3.0,
    crop_marks: Annotated[bool, typer.Option("--crop-marks/--no-crop-marks")] = True,
    full_marks: Annotated[bool, typer.Option(help="Crop lines across the whole page.")] = False,
    backs: Annotated[bool, typer.Option(help="Back pages after each front, mirrored.")] = False,
    one_up: Annotated[bool, typer.Option(help="One card per page (print shops).")] = False,
    cmyk: Annotated[bool, typer.Option(help="CMYK colours instead of RGB.")] = False,
    grayscale: Annotated[
        bool, typer.Option(help="Greys only (symbols differ in shape, so it stays playable).")
    ] = False,
    print_shop: Annotated[
        bool,
        typer.Option(
            help="A print shop's file: one card a page, 3 mm bleed, CMYK, each back first."
        ),
    ] = False,
    deck: Annotated[list[str] | None, typer.Option(help="Only these decks (S1, BANSHEE…).")] = None,
    cards: Annotated[list[str] | None, typer.Option(help="Only these card ids.")] = None,
    paths: PathsArg = None,
    no_base: NoBaseOpt = False,
    bundle: BundleOpt = None,
) -> None:
    """Print-ready PDF card sheets of the content: OUT/kemble-sheets.pdf."""
    from kemble_tools.export.sheets import SheetOptions

    options = SheetOptions(
        str(paper), bleed, crop_marks, full_marks, backs, one_up, cmyk, grayscale
    )
    if print_shop:
        from dataclasses import replace

        from kemble_tools.export.sheets import PRINT_SHOP

        options = replace(PRINT_SHOP, paper=str(paper), grayscale=grayscale)
    target = _write_sheets(read_content(paths, no_base, bundle), out, options, deck, cards)
    if target is None:
        typer.echo("no card matches the selection", err=True)
        raise typer.Exit(EXIT_INVALID)


class ImageFormat(StrEnum):
    SVG = "svg"
    PNG = "png"


@export_app.command("images")
def export_images(
    out: Annotated[Path, typer.Option(help="Output folder (images go in OUT/images).")] = Path(
        "build"
    ),
    fmt: Annotated[ImageFormat, typer.Option("--format", help="svg or png.")] = ImageFormat.SVG,
    dpi: Annotated[int, typer.Option(min=36, max=1200, help="PNG resolution.")] = 300,
    bleed: Annotated[
        float,
        typer.Option(min=0, max=10, callback=_finite, help="PNG: bleed in mm around the trim."),
    ] = 0.0,
    backs: Annotated[
        bool, typer.Option(help="Also each card's back: OUT/images/ID-back.*")
    ] = False,
    deck: Annotated[list[str] | None, typer.Option(help="Only these decks.")] = None,
    cards: Annotated[list[str] | None, typer.Option(help="Only these card ids.")] = None,
    paths: PathsArg = None,
    no_base: NoBaseOpt = False,
    bundle: BundleOpt = None,
) -> None:
    """One image per card face (and back): OUT/images/ID.svg|png. For a print shop that takes
    single images: --format png --dpi 300 --bleed 3 --backs."""
    from rich.progress import Progress

    from kemble_tools.export.images import card_png, card_svg

    chosen = _printable(read_content(paths, no_base, bundle), deck, cards)
    if not chosen:
        typer.echo("no card matches the selection", err=True)
        raise typer.Exit(EXIT_INVALID)
    if bleed and fmt is ImageFormat.SVG:
        typer.echo("--bleed is for PNG images (use --format png)", err=True)
        raise typer.Exit(EXIT_INTERNAL)
    folder = out / "images"
    sides = (False, True) if backs else (False,)
    with Progress(transient=True) as bar:
        task = bar.add_task(f"{len(chosen)} cards", total=len(chosen))
        for card in chosen:
            for back in sides:
                data = (
                    card_svg(card, back)
                    if fmt is ImageFormat.SVG
                    else card_png(card, dpi, bleed, back)
                )
                write_atomic(folder / f"{card.id}{'-back' if back else ''}.{fmt}", data)
            bar.advance(task)
    typer.echo(f"images: {len(chosen) * len(sides)} {fmt} files -> {folder}")


@export_app.command("tts")
def export_tts(
    out: Annotated[Path, typer.Option(help="Output folder (files go in OUT/tts).")] = Path("build"),
    dpi: Annotated[int, typer.Option(min=36, max=300, help="Resolution of the card faces.")] = 100,
    deck: Annotated[list[str] | None, typer.Option(help="Only these decks.")] = None,
    paths: PathsArg = None,
    no_base: NoBaseOpt = False,
    bundle: BundleOpt = None,
) -> None:
    """Tabletop Simulator decks: per pile a 10 x 7 grid of faces, its back and the deck JSON
    to import (Objects > Saved Objects); upload the images and put their URLs in the JSON."""
    from rich.progress import Progress

    from kemble_tools.export.images import tts_decks
    from kemble_tools.export.sheets import piles

    chosen = _printable(read_content(paths, no_base, bundle), deck)
    if not chosen:
        typer.echo("no card matches the selection", err=True)
        raise typer.Exit(EXIT_INVALID)
    groups = piles(chosen)
    folder = out / "tts"
    with Progress(transient=True) as bar:
        task = bar.add_task(f"{len(groups)} decks", total=3 * len(groups))
        for name, data in tts_decks(groups, dpi):
            write_atomic(folder / name, data)
            bar.advance(task)
    typer.echo(f"tts: {len(groups)} decks of {len(chosen)} cards -> {folder}")


def _write_sheets(
    bundle: dict,
    out: Path,
    options: object,
    decks: list[str] | None = None,
    ids: list[str] | None = None,
    shown: Path | None = None,
) -> Path | None:
    from kemble_tools.export.pdf import render_sheets
    from kemble_tools.export.sheets import plan_pages, sheets_title

    chosen = _printable(bundle, decks, ids)
    if not chosen:
        return None
    target = out / "kemble-sheets.pdf"
    write_atomic(target, render_sheets(chosen, options, sheets_title(bundle)))  # type: ignore[arg-type]
    pages = len(plan_pages(chosen, options))  # type: ignore[arg-type]
    typer.echo(f"sheets: {len(chosen)} cards on {pages} pages -> {(shown or out) / target.name}")
    return target


def _printable(bundle: dict, decks: list[str] | None = None, ids: list[str] | None = None) -> list:
    """The bundle's game's printable cards (of `decks` or `ids`); a game without cards exits 1."""
    from kemble_tools.export.hooks import NoCards
    from kemble_tools.export.sheets import print_cards

    try:
        return print_cards(bundle, decks, ids)
    except NoCards as exc:
        typer.echo(f"kemble export: {exc}", err=True)
        raise typer.Exit(EXIT_INVALID) from None


@app.command(name="solve")
def solve_command(
    scenarios: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Scenario files or folders (default: the shipped scenarios); folders given "
            "beside a scenario file only lend it their cards.",
            exists=True,
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON (docs/formats.md §6).")
    ] = False,
    limit_states: Annotated[
        int | None, typer.Option(min=1, help="Stop after this many engine states: unknown.")
    ] = None,
    limit_seconds: Annotated[
        float,
        typer.Option(min=0.1, callback=_finite, help="Stop deciding after this long: unknown."),
    ] = 120.0,
    memory: Annotated[
        float | None,
        typer.Option(min=1, callback=_finite, help="Stop when the table would pass this many MB."),
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
    no_base: NoBaseOpt = False,
    bundle: BundleOpt = None,
) -> None:
    """Solvability of single-player scenarios: the verdict, a winning line, how hard.
    With --bundle, every scenario the bundle holds."""
    from kemble_tools.solve.cli import run_solve

    code = run_solve(
        read_content(scenarios, no_base, bundle, "solve"),
        None if bundle is not None else scenarios or [],
        as_json=as_json,
        limits=(limit_states, limit_seconds, memory),
        analysis_states=analysis_states,
        jobs=jobs,
        graph=graph,
        naive=naive,
    )
    raise typer.Exit(code)


@app.command()
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


@app.command()
def build(
    paths: PathsArg = None,
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("build"),
    no_base: NoBaseOpt = False,
    limit_states: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Engine states to decide each scenario in (default 4,000,000); an undecided "
            "scenario that states `expect` or `difficulty` fails the build.",
        ),
    ] = None,
    no_cache: Annotated[
        bool,
        typer.Option("--no-cache", help="Solve every scenario again (no OUT/.cache/solutions)."),
    ] = False,
) -> None:
    """The main job on the shipped content (and PATH…, an expansion): every stage, into build/."""
    from kemble_tools.solve.build import cache_folder

    cache = None if no_cache else cache_folder(out)
    with output_set(out, BUILD_OUTPUTS) as stage:
        ok = _build_into(stage, out, paths or [], not no_base, limit_states, cache)
    if not ok:
        raise typer.Exit(EXIT_INVALID)


BUILD_OUTPUTS = (
    "diagnostics.json",
    "kemble.bundle.json",
    "kemble-sheets.pdf",
    "solutions.json",
    "site",
)


def _build_into(
    stage: Path,
    out: Path,
    paths: list[Path],
    with_base: bool,
    limit_states: int | None = None,
    cache: Path | None = None,
) -> bool:
    """Every output written into `stage`, named as it will be in `out`; False if the content is
    invalid or a scenario's verdict disagrees with what it expects."""
    result = compile_content(paths, with_base)
    write_atomic(stage / "diagnostics.json", render_json(result.diagnostics, result.files))
    typer.echo(
        f"validate: {summary(result.diagnostics, result.files)} -> {out / 'diagnostics.json'}"
    )
    if not result.ok:
        sys.stdout.write(render(result.diagnostics, Format.TEXT, result.files))
        return False
    bundle = _write_bundle(result, stage)
    typer.echo(f"compile: {_counts(result.bundle)} -> {out / bundle.name}")
    from kemble_tools.export.sheets import SheetOptions

    _write_sheets(result.bundle or {}, stage, SheetOptions(backs=True), shown=out)
    from kemble_tools.solve.cli import build_solutions

    agreed = build_solutions(result.bundle or {}, stage, paths, with_base, out, limit_states, cache)
    solutions = json.loads((stage / "solutions.json").read_text(encoding="utf-8"))
    written = write_site(result.bundle or {}, stage / "site", solutions)
    typer.echo(f"site: {written['cards']} cards, {written['pages']} pages -> {out / 'site'}")
    return agreed


@app.command()
def generate(
    check: Annotated[bool, typer.Option("--check", help="Only report files out of date.")] = False,
    root: Annotated[Path | None, typer.Option(help="Project folder (default: this one).")] = None,
) -> None:
    """Regenerate the files derived from the code: schema/<game>/*.schema.json and docs/dsl.md."""
    from kemble_tools.generated import generated_files
    from kemble_tools.load.content import project_root

    base = root or project_root()
    stale = {
        path: text for path, text in generated_files(base).items() if not _same_text(path, text)
    }
    if check:
        if stale:
            names = ", ".join(sorted(p.relative_to(base).as_posix() for p in stale))
            typer.echo(f"out of date: {names} (run `kemble generate`)", err=True)
            raise typer.Exit(EXIT_INVALID)
        typer.echo("generated files: all up to date")
        return
    for path, text in stale.items():
        write_atomic(path, text)
    typer.echo(f"generated files: {len(stale)} rewritten")


def _finite(value: float | None) -> float | None:
    """Ranges let NaN through (every comparison with it is false)."""
    if value is not None and not math.isfinite(value):
        raise typer.BadParameter(f"{value} is not a number")
    return value


def _same_text(path: Path, text: str) -> bool:
    return path.is_file() and path.read_text(encoding="utf-8") == text


register_workbench(app)
register_games(app)


def main() -> None:
    """Entry point: never a traceback for the user; internal failures exit with 2."""
    try:
        app()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        sys.exit(130)
    except OSError as exc:  # the machine's answer (a read-only or full folder), not a bug
        where = f" {exc.filename}" if exc.filename else ""
        sys.stderr.write(f"kemble: cannot write or read{where}: {exc.strerror or exc}\n")
        sys.exit(EXIT_INVALID)
    except Exception as exc:  # an internal failure, never the user's data
        if os.environ.get("KEMBLE_DEBUG"):
            raise
        sys.stderr.write(
            f"kemble: internal error: {type(exc).__name__}: {exc}\n"
            "Set KEMBLE_DEBUG=1 to see the traceback, and please report it.\n"
        )
        sys.exit(EXIT_INTERNAL)


if __name__ == "__main__":
    main()
