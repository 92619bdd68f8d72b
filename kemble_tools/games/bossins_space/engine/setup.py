"""A scenario's starting position (the scenario format of docs/bossins-space/rules.md): the
board, the Ship, XP and upgrades, the Boss, and every pile as the scenario lists it, as a bag
(`{shuffle: …}`), or, left out, the default composition as bags (R-BS-SET-4, D-BS-SET-2/5,
D-BS-SOLO-6)."""

from __future__ import annotations

from typing import Any

from kemble_tools.engine.api import SetupError
from kemble_tools.games.bossins_space.engine.model import (
    BOSS_ROWS,
    PATHS,
    PILES,
    Position,
    Segment,
    bag,
    load_rules,
)


def initial(
    pos: Position, bundle: dict[str, Any], scenario_id: str, open_chance: bool, seed: int | None
) -> None:
    rules, scenario = load_rules(bundle, scenario_id, open_chance, seed)
    Position.__init__(pos, rules)
    pos.round = int(scenario.get("round", 1))
    levels = scenario.get("upgrades", {})
    pos.levels = {path: int(levels.get(path, 0)) for path in PATHS}
    pos.max_life = rules.start_life() + pos.levels["structural"]  # D-BS-LIFE-1
    ship = scenario.get("ship", {})
    pos.ship = int(ship.get("column", 2))  # R-BS-SET-9, R-BS-GEO-7
    pos.life = int(ship.get("life", pos.max_life))
    pos.heat = int(ship.get("heat", 0))
    pos.xp = int(scenario.get("xp", 0))
    for r, name in enumerate(("A", "B", "C")):
        row = scenario.get("grid", {}).get(name, [None] * 4)
        pos.grid[r] = [cell_of(cell) for cell in row]
    boss = scenario["boss"] if isinstance(scenario["boss"], dict) else {"card": scenario["boss"]}
    pos.boss_status = boss.get("status", "hidden")
    pos.boss_column = boss.get("column")
    pos.boss_row = BOSS_ROWS.index(boss.get("row", "strip"))
    pos.boss_side = boss.get("side", "front")
    pos.boss_life = int(boss.get("life", rules.boss["life"])) if pos.boss_status == "in_play" else 0
    players = scenario.get("players") or []
    pos.hands = [list(p.get("hand") or []) for p in players] if len(rules.players) > 1 else [[]]
    ids = [p["id"] for p in players]
    pos.captain = ids.index(scenario["captain"]) if scenario.get("captain") in ids else 0
    pos.piles = default_piles(rules.bundle, scenario, pos)  # D-BS-SET-6: the first seat by default


def cell_of(cell: Any) -> tuple[str, int] | None:
    if cell is None:
        return None
    if isinstance(cell, str):
        return (cell, 0)
    return (cell["card"], int(cell.get("damage", 0)))


def placed(scenario: dict[str, Any], pos: Position) -> set[str]:
    """Every card id the scenario puts somewhere (grid and listed piles)."""
    found = {cell[0] for row in pos.grid for cell in row if cell is not None}
    found |= {card for hand in pos.hands for card in hand}
    for name in PILES:
        given = scenario.get(name)
        cards = given.get("shuffle", []) if isinstance(given, dict) else given or []
        found |= set(cards)
    return found


def default_piles(
    bundle: dict[str, Any], scenario: dict[str, Any], pos: Position
) -> dict[str, list[Segment]]:
    used = placed(scenario, pos)
    found: dict[str, list[Segment]] = {}
    for name in PILES:
        given = scenario.get(name)
        if isinstance(given, list):
            found[name] = list(given)
        elif isinstance(given, dict):
            found[name] = [bag(given["shuffle"], pos.rules.twin)] if given["shuffle"] else []
        else:
            found[name] = DEFAULTS.get(name, lambda b, s, u, p: [])(bundle, scenario, used, pos)
    return found


def enemy_default(
    bundle: dict[str, Any], scenario: dict[str, Any], used: set[str], pos: Position
) -> list[Segment]:
    """R-BS-SET-4 for one player: a bag per XP tier, 1 XP on top; each tier's count less its
    cards already on the grid or in the discards; the rest stay in the box (D-BS-SET-2)."""
    table = next(row for row in bundle["setup"]["enemy_deck"] if 1 in range_of(row["players"]))
    deck: list[Segment] = []
    for tier in (1, 2, 3):
        cards = [c for c, d in bundle["enemies"].items() if d["xp"] == tier and c not in used]
        gone = sum(1 for c in used if bundle["enemies"].get(c, {}).get("xp") == tier)
        take = int(table[f"xp{tier}"]) - gone
        if cards and take > 0:
            deck.append(bag(cards, pos.rules.twin, take))
    return deck


def range_of(players: list[int]) -> range:
    return range(players[0], players[-1] + 1)


def threat_default(
    bundle: dict[str, Any], scenario: dict[str, Any], used: set[str], pos: Position
) -> list[Segment]:
    """D-BS-SET-5: the level's set, shuffled, less the used cards."""
    level = next(lv for lv in bundle["setup"]["levels"] if lv["id"] == scenario["level"])
    cards = [
        c
        for c, d in bundle["threats"].items()
        if d["level"] in level["threat_levels"] and c not in used
    ]
    return [bag(cards, pos.rules.twin)] if cards else []


def command_default(
    bundle: dict[str, Any], scenario: dict[str, Any], used: set[str], pos: Position
) -> list[Segment]:
    """R-BS-SET-7: the Command cards placed nowhere else, with the Advanced cards a given
    Advanced deck leaves out (they came in by Deck upgrades)."""
    advanced_given = "advanced_deck" in scenario
    cards = [
        c
        for c, d in bundle["commands"].items()
        if c not in used and (advanced_given or not d.get("advanced"))
    ]
    return [bag(cards, pos.rules.twin)] if cards else []


def advanced_default(
    bundle: dict[str, Any], scenario: dict[str, Any], used: set[str], pos: Position
) -> list[Segment]:
    """R-BS-SET-6: every Advanced card placed nowhere else, shuffled."""
    if pos.levels["deck"] > 0:
        raise SetupError("a scenario with a Deck upgrade must list its advanced_deck")
    cards = [c for c, d in bundle["commands"].items() if d.get("advanced") and c not in used]
    return [bag(cards, pos.rules.twin)] if cards else []


DEFAULTS = {
    "enemy_deck": enemy_default,
    "threat_deck": threat_default,
    "command_deck": command_default,
    "advanced_deck": advanced_default,
}
