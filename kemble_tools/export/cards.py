"""What a printed card is (`PrintCard`): its size, how to draw its face and its back on a
`Painter`, and the palette its drawing names colours from. A game makes them
(`CardHooks.print_cards`); the sheets, images, Tabletop Simulator decks and the site print
them without knowing the game.

Anything printed is a card here: a two-sided boss is a card whose back is its other side, a
board or a mat is a card of the board's size, a tuck counter a card with its values on an edge.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kemble_tools.export.layout import Rect
from kemble_tools.export.painter import Painter, Palette

# draws one side: on the painter, at the trim rectangle, with this much bleed (mm) to cover
Draw = Callable[[Painter, Rect, float], None]


@dataclass(frozen=True)
class PrintCard:
    """One card to print: its id, size (width x height mm), how to draw its face and its
    back (a duplex pair: each back lands behind its face), and the colours they name."""

    id: str
    size: tuple[float, float]
    front: Draw
    back: Draw
    palette: Palette
    text: str = ""  # a text card's rules text (the site's text, the game's overflow check)
    footer: bool = False  # it prints a footer under its text (the game's overflow check)
    pile: str = ""  # the pile it is played from (a deck code, …): Tabletop Simulator's decks
    words: str = ""  # the card in words where its picture does not say it (the site's alt text)
