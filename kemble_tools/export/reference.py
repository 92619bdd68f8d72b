"""Reference cards printed with the decks: a symbol key, and what every object kind does,
written from its compiled effects (so an expansion's new kinds appear there too)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kemble_tools.dsl import spec
from kemble_tools.dsl.text import effects_text
from kemble_tools.export import faces
from kemble_tools.export.faces import SAFE, Back, Painter, draw_back, draw_text_card, fit_text
from kemble_tools.export.layout import SPACE_CARD, Rect

REFERENCE_BACK = Back("?", "Reference", "shield", "circle")

# The symbol key: each row a drawing and what it means (R-SYM-*).
Symbol = Callable[[Painter, float, float], None]
SYMBOLS: list[tuple[str, Symbol]] = [
    ("Object Energy: damage that destroys it", lambda p, x, y: p.circle(x, y, 1.15, "energy")),
    ("Threat, to a ship next to it",
     lambda p, x, y: faces.triangle(p, x - 1.3, y + 1.3, "threat")),
    ("Distant threat along a line", lambda p, x, y: faces.arrow(p, x, y, "E", "distant")),
    ("Gamma distant threat: through everything",
     lambda p, x, y: faces.arrow(p, x, y, "E", "gamma", double=True)),
    ("Omni threat: every player", lambda p, x, y: faces.star(p, x, y, 1.7, "threat")),
    ("Bellonium reward", lambda p, x, y: faces.hexagon(p, x, y, 1.8, "bellonium")),
    ("Glory reward", lambda p, x, y: faces.crown(p, x - 2, y - 1.3, "glory")),
    ("+1 energy reward", lambda p, x, y: faces.bolt(p, x - 1.1, y - 1.6, "energy")),
    ("Immune to that weapon", lambda p, x, y: faces.shield(p, x - 1.8, y - 1.8, "missile")),
    ("Special effect (a boss rule)", lambda p, x, y: faces.diamond(p, x, y)),
    ("The card turns over (flip)", lambda p, x, y: faces.flip_icon(p, x, y)),
]  # fmt: skip


def reference_cards(bundle: dict[str, Any]) -> list[Any]:
    from kemble_tools.export.sheets import PrintCard

    cards = [PrintCard("reference-symbols", SPACE_CARD, _draw_symbols, _draw_reference_back)]
    for number, text in enumerate(_object_pages(bundle), start=1):

        def front(p: Painter, trim: Rect, bleed: float, text: str = text, n: int = number) -> None:
            draw_text_card(
                p, trim, bleed, "Objects", f"Reference {n}", "REF", f"reference-objects-{n}", text
            )

        cards.append(PrintCard(f"reference-objects-{number}", SPACE_CARD, front,
                               _draw_reference_back, text))  # fmt: skip
    return cards


def _draw_reference_back(p: Painter, trim: Rect, bleed: float) -> None:
    draw_back(p, trim, bleed, REFERENCE_BACK)


def _draw_symbols(p: Painter, trim: Rect, bleed: float) -> None:
    p.rect(trim.grow(bleed), "space")
    p.text(trim.x + SAFE, trim.top - SAFE - 3, "Symbols", 8, bold=True)
    per_column = (len(SYMBOLS) + 1) // 2
    for i, (meaning, draw) in enumerate(SYMBOLS):
        column, row = divmod(i, per_column)
        x = trim.x + SAFE + 2.5 + column * (trim.width / 2)
        y = trim.top - SAFE - 9 - row * 7.6
        draw(p, x, y)
        for k, line in enumerate(_wrap(meaning, trim.width / 2 - SAFE - 7)):
            p.text(x + 4, y - 1 - k * 2.6, line, 6)
    p.text(trim.x + SAFE, trim.y + SAFE + faces.DESCENT, "reference-symbols", 5)


def _wrap(text: str, width: float) -> list[str]:
    from reportlab.lib.units import mm
    from reportlab.lib.utils import simpleSplit

    faces.register_fonts()
    return simpleSplit(text, faces.FONT, 6, width * mm)


def _object_pages(bundle: dict[str, Any]) -> list[str]:
    """What every object kind does, in as few cards as fit at the smallest body size."""
    from kemble_tools.export.faces import text_box

    kinds_doing: dict[str, list[str]] = {}  # kinds that do the same are listed together
    for data in bundle["objects"].values():
        if not data.get("vacant"):
            does = effects_text(data["effects"], spec.QUADRANT_HOST) or "no effect of its own"
            kinds_doing.setdefault(does, []).append(data["name"])
    entries = [f"{', '.join(names)}: {does}" for does, names in kinds_doing.items()]
    box = text_box(Rect(0, 0, *SPACE_CARD), False)
    pages: list[str] = []
    for entry in entries:
        if pages and fit_text(f"{pages[-1]}\n{entry}", box.width, box.height)[2]:
            pages[-1] = f"{pages[-1]}\n{entry}"
        else:
            pages.append(entry)
    return pages
