"""The ids Kemble's Cascade's files define, in the catalogue's namespaces: cards (a boss's too,
and its Boss Warning card), decks, bosses and their special rules, sensors, scenarios, and the
kinds whose files list id'd entries under one key.

Built from schema-checked documents; items whose shape is wrong are skipped here because the
schema check has already reported them. Duplicate ids are reported as they are found.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YMap
from kemble_tools.validate.catalog import Catalog, Item, Path_, mappings_in
from kemble_tools.validate.hooks import Files

# File kinds whose items are simple id'd cards listed under one key.
LISTED_KINDS = {
    "objects": ("objects", "object kind"),
    "upgrades": ("upgrades", "upgrade"),
    "powerups": ("powerups", "power-up"),
    "missions": ("missions", "mission"),
    "achievements": ("achievements", "achievement"),
    "variants": ("variants", "variant"),
}


def build_catalog(files: Files) -> Catalog:
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
