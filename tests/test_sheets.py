"""Printable sheets: layout, PDF boxes, crop marks, mirrored backs, card ids, determinism."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm

from kemble_tools.export.layout import SMALL_CARD, SPACE_CARD, crop_marks, grid, one_up
from kemble_tools.export.sheets import SheetOptions, plan_pages, print_cards, render_sheets

from engine_helpers import base_bundle


@pytest.fixture(scope="module")
def cards() -> list:
    return print_cards(base_bundle())


def test_every_card_of_the_bundle_is_printable(cards: list) -> None:
    bundle = base_bundle()
    expected = (
        len(bundle["cards"])
        + len(bundle["bosses"])
        + len(bundle["powerups"])
        + len(bundle["missions"])
        + len(bundle["achievements"])
        + len(bundle["sensors"])
        + sum(len(u["levels"]) for u in bundle["upgrades"].values())
    )
    assert len(cards) == expected == len({c.id for c in cards})


def test_cards_per_sheet_at_real_size() -> None:
    assert len(grid("a4", SPACE_CARD, 3).slots) == 8
    assert len(grid("a4", SMALL_CARD, 3).slots) == 12
    assert len(grid("letter", SPACE_CARD, 3).slots) == 6
    assert all((s.width, s.height) == SPACE_CARD for s in grid("a4", SPACE_CARD, 3).slots)


def test_page_count_follows_the_cards(cards: list) -> None:
    space = [c for c in cards if c.size == SPACE_CARD]
    small = [c for c in cards if c.size == SMALL_CARD]
    pages = plan_pages(cards, SheetOptions())
    assert len(pages) == -(-len(space) // 8) + -(-len(small) // 12)
    assert sum(len(p.cards) for p in pages) == len(cards)
    assert len(plan_pages(cards, SheetOptions(backs=True))) == 2 * len(pages)
    assert len(plan_pages(cards, SheetOptions(one_up=True))) == len(cards)


def test_crop_marks_stay_outside_every_card_and_its_bleed() -> None:
    sheet = grid("a4", SPACE_CARD, 3)
    bleeds = [slot.grow(3) for slot in sheet.slots]
    for x1, y1, x2, y2 in crop_marks(sheet):
        for box in bleeds:
            inside_x = box.x < max(x1, x2) and min(x1, x2) < box.right
            inside_y = box.y < max(y1, y2) and min(y1, y2) < box.top
            assert not (inside_x and inside_y)
    trims = {s.x for s in sheet.slots} | {s.right for s in sheet.slots}
    assert {x1 for x1, _, x2, _ in crop_marks(sheet) if x1 == x2} == trims


def test_back_pages_are_mirrored() -> None:
    sheet = grid("a4", SMALL_CARD, 3)
    back = sheet.mirrored()
    for front, behind in zip(sheet.slots, back.slots, strict=True):
        assert front.y == behind.y
        assert abs((front.x + front.right) / 2 + (behind.x + behind.right) / 2 - 210) < 1e-9


def test_pdf_has_trim_and_bleed_boxes_and_every_card_id(cards: list) -> None:
    pdf = render_sheets(cards, SheetOptions())
    reader = PdfReader(io.BytesIO(pdf))
    first = reader.pages[0]
    sheet = plan_pages(cards, SheetOptions())[0].sheet
    trim, bleed = sheet.trim_box, sheet.bleed_box
    assert [round(float(v) / mm, 2) for v in first.trimbox] == [
        round(v, 2) for v in (trim.x, trim.y, trim.right, trim.top)
    ]
    assert [round(float(v) / mm, 2) for v in first.bleedbox] == [
        round(v, 2) for v in (bleed.x, bleed.y, bleed.right, bleed.top)
    ]
    text = "".join(page.extract_text() for page in reader.pages)
    assert all(card.id in text for card in cards)


def test_one_up_pages_are_the_card_and_its_bleed(cards: list) -> None:
    sheet = one_up(SPACE_CARD, 3)
    assert sheet.page == (94, 69) and sheet.trim_box.x == 3
    pdf = render_sheets(cards[:2], SheetOptions(one_up=True, cmyk=True))
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    assert round(float(page.mediabox.width) / mm) == 94


def test_sheets_are_deterministic(cards: list) -> None:
    assert render_sheets(cards[:10], SheetOptions()) == render_sheets(cards[:10], SheetOptions())
