"""The workbench commands (`new`, `fmt`, `watch`, `lsp`, `site`), registered on the main app.

As the main app's commands (cli.py), each imports its stage when it runs, to keep start-up fast.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from kemble_tools.content_cli import (
    EXIT_INTERNAL,
    EXIT_INVALID,
    game_folder,
    read_bundles,
)
from kemble_tools.fileio import output_set, write_atomic
from kemble_tools.options import BundleOpt, NoBaseOpt, PathsArg


def register(app: typer.Typer) -> None:
    for command in (new, fmt, watch, lsp, site):
        app.command(name=command.__name__)(command)


def new(
    kind: Annotated[
        str,
        typer.Argument(
            help="What to make: a kind of the game's content (a wrong one lists them), or a "
            "whole folder such as an expansion.",
            show_default=False,
        ),
    ],
    item_id: Annotated[
        str,
        typer.Argument(
            metavar="ID",
            help="Its id (a folder's name, for a kind that makes a folder).",
            show_default=False,
        ),
    ],
    into: Annotated[Path, typer.Option("--in", help="The content folder to write in.")] = Path(),
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            metavar="ID",
            help="The game to write for (`kemble games` lists them; default: the game of "
            "files that name none).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Write a valid, commented skeleton of a content kind (added to the kind's file when it
    exists), or a whole expansion folder; its `$schema=` line resolves from where it is."""
    from kemble_tools.core.registry import UnknownGame
    from kemble_tools.scaffold import NoScaffold, ScaffoldError, scaffold_hooks

    try:
        skeletons = scaffold_hooks(game)
    except (UnknownGame, NoScaffold) as exc:
        typer.echo(f"kemble new: {exc}", err=True)
        raise typer.Exit(EXIT_INVALID) from None
    if kind not in skeletons.kinds:
        typer.echo(f"unknown kind '{kind}': one of {', '.join(skeletons.kinds)}", err=True)
        raise typer.Exit(EXIT_INTERNAL)
    try:
        planned = skeletons.plan(kind, item_id, into)
    except ScaffoldError as exc:
        typer.echo(f"kemble new: {exc}", err=True)
        raise typer.Exit(EXIT_INVALID) from None
    for path, text in planned:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, text)
        typer.echo(f"wrote {path}")
    where = into / item_id if kind in skeletons.folder_kinds else into
    typer.echo(f"next: kemble validate {where}")


def fmt(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Files or folders (default: the shipped content). Other YAML is left alone.",
            exists=True,
            show_default=False,
        ),
    ] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Change nothing; exit 1 if a file would change.")
    ] = False,
) -> None:
    """Rewrite content files in one canonical layout, keeping comments, anchors, key order
    and quotes; `--check` for CI and pre-commit."""
    from kemble_tools.load.content import base_content_dirs
    from kemble_tools.report import Format, render
    from kemble_tools.workbench.fmt import format_files

    results, problems = format_files(paths or base_content_dirs())
    changed = [result for result in results if result.changed]
    for result in changed:
        if check:
            typer.echo(f"would reformat {result.display}")
        else:
            write_atomic(result.path, result.text)
            typer.echo(f"reformatted {result.display}")
    if problems:
        sys.stdout.write(render(problems, Format.TEXT, len(results) + len(problems)))
    verb = "would be reformatted" if check else "reformatted"
    typer.echo(f"{len(changed)} of {len(results)} files {verb}")
    if problems or (check and changed):
        raise typer.Exit(EXIT_INVALID)


def watch(
    paths: PathsArg = None,
    no_base: NoBaseOpt = False,
    images: Annotated[
        Path | None,
        typer.Option(help="Folder for the SVG faces of the cards in edited files."),
    ] = Path("build/watch"),
    no_images: Annotated[bool, typer.Option("--no-images", help="Draw no images.")] = False,
) -> None:
    """Check the content, then again on every save (only the changed files are read again),
    print the new diagnostics and redraw the edited files' cards. Ctrl+C stops."""
    from kemble_tools.load.content import base_content_dirs
    from kemble_tools.workbench.watch import watch as run_watch
    from kemble_tools.workbench.workspace import Workspace

    given = list(paths or [])
    roots = [*given, *(base_content_dirs() if not no_base else [])]

    def echo(text: str) -> None:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")
        sys.stdout.flush()

    run_watch(Workspace(given, not no_base), roots, None if no_images else images, echo)


def lsp() -> None:
    """A language server for content files over stdio (diagnostics as you type, hover with
    the card's text and picture, completion, go-to-definition): point your editor at
    `kemble lsp`."""
    from kemble_tools.workbench.lsp import serve

    serve()


def site(
    paths: PathsArg = None,
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("build/site"),
    no_base: NoBaseOpt = False,
    bundle: BundleOpt = None,
    solutions: Annotated[
        Path | None,
        typer.Option(
            help="The solver's results (kemble build's solutions.json; default: "
            "build/solutions.json when it exists).",
            exists=True,
            dir_okay=False,
        ),
    ] = None,
    replay: Annotated[
        list[str] | None,
        typer.Option(
            help="SCENARIO=FILE: replay this scripted line on the scenario's page instead "
            "of the solver's witness (repeatable).",
        ),
    ] = None,
) -> None:
    """Write a static, offline HTML catalogue: every card with its picture and text, filters
    and search, and a page per scenario with its verdict and a replay viewer (several games:
    one catalogue each, the others' in folders named by the game)."""
    contents = read_bundles(paths, no_base, bundle)
    solved = {
        content.get("game"): _solutions(
            (solutions if index == 0 else None) or game_folder(Path("build"), content) / SOLVED
        )
        for index, content in enumerate(contents)
    }
    scripts = _replay_scripts(replay or [], contents)
    with output_set(out.parent, (out.name,)) as stage:
        for where, written in write_sites(contents, stage / out.name, solved, scripts):
            shown = out / where.relative_to(stage / out.name) / "index.html"
            typer.echo(
                f"site: {written['cards']} cards, {written['scenarios']} scenarios, "
                f"{written['pages']} pages -> {shown}"
            )


SOLVED = "solutions.json"  # what kemble build writes for each game


def _solutions(found: Path) -> list | None:
    """The solver's results for a game's scenario pages: the file given, or the one a build
    wrote (when there is one)."""
    if not found.is_file():
        return None
    try:
        solved = json.loads(found.read_text(encoding="utf-8"))
        if not isinstance(solved, list):
            raise ValueError("not a list of scenario results")
    except ValueError as exc:
        typer.echo(f"{found}: not a solutions.json written by kemble ({exc})", err=True)
        raise typer.Exit(EXIT_INVALID) from None
    return solved


def _replay_scripts(pairs: list[str], contents: list[dict]) -> dict[str, str]:
    from kemble_tools.site.replay import ReplayError, replay_frames

    scripts = {}
    for pair in pairs:
        scenario, sep, file = pair.partition("=")
        content = next((c for c in contents if scenario in c["scenarios"]), None)
        if not sep or content is None:
            known = ", ".join(sorted(s for c in contents for s in c["scenarios"]))
            typer.echo(f"--replay {pair}: give SCENARIO=FILE with a scenario of: {known}", err=True)
            raise typer.Exit(EXIT_INVALID)
        text = Path(file).read_text(encoding="utf-8")
        try:  # a line the rules refuse is the user's mistake: say where, write nothing
            replay_frames(content, scenario, text)
        except ReplayError as exc:
            typer.echo(f"{file}: {exc}", err=True)
            raise typer.Exit(EXIT_INVALID) from None
        scripts[scenario] = text
    return scripts


def write_sites(
    bundles: list[dict],
    target: Path,
    solutions: dict[str | None, list | None],
    scripts: dict[str, str] | None = None,
) -> list[tuple[Path, dict[str, int]]]:
    """One site for several games: the first game's catalogue at `target`, every other game's
    in a folder named by its id (content_cli.game_folder), each page's menu leading to the
    others; a game without site hooks is left out. Where each was written, and what."""
    from kemble_tools.core.registry import hooks, registry

    games = [(b, hooks(registry().game(b.get("game")), "site")) for b in bundles]
    games = [(bundle, found) for bundle, found in games if found is not None]
    folders = [game_folder(Path(), bundle) for bundle, _ in games]
    places = ["" if folder == Path() else f"{folder.as_posix()}/" for folder in folders]
    written = []
    for index, (bundle, _) in enumerate(games):
        others = [i for i in range(len(games)) if i != index]
        sections = [(games[i][1].name, f"{places[i]}index.html") for i in others]
        top = "../" if places[index] else ""
        folder = target / places[index]
        mine = {k: v for k, v in (scripts or {}).items() if k in bundle["scenarios"]}
        counts = write_site(bundle, folder, solutions.get(bundle.get("game")), mine, sections, top)
        written.append((folder, counts))
    return written


def write_site(
    bundle: dict,
    target: Path,
    solutions: list | None,
    scripts: dict[str, str] | None = None,
    sections: Sequence[tuple[str, str]] = (),
    top: str = "",
) -> dict[str, int]:
    """The site with a progress bar over the card pictures (the slow part); `sections` and
    `top` place it among other games' catalogues (site.build_site)."""
    from rich.console import Console
    from rich.progress import Progress

    from kemble_tools.export.sheets import print_cards
    from kemble_tools.site import build_site

    cards = len(print_cards(bundle))  # the site draws each printable card's picture once
    # on the terminal's stderr only, as the solver's: a log or a pipe gets the summary line
    shown = Console(stderr=True)
    with Progress(transient=True, console=shown, disable=not shown.is_terminal) as progress:
        task = progress.add_task("site: drawing cards", total=cards)
        advance = lambda _card: progress.advance(task)  # noqa: E731
        return build_site(bundle, target, solutions, scripts, advance, sections, top)
