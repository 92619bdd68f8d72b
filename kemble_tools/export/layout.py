"""Sheet layout for print-and-play: cards on a grid with bleed, crop marks outside the trim.

Everything here is geometry in millimetres with the origin at the page's bottom-left corner (as
in PDF), for cards of any size; drawing lives in `painter.py`, `pdf.py` and the games' faces.
"""

from __future__ import annotations

from dataclasses import dataclass

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARK_LENGTH = 4.0
MARK_GAP = 1.0  # crop marks start this far outside the bleed, so they never touch a card
MARGIN = 4.0  # what most home printers cannot print


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def grow(self, by: float) -> Rect:
        return Rect(self.x - by, self.y - by, self.width + 2 * by, self.height + 2 * by)

    def union(self, other: Rect) -> Rect:
        x, y = min(self.x, other.x), min(self.y, other.y)
        return Rect(x, y, max(self.right, other.right) - x, max(self.top, other.top) - y)


@dataclass(frozen=True)
class Sheet:
    """Where the cards of one page go: page size and the trim rectangle of every slot."""

    page: tuple[float, float]
    slots: tuple[Rect, ...]
    bleed: float

    @property
    def trim_box(self) -> Rect:
        box = self.slots[0]
        for slot in self.slots[1:]:
            box = box.union(slot)
        return box

    @property
    def bleed_box(self) -> Rect:
        return self.trim_box.grow(self.bleed)

    def mirrored(self) -> Sheet:
        """The same slots seen from the back of the sheet: left and right swap (duplex)."""
        width = self.page[0]
        return Sheet(
            self.page,
            tuple(Rect(width - s.right, s.y, s.width, s.height) for s in self.slots),
            self.bleed,
        )


def grid(paper: str, card: tuple[float, float], bleed: float) -> Sheet:
    """As many cards as fit, centred, on the paper upright or turned, whichever holds more;
    cards sit bleed to bleed so cutting wastes nothing."""
    width, height = PAPERS[paper]
    best = max(
        (_fit((width, height), card, bleed), _fit((height, width), card, bleed)),
        key=lambda sheet: len(sheet.slots),
    )
    if not best.slots:
        raise ValueError(
            f"a {card[0]:g} x {card[1]:g} mm card with {bleed:g} mm bleed does not fit on {paper}"
        )
    return best


def _fit(page: tuple[float, float], card: tuple[float, float], bleed: float) -> Sheet:
    reserve = MARGIN + MARK_LENGTH + MARK_GAP
    cell_w, cell_h = card[0] + 2 * bleed, card[1] + 2 * bleed
    columns = max(0, int((page[0] - 2 * reserve) // cell_w))
    rows = max(0, int((page[1] - 2 * reserve) // cell_h))
    left = (page[0] - columns * cell_w) / 2 + bleed
    top = page[1] - (page[1] - rows * cell_h) / 2 - bleed
    slots = tuple(
        Rect(left + c * cell_w, top - (r + 1) * card[1] - r * 2 * bleed, *card)
        for r in range(rows)
        for c in range(columns)
    )
    return Sheet(page, slots, bleed)


def one_up(card: tuple[float, float], bleed: float) -> Sheet:
    """One card per page, the page being the card and its bleed (what print shops ask for)."""
    page = (card[0] + 2 * bleed, card[1] + 2 * bleed)
    return Sheet(page, (Rect(bleed, bleed, *card),), bleed)


def crop_marks(sheet: Sheet, full_length: bool = False) -> list[tuple[float, float, float, float]]:
    """Line segments (x1, y1, x2, y2) on every trim line, in the margins outside the cards'
    bleed; with `full_length` they run across the whole page as cutting guides."""
    bleed_box = sheet.bleed_box
    xs = sorted({s.x for s in sheet.slots} | {s.right for s in sheet.slots})
    ys = sorted({s.y for s in sheet.slots} | {s.top for s in sheet.slots})
    width, height = sheet.page
    lines = []
    for x in xs:
        if full_length:
            lines.append((x, 0.0, x, height))
            continue
        lines.append((x, bleed_box.top + MARK_GAP, x, bleed_box.top + MARK_GAP + MARK_LENGTH))
        lines.append((x, bleed_box.y - MARK_GAP - MARK_LENGTH, x, bleed_box.y - MARK_GAP))
    for y in ys:
        if full_length:
            lines.append((0.0, y, width, y))
            continue
        lines.append((bleed_box.x - MARK_GAP - MARK_LENGTH, y, bleed_box.x - MARK_GAP, y))
        lines.append((bleed_box.right + MARK_GAP, y, bleed_box.right + MARK_GAP + MARK_LENGTH, y))
    return lines
