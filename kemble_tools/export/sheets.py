"""`kemble export sheets`: print-ready card sheets, whatever the game. Cards of one size share
a sheet (the largest first), as many as fit the paper; with backs, each front page is followed
by its back page, mirrored so that each back lands behind its face (long-edge duplex)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kemble_tools.core.registry import registry
from kemble_tools.export.cards import PrintCard
from kemble_tools.export.hooks import card_hooks
from kemble_tools.export.layout import Sheet, grid, one_up


@dataclass(frozen=True)
class SheetOptions:
    paper: str = "a4"
    bleed: float = 3.0
    crop_marks: bool = True
    full_marks: bool = False
    backs: bool = False
    one_up: bool = False
    cmyk: bool = False
    grayscale: bool = False
    back_first: bool = False  # each back page before its front (print shops that ask for it)


# A print shop's file: one card a page with 3 mm bleed, CMYK, each back before its front.
# Total ink stays under 240 % in every colour (tests/test_sheets.py), as coated card stock needs.
PRINT_SHOP = SheetOptions(bleed=3.0, backs=True, one_up=True, cmyk=True, back_first=True)


def print_cards(
    bundle: Mapping[str, Any], decks: list[str] | None = None, ids: list[str] | None = None
) -> list[PrintCard]:
    """The printable cards of the bundle's game (CardHooks.print_cards): all of them, or those
    of the given decks or ids with the reference cards that explain them."""
    return card_hooks(bundle).print_cards(bundle, decks, ids)


@dataclass(frozen=True)
class PagePlan:
    """One page: its sheet geometry, the cards on it, whether it shows backs."""

    sheet: Sheet
    cards: tuple[PrintCard, ...]
    backs: bool


def piles(cards: list[PrintCard]) -> dict[str, list[PrintCard]]:
    """The cards by the pile they are played from, in print order."""
    found: dict[str, list[PrintCard]] = {}
    for card in cards:
        found.setdefault(card.pile or "cards", []).append(card)
    return found


def sizes(cards: list[PrintCard]) -> list[tuple[float, float]]:
    """The sizes of the cards, the largest first (of equal areas, the first printed first)."""
    return sorted(dict.fromkeys(card.size for card in cards), key=lambda s: -s[0] * s[1])


def plan_pages(cards: list[PrintCard], options: SheetOptions) -> list[PagePlan]:
    """The pages: each size on sheets of its own; with backs, each front page followed (or,
    `back_first`, preceded) by its mirrored back page."""
    pages = []
    for size in sizes(cards):
        group = [c for c in cards if c.size == size]
        sheet = (
            one_up(size, options.bleed)
            if options.one_up
            else grid(options.paper, size, options.bleed)
        )
        per_page = len(sheet.slots)
        for start in range(0, len(group), per_page):
            chunk = tuple(group[start : start + per_page])
            front = [PagePlan(sheet, chunk, False)]
            back = [PagePlan(sheet.mirrored(), chunk, True)] if options.backs else []
            pages += back + front if options.back_first else front + back
    return pages


def sheets_title(bundle: Mapping[str, Any]) -> str:
    """The PDF's document title: the bundle's game's."""
    return f"{registry().game(bundle.get('game')).info.title} - card sheets"
