"""`kemble build`: every stage for every game the content holds, into one output folder."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from kemble_tools.cli.content import counts, every_bundle, write_bundle
from kemble_tools.cli.export import write_sheets
from kemble_tools.content_cli import EXIT_INVALID, compile_content, game_folder
from kemble_tools.fileio import output_set, write_atomic
from kemble_tools.options import NoBaseOpt, PathsArg
from kemble_tools.report import Format, render, render_json, summary
from kemble_tools.workbench.cli import write_sites


def register(app: typer.Typer) -> None:
    app.command()(build)


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
    with output_set(out, build_outputs()) as stage:
        ok = _build_into(stage, out, paths or [], not no_base, limit_states, cache)
    if not ok:
        raise typer.Exit(EXIT_INVALID)


def build_outputs() -> tuple[str, ...]:
    """Everything a build may write: the files of the game of files that name no game, the site
    (every game's catalogue, the others' in folders of their own), and a folder per other
    registered game (content_cli.game_folder). What a build does not write again is removed."""
    from kemble_tools.core.registry import registry

    games = [game.info.id for game in registry().games.values() if not game.implicit]
    return ("diagnostics.json", BUNDLE, SHEETS, SOLUTIONS, "site", *sorted(games))


BUNDLE, SHEETS, SOLUTIONS = "kemble.bundle.json", "kemble-sheets.pdf", "solutions.json"


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
    bundles = every_bundle(result)
    agreed = [_build_game(b, stage, out, paths, with_base, limit_states, cache) for b in bundles]
    _build_sites(bundles, stage, out)
    return all(agreed)


def _build_game(
    bundle: dict,
    stage: Path,
    out: Path,
    paths: list[Path],
    with_base: bool,
    limit_states: int | None,
    cache: Path | None,
) -> bool:
    """One game's bundle, sheets and solutions; whether its scenarios agree with what they
    state."""
    from kemble_tools.core.registry import hooks, registry
    from kemble_tools.export.sheets import SheetOptions, print_cards
    from kemble_tools.solve.cli import build_solutions

    target = write_bundle(bundle, stage)
    typer.echo(f"compile: {counts(bundle)} -> {out / target.relative_to(stage)}")
    game = registry().game(bundle.get("game"))
    if hooks(game, "cards") is not None:
        write_sheets(bundle, stage, SheetOptions(backs=True), print_cards(bundle), shown=out)
    if hooks(game, "solver") is None:  # said once; no solutions file stands for no solver
        scenarios = len(bundle.get("scenarios", {}))
        typer.echo(f"solve: {game.info.title} has no solver yet ({scenarios} scenarios unsolved)")
        return True
    folder, shown = game_folder(stage, bundle), game_folder(out, bundle)
    return build_solutions(bundle, folder, paths, with_base, shown, limit_states, cache)


def _build_sites(bundles: list[dict], stage: Path, out: Path) -> None:
    """One site for every game (workbench.cli.write_sites), with the solutions just written."""
    written = {bundle.get("game"): game_folder(stage, bundle) / SOLUTIONS for bundle in bundles}
    solved = {
        game: json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None
        for game, path in written.items()
    }
    for where, written in write_sites(bundles, stage / "site", solved):
        shown = out / "site" / where.relative_to(stage / "site")
        typer.echo(f"site: {written['cards']} cards, {written['pages']} pages -> {shown}")
