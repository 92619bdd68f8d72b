"""Bossin' Space's content figures (`kemble stats`): the Enemy deck by XP tier (life, damage,
shields, what activates), the Command deck by kind with its heat, the Threat cards by level and
kind, the Bosses, and the XP the Enemy deck holds against what the upgrades cost (D-BS-SET-1)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any


def content_stats(bundle: Mapping[str, Any]) -> dict[str, Any]:
    enemies = list(bundle["enemies"].values())
    commands = list(bundle["commands"].values())
    return {
        "game": "bossins-space",
        "enemy_tiers": {
            str(tier): tier_figures([e for e in enemies if e["xp"] == tier]) for tier in (1, 2, 3)
        },
        "activations": dict(
            sorted(Counter(a["kind"] for e in enemies for a in e.get("activation") or []).items())
        ),
        "commands": command_figures([c for c in commands if not c.get("advanced")]),
        "advanced": command_figures([c for c in commands if c.get("advanced")]),
        "threats": {
            level: dict(
                sorted(
                    Counter(
                        t["effect"]["kind"]
                        for t in bundle["threats"].values()
                        if t["level"] == level
                    ).items()
                )
            )
            for level in ("normal", "easy", "hard", "extreme")
        },
        "bosses": {
            boss_id: {
                "life": boss["life"],
                "threat_effects": sorted(
                    e["kind"] for t in boss.get("threats", []) for e in t["effects"]
                ),
            }
            for boss_id, boss in sorted(bundle["bosses"].items())
        },
        "xp": xp_figures(bundle),
    }


def tier_figures(cards: list[Mapping[str, Any]]) -> dict[str, Any]:
    count = len(cards)
    return {
        "cards": count,
        "mean_life": round(sum(c["life"] for c in cards) / count, 2) if count else 0,
        "mean_damage": round(sum(c["damage"] for c in cards) / count, 2) if count else 0,
        "shields": sum(bool(c.get("shield")) for c in cards),
        "activating": sum(bool(c.get("activation")) for c in cards),
    }


def command_figures(cards: list[Mapping[str, Any]]) -> dict[str, Any]:
    kinds = Counter(c["kind"] for c in cards)
    heat = Counter(c["kind"] for c in cards if c.get("heat"))
    return {"cards": len(cards), "kinds": {k: [n, heat[k]] for k, n in sorted(kinds.items())}}


def xp_figures(bundle: Mapping[str, Any]) -> dict[str, Any]:
    """The solo Enemy deck's XP (R-BS-SET-4 counts times each tier's XP) against the eight
    upgrades' cost with the solo gap (D-BS-SET-1)."""
    table = next(row for row in bundle["setup"]["enemy_deck"] if 1 in row["players"])
    deck = sum(int(table[f"xp{tier}"]) * tier for tier in (1, 2, 3))
    track = bundle["upgrade_board"]["xp_track"]
    gap = int(track["empty_spaces"][0])
    return {
        "solo_deck_xp": deck,
        "all_upgrades_cost": sum(gap + k for k in range(1, track["cubes"] + 1)),
    }


def render_tables(figures: dict[str, Any]) -> Any:
    from rich.console import Group
    from rich.table import Table

    tiers = Table(title="Enemy cards by XP", title_justify="left")
    for column in ("XP", "cards", "mean life", "mean damage", "shields", "activating"):
        tiers.add_column(column, justify="right")
    for tier, row in figures["enemy_tiers"].items():
        tiers.add_row(
            tier,
            *(str(row[k]) for k in ("cards", "mean_life", "mean_damage", "shields", "activating")),
        )
    kinds = Table(title="Command cards by kind (cards, of which with heat)", title_justify="left")
    for column in ("kind", "deck", "advanced"):
        kinds.add_column(column, justify="right" if column != "kind" else "left")
    names = sorted({*figures["commands"]["kinds"], *figures["advanced"]["kinds"]})
    for name in names:
        deck, extra = figures["commands"]["kinds"].get(name), figures["advanced"]["kinds"].get(name)
        kinds.add_row(
            name,
            f"{deck[0]} ({deck[1]})" if deck else "-",
            f"{extra[0]} ({extra[1]})" if extra else "-",
        )
    threats = Table(title="Threat cards by level", title_justify="left")
    threats.add_column("level")
    threats.add_column("kinds")
    for level, counts in figures["threats"].items():
        threats.add_row(level, ", ".join(f"{k} {n}" for k, n in counts.items()))
    xp = figures["xp"]
    deck, cost = xp["solo_deck_xp"], xp["all_upgrades_cost"]
    line = f"Solo Enemy deck: {deck} XP; all 8 upgrades cost {cost} XP."
    return Group(tiers, kinds, threats, line)
