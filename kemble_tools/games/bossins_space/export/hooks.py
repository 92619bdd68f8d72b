"""Bossin' Space's card hooks (kemble_tools/export/hooks.py `CardHooks`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.export.cards import PrintCard
from kemble_tools.export.painter import Palette
from kemble_tools.games.bossins_space.export import cards, check
from kemble_tools.games.bossins_space.export.palette import COLOURS
from kemble_tools.validate.catalog import Catalog, Item


@dataclass(frozen=True)
class BossinCards:
    palette: Palette = field(default_factory=lambda: COLOURS)

    def print_cards(
        self,
        bundle: Mapping[str, Any],
        piles: list[str] | None = None,
        ids: list[str] | None = None,
    ) -> list[PrintCard]:
        return cards.print_cards(bundle, piles, ids)

    def print_warnings(
        self, bundle: Mapping[str, Any], catalog: Catalog, files: set[str] | None = None
    ) -> list[Diagnostic]:
        return check.print_warnings(bundle, catalog, files)

    def source_item(self, catalog: Catalog, card_id: str, bundle: Mapping[str, Any]) -> Item | None:
        return check.source_item(catalog, card_id, bundle)


CARDS = BossinCards()
