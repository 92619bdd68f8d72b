"""Bossin' Space's colours (CardHooks.palette): each in RGB for screens and in CMYK for print
shops. The CMYK is the plain conversion of the RGB with the black taken out first, so no colour
carries more than 240 % ink (what coated card stock takes; tests/test_bossins_space_print.py).
"""

from __future__ import annotations

from kemble_tools.export.painter import CMYK, RGB, Colour


def _cmyk(rgb: RGB) -> CMYK:
    black = 1.0 - max(rgb)
    if black >= 1.0:
        return (0.0, 0.0, 0.0, 1.0)
    c, m, y = ((1.0 - part - black) / (1.0 - black) for part in rgb)
    return (round(c, 3), round(m, 3), round(y, 3), round(black, 3))


_RGB: dict[str, RGB] = {
    "space": (0.07, 0.08, 0.16),  # every card's ground
    "panel": (0.15, 0.17, 0.30),  # the box the rules text sits in
    "slot": (0.21, 0.24, 0.40),  # a card's place on a board or mat
    "line": (0.45, 0.50, 0.68),  # outlines and separators
    "ink": (1.0, 1.0, 1.0),  # text on the dark ground
    "muted": (0.72, 0.75, 0.85),  # flavour text, labels
    "dark": (0.07, 0.08, 0.16),  # text on a light band
    # the Enemy tiers, by XP (their header bands)
    "tier1": (0.30, 0.75, 0.70),
    "tier2": (0.95, 0.70, 0.25),
    "tier3": (0.90, 0.30, 0.35),
    # the values an Enemy card prints
    "life": (0.95, 0.35, 0.45),
    "damage": (0.98, 0.60, 0.15),
    "shield": (0.78, 0.82, 0.90),
    "xp": (0.98, 0.85, 0.25),
    "heat": (0.98, 0.45, 0.15),
    "cold": (0.35, 0.65, 0.98),
    # the kinds' bands and backs
    "attack": (0.93, 0.45, 0.30),
    "move": (0.35, 0.60, 0.95),
    "support": (0.45, 0.80, 0.45),
    "advanced": (0.98, 0.80, 0.30),
    "threat": (0.85, 0.25, 0.25),
    "boss": (0.62, 0.40, 0.90),
    "crew": (0.30, 0.78, 0.60),
    "board": (0.55, 0.62, 0.80),
    # the Threat cards' levels (R-BS-VAR-1)
    "easy": (0.40, 0.85, 0.45),
    "hard": (0.98, 0.60, 0.15),
    "extreme": (0.95, 0.20, 0.25),
}

COLOURS: dict[str, Colour] = {name: (rgb, _cmyk(rgb)) for name, rgb in _RGB.items()}
