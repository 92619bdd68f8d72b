"""The catalogue: every defined thing (card, deck, boss, object kind, …) indexed by its id.

Built from schema-checked documents; items whose shape is wrong are skipped here because the
schema check has already reported them. Duplicate ids are reported as they are found.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.load.yaml_loader import Document, YList, YMap

Path_ = tuple[str | int, ...]

# File kinds whose items are simple id'd cards listed under one key.
LISTED_KINDS = {
    "objects": ("objects", "object kind"),
    "upgrades": ("upgrades", "upgrade"),
    "powerups": ("powerups", "power-up"),
    "missions": ("missions", "mission"),
    "achievements": ("achievements", "achievement"),
    "variants": ("variants", "variant"),
}


@dataclass(frozen=True)
class Item:
    """One defined thing and where it was written."""

    namespace: str
    id: str
    doc: Document
    path: Path_
    data: YMap
    deck: str | None = None  # for cards: the deck they belong to

    def where(self) -> str:
        line, _ = self.doc.position(self.path)
        return f"{self.doc.file}:{line}"


@dataclass
class Catalog:
    items: dict[str, dict[str, Item]] = field(default_factory=dict)
    decks: dict[str, list[Item]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def table(self, namespace: str) -> dict[str, Item]:
        return self.items.setdefault(namespace, {})

    def add(self, item: Item, what: str) -> None:
        table = self.table(item.namespace)
        first = table.get(item.id)
        if first is not None:
            self.diagnostics.append(
                item.doc.diagnostic(
                    (*item.path, "id") if "id" in item.data else item.path,
                    "id.duplicate",
                    f"{what} id '{item.id}' is already defined at {first.where()}",
                    hint="ids must be unique across all files",
                )
            )
            return
        table[item.id] = item
        if item.deck is not None:
            self.decks.setdefault(item.deck, []).append(item)


def build_catalog(files: list[tuple[Document, str]]) -> Catalog:
    catalog = Catalog()
    for doc, kind in files:
        data = doc.data
        if kind == "space_cards":
            _add_deck(catalog, doc, data)
        elif kind == "boss":
            _add_boss(catalog, doc, data)
        elif kind == "sensors":
            for path, sensor in _entries(data, "sensors"):
                number = sensor.get("number")
                if isinstance(number, int):
                    catalog.add(Item("sensor", str(number), doc, path, sensor), "sensor number")
        elif kind == "scenario":
            if isinstance(data.get("id"), str):
                catalog.add(Item("scenario", data["id"], doc, (), data), "scenario")
        elif kind in LISTED_KINDS:
            key, what = LISTED_KINDS[kind]
            for path, entry in _entries(data, key):
                if isinstance(entry.get("id"), str):
                    catalog.add(Item(key, entry["id"], doc, path, entry), what)
    return catalog


def mappings_in(value: Any, path: Path_) -> Iterator[tuple[Path_, YMap]]:
    """The mapping items of a list, with their paths; anything else is skipped (the schema check
    reports it)."""
    if isinstance(value, YList):
        for i, item in enumerate(value):
            if isinstance(item, YMap):
                yield (*path, i), item


def _entries(data: YMap, key: str) -> Iterator[tuple[Path_, YMap]]:
    return mappings_in(data.get(key), (key,))


def _add_deck(catalog: Catalog, doc: Document, data: YMap) -> None:
    deck = data.get("deck")
    code = deck.get("code") if isinstance(deck, YMap) else None
    if not isinstance(code, str):
        return
    catalog.add(Item("deck", code, doc, ("deck",), deck), "deck")
    for path, card in _entries(data, "cards"):
        if isinstance(card.get("id"), str):
            catalog.add(Item("card", card["id"], doc, path, card, deck=code), "card")


def boss_card_id(boss: str, number: int) -> str:
    return f"BOSS-{boss}-{number}"


def boss_warning_id(boss: str) -> str:
    return f"BOSS-{boss}"


def _add_boss(catalog: Catalog, doc: Document, data: YMap) -> None:
    boss = data.get("id")
    if not isinstance(boss, str):
        return
    catalog.add(Item("boss", boss, doc, (), data), "boss")
    catalog.add(Item("deck", boss, doc, ("id",), data), "deck")
    catalog.add(Item("card", boss_warning_id(boss), doc, (), data), "Boss Warning card")
    for path, card in _entries(data, "cards"):
        number: Any = card.get("number")
        if isinstance(number, int) and not isinstance(number, bool):
            catalog.add(
                Item("card", boss_card_id(boss, number), doc, path, card, deck=boss), "boss card"
            )
    for path, rule in _entries(data, "special_rules"):
        if isinstance(rule.get("id"), str):
            catalog.add(Item(f"special:{boss}", rule["id"], doc, path, rule), "special rule")
