"""Kemble's Cascade's compiler hooks (compile/hooks.py): its validated files in, its bundle's
sections out (objects, decks, cards, bosses, …): plain card data plus every effect compiled to
the DSL's IR, with source spans.
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

from kemble_tools.compile.effects import EffectCompiler
from kemble_tools.compile.pipeline import plain
from kemble_tools.diagnostics import Diagnostic
from kemble_tools.games.kembles_cascade.validate.catalog import boss_card_id, boss_warning_id
from kemble_tools.games.kembles_cascade.vocabulary import (
    BOSS_HOST,
    OWNED_HOST,
    QUADRANT_HOST,
    VOCABULARY,
)
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YMap
from kemble_tools.validate.art import art_file
from kemble_tools.validate.catalog import Catalog, mappings_in
from kemble_tools.validate.hooks import GameFiles

SECTIONS = (
    "objects",
    "decks",
    "cards",
    "bosses",
    "upgrades",
    "sensors",
    "powerups",
    "missions",
    "achievements",
    "variants",
    "scenarios",
)
OWNED_CARD_KINDS = ("powerups", "missions", "achievements")


class KembleCompiler:
    dsl_version: int = VOCABULARY.version
    counted: tuple[str, ...] = tuple(section for section in SECTIONS if section != "decks")

    def compile(self, share: GameFiles) -> tuple[dict[str, Any], list[Diagnostic]]:
        bundle: dict[str, Any] = {section: {} for section in SECTIONS}
        bundle["sensors"] = []
        found: list[Diagnostic] = []
        for doc, kind in share.files:
            boss = doc.data.get("id") if kind == "boss" else None
            effects = EffectCompiler(VOCABULARY, doc, share.catalog, _span_file(doc), boss)
            _COMPILERS[kind](bundle, doc, effects, share.catalog)
            found.extend(effects.diagnostics)
        bundle["sensors"].sort(key=lambda sensor: sensor["number"])
        return bundle, found

    def check(self, share: GameFiles) -> list[Diagnostic]:
        """The effect compiler's diagnostics on content that has other errors: effects are
        found wherever an `effects` list is, whatever else in the file is wrong."""
        found: list[Diagnostic] = []
        for doc, kind in share.files:
            if not isinstance(doc.data, YMap):
                continue
            boss = doc.data.get("id") if kind == "boss" else None
            effects = EffectCompiler(VOCABULARY, doc, share.catalog, _span_file(doc), boss)
            hosts = _special_rule_hosts(doc.data) if kind == "boss" else {}
            for path, rule in _effect_owners(doc.data, ()):
                default = QUADRANT_HOST if kind == "objects" else OWNED_HOST
                effects.effects((*path, "effects"), hosts.get(rule.get("id"), default))
            if kind == "boss" and "defeat" in doc.data:
                effects.condition(("defeat",), frozenset())
            found.extend(effects.diagnostics)
        return found


COMPILER = KembleCompiler()


def _effect_owners(value: Any, path: tuple) -> Any:
    """Every mapping with an `effects` key, at any depth, with its path."""
    if isinstance(value, YMap):
        if "effects" in value:
            yield path, value
        for key, item in value.items():
            yield from _effect_owners(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _effect_owners(item, (*path, i))


def _special_rule_hosts(data: YMap) -> dict[Any, str]:
    """A boss's special rule runs on the quadrants that show it, else on the boss itself."""
    used = {
        q.get("special")
        for _, card in mappings_in(data.get("cards"), ())
        for side in (card, card.get("back") or {})
        if isinstance(side, YMap)
        for _, q in mappings_in(side.get("quadrants"), ())
    }
    return {
        rule.get("id"): QUADRANT_HOST if rule.get("id") in used else BOSS_HOST
        for _, rule in mappings_in(data.get("special_rules"), ())
    }


def _span_file(doc: Document) -> str:
    """Spans name files by their content names, so the bundle is the same from any folder."""
    return doc.source or doc.file


# --- one compiler per file kind ------------------------------------------------------------------


def _objects(bundle: dict, doc: Document, effects: EffectCompiler, catalog: Catalog) -> None:
    for path, item in mappings_in(doc.data["objects"], ("objects",)):
        bundle["objects"][item["id"]] = {
            **{key: plain(item.get(key)) for key in ("name", "description", "mark")},
            "blocks_shots": item["blocks_shots"],
            "enterable": item["enterable"],
            "enemy": item["enemy"],
            "indestructible": item.get("indestructible", False),
            "boss": item.get("boss", False),
            "vacant": item.get("vacant", False),
            "effects": effects.effects((*path, "effects"), QUADRANT_HOST),
        }


def _card(card: YMap, card_id: str, deck: str) -> dict[str, Any]:
    back = card.get("back")
    return {
        "id": card_id,
        "deck": deck,
        "name": card.get("name"),
        "quadrants": plain(card["quadrants"]),
        "flip": card.get("flip", False),
        "back": plain(back["quadrants"]) if isinstance(back, YMap) else None,
    }


def _with_art(bundle: dict, doc: Document, card: dict[str, Any]) -> dict[str, Any]:
    """Pictures go into the bundle itself (base64, under their content names), so a bundle
    prints the same wherever it is; each quadrant keeps the picture's name."""
    folder = _span_file(doc).rsplit("/", 1)[0]
    for quadrant in [*card["quadrants"], *(card["back"] or [])]:
        if "art" in quadrant and (target := art_file(doc, quadrant["art"])) is not None:
            name = f"{folder}/{Path(quadrant['art']).as_posix()}"
            data = base64.b64encode(target.read_bytes()).decode("ascii")
            bundle.setdefault("art", {})[name] = {"format": target.suffix[1:].lower(), "data": data}
            quadrant["art"] = name
    return card


def _space_cards(bundle: dict, doc: Document, effects: EffectCompiler, catalog: Catalog) -> None:
    deck = doc.data["deck"]
    ids = []
    for _, card in mappings_in(doc.data["cards"], ("cards",)):
        bundle["cards"][card["id"]] = _with_art(bundle, doc, _card(card, card["id"], deck["code"]))
        ids.append(card["id"])
    bundle["decks"][deck["code"]] = {
        "name": deck["name"],
        "description": deck.get("description"),
        "cards": ids,
    }


def _boss(bundle: dict, doc: Document, effects: EffectCompiler, catalog: Catalog) -> None:
    data, boss = doc.data, doc.data["id"]
    hosts = _special_rule_hosts(data)
    rules = {}
    for path, rule in mappings_in(data.get("special_rules"), ("special_rules",)):
        rules[rule["id"]] = {
            "name": rule["name"],
            "text": rule.get("text"),
            "effects": effects.effects((*path, "effects"), hosts[rule["id"]]),
        }
    ids = []
    for _, card in mappings_in(data["cards"], ("cards",)):
        card_id = boss_card_id(boss, card["number"])
        drawn = _with_art(bundle, doc, _card(card, card_id, boss))
        bundle["cards"][card_id] = {**drawn, "number": card["number"]}
        ids.append(card_id)
    defeat = effects.condition(("defeat",), frozenset()) if "defeat" in data else None
    bundle["decks"][boss] = {"name": data["name"], "description": None, "cards": ids}
    bundle["bosses"][boss] = {
        "name": data["name"],
        "rows": data["rows"],
        "warning_card": boss_warning_id(boss),
        "warning": plain(data.get("warning", {}).get("text")),
        "special_rules": rules,
        "defeat": defeat,
        "cards": ids,
    }


def _upgrades(bundle: dict, doc: Document, effects: EffectCompiler, catalog: Catalog) -> None:
    for path, item in mappings_in(doc.data["upgrades"], ("upgrades",)):
        levels = [
            {
                "level": level["level"],
                "price": level["price"],
                "glory": level.get("glory", 0),
                "weapon": plain(level.get("weapon")),
                "effects": effects.effects((*l_path, "effects"), OWNED_HOST),
                **({"copies": level["copies"]} if "copies" in level else {}),
            }
            for l_path, level in mappings_in(item["levels"], (*path, "levels"))
        ]
        bundle["upgrades"][item["id"]] = {
            "name": item["name"],
            "type": item["type"],
            "levels": levels,
        }


def _sensors(bundle: dict, doc: Document, effects: EffectCompiler, catalog: Catalog) -> None:
    for path, item in mappings_in(doc.data["sensors"], ("sensors",)):
        bundle["sensors"].append(
            {
                "number": item["number"],
                "symbol": item["symbol"],
                "effects": effects.effects((*path, "effects"), OWNED_HOST),
            }
        )


def _owned_cards(kind: str) -> Any:
    def compile_cards(
        bundle: dict, doc: Document, effects: EffectCompiler, catalog: Catalog
    ) -> None:
        for path, item in mappings_in(doc.data[kind], (kind,)):
            fields = {
                key: plain(value) for key, value in item.items() if key not in ("id", "effects")
            }
            bundle[kind][item["id"]] = {
                **fields,
                "effects": effects.effects((*path, "effects"), OWNED_HOST),
            }

    return compile_cards


def _variants(bundle: dict, doc: Document, effects: EffectCompiler, catalog: Catalog) -> None:
    for _, item in mappings_in(doc.data["variants"], ("variants",)):
        bundle["variants"][item["id"]] = {
            key: plain(value) for key, value in item.items() if key != "id"
        }


def _scenario(bundle: dict, doc: Document, effects: EffectCompiler, catalog: Catalog) -> None:
    data = doc.data
    local = {
        card["id"]: _with_art(bundle, doc, _card(card, card["id"], card["deck"]))
        for _, card in mappings_in(data.get("cards"), ("cards",))
    }
    scenario = {
        key: plain(value) for key, value in data.items() if key not in ("id", "kind", "cards")
    }
    bundle["scenarios"][data["id"]] = {**scenario, "cards": local, "source": _span_file(doc)}


_COMPILERS = {
    "objects": _objects,
    "space_cards": _space_cards,
    "boss": _boss,
    "upgrades": _upgrades,
    "sensors": _sensors,
    "variants": _variants,
    "scenario": _scenario,
    **{kind: _owned_cards(kind) for kind in OWNED_CARD_KINDS},
}
