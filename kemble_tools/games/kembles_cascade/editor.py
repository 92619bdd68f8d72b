"""Kemble's Cascade in the language server (kemble_tools/workbench/hooks.py `EditorHooks`): the
catalogue tables of the ids its files write, the keys that take them, and what hovering an
object kind, a boss or a card shows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kemble_tools.games.kembles_cascade.vocabulary import VOCABULARY

# each table of the catalogue (validate/catalog.py) whose ids are written, and what they are
TABLES = {
    "card": "space card",
    "deck": "deck",
    "boss": "boss",
    "objects": "object kind",
    "upgrades": "upgrade",
    "powerups": "power-up",
    "missions": "mission",
    "achievements": "achievement",
    "variants": "variant",
    "scenario": "scenario",
}
KEYS = {
    "object": ("objects",),
    "deck": ("card", "boss", "deck"),
    "rows": ("card",),
    "powerups": ("powerups",),
    "powerup_hand": ("powerups",),
    "variant": ("variants",),
    "extends": ("variants",),
    "mission": ("missions",),
}
FLAGS = ("enemy", "blocks_shots", "enterable", "indestructible", "boss", "vacant")
WARNING_CARD = "BOSS-"  # a boss's Warning card is `BOSS-<boss id>`
ONE_CARD = ("powerups", "missions", "achievements")  # printed as one card of the same id


class KembleEditor:
    tables: Mapping[str, str] = TABLES
    keys: Mapping[str, tuple[str, ...]] = KEYS
    anywhere = ("objects", "card", "boss", "deck", "powerups", "variants")

    def alias(self, word: str) -> tuple[str, str] | None:
        return ("boss", word.removeprefix(WARNING_CARD)) if word.startswith(WARNING_CARD) else None

    def about(self, bundle: Mapping[str, Any], table: str, word: str) -> list[str]:
        """An object kind's name, flags and effects; a boss's warning and special rules."""
        if table == "objects":
            kind = bundle["objects"][word]
            return [
                f"{kind['name']}: {kind.get('description') or ''}".strip(),
                ", ".join(flag for flag in FLAGS if kind.get(flag)) or "no flags",
                VOCABULARY.text(kind["effects"]) if kind["effects"] else "",
            ]
        if table == "boss":
            boss = bundle["bosses"][word]
            rules = [
                f"*{rule['name']}* ({rule_id}): {VOCABULARY.text(rule['effects'])}"
                for rule_id, rule in boss["special_rules"].items()
            ]
            return [boss.get("warning") or "", *rules]
        return []

    def printed(self, bundle: Mapping[str, Any], table: str, word: str) -> set[str]:
        if table == "card" or table in ONE_CARD:
            return {word}
        if table == "boss":
            return {bundle["bosses"][word]["warning_card"]}
        if table == "upgrades":
            return {f"{word}-{level['level']}" for level in bundle["upgrades"][word]["levels"]}
        return set()


EDITOR = KembleEditor()
