"""What a printed card is (`PrintCard`: its size and how to draw its face and its back) and the
colours of the space decks' backs: what the sheets (sheets.py) and the reference cards that
explain them (reference.py) both build on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kemble_tools.export.faces import DECK_PALETTE, Painter
from kemble_tools.export.layout import Rect
from kemble_tools.stats import deck_order

Draw = Callable[[Painter, Rect, float], None]


@dataclass(frozen=True)
class PrintCard:
    """One card to print: its id, size, how to draw its face and its back."""

    id: str
    size: tuple[float, float]
    front: Draw
    back: Draw
    text: str = ""  # a text card's rules text, for the overflow check (export/check.py)
    footer: bool = False
    pile: str = ""  # the pile it is played from: a deck code, a boss, WARN, PU, … (TTS decks)
    words: str = ""  # the card in words where it is not drawn from quadrants (the site's alt text)


# The base game's backs as printed: pinned, so that loading an expansion, whose decks take the
# palette's other colours, never repaints the cards players already own.
PRINTED_DECK_COLOURS = {
    "S1": "energy", "A1": "distant", "W1": "special", "F1": "gamma", "STAR": "bellonium",
    "T1": "blue", "BANSHEE": "pink", "BEHEMOTH": "tan", "CANNONRAM": "teal",
    "TUNDRAGEIST": "lavender",
}  # fmt: skip


def deck_colours(bundle: dict[str, Any]) -> dict[str, str]:
    """The back colour of every space deck and boss, in deck order: the base game's as printed,
    then the palette's unused colours in turn (past its end they repeat; the code tells them)."""
    order = deck_order(bundle)
    colours = {code: PRINTED_DECK_COLOURS[code] for code in order if code in PRINTED_DECK_COLOURS}
    free = [c for c in DECK_PALETTE if c not in colours.values()] or list(DECK_PALETTE)
    others = [code for code in order if code not in colours]
    colours.update({code: free[i % len(free)] for i, code in enumerate(others)})
    return {code: colours[code] for code in order}
