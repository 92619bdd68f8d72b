"""A scenario's start state against the game's limits: energy up to the ship's maximum.

The schema bounds each number on its own (threat points 0–9, R-THR-1; energy 1–7, the most any
shipped upgrade allows). The maximum energy of this player depends on its upgrades: 5 (R-SET-6,
R-PWD-1), or what an owned upgrade level's passive `modify` of `max_energy` makes it (the
Generator: 6, then 7, R-UPG-GEN-1/2), as the engine computes it (engine.rules.players).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.games.kembles_cascade.validate.shapes import RULE_SWITCHES
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YList, YMap
from kemble_tools.validate.catalog import Catalog, Item

BASE_MAX_ENERGY = 5  # R-SET-6; engine.content.BASE_STATS["max_energy"]
MAX_ENERGY = "max_energy"


class Unknown(Exception):
    """The maximum cannot be known here (an unknown upgrade or variant, an effect that is not
    a literal number): nothing is reported, the references are checked elsewhere."""


def check_energy(doc: Document, player: YMap, catalog: Catalog) -> Iterator[Diagnostic]:
    energy = player.get("energy")
    if not isinstance(energy, int) or isinstance(energy, bool):
        return
    upgrades = catalog.table("upgrades")
    try:
        owned = _owned(doc.data, player, catalog)
        top = max_energy(owned, upgrades)
    except Unknown:
        return
    if energy <= top:
        return
    yield doc.diagnostic(
        ("player", "energy"),
        "scenario.energy",
        f"energy {energy} is above this ship's maximum energy: allowed 1–{top}",
        hint=_raise_hint(energy, owned, upgrades) or f"lower it to at most {top}",
    )


def _owned(scenario: YMap, player: YMap, catalog: Catalog) -> dict[str, int]:
    """The upgrade levels the player starts with: the rules' start upgrades (the scenario's
    variant, the variants it switches on, its own switch), then its `upgrades` override."""
    variants = catalog.table("variants")
    rules = _variant_rules(str(scenario.get("variant")), variants)
    switches = scenario.get("rules")
    for name, value in switches.items() if isinstance(switches, YMap) else ():
        if name in RULE_SWITCHES:
            rules[name] = value
        elif name not in variants:
            raise Unknown  # an unknown variant: reported as a reference
        elif value is True:
            rules.update(_own_rules(variants[name]))
    owned = dict(_levels(rules.get("start_upgrades")))
    owned.update(_levels(player.get("upgrades")))
    return owned


def _variant_rules(name: str, variants: dict[str, Item]) -> dict[str, Any]:
    """A variant's rules, over those of the variants it extends (engine.setup.variant_rules)."""
    chain: list[Item] = []
    while name in variants and all(item.id != name for item in chain):
        chain.append(variants[name])
        name = str(chain[-1].data.get("extends"))
    if not chain:
        raise Unknown  # the scenario's variant is not loaded
    rules: dict[str, Any] = {}
    for item in reversed(chain):
        rules.update(_own_rules(item))
    return rules


def _own_rules(variant: Item) -> dict[str, Any]:
    rules = variant.data.get("rules")
    return dict(rules) if isinstance(rules, YMap) else {}


def _levels(table: Any) -> Iterator[tuple[str, int]]:
    for name, level in table.items() if isinstance(table, YMap) else ():
        if not isinstance(level, int) or isinstance(level, bool):
            raise Unknown  # reported by the schema
        yield name, level


def max_energy(owned: dict[str, int], upgrades: dict[str, Item]) -> int:
    """Base maximum, then each owned level's passive changes, in catalogue order."""
    value = BASE_MAX_ENERGY
    if any(name not in upgrades for name in owned):
        raise Unknown
    for name, item in upgrades.items():
        for how, amount in _changes(item, owned.get(name, 0)):
            value = amount if how == "set" else value + amount
    return value


def _changes(upgrade: Item, level: int) -> Iterator[tuple[str, int]]:
    """The `modify: {stat: max_energy, set|by: N}` actions of the passive effects of one
    level (only that level's: a higher level restates what it keeps)."""
    levels = upgrade.data.get("levels")
    if level < 1 or not isinstance(levels, YList) or level > len(levels):
        return
    effects = levels[level - 1].get("effects") if isinstance(levels[level - 1], YMap) else None
    for effect in effects if isinstance(effects, YList) else ():
        if not isinstance(effect, YMap) or effect.get("on") != "passive":
            continue
        for action in effect.get("do") if isinstance(effect.get("do"), YList) else ():
            modify = action.get("modify") if isinstance(action, YMap) else None
            if isinstance(modify, YMap) and modify.get("stat") == MAX_ENERGY:
                yield _change(modify)


def _change(modify: YMap) -> tuple[str, int]:
    for how in ("set", "by"):
        amount = modify.get(how)
        if isinstance(amount, int) and not isinstance(amount, bool):
            return how, amount
    raise Unknown  # an expression: only a game can tell


def _raise_hint(energy: int, owned: dict[str, int], upgrades: dict[str, Item]) -> str | None:
    """The lowest upgrade level that would allow this energy, if one does."""
    for name, item in upgrades.items():
        levels = item.data.get("levels")
        count = len(levels) if isinstance(levels, YList) else 0
        for level in range(owned.get(name, 0) + 1, count + 1):
            try:
                top = max_energy({**owned, name: level}, upgrades)
            except Unknown:
                continue
            if top >= energy:
                return (
                    f"lower it, or give the player 'upgrades: {{{name}: {level}}}' (maximum {top})"
                )
    return None
