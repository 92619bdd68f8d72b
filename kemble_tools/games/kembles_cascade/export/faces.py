"""Card faces drawn as vector shapes from the bundle's data, legible at the real card size.

A space card is two 44 x 63 mm quadrants: Object Energy pips top-left, threat symbols beside them,
distant threat as arrows pointing the way it fires (violet for gamma), omni threat as a star, the
reward at the bottom centre, then Global Bellonium, -M/-MM, immunities, the Special Effect mark.
The deck code is top right and the card id bottom left. Text cards (power-ups, missions,
achievements, sensors, upgrades) print rules text generated from the compiled effects.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kemble_tools.export.layout import Rect
from kemble_tools.export.metrics import MM, split_lines
from kemble_tools.export.painter import Painter
from kemble_tools.games.kembles_cascade.export.symbols import (
    DESCENT,
    SAFE,
    arrow,
    bolt,
    crown,
    diamond,
    flip_icon,
    hexagon,
    pips,
    repeated,
    shield,
    star,
    triangle,
)

SPACE_CARD = (88.0, 63.0)  # landscape: two 44 x 63 quadrants side by side
SMALL_CARD = (44.0, 63.0)  # power-ups, missions, achievements, sensors, upgrades

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
    x = pips(p, x, y, int(quadrant.get("energy", 0)))
    x = repeated(
        p, x, y, int(quadrant.get("threat", 0)), 3.2, lambda at: triangle(p, at, y, "threat")
    )
    for key, colour in (("distant_threat", "distant"), ("gamma_distant_threat", "gamma")):
        if line := quadrant.get(key):
            x = repeated(
                p,
                x,
                y,
                int(line["count"]),
                4.0,
                lambda at, line=line, colour=colour: arrow(
                    p, at + 1.8, y - 1.4, line["direction"], colour, double=colour == "gamma"
                ),
            )
    x = repeated(
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
