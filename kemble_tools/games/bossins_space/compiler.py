"""Bossin' Space's compiler hooks (compile/hooks.py): its validated files in, its bundle's
sections out: card data as written, with every DSL effect (bs_kinds, a card's own `effects`, a
Boss side's) compiled with the core EffectCompiler in this game's vocabulary."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kemble_tools.compile.effects import EffectCompiler
from kemble_tools.compile.pipeline import plain
from kemble_tools.diagnostics import Diagnostic
from kemble_tools.games.bossins_space.validate.entries import KIND_LISTS, LISTS
from kemble_tools.games.bossins_space.vocabulary import VOCABULARY
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YMap
from kemble_tools.validate.catalog import Path_, mappings_in
from kemble_tools.validate.hooks import GameFiles

SECTIONS = (
    "enemies",
    "commands",
    "threats",
    "bosses",
    "boss_threats",
    "crew",
    "kinds",
    "upgrade_board",
    "setup",
    "scenarios",
)
DATA = {"bs_upgrade_board": "upgrade_board", "bs_setup": "setup"}
HOST_OF = {"enemies": "enemy", "commands": "command", "threats": "threat"}
KIND_HOSTS = {
    "commands": "command",
    "threat_effects": "threat",
    "enemy_effects": "enemy",
    "boss_effects": "boss_threat",
}
HEAD = ("game", "kind", "$schema")


class BossinCompiler:
    dsl_version: int = VOCABULARY.version
    counted: tuple[str, ...] = ("enemies", "commands", "threats", "bosses", "crew", "scenarios")

    def compile(self, share: GameFiles) -> tuple[dict[str, Any], list[Diagnostic]]:
        bundle: dict[str, Any] = {section: {} for section in SECTIONS}
        bundle["kinds"] = {key: {} for key in KIND_LISTS}
        found: list[Diagnostic] = []
        for doc, kind in share.files:
            effects = EffectCompiler(VOCABULARY, doc, share.catalog, doc.source or doc.file)
            _compile_file(bundle, doc, kind, effects)
            found.extend(effects.diagnostics)
        return bundle, found

    def check(self, share: GameFiles) -> list[Diagnostic]:
        """Every effect compiled wherever one is written, whatever else is wrong."""
        found: list[Diagnostic] = []
        for doc, _ in share.files:
            if not isinstance(doc.data, YMap):
                continue
            effects = EffectCompiler(VOCABULARY, doc, share.catalog, doc.source or doc.file)
            for path, host in effect_lists(doc.data, ()):
                effects.effects(path, host)
            found.extend(effects.diagnostics)
        return found


def _compile_file(
    bundle: dict[str, Any], doc: Document, kind: str, effects: EffectCompiler
) -> None:
    data = doc.data
    if kind == "scenario":
        scenario = {k: plain(v) for k, v in data.items() if k not in HEAD}
        scenario["local"] = _local_cards(data, effects)
        bundle["scenarios"][data["id"]] = {**scenario, "source": doc.source or doc.file}
    elif kind in DATA:
        bundle[DATA[kind]] = {k: plain(v) for k, v in data.items() if k not in HEAD}
    elif kind == "bs_kinds":
        for key, host in KIND_HOSTS.items():
            for path, entry in mappings_in(data.get(key), (key,)):
                compiled = _with_effects(entry, path, _kind_host(entry, host), effects)
                bundle["kinds"][key][entry["id"]] = compiled
    elif kind in LISTS:
        key, section = LISTS[kind]
        for path, entry in mappings_in(data.get(key), (key,)):
            card = _with_effects(entry, path, HOST_OF.get(section, "boss"), effects)
            bundle[section][entry["id"]] = card
            if kind == "bs_bosses":
                _boss(bundle, card, path, effects)


def _local_cards(data: YMap, effects: EffectCompiler) -> dict[str, dict[str, Any]]:
    """A scenario's own cards (its `cards` documents), compiled by section like the shipped
    ones: the engine adds them for this scenario only."""
    found: dict[str, dict[str, Any]] = {}
    for index, doc in enumerate(data.get("cards") or []):
        if not isinstance(doc, YMap) or doc.get("kind") not in LISTS:
            continue
        key, section = LISTS[doc["kind"]]
        for path, entry in mappings_in(doc.get(key), ("cards", index, key)):
            card = _with_effects(entry, path, HOST_OF.get(section, "boss"), effects)
            found.setdefault(section, {})[entry["id"]] = card
            if section == "bosses":
                local = {"bosses": {}, "boss_threats": {}, "scenarios": {}}
                _boss(local, card, path, effects)
                found.setdefault("boss_threats", {}).update(local["boss_threats"])
    return found


def _boss(
    bundle: dict[str, Any], card: dict[str, Any], path: Path_, effects: EffectCompiler
) -> None:
    """A Boss's sides carry effects on the boss host; its Boss Threat cards are also a section
    of their own, each naming its boss."""
    for side in ("front", "back"):
        effects_path = (*path, "sides", side, "effects")
        if effects.doc.resolve(effects_path) is not None:
            compiled = effects.effects(effects_path, "boss")
            card["sides"][side]["effects"] = list(compiled)
    for threat in card.get("threats", []):
        bundle["boss_threats"][threat["id"]] = {**threat, "boss": card["id"]}


def _with_effects(entry: YMap, path: Path_, host: str, effects: EffectCompiler) -> dict[str, Any]:
    data = plain(entry)
    if "effects" in entry and host:
        data["effects"] = list(effects.effects((*path, "effects"), host))
    variants = entry.get("variants")
    for name in variants if isinstance(variants, YMap) and host else ():
        compiled = effects.effects((*path, "variants", name), host)
        data["variants"][name] = list(compiled)
    return data


def _kind_host(entry: YMap, host: str) -> str:
    """An Enemy effect kind printed only on Boss Threat cards runs on their host."""
    hosts = entry.get("hosts")
    only_boss = hosts == ["boss_threat"]
    return "boss_threat" if host in ("enemy", "boss_threat") and only_boss else host


def effect_lists(data: YMap, at: Path_) -> Iterator[tuple[Path_, str]]:
    """Every DSL `effects` list of a file, with its host."""
    kind = data.get("kind")
    for key, host in KIND_HOSTS.items():
        for path, entry in mappings_in(data.get(key), (*at, key)) if kind == "bs_kinds" else ():
            yield (*path, "effects"), _kind_host(entry, host)
            variants = entry.get("variants")
            for name in variants if isinstance(variants, YMap) else ():
                yield (*path, "variants", name), _kind_host(entry, host)
    if kind == "scenario":  # its own cards (§3-BS `cards`)
        for index, doc in enumerate(data.get("cards") or []):
            if isinstance(doc, YMap) and doc.get("kind") in LISTS:
                yield from effect_lists(doc, (*at, "cards", index))
    if kind in LISTS:
        key, section = LISTS[kind]
        for path, entry in mappings_in(data.get(key), (*at, key)):
            if section == "bosses":
                for side in ("front", "back"):
                    yield (*path, "sides", side, "effects"), "boss"
            elif "effects" in entry:
                yield (*path, "effects"), HOST_OF.get(section, "")


COMPILER = BossinCompiler()
