"""The compile stage: validated content in, one deterministic bundle out.

The bundle (`build/kemble.bundle.json`) is what the engine, the solver and the exporters read:
plain card data plus every effect compiled to the DSL's IR, with source spans.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kemble_tools import __version__
from kemble_tools.compile.effects import EffectCompiler
from kemble_tools.diagnostics import Diagnostic, has_errors, sort_diagnostics
from kemble_tools.dsl import spec
from kemble_tools.load.yaml_loader import Document, YMap
from kemble_tools.validate.catalog import Catalog, boss_card_id, boss_warning_id, mappings_in
from kemble_tools.validate.pipeline import Validation
from kemble_tools.validate.semantic import art_file

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


@dataclass
class Compilation:
    bundle: dict[str, Any] | None
    diagnostics: list[Diagnostic]
    files: int = 0  # how many content files were checked

    @property
    def ok(self) -> bool:
        return self.bundle is not None


def plain(value: Any) -> Any:
    """Loaded YAML as plain JSON data."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


GAME = "kembles-cascade"  # this compiler is Kemble's Cascade's until it moves into its plugin


def compile_validated(validation: Validation) -> Compilation:
    """Compile every validated file; nothing is produced while any error remains."""
    if not validation.ok:
        found = [*validation.diagnostics, *check_effects(validation)]
        return Compilation(None, sort_diagnostics(found), len(validation.files))
    bundle: dict[str, Any] = {
        "game": GAME,  # which plugin reads it (docs/games.md)
        "dsl_version": spec.DSL_VERSION,
        "generator": f"kemble_tools {__version__}",
    }
    bundle.update({section: {} for section in SECTIONS})
    bundle["sensors"] = []
    found: list[Diagnostic] = list(validation.diagnostics)
    for doc, kind in validation.files:
        boss = doc.data.get("id") if kind == "boss" else None
        effects = EffectCompiler(doc, validation.catalog, _span_file(doc), boss)
        _COMPILERS[kind](bundle, doc, effects, validation.catalog)
        found.extend(validation.settle(effects.diagnostics))
    bundle["sensors"].sort(key=lambda sensor: sensor["number"])
    diagnostics = sort_diagnostics(found)
    bundle_or_none = None if has_errors(diagnostics) else bundle
    return Compilation(bundle_or_none, diagnostics, len(validation.files))


def check_effects(validation: Validation) -> list[Diagnostic]:
    """The effect compiler's diagnostics on content that has other errors, so that one run
    shows every mistake. Effects are found wherever an `effects` list is, whatever else in the
    file is wrong; a value the schema already rejected is not reported twice."""
    rejected = {(d.file, d.pointer) for d in validation.diagnostics}
    found: list[Diagnostic] = []
    for doc, kind in validation.files:
        if not isinstance(doc.data, YMap):
            continue
        boss = doc.data.get("id") if kind == "boss" else None
        effects = EffectCompiler(doc, validation.catalog, _span_file(doc), boss)
        hosts = _special_rule_hosts(doc.data) if kind == "boss" else {}
        for path, rule in _effect_owners(doc.data, ()):
            default = spec.QUADRANT_HOST if kind == "objects" else spec.OWNED_HOST
            effects.effects((*path, "effects"), hosts.get(rule.get("id"), default))
        if kind == "boss" and "defeat" in doc.data:
            effects.condition(("defeat",), frozenset())
        settled = validation.settle(effects.diagnostics)
        found.extend(d for d in settled if (d.file, d.pointer) not in rejected)
    return found


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
        rule.get("id"): spec.QUADRANT_HOST if rule.get("id") in used else spec.BOSS_HOST
        for _, rule in mappings_in(data.get("special_rules"), ())
    }


def bundle_summary(bundle: dict[str, Any]) -> str:
    """'119 cards, 4 bosses, …' for progress messages."""
    shown = [s for s in SECTIONS if s != "decks"]
    return ", ".join(f"{len(bundle.get(section, ()))} {section}" for section in shown)


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
            "effects": effects.effects((*path, "effects"), spec.QUADRANT_HOST),
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
                "effects": effects.effects((*l_path, "effects"), spec.OWNED_HOST),
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
                "effects": effects.effects((*path, "effects"), spec.OWNED_HOST),
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
                "effects": effects.effects((*path, "effects"), spec.OWNED_HOST),
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
