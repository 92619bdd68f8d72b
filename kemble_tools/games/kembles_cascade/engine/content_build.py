"""A bundle's content compiled into the typed tables of content.py, once per game.

Effects are compiled by one DSL compiler per bundle, which remembers each list of effects it
compiled: the games of one bundle (every scenario, every variant) share their compiled hooks.
"""

from __future__ import annotations

from typing import Any

from kemble_tools.games.kembles_cascade.engine.content import (
    BASE_STATS,
    STAT,
    STATS,
    Boss,
    Card,
    Level,
    ObjectKind,
    OwnedCard,
    PowerUp,
    RuleSwitches,
    Sensor,
    Tables,
    Upgrade,
    Weapon,
    make_quadrant,
)
from kemble_tools.games.kembles_cascade.engine.dsl import Compiler
from kemble_tools.games.kembles_cascade.engine.rules import RULES
from kemble_tools.games.kembles_cascade.vocabulary import BASE_WEAPON

_COMPILERS: dict[int, tuple[dict[str, Any], Compiler, dict[int, Any]]] = {}


def compile_content(
    bundle: dict[str, Any], rules: dict[str, Any], local_cards: dict[str, Any]
) -> Tables:
    """A game's tables: the bundle's content under a variant's `rules`, plus a scenario's own
    cards, with effects compiled by the bundle's compiler."""
    compiler, memo = _compiler(bundle)

    def hooks(effects: list[Any]) -> Any:
        found = memo.get(id(effects))
        if found is None:
            found = memo[id(effects)] = (effects, compiler.hooks(effects))
        return found[1]

    return build_tables(bundle, rules, local_cards, hooks, compiler.condition)


def _compiler(bundle: dict[str, Any]) -> tuple[Compiler, dict[int, Any]]:
    """One compiler (and its memo of compiled effects) per bundle, kept for a few bundles."""
    found = _COMPILERS.get(id(bundle))
    if found is None or found[0] is not bundle:
        kinds = {kind: i for i, kind in enumerate(bundle["objects"])}
        upgrades = {upgrade: i for i, upgrade in enumerate(bundle["upgrades"])}
        found = (bundle, Compiler(RULES, kinds, upgrades), {})
        if len(_COMPILERS) >= 4:
            _COMPILERS.pop(next(iter(_COMPILERS)))
        _COMPILERS[id(bundle)] = found
    return found[1], found[2]


def build_tables(
    bundle: dict[str, Any],
    rules: dict[str, Any],
    local_cards: dict[str, Any],
    compile_effects: Any,
    compile_condition: Any,
) -> Tables:
    """Compile a bundle (plus a scenario's own cards) into tables. `compile_effects` turns a
    list of IR effects into hooks by trigger (see dsl.py)."""
    kinds = [
        ObjectKind(
            index=i,
            id=kind_id,
            name=data.get("name") or kind_id,
            blocks_shots=bool(data["blocks_shots"]),
            enterable=bool(data["enterable"]),
            enterable_only_destructible=data["enterable"] == "when_destructible",
            enemy=bool(data["enemy"]),
            indestructible=bool(data.get("indestructible", False)),
            boss=bool(data.get("boss", False)),
            vacant=bool(data.get("vacant", False)),
            hooks=compile_effects(data["effects"]),
        )
        for i, (kind_id, data) in enumerate(bundle["objects"].items())
    ]
    kind_index = {kind.id: kind.index for kind in kinds}
    upgrades, weapons = _upgrades(bundle, compile_effects)
    tables = Tables(
        kinds=kinds,
        kind_index=kind_index,
        vacant=next(kind for kind in kinds if kind.vacant),
        quadrants=[],
        cards=[],
        card_index={},
        weapons=weapons,
        upgrades=upgrades,
        upgrade_index={u.id: u.index for u in upgrades},
        powerups=[],
        powerup_index={},
        sensors=[],
        sensor_by_number={},
        missions=[],
        mission_index={},
        achievements=[],
        achievement_index={},
        bosses=[],
        boss_index={},
        rules=RuleSwitches.from_data(rules),
        base_stats=(),
        hooked={},
    )
    tables.base_stats = tuple(
        tables.rules.base_moves if name == "moves" else BASE_STATS[name] for name in STATS
    )
    _bosses(tables, bundle, compile_effects, compile_condition)
    _cards(tables, {**bundle["cards"], **local_cards})
    _owned(tables, bundle, compile_effects)
    return tables


def _upgrades(
    bundle: dict[str, Any], compile_effects: Any
) -> tuple[list[Upgrade], tuple[str, ...]]:
    upgrades: list[Upgrade] = []
    weapons = [BASE_WEAPON]
    for i, (upgrade_id, data) in enumerate(bundle["upgrades"].items()):
        levels = tuple(_level(level, compile_effects) for level in data["levels"])
        slot = -1
        if any(level.weapon for level in levels):
            slot = len(weapons)
            weapons.append(upgrade_id)
        upgrades.append(Upgrade(i, upgrade_id, data["name"], levels, slot))
    return upgrades, tuple(weapons)


def _level(data: dict[str, Any], compile_effects: Any) -> Level:
    weapon = data.get("weapon")
    changes = []
    for effect in data["effects"]:
        if effect.trigger != "passive":
            continue
        for act in effect.actions:
            if act.action != "modify":
                continue
            # A passive modify reads literal values only (an expression would need a game).
            how_set = "set" in act.args
            node = act.args["set" if how_set else "by"]
            value = getattr(node, "value", None)
            if isinstance(value, int):
                changes.append((STAT[act.args["stat"].value], how_set, value))
    hooks = compile_effects(data["effects"])
    return Level(
        level=int(data["level"]),
        price=int(data["price"]),
        glory=int(data.get("glory", 0)),
        weapon=Weapon(
            shots=int(weapon["shots"]),
            damage=int(weapon.get("damage", 1)),
            splash=int(weapon.get("splash", 0)),
            reach=int(weapon.get("reach", 0)),
            line=bool(weapon.get("line", False)),
            immunity=weapon.get("immunity"),
        )
        if weapon
        else None,
        stat_changes=tuple(changes),
        on_bought=hooks.get("on_bought", ()),
    )


def _bosses(tables: Tables, bundle: dict[str, Any], compile_effects: Any, condition: Any) -> None:
    for i, (boss_id, data) in enumerate(bundle["bosses"].items()):
        numbers = {bundle["cards"][card]["number"]: card for card in data["cards"]}
        tables.bosses.append(
            Boss(
                index=i,
                id=boss_id,
                rows=int(data["rows"]),
                warning_card=data["warning_card"],
                defeat=condition(data["defeat"]) if data.get("defeat") is not None else None,
                special={
                    rule: compile_effects(rule_data["effects"])
                    for rule, rule_data in data["special_rules"].items()
                },
                cards_by_number=numbers,
            )
        )
        tables.boss_index[boss_id] = i


def _cards(tables: Tables, cards: dict[str, Any]) -> None:
    """Every card (and every Boss Warning card) with the quadrants its sides show."""
    for boss in tables.bosses:
        _add_card(tables, boss.warning_card, "", None, None, warning=boss.index)
    for card_id, data in cards.items():
        boss = tables.boss_index.get(data["deck"], -1)
        _add_card(tables, card_id, data["deck"], data, boss)


def _add_card(
    tables: Tables,
    card_id: str,
    deck: str,
    data: dict[str, Any] | None,
    boss: int | None,
    warning: int = -1,
) -> None:
    index = len(tables.cards)
    sides: list[tuple[int, int] | None] = [(), None]  # type: ignore[list-item]
    if data is not None:
        for side, printed in enumerate((data["quadrants"], data.get("back"))):
            if printed:
                sides[side] = tuple(  # type: ignore[call-overload]
                    tables.add(
                        make_quadrant(
                            len(tables.quadrants),
                            index,
                            half,
                            side,
                            printed[half],
                            tables,
                            boss=boss if boss is not None else -1,
                        )
                    )
                    for half in (0, 1)
                )
    tables.cards.append(
        Card(
            index=index,
            id=card_id,
            deck=deck,
            name=data.get("name") if data else None,
            flip=bool(data.get("flip")) if data else False,
            front=sides[0],  # type: ignore[arg-type]
            back=sides[1],
            boss=boss if boss is not None else -1,
            warning=warning,
            number=data.get("number") if data else None,
        )
    )
    tables.card_index[card_id] = index


def _owned(tables: Tables, bundle: dict[str, Any], compile_effects: Any) -> None:
    for i, (powerup_id, data) in enumerate(bundle["powerups"].items()):
        hooks = compile_effects(data["effects"])
        tables.powerups.append(
            PowerUp(
                index=i,
                id=powerup_id,
                playable=data.get("timing") == "own_turn" and bool(hooks.get("on_played")),
                when_drawn=data.get("timing") == "when_drawn",
                on_played=hooks.get("on_played", ()),
                on_drawn=hooks.get("on_drawn", ()),
                end_glory=int(data.get("end_glory", 0)),
            )
        )
        tables.powerup_index[powerup_id] = i
    for i, data in enumerate(bundle["sensors"]):
        hooks = compile_effects(data["effects"])
        sensor = Sensor(i, int(data["number"]), data["symbol"], hooks.get("on_sensor_played", ()))
        tables.sensors.append(sensor)
        tables.sensor_by_number[sensor.number] = sensor
    for section, table, index in (
        ("missions", tables.missions, tables.mission_index),
        ("achievements", tables.achievements, tables.achievement_index),
    ):
        for i, (card_id, data) in enumerate(bundle[section].items()):
            table.append(
                OwnedCard(
                    i,
                    card_id,
                    int(data.get("glory", 0)),
                    int(data.get("target", 1)),
                    compile_effects(data["effects"]),
                )
            )
            index[card_id] = i
