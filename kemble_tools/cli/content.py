"""`kemble validate`, `compile`, `stats` and `generate`: content in, diagnostics, bundles and
balance tables out."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from kemble_tools.content_cli import (
    EXIT_INVALID,
    EXIT_OK,
    compile_content,
    game_folder,
    read_content,
)
from kemble_tools.fileio import write_atomic
from kemble_tools.options import BundleOpt, NoBaseOpt, PathsArg
from kemble_tools.report import Format, render

if TYPE_CHECKING:
    from kemble_tools.compile.pipeline import Compilation


def register(app: typer.Typer) -> None:
    app.command()(validate)
    app.command(name="compile")(compile_)


def register_after_play(app: typer.Typer) -> None:
    app.command()(stats)


def register_last(app: typer.Typer) -> None:
    app.command()(generate)


def validate(
    paths: PathsArg = None,
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.TEXT,
    no_base: NoBaseOpt = False,
) -> None:
    """Check content files against the schemas, the semantic rules and the effect compiler,
    and whether their cards print (text that overflows); report every problem (nothing is
    written)."""
    from kemble_tools.compile.pipeline import compile_validated
    from kemble_tools.core.registry import hooks, registry
    from kemble_tools.diagnostics import sort_diagnostics
    from kemble_tools.export.check import print_warnings
    from kemble_tools.validate.pipeline import validate_paths

    validation = validate_paths(paths or [], with_base=not no_base)
    result = compile_validated(validation)
    printed = [  # every game's cards that will not print cleanly
        warning
        for game, bundle in result.bundles.items()
        if result.ok and hooks(registry().game(game), "cards") is not None
        for warning in print_warnings(bundle, validation.games[game].catalog)
    ]
    result.diagnostics = sort_diagnostics([*result.diagnostics, *printed])
    sys.stdout.write(render(result.diagnostics, fmt, result.files))
    raise typer.Exit(EXIT_OK if result.ok else EXIT_INVALID)


def compile_(
    paths: PathsArg = None,
    out: Annotated[Path, typer.Option(help="Folder for kemble.bundle.json.")] = Path("build"),
    fmt: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.TEXT,
    no_base: NoBaseOpt = False,
) -> None:
    """Validate, then compile all content to the effect DSL: writes OUT/kemble.bundle.json
    (another game's content: OUT/GAME/kemble.bundle.json, GAME its id)."""
    result = compile_content(paths or [], not no_base)
    if not result.ok:
        sys.stdout.write(render(result.diagnostics, fmt, result.files))
        raise typer.Exit(EXIT_INVALID)
    written = [(bundle, write_bundle(bundle, out)) for bundle in every_bundle(result)]
    if fmt is Format.TEXT:
        for bundle, target in written:
            typer.echo(f"compile: {counts(bundle)} -> {target}")
    else:
        sys.stdout.write(render(result.diagnostics, fmt, result.files))


def every_bundle(result: Compilation) -> list[dict]:
    """The compiled games' bundles, the game of files that name no game first."""
    first = result.bundle or {}
    return [first, *(b for b in result.bundles.values() if b is not first)]


def write_bundle(bundle: dict, out: Path) -> Path:
    """The bundle into its game's folder of OUT (content_cli.game_folder)."""
    from kemble_tools.bundle import BUNDLE_NAME, render_bundle

    target = game_folder(out, bundle) / BUNDLE_NAME
    write_atomic(target, render_bundle(bundle))
    return target


def counts(bundle: dict | None) -> str:
    from kemble_tools.compile.pipeline import bundle_summary

    return bundle_summary(bundle or {})


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


def generate(
    check: Annotated[bool, typer.Option("--check", help="Only report files out of date.")] = False,
    root: Annotated[Path | None, typer.Option(help="Project folder (default: this one).")] = None,
) -> None:
    """Regenerate the files derived from the code: schema/GAME/*.schema.json (and copies in
    schema/), docs/dsl.md and the expression parser."""
    from kemble_tools.generated import generated_files
    from kemble_tools.load.content import project_root

    base = root or project_root()
    stale = {
        path: text for path, text in generated_files(base).items() if not same_text(path, text)
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


def same_text(path: Path, text: str) -> bool:
    return path.is_file() and path.read_text(encoding="utf-8") == text
