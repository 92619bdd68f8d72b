"""`kemble export sheets|images|tts`: every game's printable cards as PDF sheets, images and
Tabletop Simulator decks; a game other than the one of files that name none writes into
OUT/<game>/."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from kemble_tools.content_cli import EXIT_INTERNAL, EXIT_INVALID, game_folder, read_bundles
from kemble_tools.fileio import write_atomic
from kemble_tools.options import BundleOpt, NoBaseOpt, PathsArg, finite


def register(app: typer.Typer) -> None:
    app.add_typer(export_app, name="export")


export_app = typer.Typer(
    no_args_is_help=True, rich_markup_mode="markdown", help="Printable card sheets."
)


class Paper(StrEnum):
    A4 = "a4"
    LETTER = "letter"


@export_app.command("sheets")
def export_sheets(
    out: Annotated[Path, typer.Option(help="Output folder.")] = Path("build"),
    paper: Annotated[Paper, typer.Option(help="Paper size.")] = Paper.A4,
    bleed: Annotated[
        float, typer.Option(min=0, max=10, callback=finite, help="Bleed in mm.")
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
    deck: Annotated[
        list[str] | None, typer.Option(help="Only these piles (a deck's code, a boss's id, …).")
    ] = None,
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
    for content, chosen in chosen_cards(paths, no_base, bundle, deck, cards):
        write_sheets(content, out, options, chosen)


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
        typer.Option(min=0, max=10, callback=finite, help="PNG: bleed in mm around the trim."),
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
    if bleed and fmt is ImageFormat.SVG:
        typer.echo("--bleed is for PNG images (use --format png)", err=True)
        raise typer.Exit(EXIT_INTERNAL)
    for content, chosen in chosen_cards(paths, no_base, bundle, deck, cards):
        _write_images(chosen, game_folder(out, content) / "images", fmt, dpi, bleed, backs)


def _write_images(
    chosen: list, folder: Path, fmt: ImageFormat, dpi: int, bleed: float, backs: bool
) -> None:
    from rich.progress import Progress

    from kemble_tools.export.images import card_png, card_svg

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
    for content, chosen in chosen_cards(paths, no_base, bundle, deck):
        _write_tts(chosen, game_folder(out, content) / "tts", dpi)


def _write_tts(chosen: list, folder: Path, dpi: int) -> None:
    from rich.progress import Progress

    from kemble_tools.export.images import tts_decks
    from kemble_tools.export.sheets import piles

    groups = piles(chosen)
    with Progress(transient=True) as bar:
        task = bar.add_task(f"{len(groups)} decks", total=3 * len(groups))
        for name, data in tts_decks(groups, dpi):
            write_atomic(folder / name, data)
            bar.advance(task)
    typer.echo(f"tts: {len(groups)} decks of {len(chosen)} cards -> {folder}")


def write_sheets(
    bundle: dict, out: Path, options: object, chosen: list, shown: Path | None = None
) -> Path:
    """The chosen cards of a game as OUT/kemble-sheets.pdf (another game: in OUT/<game>/)."""
    from kemble_tools.export.pdf import render_sheets
    from kemble_tools.export.sheets import plan_pages, sheets_title

    target = game_folder(out, bundle) / "kemble-sheets.pdf"
    write_atomic(target, render_sheets(chosen, options, sheets_title(bundle)))  # type: ignore[arg-type]
    pages = len(plan_pages(chosen, options))  # type: ignore[arg-type]
    where = game_folder(shown or out, bundle) / target.name
    typer.echo(f"sheets: {len(chosen)} cards on {pages} pages -> {where}")
    return target


def chosen_cards(
    paths: list[Path] | None,
    no_base: bool,
    bundle: Path | None,
    decks: list[str] | None = None,
    ids: list[str] | None = None,
) -> list[tuple[dict, list]]:
    """Each game's bundle with its printable cards (of `decks` or `ids`), those with none left
    out; no card at all exits 1. Content of one game without cards exits 1 saying so; in a mix
    of games, such a game is named and left out."""
    from kemble_tools.export.hooks import NoCards
    from kemble_tools.export.sheets import print_cards

    contents = read_bundles(paths, no_base, bundle)
    found = []
    for content in contents:
        try:
            chosen = print_cards(content, decks, ids)
        except NoCards as exc:
            typer.echo(f"kemble export: {exc}", err=True)
            if len(contents) == 1:
                raise typer.Exit(EXIT_INVALID) from None
            continue
        if chosen:
            found.append((content, chosen))
    if not found:
        typer.echo("no card matches the selection", err=True)
        raise typer.Exit(EXIT_INVALID)
    return found
