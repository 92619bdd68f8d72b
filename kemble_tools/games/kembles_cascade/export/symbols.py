"""Kemble's Cascade's colours and symbols, drawn on the generic painter at the real card size.

A symbol must be told apart in greyscale too (R-SYM-4: gamma's arrow has a second head; the
omni threat is a star, a special effect a diamond), so shapes differ and not only colours.
"""

from __future__ import annotations

import math
from itertools import pairwise
from typing import Any

from kemble_tools.export.painter import Colour, Painter

# name: (RGB 0-1, CMYK 0-1): every colour the faces and backs name (CardHooks.palette)
COLOURS: dict[str, Colour] = {
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


MOST_DRAWN = 5  # symbols of one kind drawn one by one; past that, one symbol and "×N"


def pips(p: Painter, x: float, y: float, count: int) -> float:
    """Object Energy: one pip a point, in rows of five (two rows at most). Returns the x after
    them."""
    if count > 2 * MOST_DRAWN:
        p.circle(x + 1.6, y - 1.6, 1.15, "energy")
        return times(p, x + 3.0, y, count)
    for i in range(count):
        p.circle(x + 1.6 + (i % 5) * 3.0, y - 1.6 - (i // 5) * 3.0, 1.15, "energy")
    return x + min(count, 5) * 3.0 + 1.5


def repeated(p: Painter, x: float, y: float, count: int, step: float, draw: Any) -> float:
    """`count` symbols drawn by `draw(x)` side by side, or one and "×N" when there are many, so
    that the drawing never grows with the number. Returns the x after them."""
    if count > MOST_DRAWN:
        draw(x)
        return times(p, x + step, y, count)
    for i in range(count):
        draw(x + i * step)
    return x + count * step


def times(p: Painter, x: float, y: float, count: int) -> float:
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
