"""Printable sheets: layout, PDF boxes, crop marks, mirrored backs, card ids, determinism."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader
from reportlab.lib.units import mm

from kemble_tools.export.images import card_png, card_svg, pdf_page_png
from kemble_tools.export.layout import crop_marks, grid, one_up
from kemble_tools.export.pdf import render_sheets
from kemble_tools.export.sheets import SheetOptions, plan_pages, print_cards
from kemble_tools.games.kembles_cascade.export.faces import SMALL_CARD, SPACE_CARD
from kemble_tools.games.kembles_cascade.export.symbols import COLOURS

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
    references = [c for c in cards if c.id.startswith("reference-")]
    assert len(cards) - len(references) == expected and len(cards) == len({c.id for c in cards})
    # a symbol key and what every object kind does, from its compiled effects
    assert references[0].id == "reference-symbols" and len(references) >= 2
    described = " ".join(c.text for c in references)
    assert all(o["name"] in described for o in bundle["objects"].values() if not o.get("vacant"))


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


# --- images and the rendered page ----------------------------------------------------------------

GOLDEN_PAGE = Path(__file__).parent / "golden" / "sheet-page-1.png"


def test_svg_image_is_well_formed_and_names_the_card(cards: list) -> None:
    card = next(c for c in cards if c.id == "W1-09")
    root = ElementTree.fromstring(card_svg(card))
    assert root.get("viewBox") == "0 0 88 63"
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "W1-09" in texts and "W1" in texts


def test_png_image_has_the_card_size_at_the_resolution(cards: list) -> None:
    card = next(c for c in cards if c.id == "emergency_cells")
    image = Image.open(io.BytesIO(card_png(card, dpi=100)))
    expected = (44 / 25.4 * 100, 63 / 25.4 * 100)  # PDFium rounds the edges up
    assert all(abs(got - want) <= 1 for got, want in zip(image.size, expected, strict=True))


def test_rendered_page_matches_the_golden_image(cards: list) -> None:
    """Set KEMBLE_UPDATE_GOLDEN=1 to accept a deliberate change (then look at the image)."""
    pdf = render_sheets(cards, SheetOptions())
    page = Image.open(io.BytesIO(pdf_page_png(pdf, 0, dpi=40))).convert("RGB")
    if os.environ.get("KEMBLE_UPDATE_GOLDEN"):
        page.save(GOLDEN_PAGE)
    golden = Image.open(GOLDEN_PAGE).convert("RGB")
    assert page.size == golden.size
    histogram = ImageChops.difference(page, golden).convert("L").histogram()
    mean = sum(value * count for value, count in enumerate(histogram)) / sum(histogram)
    assert mean < 2.0  # out of 255: anti-aliasing may differ a little between PDFium builds


def _back_svg(card: object) -> str:
    from kemble_tools.export.layout import Rect
    from kemble_tools.export.painter import SvgPainter

    painter = SvgPainter(*card.size, card.palette)  # type: ignore[attr-defined]
    card.back(painter, Rect(0, 0, *card.size), 0.0)  # type: ignore[attr-defined]
    return painter.document()


def test_every_deck_and_card_kind_has_a_back_of_its_own(cards: list) -> None:
    # R-COMP-1 R-COMP-2: a player sorts the decks by their backs
    bundle = base_bundle()
    space = [c for c in cards if c.id in bundle["cards"] and not bundle["cards"][c.id]["flip"]]
    by_deck: dict[str, set[str]] = {}
    for card in space:
        deck = bundle["cards"][card.id]["deck"]
        if deck not in bundle["bosses"]:
            by_deck.setdefault(deck, set()).add(_back_svg(card))
    assert all(len(backs) == 1 for backs in by_deck.values())  # one back a deck
    assert len({next(iter(backs)) for backs in by_deck.values()}) == len(by_deck) == 6
    kinds = {c.id: _back_svg(c) for c in cards if c.id in ("afterburner", "sensor-20", "engine-1")}
    assert len(set(kinds.values())) == 3


def test_boss_cards_show_their_number_and_warnings_share_one_space_back(cards: list) -> None:
    # R-COMP-2 R-BOS-2 R-SET-4: setup picks boss cards by number; a Warning card goes into the
    # space deck unseen, so every Warning card has the same back, at the space cards' size
    bundle = base_bundle()
    for number in range(1, 5):
        back = _back_svg(next(c for c in cards if c.id == f"BOSS-CANNONRAM-{number}"))
        assert f">{number}<" in back
    warnings = [c for c in cards if c.id in {b["warning_card"] for b in bundle["bosses"].values()}]
    assert len(warnings) == 4 and all(c.size == SPACE_CARD for c in warnings)
    assert len({_back_svg(c) for c in warnings}) == 1


def _pixels(card: object, dpi: int = 60, grayscale: bool = False) -> Image.Image:
    """A card face rendered by PDFium with no smoothing, so flat backgrounds stay flat."""
    import pypdfium2

    from kemble_tools.export.layout import Rect
    from kemble_tools.export.pdf import PdfPainter

    buffer = io.BytesIO()
    from reportlab.pdfgen.canvas import Canvas

    size = card.size  # type: ignore[attr-defined]
    canvas = Canvas(buffer, pagesize=(size[0] * mm, size[1] * mm))
    painter = PdfPainter(canvas, card.palette, grayscale=grayscale)  # type: ignore[attr-defined]
    card.front(painter, Rect(0, 0, *size), 0.0)  # type: ignore[attr-defined]
    canvas.showPage()
    canvas.save()
    document = pypdfium2.PdfDocument(buffer.getvalue())
    try:
        image = (
            document[0]
            .render(scale=dpi / 72, no_smoothtext=True, no_smoothpath=True, no_smoothimage=True)
            .to_pil()
        )
    finally:
        document.close()
    return image.convert("RGB")


def test_no_mark_inside_the_safe_area(cards: list) -> None:
    """A print shop trims ±1-2 mm: every mark stays 3 mm inside the trim, where only the
    card's flat backgrounds may be (the space, the text panel and the paper)."""
    safe = 3.0  # mm: the requirement, not the module's constant

    flat = {tuple(round(c * 255) for c in COLOURS[n][0]) for n in ("space", "panel", "paper")}
    dpi = 80
    for card in cards:
        image = _pixels(card, dpi)
        width, height = image.size
        edge = int(safe / 25.4 * dpi) - 1  # whole pixels inside the safe strip
        strip = [
            image.getpixel((x, y))
            for x in range(width)
            for y in range(height)
            if min(x, y, width - 1 - x, height - 1 - y) < edge
        ]
        stray = {pixel for pixel in strip if pixel not in flat}
        assert not stray, (card.id, sorted(stray)[:3])


def test_every_shipped_text_fits_at_seven_points_or_more(cards: list) -> None:
    from kemble_tools.export.layout import Rect
    from kemble_tools.games.kembles_cascade.export.faces import fit_text, text_box

    for card in [c for c in cards if c.text]:
        box = text_box(Rect(0, 0, *card.size), card.footer)
        size, _, fits = fit_text(card.text, box.width, box.height)
        assert fits and size >= 7, card.id


def test_text_that_cannot_fit_is_a_validate_warning_at_its_card(tmp_path: Path) -> None:
    from cli_helpers import kemble

    words = " ".join(["The ship may jump again, and again, and again."] * 30)
    (tmp_path / "pu.yaml").write_text(
        "# yaml-language-server: $schema=../schema/powerups.schema.json\nkind: powerups\n"
        f"powerups:\n  - {{id: windbag, name: Windbag, timing: own_turn, flavor: '{words}'}}\n",
        encoding="utf-8",
    )
    run = kemble("validate", str(tmp_path), "--format", "json")
    found = [d for d in json.loads(run.stdout) if d["code"] == "card.text_overflow"]
    assert run.returncode == 0  # a warning: the content is valid, its card is not printable
    assert [(d["line"], d["column"], d["severity"]) for d in found] == [(4, 5, "warning")]


def test_a_greyscale_print_has_no_colour_and_its_symbols_differ_in_shape(cards: list) -> None:
    # R-SYM-4 R-SYM-5: gamma vs distant threat arrows, omni threat (star) vs special (diamond)
    card = next(c for c in cards if c.id == "BOSS-BANSHEE-5")  # gamma arrow and a special rule
    image = _pixels(card, 60, grayscale=True)
    red, green, blue = image.split()
    assert ImageChops.difference(red, green).getbbox() is None
    assert ImageChops.difference(green, blue).getbbox() is None
    from kemble_tools.export.painter import SvgPainter
    from kemble_tools.games.kembles_cascade.export.symbols import arrow

    def arrow_points(double: bool) -> int:
        painter = SvgPainter(10, 10, COLOURS)
        arrow(painter, 5, 5, "E", "gamma", double=double)
        return painter.document().count(",")

    assert arrow_points(True) != arrow_points(False)


def test_a_print_shop_png_has_its_bleed_and_its_resolution(cards: list) -> None:
    card = next(c for c in cards if c.id == "S1-01")
    image = Image.open(io.BytesIO(card_png(card, dpi=300, bleed=3.0)))
    expected = ((88 + 6) / 25.4 * 300, (63 + 6) / 25.4 * 300)
    assert all(abs(got - want) <= 1 for got, want in zip(image.size, expected, strict=True))
    assert [round(v) for v in image.info["dpi"]] == [300, 300]
    back = Image.open(io.BytesIO(card_png(card, dpi=300, bleed=3.0, back=True)))
    assert (
        back.size == image.size
        and ImageChops.difference(back.convert("RGB"), image.convert("RGB")).getbbox()
    )


def test_tabletop_simulator_decks_import_as_grids(tmp_path: Path) -> None:
    from cli_helpers import kemble

    run = kemble("export", "tts", "--deck", "S1", "--deck", "CANNONRAM", "--out", str(tmp_path))
    assert run.returncode == 0, run.stdout + run.stderr
    folder = tmp_path / "tts"
    s1 = json.loads((folder / "S1.json").read_text(encoding="utf-8"))["ObjectStates"][0]
    assert s1["Name"] == "DeckCustom" and len(s1["ContainedObjects"]) == 23
    assert s1["DeckIDs"] == [c["CardID"] for c in s1["ContainedObjects"]]
    assert s1["CustomDeck"]["1"]["NumWidth"] == 10 and s1["CustomDeck"]["1"]["NumHeight"] == 7
    grid = Image.open(folder / s1["CustomDeck"]["1"]["FaceURL"])
    back = Image.open(folder / s1["CustomDeck"]["1"]["BackURL"])
    assert grid.size == (back.size[0] * 10, back.size[1] * 7)  # one back-sized slot a card
    boss = json.loads((folder / "CANNONRAM.json").read_text(encoding="utf-8"))["ObjectStates"][0]
    assert [c["Nickname"] for c in boss["ContainedObjects"]] == [
        f"BOSS-CANNONRAM-{n}" for n in range(1, 5)
    ]


def test_the_print_shop_file_puts_backs_first_in_cmyk_under_240_percent_ink(cards: list) -> None:
    from kemble_tools.export.painter import grey
    from kemble_tools.export.sheets import PRINT_SHOP

    assert all(sum(cmyk) <= 2.4 for _, cmyk in COLOURS.values())
    assert all(sum(grey(colour)[1]) <= 1.0 for colour in COLOURS.values())
    s1 = [c for c in cards if c.id.startswith("S1-")]
    pages = plan_pages(s1, PRINT_SHOP)
    assert len(pages) == 2 * len(s1)
    assert [page.backs for page in pages[:4]] == [True, False, True, False]
    assert pages[0].cards == pages[1].cards  # the back, then the front of the same card
    pdf = render_sheets(s1[:1], PRINT_SHOP)
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    assert round(float(page.mediabox.width) / mm) == 94  # 88 mm and 3 mm bleed each side


def test_a_crowded_row_of_symbols_is_a_validate_warning_at_its_card(tmp_path: Path) -> None:
    from cli_helpers import kemble

    (tmp_path / "x1.yaml").write_text(
        "# yaml-language-server: $schema=../schema/space-cards.schema.json\n"
        "kind: space_cards\ndeck: {code: X1, name: Crowded}\ncards:\n"
        "  - id: X1-01\n    quadrants:\n"
        "      - {object: fighter, energy: 5, threat: 5,\n"
        "         distant_threat: {count: 5, direction: S}}\n"
        "      - {object: fighter, energy: 3, threat: 1}\n"
        "  - id: X1-02\n    quadrants:\n"
        "      - {object: empty}\n"
        "      - {object: turret, energy: 5, threat: 5, omni_threat: 1}\n",
        encoding="utf-8",
    )
    run = kemble("validate", str(tmp_path), "--format", "json")
    crowded = [d for d in json.loads(run.stdout) if d["code"] == "card.crowded"]
    assert run.returncode == 0  # warnings: the content is valid, its cards print badly
    assert [(d["line"], d["severity"]) for d in crowded] == [(5, "warning"), (10, "warning")]
    assert "left quadrant run past it" in crowded[0]["message"]
    assert "deck code" in crowded[1]["message"]


def test_marks_are_measured_as_wholes_and_their_overlaps_found() -> None:
    from kemble_tools.export.check import BoxPainter, overlapping
    from kemble_tools.games.kembles_cascade.export.symbols import flip_icon, shield

    alone = BoxPainter()
    shield(alone, 10, 10, "laser")  # its letter sits inside it: one mark, no overlap
    flip_icon(alone, 20, 10)
    assert len(alone.marks) == 2 and not overlapping(alone.marks)
    crowded = BoxPainter()
    shield(crowded, 10, 10, "laser")
    shield(crowded, 12, 11, "gamma")
    assert overlapping(crowded.marks)
