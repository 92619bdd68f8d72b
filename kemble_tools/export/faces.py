"""Card faces drawn as vector shapes from the bundle's data, legible at the real card size.

A space card is two 44 x 63 mm quadrants: Object Energy pips top-left, threat symbols beside them,
distant threat as arrows pointing the way it fires (violet for gamma), omni threat as a star, the
reward at the bottom centre, then Global Bellonium, -M/-MM, immunities, the Special Effect mark.
The deck code is top right and the card id bottom left. Text cards (power-ups, missions,
achievements, sensors, upgrades) print rules text generated from the compiled effects.
"""

from __future__ import annotations

import math
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from html import escape
from itertools import pairwise
from typing import Any

from kemble_tools.export.layout import Rect
from kemble_tools.export.metrics import MM, split_lines

# name: (RGB 0-1, CMYK 0-1)
COLOURS: dict[str, tuple[tuple[float, float, float], tuple[float, float, float, float]]] = {
    "space": ((0.08, 0.10, 0.20), (0.60, 0.50, 0.0, 0.80)),
    "panel": ((0.16, 0.19, 0.33), (0.52, 0.42, 0.0, 0.67)),
    "ink": ((1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 0.0)),
    "text": ((0.10, 0.10, 0.12), (0.0, 0.0, 0.0, 0.9)),
    "paper": ((0.97, 0.96, 0.92), (0.0, 0.01, 0.05, 0.03)),
    "energy": ((0.35, 0.85, 0.45), (0.59, 0.0, 0.47, 0.15)),
    "threat": ((0.92, 0.22, 0.20), (0.0, 0.76, 0.78, 0.08)),
    "distant": ((0.98, 0.60, 0.15), (0.0, 0.39, 0.85, 0.02)),
    "gamma": ((0.72, 0.40, 0.95), (0.24, 0.58, 0.0, 0.05)),
    "bellonium": ((0.98, 0.82, 0.25), (0.0, 0.16, 0.74, 0.02)),
    "glory": ((0.95, 0.95, 0.60), (0.0, 0.0, 0.37, 0.05)),
    "special": ((0.35, 0.85, 0.95), (0.63, 0.11, 0.0, 0.05)),
    "shield": ((0.80, 0.82, 0.88), (0.09, 0.07, 0.0, 0.12)),
    # the player symbols on sensor cards (R-COMP-3)
    "red": ((0.85, 0.15, 0.15), (0.0, 0.82, 0.82, 0.15)),
    "blue": ((0.15, 0.40, 0.90), (0.83, 0.56, 0.0, 0.10)),
    "green": ((0.15, 0.70, 0.30), (0.79, 0.0, 0.57, 0.30)),
    "yellow": ((0.95, 0.80, 0.10), (0.0, 0.16, 0.89, 0.05)),
    "purple": ((0.55, 0.25, 0.75), (0.27, 0.67, 0.0, 0.25)),
    # more deck colours for the backs (DECK_PALETTE)
    "pink": ((0.98, 0.55, 0.75), (0.0, 0.44, 0.23, 0.02)),
    "tan": ((0.72, 0.52, 0.32), (0.0, 0.28, 0.56, 0.28)),
    "teal": ((0.0, 0.60, 0.50), (1.0, 0.0, 0.17, 0.40)),
    "lavender": ((0.75, 0.65, 0.95), (0.21, 0.32, 0.0, 0.05)),
    "lime": ((0.78, 0.90, 0.25), (0.13, 0.0, 0.72, 0.10)),
    "moss": ((0.50, 0.60, 0.30), (0.17, 0.0, 0.50, 0.40)),
    "steel": ((0.0, 0.45, 0.65), (1.0, 0.31, 0.0, 0.35)),
    "magenta": ((0.95, 0.10, 0.55), (0.0, 0.89, 0.42, 0.05)),
}
SAFE = 3.0  # mm inside the trim that every mark keeps clear of (a print shop's safe area)
DESCENT = 0.6  # mm from a small text's baseline down to the bottom of its descenders
_ARROW_ANGLE = {"E": 0, "NE": 45, "N": 90, "NW": 135, "W": 180, "SW": 225, "S": 270, "SE": 315}


class Painter:
    """What card faces draw on, in millimetres from the bottom-left corner. Two backends share
    every drawing routine: a ReportLab canvas (PDF sheets) and SVG (card images)."""

    def rect(self, box: Rect, colour: str, radius: float = 0.0) -> None:
        raise NotImplementedError

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str, width: float) -> None:
        raise NotImplementedError

    def polygon(self, points: list[tuple[float, float]], colour: str) -> None:
        raise NotImplementedError

    def circle(self, x: float, y: float, radius: float, colour: str) -> None:
        raise NotImplementedError

    def picture(self, box: Rect, art: dict[str, str]) -> None:
        """A PNG or SVG picture (`{"format", "data"}` from the bundle), fitted into `box`."""
        raise NotImplementedError

    def mark(self) -> AbstractContextManager[None]:
        """Everything drawn inside is one mark (a shield and its letter), for layout checks;
        the drawing backends ignore it."""
        return nullcontext()

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
        raise NotImplementedError


def grey(name: str) -> tuple[tuple[float, float, float], tuple[float, float, float, float]]:
    """A colour as the grey of its luminance (Rec. 709), in RGB and as black ink in CMYK: what a
    greyscale print shows, so that symbols must differ in shape to stay readable."""
    red, green, blue = COLOURS[name][0]
    level = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return (level, level, level), (0.0, 0.0, 0.0, 1.0 - level)


class SvgPainter(Painter):
    """Collects SVG elements for one image of `width` x `height` mm (y grows downwards)."""

    POINT = 25.4 / 72  # a typographic point in mm

    def __init__(self, width: float, height: float, grayscale: bool = False) -> None:
        self.width, self.height, self.grayscale = width, height, grayscale
        self.elements: list[str] = []

    def colour(self, name: str) -> str:
        red, green, blue = (grey(name) if self.grayscale else COLOURS[name])[0]
        return f"#{round(red * 255):02x}{round(green * 255):02x}{round(blue * 255):02x}"

    def _y(self, y: float) -> float:
        return self.height - y

    def rect(self, box: Rect, colour: str, radius: float = 0.0) -> None:
        self.elements.append(
            f'<rect x="{box.x:.2f}" y="{self._y(box.top):.2f}" width="{box.width:.2f}" '
            f'height="{box.height:.2f}" rx="{radius:.2f}" fill="{self.colour(colour)}"/>'
        )

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str, width: float) -> None:
        self.elements.append(
            f'<line x1="{x1:.2f}" y1="{self._y(y1):.2f}" x2="{x2:.2f}" y2="{self._y(y2):.2f}" '
            f'stroke="{self.colour(colour)}" stroke-width="{width * self.POINT:.2f}"/>'
        )

    def polygon(self, points: list[tuple[float, float]], colour: str) -> None:
        pairs = " ".join(f"{x:.2f},{self._y(y):.2f}" for x, y in points)
        self.elements.append(f'<polygon points="{pairs}" fill="{self.colour(colour)}"/>')

    def circle(self, x: float, y: float, radius: float, colour: str) -> None:
        self.elements.append(
            f'<circle cx="{x:.2f}" cy="{self._y(y):.2f}" r="{radius:.2f}" '
            f'fill="{self.colour(colour)}"/>'
        )

    def picture(self, box: Rect, art: dict[str, str]) -> None:
        kind = "svg+xml" if art["format"] == "svg" else "png"
        self.elements.append(
            f'<image x="{box.x:.2f}" y="{self._y(box.top):.2f}" width="{box.width:.2f}" '
            f'height="{box.height:.2f}" preserveAspectRatio="xMidYMid meet" '
            f'href="data:image/{kind};base64,{art["data"]}"/>'
        )

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
        anchor = {"left": "start", "right": "end", "centre": "middle"}[align]
        weight = ' font-weight="bold"' if bold else ""
        self.elements.append(
            f'<text x="{x:.2f}" y="{self._y(y):.2f}" font-family="Bitstream Vera Sans, DejaVu '
            f'Sans, sans-serif" font-size="{size * self.POINT:.2f}"{weight} '
            f'text-anchor="{anchor}" fill="{self.colour(colour)}">{escape(text)}</text>'
        )

    def document(self) -> str:
        body = "\n".join(self.elements)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:g}mm" '
            f'height="{self.height:g}mm" viewBox="0 0 {self.width:g} {self.height:g}">\n'
            f"{body}\n</svg>\n"
        )


# --- symbols -------------------------------------------------------------------------------------


MOST_DRAWN = 5  # symbols of one kind drawn one by one; past that, one symbol and "×N"


def _pips(p: Painter, x: float, y: float, count: int) -> float:
    """Object Energy: one pip a point, in rows of five (two rows at most). Returns the x after
    them."""
    if count > 2 * MOST_DRAWN:
        p.circle(x + 1.6, y - 1.6, 1.15, "energy")
        return _times(p, x + 3.0, y, count)
    for i in range(count):
        p.circle(x + 1.6 + (i % 5) * 3.0, y - 1.6 - (i // 5) * 3.0, 1.15, "energy")
    return x + min(count, 5) * 3.0 + 1.5


def _repeated(p: Painter, x: float, y: float, count: int, step: float, draw: Any) -> float:
    """`count` symbols drawn by `draw(x)` side by side, or one and "×N" when there are many, so
    that the drawing never grows with the number. Returns the x after them."""
    if count > MOST_DRAWN:
        draw(x)
        return _times(p, x + step, y, count)
    for i in range(count):
        draw(x + i * step)
    return x + count * step


def _times(p: Painter, x: float, y: float, count: int) -> float:
    p.text(x, y - 2.6, f"×{count}", 5.5, bold=True)
    return x + 3.0 + 1.6 * len(str(count))


def triangle(p: Painter, x: float, y: float, colour: str) -> None:
    p.polygon([(x, y - 2.6), (x + 2.6, y - 2.6), (x + 1.3, y)], colour)


def arrow(
    p: Painter, cx: float, cy: float, direction: str, colour: str, double: bool = False
) -> None:
    """A distant threat's arrow; gamma's has a second head (R-SYM-4), so the two differ in
    shape and not only in colour."""
    angle = math.radians(_ARROW_ANGLE[direction])
    shape = [(1.8, 0), (0, 1.4), (0, 0.5), (-1.8, 0.5), (-1.8, -0.5), (0, -0.5), (0, -1.4)]
    if double:
        shape = [(1.8, 0), (0.4, 1.4), (0.4, 0.6), (-0.4, 1.4), (-0.4, 0.5), (-1.8, 0.5),
                 (-1.8, -0.5), (-0.4, -0.5), (-0.4, -1.4), (0.4, -0.6), (0.4, -1.4)]  # fmt: skip
    p.polygon(
        [
            (
                cx + x * math.cos(angle) - y * math.sin(angle),
                cy + x * math.sin(angle) + y * math.cos(angle),
            )
            for x, y in shape
        ],
        colour,
    )


def diamond(p: Painter, cx: float, cy: float) -> None:
    """A special effect: a boss rule or a card's own (R-SYM-13)."""
    p.polygon([(cx, cy + 1.9), (cx + 1.9, cy), (cx, cy - 1.9), (cx - 1.9, cy)], "special")


def flip_icon(p: Painter, cx: float, cy: float) -> None:
    """Two arrows chasing each other round a circle: the card turns over (R-SYM-12)."""
    with p.mark():
        _flip_arrows(p, cx, cy)


def _flip_arrows(p: Painter, cx: float, cy: float) -> None:
    r = 1.2
    for start in (20, 200):
        points = [math.radians(start + step * 20) for step in range(8)]
        for a, b in pairwise(points):
            p.line(cx + r * math.cos(a), cy + r * math.sin(a),
                   cx + r * math.cos(b), cy + r * math.sin(b), "ink", 0.35)  # fmt: skip
        end = points[-1]
        tip = (cx + r * math.cos(end), cy + r * math.sin(end))
        back = end - math.pi / 2
        p.polygon(
            [
                (tip[0] + 0.7 * math.cos(end), tip[1] + 0.7 * math.sin(end)),
                (tip[0] - 0.7 * math.cos(end), tip[1] - 0.7 * math.sin(end)),
                (tip[0] + 0.8 * math.cos(back + math.pi), tip[1] + 0.8 * math.sin(back + math.pi)),
            ],
            "ink",
        )


def star(p: Painter, cx: float, cy: float, radius: float, colour: str) -> None:
    points = []
    for i in range(16):
        r = radius if i % 2 == 0 else radius * 0.45
        a = math.pi / 2 + i * math.pi / 8
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    p.polygon(points, colour)


def hexagon(p: Painter, cx: float, cy: float, radius: float, colour: str) -> None:
    p.polygon(
        [
            (
                cx + radius * math.cos(math.pi / 6 + i * math.pi / 3),
                cy + radius * math.sin(math.pi / 6 + i * math.pi / 3),
            )
            for i in range(6)
        ],
        colour,
    )


def shield(p: Painter, x: float, y: float, weapon: str) -> None:
    with p.mark():
        corners = [(x, y + 3.6), (x + 3.6, y + 3.6), (x + 3.6, y + 1.6), (x + 1.8, y), (x, y + 1.6)]
        p.polygon(corners, "shield")
        p.text(x + 1.8, y + 1.5, weapon[0].upper(), 4.6, colour="text", bold=True, align="centre")


def crown(p: Painter, x: float, y: float, colour: str) -> None:
    p.polygon(
        [
            (x, y),
            (x + 4, y),
            (x + 4, y + 2.6),
            (x + 3, y + 1.4),
            (x + 2, y + 3),
            (x + 1, y + 1.4),
            (x, y + 2.6),
        ],
        colour,
    )


def bolt(p: Painter, x: float, y: float, colour: str) -> None:
    p.polygon(
        [
            (x + 1.4, y + 3.2),
            (x, y + 1.2),
            (x + 1.1, y + 1.2),
            (x + 0.6, y),
            (x + 2.2, y + 2.0),
            (x + 1.1, y + 2.0),
        ],
        colour,
    )


# --- faces ---------------------------------------------------------------------------------------


def draw_space_card(
    p: Painter,
    trim: Rect,
    bleed: float,
    card: dict[str, Any],
    objects: dict[str, Any],
    back: bool = False,
    art: dict[str, Any] | None = None,
) -> None:
    """One space card: two quadrants, deck code top right, card id bottom left with the flip
    icon on a card that turns (R-SYM-12), the card's name bottom centre. Every mark stays SAFE
    mm inside the trim."""
    p.rect(trim.grow(bleed), "space")
    quadrants = card["back"] if back else card["quadrants"]
    half = trim.width / 2
    for i, quadrant in enumerate(quadrants):
        box = Rect(trim.x + i * half, trim.y, half, trim.height)
        draw_quadrant(p, box, quadrant, objects, (art or {}).get(quadrant.get("art", "")))
    bottom = trim.y + SAFE + (4.0 if card.get("name") else 0)  # the name sits under the line
    p.line(trim.x + half, bottom, trim.x + half, trim.top - SAFE, "panel", 0.4)
    deck_code(p, trim, card["deck"])
    label = card["id"] + (" back" if back else "")
    baseline = trim.y + SAFE + DESCENT  # descenders stay out of the safe area too
    p.text(trim.x + SAFE, baseline, label, 5.5)
    if card.get("flip"):
        flip_icon(p, trim.x + SAFE + 1.3 * len(label) + 2.6, baseline + 1.3)
    if card.get("name"):
        p.text(trim.x + trim.width / 2, baseline, card["name"], 6.5, bold=True, align="centre")


def deck_code(p: Painter, trim: Rect, code: str) -> None:
    """The deck symbol, top right (R-SET-5); a long one (a boss's name) smaller, so that the
    right quadrant's symbols keep their room."""
    size = 7 if len(code) <= 3 else 5
    p.text(trim.right - SAFE, trim.top - SAFE - size * 0.36, code, size, bold=True, align="right")


def draw_quadrant(
    p: Painter,
    box: Rect,
    quadrant: dict[str, Any],
    objects: dict[str, Any],
    art: dict[str, str] | None = None,
) -> None:
    kind = quadrant["object"]
    inner = box.grow(-1.5)
    panel = Rect(inner.x, inner.y + 9, inner.width, inner.height - 17)
    if kind != "empty":
        p.rect(panel, "panel", radius=2)
    if art is not None:  # the card's picture, in its panel, under the name
        p.picture(panel.grow(-0.8), art)
    name = quadrant.get("name") or objects.get(kind, {}).get("name", kind)
    if kind != "empty":
        p.text(
            box.x + box.width / 2, box.y + box.height / 2 - 1, name, 7, bold=True, align="centre"
        )
    x, y = box.x + SAFE + 0.2, box.top - SAFE - 0.2
    x = _pips(p, x, y, int(quadrant.get("energy", 0)))
    x = _repeated(
        p, x, y, int(quadrant.get("threat", 0)), 3.2, lambda at: triangle(p, at, y, "threat")
    )
    for key, colour in (("distant_threat", "distant"), ("gamma_distant_threat", "gamma")):
        if line := quadrant.get(key):
            x = _repeated(
                p,
                x,
                y,
                int(line["count"]),
                4.0,
                lambda at, line=line, colour=colour: arrow(
                    p, at + 1.8, y - 1.4, line["direction"], colour, double=colour == "gamma"
                ),
            )
    x = _repeated(
        p,
        x,
        y,
        int(quadrant.get("omni_threat", 0)),
        3.8,
        lambda at: star(p, at + 1.6, y - 1.7, 1.7, "threat"),
    )
    _draw_reward(p, box, quadrant.get("reward", {}))
    _draw_extras(p, box, quadrant)


def _draw_reward(p: Painter, box: Rect, reward: dict[str, int]) -> None:
    """R-FIR-7: the reward, bottom centre."""
    parts = [(k, reward[k]) for k in ("bellonium", "glory", "energy") if reward.get(k)]
    x = box.x + box.width / 2 - 4.5 * len(parts)
    for key, amount in parts:
        if key == "bellonium":
            hexagon(p, x + 2, box.y + 7, 1.8, "bellonium")
        elif key == "glory":
            crown(p, x, box.y + 5.6, "glory")
        else:
            bolt(p, x + 1, box.y + 5.4, "energy")
        p.text(x + 4.6, box.y + 5.9, ("+" if key == "energy" else "") + str(amount), 6.5)
        x += 9


def _draw_extras(p: Painter, box: Rect, quadrant: dict[str, Any]) -> None:
    y = box.y + 12
    if quadrant.get("global_bellonium"):
        with p.mark():
            hexagon(p, box.x + SAFE + 2.4, y, 2.2, "bellonium")
            p.text(box.x + SAFE + 2.4, y - 0.9, "G", 4.5, colour="text", bold=True, align="centre")
        p.text(box.x + SAFE + 5.4, y - 1, f"x{quadrant['global_bellonium']}", 6)
    if quadrant.get("move_cost"):
        p.text(
            box.right - SAFE - 0.5,
            y - 1,
            "-" + "M" * int(quadrant["move_cost"]),
            7,
            bold=True,
            align="right",
        )
    immune = quadrant.get("immune", [])
    for i, weapon in enumerate(immune):  # R-SYM-11: a shield per weapon, marked with its letter
        shield(p, box.x + 3.5 + i * 5.0, box.top - 14.0, weapon)
    if quadrant.get("special"):  # a diamond: the omni threat is a star (greyscale tells them)
        cx, cy = box.right - SAFE - 2.0, box.top - 9.5
        diamond(p, cx, cy)
        p.text(cx - 3, box.top - 10.5, quadrant["special"].replace("_", " "), 4.8, align="right")


def draw_text_card(
    p: Painter,
    trim: Rect,
    bleed: float,
    title: str,
    kind: str,
    code: str,
    card_id: str,
    text: str,
    footer: str = "",
    symbol: str | None = None,
) -> None:
    """A 44 x 63 mm card of rules text: title, kind, wrapped text, footer, code and id; a sensor
    card also shows its player symbol (R-COMP-3)."""
    box = trim.grow(bleed)
    p.rect(box, "paper")
    p.rect(Rect(box.x, trim.top - 11, box.width, box.top - trim.top + 11), "panel")
    p.text(trim.right - SAFE, trim.top - SAFE - 2.2, code, 5.5, bold=True, align="right")
    if symbol is not None:
        p.circle(trim.right - SAFE - 1.9, trim.top - 8.4, 1.9, symbol)
    p.text(trim.x + SAFE, trim.top - 8.8, title, 7.5, bold=True)
    p.text(trim.x + SAFE, trim.top - 14.5, kind, 5.5, colour="text")
    body = text_box(trim, bool(footer))
    size, lines, _ = fit_text(text, body.width, body.height)
    y = body.top - size * POINT
    for line in lines:
        p.text(body.x, y, line, size, colour="text")
        y -= size * POINT * LEADING
    if footer:
        p.text(trim.x + trim.width / 2, trim.y + SAFE + 3.6, footer, 6.5, colour="text",
               bold=True, align="centre")  # fmt: skip
    p.text(trim.x + SAFE, trim.y + SAFE + DESCENT, card_id, 5, colour="text")


POINT, LEADING = 25.4 / 72, 1.2  # a typographic point in mm; line height over font size
BODY_LARGEST, BODY_SMALLEST = 8.0, 7.0  # rules text shrinks to fit, never below 7 pt


def text_box(trim: Rect, footer: bool) -> Rect:
    """Where a text card's rules text goes: under the kind line, over the footer and id."""
    bottom = trim.y + SAFE + (7.5 if footer else 3.5)
    return Rect(trim.x + SAFE, bottom, trim.width - 2 * SAFE, trim.top - 17 - bottom)


def fit_text(text: str, width: float, height: float) -> tuple[float, list[str], bool]:
    """The largest size from BODY_LARGEST down to BODY_SMALLEST (half points) at which `text`
    fits `width` x `height` mm, its lines, and whether it fits at all (else the smallest size
    and every line, which `kemble validate` reports as an overflow)."""
    size = BODY_LARGEST
    while True:
        lines = split_lines(text, size, width * MM)
        needed = len(lines) * size * POINT * LEADING
        if needed <= height or size <= BODY_SMALLEST:
            return size, lines, needed <= height
        size -= 0.5


# The colours of the space decks' and bosses' backs: light enough for the dark code printed on
# them, and at least 30 apart in CIE76 ΔE from each other and from the Warning and Reference
# backs (threat, shield), which share the space cards' size (tests/test_deck_colours.py).
DECK_PALETTE = (
    "energy", "distant", "special", "gamma", "bellonium", "blue", "pink", "tan", "teal",
    "lavender", "lime", "moss", "steel", "magenta",
)  # fmt: skip
# A colour in words, for the key's alt text and for people who name colours differently.
COLOUR_WORDS = {
    "energy": "green", "distant": "orange", "special": "cyan", "gamma": "violet",
    "bellonium": "gold", "blue": "blue", "pink": "pink", "tan": "tan", "teal": "teal",
    "lavender": "lavender", "lime": "lime", "moss": "olive", "steel": "steel blue",
    "magenta": "magenta", "threat": "red", "shield": "silver",
}  # fmt: skip


@dataclass(frozen=True)
class Back:
    """What a card's back shows: a big mark on a coloured band (a deck code, a boss card's
    number: R-COMP-2), a title under it, and a shape, so decks differ in greyscale too."""

    mark: str
    title: str
    colour: str
    shape: str = "star"  # star, warning, hexagon, crown, bolt, circle


def draw_back(p: Painter, trim: Rect, bleed: float, back: Back) -> None:
    box = trim.grow(bleed)
    cx, cy = trim.x + trim.width / 2, trim.y + trim.height / 2
    p.rect(box, "space")
    p.rect(Rect(box.x, cy - 8, box.width, 16), back.colour)
    _back_shape(p, cx, trim.top - 9, back.shape)
    size = 15 if len(back.mark) <= 3 else 10
    p.text(cx, cy - size * 0.12, back.mark, size, colour="space", bold=True, align="centre")
    p.text(cx, trim.y + 8, back.title, 6.5, bold=True, align="centre")
    p.text(cx, trim.y + 4, "Kemble's Cascade", 5, align="centre")


def _back_shape(p: Painter, x: float, y: float, shape: str) -> None:
    if shape == "warning":
        p.polygon([(x - 4, y - 3.5), (x + 4, y - 3.5), (x, y + 3.5)], "threat")
    elif shape == "hexagon":
        hexagon(p, x, y, 3.5, "bellonium")
    elif shape == "crown":
        crown(p, x - 2.5, y - 2, "glory")
    elif shape == "bolt":
        bolt(p, x - 1.5, y - 2.5, "energy")
    elif shape == "circle":
        p.circle(x, y, 3.2, "shield")
    else:
        star(p, x, y, 4, "special")
