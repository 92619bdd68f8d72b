"""Comet Run on paper and on the site: its cards drawn on the generic painter, and its
catalogue (the cards and site hooks)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.export.cards import PrintCard
from kemble_tools.export.layout import Rect
from kemble_tools.export.painter import Painter
from kemble_tools.site.hooks import CatalogueCard
from kemble_tools.validate.catalog import Catalog, Item

SIZE = (63.0, 88.0)
PALETTE = {
    "ink": ((0.1, 0.1, 0.1), (0.0, 0.0, 0.0, 0.9)),
    "paper": ((1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 0.0)),
    "ship": ((0.2, 0.4, 0.8), (0.75, 0.5, 0.0, 0.2)),
    "hazard": ((0.8, 0.3, 0.2), (0.0, 0.65, 0.75, 0.2)),
}
STATS = {"ships": ("hull", "fuel", "guns"), "hazards": ("armour", "damage", "salvage")}


def _face(kind: str, card: Mapping[str, Any]) -> Any:
    def draw(painter: Painter, box: Rect, bleed: float) -> None:
        painter.rect(box.grow(bleed), "paper")
        painter.rect(Rect(box.x, box.top - 20, box.width, 20), kind[:-1])
        painter.text(box.x + 4, box.top - 13, card["name"], 11, "paper", bold=True)
        for row, stat in enumerate(STATS[kind]):
            painter.text(box.x + 6, box.top - 34 - 9 * row, f"{stat} {card[stat]}", 9)

    return draw


def _back(kind: str) -> Any:
    def draw(painter: Painter, box: Rect, bleed: float) -> None:
        painter.rect(box.grow(bleed), kind[:-1])
        painter.text(
            box.x + box.width / 2, box.y + box.height / 2, "COMET RUN", 10, "paper", True, "centre"
        )

    return draw


def _words(kind: str, card: Mapping[str, Any]) -> str:
    return ", ".join(f"{stat} {card[stat]}" for stat in STATS[kind])


class Cards:
    palette = PALETTE

    def print_cards(
        self,
        bundle: Mapping[str, Any],
        piles: list[str] | None = None,
        ids: list[str] | None = None,
    ) -> list[PrintCard]:
        cards = [
            PrintCard(
                id_,
                SIZE,
                _face(kind, card),
                _back(kind),
                PALETTE,
                pile=kind,
                words=_words(kind, card),
            )
            for kind in STATS
            for id_, card in bundle[kind].items()
        ]
        return [
            card
            for card in cards
            if (piles is None or card.pile in piles) and (ids is None or card.id in ids)
        ]

    def print_warnings(
        self, bundle: Mapping[str, Any], catalog: Catalog, files: set[str] | None = None
    ) -> list[Diagnostic]:
        return []  # the faces have room for every value a schema allows

    def source_item(self, catalog: Catalog, card_id: str, bundle: Mapping[str, Any]) -> Item | None:
        return catalog.table("ships").get(card_id) or catalog.table("hazards").get(card_id)


class Site:
    name = "Comet Run"
    facets = (("kind", "Kind"),)

    def entries(self, bundle: Mapping[str, Any], cards: list[PrintCard]) -> list[CatalogueCard]:
        found = []
        for card in cards:
            data = bundle[card.pile][card.id]
            kind = card.pile[:-1]
            found.append(
                CatalogueCard(
                    id=card.id,
                    title=data["name"],
                    pile_name=card.pile,
                    kind=kind,
                    text=card.words,
                    alt=f"{kind} card {data['name']}: {card.words}",
                    search=f"{card.id} {data['name']} {kind}".lower(),
                    facets={"kind": [(kind, kind.title())]},
                )
            )
        return found

    def scenario_cards(self, bundle: Mapping[str, Any], scenario_id: str) -> Iterable[str]:
        scenario = bundle["scenarios"][scenario_id]
        return [scenario["ship"], *dict.fromkeys(scenario["deck"])]

    def legend(self, frames: list[dict[str, Any]]) -> list[tuple[str, str]]:
        return []  # its replay draws no board
