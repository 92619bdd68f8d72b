"""What one Kemble scenario's game can reach in a bundle (`SolverHooks.reach`: the solver's
whole input for that scenario, which kemble_tools/solve/cache.py hashes).

The reach starts from the scenario (its cards, variant, rules, decks it fixes) and follows every
id that something reached names, whatever the field (an effect that spawns an object kind names
it). What the engine reads whatever the scenario says is kept whole: every upgrade (the shop),
every mission and achievement (their triggers are read globally), every object kind that is
`vacant` (the first one is what a destroyed object leaves), and the power-up or sensor deck
when the scenario leaves it open (it is shuffled from all of them). Each part keeps the
bundle's order, so the engine numbers things as it would with the whole bundle.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kemble_tools.dsl.ir import to_json

FOLLOWED = ("objects", "cards", "bosses", "powerups", "variants", "decks")  # id -> entry
WHOLE = ("upgrades", "missions", "achievements")
# Fields not followed: a card's own deck (its other cards are not in play; a boss deck is
# followed on purpose below) and a variant's set-ups for whole games (their deck lists).
NOT_FOLLOWED = {"cards": ("deck",), "variants": ("setups",)}
# What only printing reads: left out, so an expansion's pictures re-solve nothing.
PRESENTATION = ("art",)


def reach(bundle: dict[str, Any], name: str) -> dict[str, Any]:
    """The bundle cut down to what scenario `name`'s game can read (module docstring)."""
    scenario = bundle["scenarios"][name]
    picked: dict[str, set[str]] = {section: set() for section in FOLLOWED}
    sensors = _sensors(bundle, scenario)
    pending = _read_anyway(bundle, scenario, picked) + [("sensors", s) for s in sensors]
    warnings = {boss["warning_card"]: boss_id for boss_id, boss in bundle["bosses"].items()}
    while pending:
        section, entry = pending.pop()
        for text in _names(section, entry, bundle):
            text = warnings.get(text, text)  # a Boss Warning card deals its boss
            for target in FOLLOWED:
                found = bundle.get(target, {}).get(text)
                if found is not None and text not in picked[target]:
                    picked[target].add(text)
                    pending.append((target, found))
    return _cut(bundle, name, picked, sensors)


def _read_anyway(
    bundle: dict[str, Any], scenario: dict[str, Any], picked: dict[str, set[str]]
) -> list[tuple[str, Any]]:
    """The scenario and what the engine reads whatever it says (module docstring), picked;
    the entries to look into for the names they hold."""
    found: list[tuple[str, Any]] = [("scenarios", scenario)]
    found += [(section, entry) for section in WHOLE for entry in bundle.get(section, {}).values()]
    for kind_id, kind in bundle["objects"].items():
        if kind.get("vacant"):
            picked["objects"].add(kind_id)
            found.append(("objects", kind))
    if scenario.get("powerups") is None:  # an open deck: shuffled from every power-up
        picked["powerups"] |= set(bundle["powerups"])
        found += [("powerups", entry) for entry in bundle["powerups"].values()]
    return found


def _names(section: str, entry: Any, bundle: dict[str, Any]) -> Iterator[str]:
    """Every text in an entry that may name something, but for the fields not followed."""
    if section == "scenarios":
        local = entry.get("cards") or {}
        rest = {k: v for k, v in entry.items() if k != "cards"}
        yield from _texts(rest)
        for card in local.values():
            yield from _names("cards", card, bundle)
        return
    skipped = NOT_FOLLOWED.get(section, ())
    if isinstance(entry, dict):
        yield from _texts({k: v for k, v in entry.items() if k not in skipped})
        if section == "cards" and entry.get("deck") in bundle.get("bosses", {}):
            yield entry["deck"]  # a boss's card: its boss (and so its other cards) is in play
    else:
        yield from _texts(entry)


def _texts(value: Any) -> Iterator[str]:
    """Every text in a value, keys included (`rules: {tunnel_vision: true}` names a variant)."""
    stack = [to_json(value)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _sensors(bundle: dict[str, Any], scenario: dict[str, Any]) -> list[Any]:
    """The sensor cards the game can see: the fixed deck and hand, or all of them."""
    fixed = scenario.get("sensors")
    if fixed is None:
        return list(bundle["sensors"])
    numbers = {*fixed, *(scenario.get("sensor_hand") or ())}
    return [sensor for sensor in bundle["sensors"] if sensor.get("number") in numbers]


def _cut(
    bundle: dict[str, Any], name: str, picked: dict[str, set[str]], sensors: list[Any]
) -> dict[str, Any]:
    cut: dict[str, Any] = {}
    for section, value in bundle.items():
        if section in PRESENTATION:
            continue
        if section in picked:
            cut[section] = {k: v for k, v in value.items() if k in picked[section]}
        elif section == "scenarios":
            cut[section] = {name: value[name]}
        elif section == "sensors":
            cut[section] = sensors
        else:  # upgrades, missions, achievements, versions, and any section added later
            cut[section] = value
    return cut
