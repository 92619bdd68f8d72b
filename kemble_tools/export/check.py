"""What `kemble validate` checks of the printed cards, whatever the game: the game's own
warnings (CardHooks.print_warnings: rules text that overflows, symbols that run into each
other), and the tools they are measured with: a painter that records the box of every mark a
card's own drawing routine draws, and whether two marks overlap."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.export.hooks import card_hooks
from kemble_tools.export.layout import Rect
from kemble_tools.export.metrics import MM, string_width
from kemble_tools.export.painter import Painter
from kemble_tools.validate.catalog import Catalog, Item


def print_warnings(
    bundle: Mapping[str, Any], catalog: Catalog, files: set[str] | None = None
) -> list[Diagnostic]:
    """Cards that will not print cleanly; with `files`, only the cards written in those files
    (what `kemble watch` re-checks after an edit)."""
    return card_hooks(bundle).print_warnings(bundle, catalog, files)


def source_item(catalog: Catalog, card_id: str, bundle: Mapping[str, Any]) -> Item | None:
    """Where a printed card is written, or None."""
    return card_hooks(bundle).source_item(catalog, card_id, bundle)


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


def overlapping(marks: list[list[Rect]]) -> bool:
    """Whether any two marks (each a group of boxes) overlap."""
    outlines = [_outline(boxes) for boxes in marks if boxes]
    return any(overlap(a, b) for i, a in enumerate(outlines) for b in outlines[i + 1 :])


def _outline(boxes: list[Rect]) -> Rect:
    x, y = min(b.x for b in boxes), min(b.y for b in boxes)
    return Rect(x, y, max(b.right for b in boxes) - x, max(b.top for b in boxes) - y)


def overlap(a: Rect, b: Rect) -> bool:
    """Whether two boxes overlap (touching edges do not)."""
    return a.x < b.right and b.x < a.right and a.y < b.top and b.y < a.top
