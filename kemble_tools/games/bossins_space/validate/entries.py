"""The ids Bossin' Space's documents define, by catalogue namespace: a file's, or a scenario's
local document's (§3-BS `cards`)."""

from __future__ import annotations

from kemble_tools.load.yaml_loader import Document
from kemble_tools.validate.catalog import Catalog, Item, mappings_in

# kind -> (the key of its list, the catalogue namespace of its entries)
LISTS = {
    "bs_enemies": ("cards", "enemies"),
    "bs_commands": ("cards", "commands"),
    "bs_threats": ("cards", "threats"),
    "bs_bosses": ("bosses", "bosses"),
    "bs_crew": ("cards", "crew"),
}
KIND_LISTS = {
    "commands": "command_kinds",
    "threat_effects": "threat_kinds",
    "enemy_effects": "effect_kinds",
    "boss_effects": "effect_kinds",
}
CARD_TABLES = ("enemies", "commands", "threats", "bosses", "boss_threats", "crew")


def add_entries(catalog: Catalog, doc: Document, kind: str, at: tuple[str | int, ...]) -> None:
    """The ids one 3b-BS document (a file, or a scenario's local one at `at`) defines."""
    data = doc.resolve(at) if at else doc.data
    if kind in LISTS:
        key, namespace = LISTS[kind]
        for path, entry in mappings_in(data.get(key), (*at, key)):
            if isinstance(entry.get("id"), str):
                catalog.add(Item(namespace, entry["id"], doc, path, entry), namespace[:-1])
            if kind == "bs_bosses":
                for tpath, card in mappings_in(entry.get("threats"), (*path, "threats")):
                    if isinstance(card.get("id"), str):
                        item = Item("boss_threats", card["id"], doc, tpath, card, entry.get("id"))
                        catalog.add(item, "Boss Threat card")
    elif kind == "bs_kinds":
        for key, namespace in KIND_LISTS.items():
            for path, entry in mappings_in(data.get(key), (key,)):
                if isinstance(entry.get("id"), str):
                    catalog.add(Item(namespace, entry["id"], doc, path, entry), "kind")
