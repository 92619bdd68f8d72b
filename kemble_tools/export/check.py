"""What `kemble validate` checks of the printed cards, reported at the card's place in its file:
rules text that would overflow its card even at the smallest body size (7 pt), and a row of
symbols that runs out of its quadrant or into the deck code (measured from the boxes of what
the card's own drawing routine draws)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from kemble_tools.diagnostics import Diagnostic, Severity
from kemble_tools.export.faces import (
    BODY_SMALLEST,
    SAFE,
    Painter,
    deck_code,
    draw_quadrant,
    fit_text,
    text_box,
)
from kemble_tools.export.layout import SPACE_CARD, Rect
from kemble_tools.export.metrics import MM, string_width
from kemble_tools.export.sheets import print_cards
from kemble_tools.validate.catalog import Catalog, Item


def print_warnings(
    bundle: dict[str, Any], catalog: Catalog, files: set[str] | None = None
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


def source_item(catalog: Catalog, card_id: str, bundle: dict[str, Any]) -> Item | None:
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


class BoxPainter(Painter):
    """Draws nothing: records the box of every mark (circles, polygons, text) drawn."""

    def __init__(self) -> None:
        self.boxes: list[tuple[str, Rect]] = []
        self.marks: list[list[Rect]] = []  # the boxes of each mark
        self._open = False

    @contextmanager
    def mark(self) -> Iterator[None]:
        self.marks.append([])
        self._open = True
        try:
            yield
        finally:
            self._open = False

    def _record(self, what: str, box: Rect) -> None:
        self.boxes.append((what, box))
        if self._open:
            self.marks[-1].append(box)
        else:
            self.marks.append([box])

    def rect(self, box: Rect, colour: str, radius: float = 0.0) -> None:
        pass  # backgrounds and panels are not marks

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str, width: float) -> None:
        pass

    def polygon(self, points: list[tuple[float, float]], colour: str) -> None:
        xs, ys = [x for x, _ in points], [y for _, y in points]
        self._record("shape", Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))

    def circle(self, x: float, y: float, radius: float, colour: str) -> None:
        self._record("shape", Rect(x - radius, y - radius, 2 * radius, 2 * radius))

    def picture(self, box: Rect, art: dict[str, str]) -> None:
        pass

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        colour: str = "ink",
        bold: bool = False,
        align: str = "left",
    ) -> None:
        width = string_width(text, size, bold) / MM
        left = {"left": x, "right": x - width, "centre": x - width / 2}[align]
        self._record(text, Rect(left, y, width, size * 0.26))


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
        elif side == 1 and any(_overlap(mark, code_box) for mark in row):
            problems.append("the symbols of its right quadrant run into the deck code")
    return problems


def overlapping(marks: list[list[Rect]]) -> bool:
    """Whether any two marks (each a group of boxes) overlap."""
    outlines = [_outline(boxes) for boxes in marks if boxes]
    return any(_overlap(a, b) for i, a in enumerate(outlines) for b in outlines[i + 1 :])


def _outline(boxes: list[Rect]) -> Rect:
    x, y = min(b.x for b in boxes), min(b.y for b in boxes)
    return Rect(x, y, max(b.right for b in boxes) - x, max(b.top for b in boxes) - y)


def _overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.top and b.y < a.top


def _crowded_cards(
    bundle: dict[str, Any], catalog: Catalog, files: set[str] | None
) -> list[Diagnostic]:
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
