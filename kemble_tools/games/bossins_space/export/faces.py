"""What every Bossin' Space card face is made of, at any card size: the dark ground with the
kind's coloured band and the title on it, a panel of rules text that shrinks to fit (never
below 7 pt), the id at the foot; and the backs, one per kind, each with a shape of its own so
that the piles differ in greyscale too. Every mark stays SAFE mm inside the trim."""

from __future__ import annotations

from dataclasses import dataclass

from kemble_tools.export.layout import Rect
from kemble_tools.export.metrics import MM, POINT, fit_lines, split_lines, string_width
from kemble_tools.export.painter import Painter
from kemble_tools.games.bossins_space.export.shapes import SHAPES, arrow, ring

SAFE = 3.0  # a print shop's safe area, mm inside the trim
BAND = 15.0  # the height of the title band
LEADING = 1.2  # line height over font size
BODY_LARGEST, BODY_SMALLEST = 9.0, 7.0  # rules text shrinks to fit, never below 7 pt
FOOT = 7.5  # the foot under the text panel: the card id and its kind
GAME = "Bossin' Space"

# A paragraph of the text panel: its words and their colour (rules in ink, flavour muted).
Paragraph = tuple[str, str]


def ground(p: Painter, trim: Rect, bleed: float, band: str, height: float = BAND) -> None:
    """The card's dark ground to the edge of the bleed, and the kind's band across its top."""
    box = trim.grow(bleed)
    p.rect(box, "space")
    p.rect(Rect(box.x, trim.top - height, box.width, box.top - trim.top + height), band)


def fitted(text: str, width: float, largest: float, smallest: float, bold: bool) -> float:
    """The largest size (half points) at which one line of `text` is at most `width` mm."""
    size = largest
    while size > smallest and string_width(text, size, bold) / MM > width:
        size -= 0.5
    return size


def title(p: Painter, trim: Rect, text: str, subtitle: str, room: float = 0.0) -> None:
    """The name on the band, shrunk to leave `room` mm free at the right, and what the card
    is under it."""
    width = trim.width - 2 * SAFE - room
    size = fitted(text, width, 9.0, 6.0, bold=True)
    p.text(trim.x + SAFE, trim.top - SAFE - 4.2, text, size, colour="dark", bold=True)
    small = fitted(subtitle, width, 5.5, 4.5, bold=False)
    p.text(trim.x + SAFE, trim.top - SAFE - 9.0, subtitle, small, colour="dark")


def foot(p: Painter, trim: Rect, card_id: str, label: str) -> None:
    """The id bottom left (the print order's key) and the kind bottom right."""
    baseline = trim.y + SAFE + 0.8
    p.text(trim.x + SAFE, baseline, card_id, 5.0, colour="muted")
    p.text(trim.right - SAFE, baseline, label, 5.0, colour="muted", bold=True, align="right")


def panel_box(trim: Rect, top: float) -> Rect:
    """The text panel of a card: from `top` mm under the trim's top down to the foot."""
    bottom = trim.y + SAFE + FOOT - 2.0
    return Rect(trim.x + SAFE, bottom, trim.width - 2 * SAFE, trim.top - top - bottom)


def text_box(panel: Rect) -> Rect:
    """Where the text goes inside its panel."""
    return panel.grow(-1.8)


def fit_paragraphs(
    paragraphs: list[Paragraph], box: Rect
) -> tuple[float, list[tuple[str, str]], bool]:
    """The size the paragraphs fit `box` at, their lines with each one's colour, and whether
    they fit at all (what `kemble validate` warns about, export/check.py)."""
    whole = "\n".join(text for text, _ in paragraphs if text)
    size, _, fits = fit_lines(whole, box.width, box.height, BODY_LARGEST, BODY_SMALLEST, LEADING)
    lines = [
        (line, colour)
        for text, colour in paragraphs
        if text
        for line in split_lines(text, size, box.width * MM)
    ]
    return size, lines, fits


def text_panel(p: Painter, panel: Rect, paragraphs: list[Paragraph]) -> None:
    """The rules text on its panel at the largest size that fits: the rules from the top down,
    the flavour (muted) at the foot, apart from them."""
    p.rect(panel, "panel", radius=1.5)
    box = text_box(panel)
    size, lines, _ = fit_paragraphs(paragraphs, box)
    step = size * POINT * LEADING
    rules = [line for line in lines if line[1] != "muted"]
    flavour = [line for line in lines if line[1] == "muted"]
    y = box.top - size * POINT
    for line, colour in rules:
        p.text(box.x, y, line, size, colour=colour)
        y -= step
    y = box.y + 0.3 + (len(flavour) - 1) * step
    for line, colour in flavour:
        p.text(box.x, y, line, size, colour=colour)
        y -= step


def badge(p: Painter, x: float, y: float, shape: str, colour: str, value: str, label: str) -> None:
    """A value on its symbol, its name under it: a heart and the life, a burst and the damage."""
    with p.mark():
        SHAPES[shape](p, x, y, 4.6, colour)
        if value:
            size = 11.0 if len(value) == 1 else 8.5
            p.text(x, y - size * 0.14, value, size, colour="dark", bold=True, align="centre")
    p.text(x, y - 7.8, label, 5.0, colour="muted", align="centre")


def disc(p: Painter, trim: Rect) -> tuple[float, float]:
    """A dark disc in the band's top right corner, for a symbol that must stand out of any
    band colour (heat, a level, a number); its centre."""
    x, y = trim.right - SAFE - 4.6, trim.top - BAND / 2 - 0.5
    p.circle(x, y, 5.2, "space")
    return x, y


def columns_row(
    p: Painter,
    trim: Rect,
    top: float,
    marked: set[int],
    label: str,
    arrows: dict[int, str],
    lit_colour: str = "threat",
) -> None:
    """The four Timeline or grid columns as boxes, `top` mm under the trim's top, the marked
    ones lit (a Threat card's columns, a Boss Threat card's Timeline position); `arrows` puts
    a direction in a box (a Move Threat card's)."""
    width = (trim.width - 2 * SAFE - 3 * 1.5) / 4
    y = trim.top - top - 8.0
    for column in range(1, 5):
        x = trim.x + SAFE + (column - 1) * (width + 1.5)
        lit = column in marked
        p.rect(Rect(x, y, width, 8.0), lit_colour if lit else "slot", radius=1.0)
        if column in arrows:
            arrow(p, x + width / 2, y + 3.2, width * 0.7, arrows[column], "ink")
            p.text(x + width / 2, y + 5.6, str(column), 4.5, colour="ink", align="centre")
        else:
            p.text(x + width / 2, y + 2.6, str(column), 8, colour="ink" if lit else "line",
                   bold=True, align="centre")  # fmt: skip
    p.text(trim.x + SAFE, y - 3.0, label, 5.0, colour="muted")


@dataclass(frozen=True)
class Back:
    """What a kind's back shows: a big mark on a coloured band, the kind's name under it, and a
    shape of its own (piles differ in greyscale too)."""

    mark: str
    title: str
    colour: str
    shape: str


def draw_back(p: Painter, trim: Rect, bleed: float, back: Back) -> None:
    """A back at any size: the band across the middle, the shape above it, the game's name at
    the foot."""
    box = trim.grow(bleed)
    cx, cy = trim.x + trim.width / 2, trim.y + trim.height / 2
    scale = min(trim.width, trim.height) / 63
    p.rect(box, "space")
    p.rect(Rect(box.x, cy - 9 * scale, box.width, 18 * scale), back.colour)
    shape_y = cy + 20 * scale
    if back.shape == "ring":
        ring(p, cx, shape_y, 6 * scale, back.colour, "space")
    else:
        SHAPES[back.shape](p, cx, shape_y, 6 * scale, back.colour)
    mark = fitted(back.mark, trim.width - 2 * SAFE, 20 * scale, 8, bold=True)
    p.text(cx, cy - mark * 0.13, back.mark, mark, colour="dark", bold=True, align="centre")
    p.text(cx, cy - 16 * scale, back.title, 8 * scale, colour="ink", bold=True, align="centre")
    p.text(cx, trim.y + SAFE + 2, GAME, 6 * scale, colour="muted", align="centre")
