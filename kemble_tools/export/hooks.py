"""What the export stage asks of a game (its registry stage `cards`, docs/games.md).

The core imposes cards on sheets (paper, bleed, crop marks, duplex backs, CMYK, greys), draws
them as images and Tabletop Simulator decks, and checks nothing it cannot know. The game gives
its printable cards (`PrintCard`: any size, a face and a back drawn on the generic `Painter`,
the reference cards that explain a selection), the colours they use, and what `kemble validate`
warns about its printed cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from kemble_tools.core.registry import hooks, registry
from kemble_tools.diagnostics import Diagnostic
from kemble_tools.export.cards import PrintCard
from kemble_tools.export.painter import Palette
from kemble_tools.validate.catalog import Catalog, Item


class CardHooks(Protocol):
    """A game's printable cards."""

    # every colour its faces and backs name, as RGB and CMYK (a print shop's ink stays under
    # 240 % on coated card stock)
    palette: Palette

    def print_cards(
        self,
        bundle: Mapping[str, Any],
        piles: list[str] | None = None,
        ids: list[str] | None = None,
    ) -> list[PrintCard]:
        """Every printable card of the bundle in print order, or those of the given piles
        (`--deck`) or ids (`--cards`); a selection comes with the reference cards that
        explain what it shows."""
        ...

    def print_warnings(
        self, bundle: Mapping[str, Any], catalog: Catalog, files: set[str] | None = None
    ) -> list[Diagnostic]:
        """Cards that will not print cleanly (text that overflows, crowded symbols), each at
        its place in its file; with `files`, only the cards written in those files."""
        ...

    def source_item(self, catalog: Catalog, card_id: str, bundle: Mapping[str, Any]) -> Item | None:
        """Where a printed card is written (its catalogue entry), or None (a reference card)."""
        ...


class NoCards(LookupError):
    """The bundle's game prints no cards."""


def card_hooks(bundle: Mapping[str, Any]) -> CardHooks:
    """The card hooks of the game a bundle says it is (one that names none: the game of the
    files that name none)."""
    game = registry().game(bundle.get("game"))
    found = hooks(game, "cards")
    if found is None:
        raise NoCards(f"{game.info.title} has no printable cards yet")
    return found  # type: ignore[no-any-return]
