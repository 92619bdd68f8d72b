"""What `kemble validate` checks of Kemble's printed cards, reported at the card's place in its
file: rules text that would overflow its card even at the smallest body size (7 pt), and a row
of symbols that runs out of its quadrant or into the deck code (measured from the boxes of what
the card's own drawing routine draws)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kemble_tools.diagnostics import Diagnostic, Severity
from kemble_tools.export.check import BoxPainter, overlap, overlapping
from kemble_tools.export.layout import Rect
from kemble_tools.games.kembles_cascade.export.cards import print_cards
from kemble_tools.games.kembles_cascade.export.faces import (
    BODY_SMALLEST,
    SPACE_CARD,
    deck_code,
    draw_quadrant,
    fit_text,
    text_box,
)
from kemble_tools.games.kembles_cascade.export.symbols import SAFE
from kemble_tools.validate.catalog import Catalog, Item

Bundle = Mapping[str, Any]


def print_warnings(
    bundle: Bundle, catalog: Catalog, files: set[str] | None = None
) -> list[Diagnostic]:
    """Cards that will not print cleanly; with `files`, only the cards written in those files
    (what `kemble watch` re-checks after an edit)."""
    found = _crowded_cards(bundle, catalog, files)
    for card in print_cards(bundle):
        item = source_item(catalog, card.id, bundle)
        if not card.text or item is None or (files is not None and item.doc.file not in files):
            continue
        box = text_box(Rect(0, 0, *card.size), card.footer)
        _, lines, fits = fit_text(card.text, box.width, box.height)
        if not fits:
            found.append(
                item.doc.diagnostic(
                    item.path,
                    "card.text_overflow",
                    f"the rules text of {card.id} takes {len(lines)} lines and overflows its "
                    f"card even at {BODY_SMALLEST:g} pt",
                    severity=Severity.WARNING,
                    hint="shorten the text, or split the effect",
                )
            )
    return found


def source_item(catalog: Catalog, card_id: str, bundle: Bundle) -> Item | None:
    """Where a printed card comes from: its entry, its upgrade, its sensor or its boss."""
    for namespace in ("card", "powerups", "missions", "achievements"):
        if card_id in catalog.table(namespace):
            return catalog.table(namespace)[card_id]
    if card_id.startswith("sensor-"):
        return catalog.table("sensor").get(card_id.removeprefix("sensor-"))
    for boss_id, boss in bundle["bosses"].items():
        if boss["warning_card"] == card_id:
            return catalog.table("boss").get(boss_id)
    upgrade = card_id.rsplit("-", 1)[0]
    return catalog.table("upgrades").get(upgrade)


def crowding(card: dict[str, Any], objects: dict[str, Any]) -> list[str]:
    """What in the top row of a space card's quadrants runs past its quadrant (its safe edge,
    or the line between the two) or into the deck code: one message each."""
    trim = Rect(0, 0, *SPACE_CARD)
    half = trim.width / 2
    code = BoxPainter()
    deck_code(code, trim, card["deck"])
    code_box = code.boxes[0][1].grow(0.5)
    problems = []
    for side, quadrant in enumerate(card["quadrants"]):
        painter = BoxPainter()
        box = Rect(trim.x + side * half, trim.y, half, trim.height)
        draw_quadrant(painter, box, quadrant, objects)
        if overlapping(painter.marks):
            problems.append(f"two marks overlap on its {('left', 'right')[side]} quadrant")
        row = [mark for _, mark in painter.boxes if mark.top > trim.top - 9]
        end = max((mark.right for mark in row), default=0.0)
        if end > (box.right - 1 if side == 0 else box.right - SAFE):
            problems.append(f"the symbols of its {('left', 'right')[side]} quadrant run past it")
        elif side == 1 and any(overlap(mark, code_box) for mark in row):
            problems.append("the symbols of its right quadrant run into the deck code")
    return problems


def _crowded_cards(bundle: Bundle, catalog: Catalog, files: set[str] | None) -> list[Diagnostic]:
    found = []
    for card_id, card in bundle["cards"].items():
        item = catalog.table("card").get(card_id)
        if item is None or (files is not None and item.doc.file not in files):
            continue
        problems = crowding(card, bundle["objects"])
        if problems:
            found.append(
                item.doc.diagnostic(
                    item.path,
                    "card.crowded",
                    f"{card_id} will not print cleanly: {'; '.join(problems)}",
                    severity=Severity.WARNING,
                    hint="fewer symbols on one quadrant (past five, one symbol and ×N are drawn)",
                )
            )
    return found
