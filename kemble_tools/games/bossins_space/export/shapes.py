"""The symbols Bossin' Space's cards print, drawn on the generic painter in millimetres: each a
shape of its own, so that a greyscale print still tells them apart (a heart is life, a burst
damage, a shield a Shield, a star XP, a flame heat)."""

from __future__ import annotations

import math
from collections.abc import Callable

from kemble_tools.export.painter import Painter


def heart(p: Painter, x: float, y: float, r: float, colour: str) -> None:
    """Life: a heart centred on (x, y), `r` its half width."""
    p.circle(x - r * 0.48, y + r * 0.22, r * 0.52, colour)
    p.circle(x + r * 0.48, y + r * 0.22, r * 0.52, colour)
    p.polygon([(x - r, y + r * 0.12), (x + r, y + r * 0.12), (x, y - r)], colour)


def burst(p: Painter, x: float, y: float, r: float, colour: str, points: int = 8) -> None:
    """Damage: a burst of `points` spikes."""
    corners = []
    for i in range(points * 2):
        angle = math.pi / 2 + i * math.pi / points
        reach = r if i % 2 == 0 else r * 0.55
        corners.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
    p.polygon(corners, colour)


def star(p: Painter, x: float, y: float, r: float, colour: str) -> None:
    """XP: a five-pointed star."""
    corners = []
    for i in range(10):
        angle = math.pi / 2 + i * math.pi / 5
        reach = r if i % 2 == 0 else r * 0.45
        corners.append((x + reach * math.cos(angle), y + reach * math.sin(angle)))
    p.polygon(corners, colour)


def shield(p: Painter, x: float, y: float, r: float, colour: str) -> None:
    """A Shield (R-BS-DMG-4): flat top, pointed bottom."""
    p.polygon(
        [
            (x - r, y + r),
            (x + r, y + r),
            (x + r, y - r * 0.1),
            (x, y - r * 1.1),
            (x - r, y - r * 0.1),
        ],
        colour,
    )


def flame(p: Painter, x: float, y: float, r: float, colour: str) -> None:
    """Heat: a flame, a drop pointing up."""
    p.circle(x, y - r * 0.35, r * 0.65, colour)
    p.polygon([(x - r * 0.62, y - r * 0.2), (x + r * 0.62, y - r * 0.2), (x, y + r)], colour)


def diamond(p: Painter, x: float, y: float, r: float, colour: str) -> None:
    p.polygon([(x, y + r), (x + r, y), (x, y - r), (x - r, y)], colour)


def triangle(p: Painter, x: float, y: float, r: float, colour: str) -> None:
    p.polygon([(x - r, y - r * 0.8), (x + r, y - r * 0.8), (x, y + r)], colour)


def down(p: Painter, x: float, y: float, r: float, colour: str) -> None:
    """New Enemy: every enemy moves down a row, an arrow pointing down."""
    shaft = r * 0.32
    p.polygon(
        [
            (x - shaft, y + r), (x + shaft, y + r), (x + shaft, y), (x + r, y),
            (x, y - r), (x - r, y), (x - shaft, y),
        ],
        colour,
    )  # fmt: skip


def chevron(p: Painter, x: float, y: float, r: float, colour: str) -> None:
    """The Advanced Command icon (R-BS-CMD-9): two chevrons pointing up."""
    for lift in (0.0, r * 0.75):
        p.polygon(
            [
                (x - r, y - r * 0.6 + lift),
                (x, y + r * 0.2 + lift),
                (x + r, y - r * 0.6 + lift),
                (x + r, y - r * 0.15 + lift),
                (x, y + r * 0.65 + lift),
                (x - r, y - r * 0.15 + lift),
            ],
            colour,
        )


def arrow(p: Painter, x: float, y: float, length: float, side: str, colour: str) -> None:
    """A thick arrow `length` mm long centred on (x, y), pointing left or right (a Move's
    direction, a Boss's preferred side)."""
    sign = -1 if side == "left" else 1
    half, shaft, head = length / 2, length * 0.14, length * 0.28
    tip = x + sign * half
    neck = tip - sign * length * 0.42
    p.polygon(
        [
            (x - sign * half, y - shaft),
            (neck, y - shaft),
            (neck, y - head),
            (tip, y),
            (neck, y + head),
            (neck, y + shaft),
            (x - sign * half, y + shaft),
        ],
        colour,
    )


def cross(p: Painter, x: float, y: float, r: float, colour: str) -> None:
    """Repair: a plus sign."""
    arm = r * 0.36
    p.polygon(
        [
            (x - arm, y + r), (x + arm, y + r), (x + arm, y + arm), (x + r, y + arm),
            (x + r, y - arm), (x + arm, y - arm), (x + arm, y - r), (x - arm, y - r),
            (x - arm, y - arm), (x - r, y - arm), (x - r, y + arm), (x - arm, y + arm),
        ],
        colour,
    )  # fmt: skip


def ring(p: Painter, x: float, y: float, r: float, colour: str, ground: str) -> None:
    """A ring: a disc with a hole in the ground's colour (a portal, an EMP)."""
    p.circle(x, y, r, colour)
    p.circle(x, y, r * 0.62, ground)


def rocket(p: Painter, x: float, y: float, r: float, colour: str) -> None:
    """A Missile's rocket, nose up."""
    p.polygon(
        [
            (x - r * 0.3, y - r * 0.7), (x - r * 0.3, y + r * 0.4), (x, y + r),
            (x + r * 0.3, y + r * 0.4), (x + r * 0.3, y - r * 0.7),
        ],
        colour,
    )  # fmt: skip
    p.polygon(
        [(x - r * 0.3, y - r * 0.2), (x - r * 0.7, y - r), (x - r * 0.3, y - r * 0.7)], colour
    )
    p.polygon(
        [(x + r * 0.3, y - r * 0.2), (x + r * 0.7, y - r), (x + r * 0.3, y - r * 0.7)], colour
    )


def bolt(p: Painter, x: float, y: float, r: float, colour: str) -> None:
    """Activation: a lightning bolt."""
    p.polygon(
        [
            (x + r * 0.25, y + r), (x - r * 0.55, y - r * 0.1), (x - r * 0.05, y - r * 0.1),
            (x - r * 0.3, y - r), (x + r * 0.55, y + r * 0.15), (x + r * 0.05, y + r * 0.15),
        ],
        colour,
    )  # fmt: skip


SHAPES: dict[str, Callable[[Painter, float, float, float, str], None]] = {
    "heart": heart,
    "burst": burst,
    "star": star,
    "shield": shield,
    "flame": flame,
    "diamond": diamond,
    "triangle": triangle,
    "chevron": chevron,
    "cross": cross,
    "rocket": rocket,
    "bolt": bolt,
    "down": down,
    # a side at badge size: a Boss's preferred side
    "arrow-left": lambda p, x, y, r, colour: arrow(p, x, y, r * 2.8, "left", colour),
    "arrow-right": lambda p, x, y, r, colour: arrow(p, x, y, r * 2.8, "right", colour),
}
