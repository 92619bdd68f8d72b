"""Where a card's effects come from: its kind's program in bs_kinds (a Command kind, a Threat
effect kind, an Enemy effect kind, a Boss special), with the parameters printed on the card,
then the card's own DSL effects. Programs are the bundle's compiled action lists, numbered once
per game so that the work stack holds small integers, not the lists; the lists made here are
made once per bundle (Rules.actions, engine/content.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kemble_tools.dsl.ir import Act, Effect
from kemble_tools.games.bossins_space.engine.model import Rules

# The trigger each host's cards run on, and the bs_kinds lists their printed kinds come from.
TRIGGER = {
    "command": "on_used",
    "threat": "on_timeline",
    "enemy": "on_activation",
    "boss_threat": "on_timeline",
}
KIND_LISTS = {
    "command": ("commands",),
    "threat": ("threat_effects",),
    "enemy": ("enemy_effects",),
    "boss_threat": ("enemy_effects", "boss_effects"),
}
KIND_TRIGGERS = frozenset({"on_used", "on_timeline", "on_activation"})
NO_PROGRAM = -1  # remembered for a card with no own effects on a trigger


def intern(rules: Rules, ops: Sequence[Act]) -> int:
    """The number of one of the bundle's action lists, by its identity: the bundle keeps it
    alive, so the id is never another list's."""
    number = rules.program_ids.get(id(ops))
    if number is None:
        number = len(rules.programs)
        rules.programs.append(tuple(ops))
        rules.program_ids[id(ops)] = number
    return number


def printed(rules: Rules, host: str, card_id: str, slot: int) -> dict[str, Any]:
    """What is printed for one effect: a Command card's fields; a Threat card's `effect`; the
    slot-th entry of an Enemy card's `activation` or a Boss Threat card's `effects`; slot -1 is
    the card itself (its own effects)."""
    if host == "boss":
        return rules.boss
    card = rules.card(card_id)
    if host == "command" and slot == 1:  # the Pilot reversed it (engine/crew.py, D-BS-CREW-1)
        return {**card, "dir": {"left": "right", "right": "left"}.get(card.get("dir"))}
    if slot < 0 or host == "command":
        return card
    if host == "threat":
        return dict(card["effect"])
    entries = card["activation"] if host == "enemy" else card["effects"]
    return dict(entries[slot])


def kind_entry(rules: Rules, host: str, kind: str) -> dict[str, Any]:
    kinds = rules.bundle["kinds"]
    for key in KIND_LISTS[host]:
        if kind in kinds.get(key, {}):
            return dict(kinds[key][kind])
    raise KeyError(f"no {host} kind {kind!r}")  # validation refuses such content


def kind_effects(rules: Rules, host: str, data: dict[str, Any]) -> list[Effect]:
    """The compiled effects of the kind `data` prints, its variant chosen by the printed
    parameter the kind names (an attack's `area`; the first variant by default)."""
    entry = kind_entry(rules, host, data["kind"])
    variants = entry.get("variants")
    if not variants:
        return list(entry.get("effects") or [])
    chosen = data.get(entry["variant_param"], next(iter(variants)))
    return list(variants[chosen])


def actions_of(effects: list[Effect]) -> tuple[Act, ...]:
    """One action list for a card's effects in order; an effect's condition becomes an `if`."""
    ops: list[Act] = []
    for effect in effects:
        if effect.condition is None:
            ops.extend(effect.actions)
        else:
            args = {"condition": effect.condition, "then": effect.actions}
            ops.append(Act("if", args, effect.span))
    return tuple(ops)


def numbered(rules: Rules, key: tuple[Any, ...], ops: tuple[Act, ...]) -> int:
    """A program's number in this game, given the first time it runs (so a game's stack holds
    the same numbers however many games its bundle has played)."""
    number = rules.program_ids[key] = len(rules.programs)
    rules.programs.append(ops)
    return number


def shared(rules: Rules, key: tuple[Any, ...]) -> tuple[Any, ...]:
    """`key` among the programs the bundle's games share: the Boss's own effects are its."""
    return (*key, rules.boss_id) if key[1] == "boss" else key


def kind_program(rules: Rules, host: str, card_id: str, slot: int) -> int:
    """The program of one printed effect (slot as in `printed`)."""
    key = ("kind", host, card_id, slot)
    number = rules.program_ids.get(key)
    if number is None:
        ops = rules.actions.get(shared(rules, key))
        if ops is None:
            data = printed(rules, host, card_id, slot)
            effects = [e for e in kind_effects(rules, host, data) if e.trigger in KIND_TRIGGERS]
            ops = rules.actions[shared(rules, key)] = actions_of(effects)
        number = numbered(rules, key, ops)
    return number


def own_program(rules: Rules, host: str, card_id: str, trigger: str) -> int | None:
    """A card's own DSL effects on `trigger`, or None when it has none; for the Boss, card_id
    names the side whose effects count (D-BS-BOSS-6)."""
    key = ("own", host, card_id, trigger)
    number = rules.program_ids.get(key)
    if number is None:
        ops = rules.actions.get(shared(rules, key))
        if ops is None:
            ops = rules.actions[shared(rules, key)] = actions_of(own_effects(rules, key))
        number = numbered(rules, key, ops) if ops else NO_PROGRAM
        rules.program_ids[key] = number
    return None if number == NO_PROGRAM else number


def own_effects(rules: Rules, key: tuple[Any, ...]) -> list[Effect]:
    _, host, card_id, trigger = key
    sides = rules.boss.get("sides", {})
    data = (sides.get(card_id) or {}) if host == "boss" else rules.card(card_id)
    # a Boss Threat card's `effects` are printed kinds, not DSL: only Effects count
    found = data.get("effects") or []
    return [e for e in found if isinstance(e, Effect) and e.trigger == trigger]


def printed_effects(rules: Rules, host: str, card_id: str) -> int:
    """How many printed effects a card carries (an Enemy's activation list, a Boss Threat
    card's effects; one for a Command or Threat card)."""
    card = rules.card(card_id)
    if host == "enemy":
        return len(card.get("activation") or [])
    if host == "boss_threat":
        return len(card.get("effects") or [])
    return 1
