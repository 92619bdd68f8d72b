"""Kemble's Cascade's content figures (`kemble stats`, SweepHooks.content_stats): the balance of
the content at a glance, computed from the compiled bundle, and the order the decks stack in."""

from __future__ import annotations

from collections import Counter
from typing import Any

SYMBOLS = (
    "threat",
    "distant_threat",
    "gamma_distant_threat",
    "omni_threat",
    "global_bellonium",
    "move_cost_m",
    "move_cost_mm",
    "immune",
    "special",
    "flip",
)
TOTALS = (
    "cards",
    "enemies",
    "threat_total",
    "object_energy",
    "reward_bellonium",
    "reward_glory",
    "reward_energy",
)


def _sides(card: dict[str, Any]) -> list[dict[str, Any]]:
    """Every quadrant a card can show: its front and, for a flip card, its back."""
    return list(card["quadrants"]) + list(card.get("back") or [])


def _threat(quadrant: dict[str, Any]) -> int:
    """Threat symbols on a quadrant, whatever their kind (each counts once, R-THR-6 aside)."""
    lines = sum(
        quadrant.get(k, {}).get("count", 0) for k in ("distant_threat", "gamma_distant_threat")
    )
    return quadrant.get("threat", 0) + lines + quadrant.get("omni_threat", 0)


def deck_stats(bundle: dict[str, Any], deck: str) -> dict[str, Any]:
    cards = [bundle["cards"][card_id] for card_id in bundle["decks"][deck]["cards"]]
    objects: Counter[str] = Counter()
    symbols: Counter[str] = Counter()
    directions: dict[str, set[str]] = {"distant_threat": set(), "gamma_distant_threat": set()}
    immunities: Counter[str] = Counter()
    totals = Counter({"cards": len(cards)})
    for card in cards:
        symbols["flip"] += bool(card.get("flip"))
        for quadrant in _sides(card):
            _count_quadrant(bundle, quadrant, objects, symbols, directions, immunities, totals)
    return {
        "deck": deck,
        "name": bundle["decks"][deck]["name"],
        **{key: totals[key] for key in TOTALS},
        "objects": dict(sorted(objects.items())),
        "symbols": {key: symbols[key] for key in SYMBOLS},
        "directions": {key: sorted(value) for key, value in directions.items()},
        "immunities": dict(sorted(immunities.items())),
    }


def _count_quadrant(
    bundle: dict[str, Any],
    quadrant: dict[str, Any],
    objects: Counter[str],
    symbols: Counter[str],
    directions: dict[str, set[str]],
    immunities: Counter[str],
    totals: Counter[str],
) -> None:
    kind = quadrant["object"]
    objects[kind] += 1
    totals["enemies"] += bool(bundle["objects"].get(kind, {}).get("enemy"))
    totals["threat_total"] += _threat(quadrant)
    totals["object_energy"] += quadrant.get("energy", 0)
    for key in ("bellonium", "glory", "energy"):
        totals[f"reward_{key}"] += quadrant.get("reward", {}).get(key, 0)
    for key in ("threat", "omni_threat", "global_bellonium", "special"):
        symbols[key] += bool(quadrant.get(key))
    for key, seen in directions.items():
        if key in quadrant:
            symbols[key] += 1
            seen.add(quadrant[key]["direction"])
    symbols["move_cost_m"] += quadrant.get("move_cost") == 1
    symbols["move_cost_mm"] += quadrant.get("move_cost") == 2
    symbols["immune"] += bool(quadrant.get("immune"))
    immunities.update(quadrant.get("immune", []))


def deck_order(bundle: dict[str, Any]) -> list[str]:
    """Space decks in the order the standard game stacks them, then the others, then bosses."""
    standard = bundle["variants"].get("standard", {}).get("setups", [{}])[0]
    stacked = [part["deck"] for part in standard.get("space_deck", [])]
    decks = [code for code in bundle["decks"] if code not in bundle["bosses"]]
    ordered = [code for code in stacked if code in decks]
    return ordered + [code for code in decks if code not in ordered] + list(bundle["bosses"])


def content_stats(bundle: dict[str, Any]) -> dict[str, Any]:
    """Per-deck figures for every space deck and boss, plus the counts of the other cards."""
    decks = [deck_stats(bundle, code) for code in deck_order(bundle)]
    return {
        "decks": decks,
        "cards": {
            "sensors": len(bundle["sensors"]),
            "powerups": len(bundle["powerups"]),
            "missions": len(bundle["missions"]),
            "achievements": len(bundle["achievements"]),
            "upgrades": len(bundle["upgrades"]),
            "upgrade_levels": sum(len(u["levels"]) for u in bundle["upgrades"].values()),
            "bosses": len(bundle["bosses"]),
            "scenarios": len(bundle["scenarios"]),
        },
    }


def _by_deck(
    title: str, decks: list[dict[str, Any]], rows: list[tuple[str, Any]], width: int | None
) -> list[Any]:
    """Tables with one column per deck and one row per figure; the decks are split over as many
    tables as it takes to fit `width` columns, so no label or figure is ever cut short."""
    from rich.table import Table

    cells = [(label, [str(value(deck) or "") for deck in decks]) for label, value in rows]
    label_width = max((len(label) for label, _ in cells), default=0)
    tables = []
    for part, chunk in enumerate(_fitting(decks, cells, label_width, width)):
        table = Table(title=title if part == 0 else None, title_justify="left")
        table.add_column("", no_wrap=True, min_width=label_width)
        for index in chunk:
            table.add_column(decks[index]["deck"], justify="right", no_wrap=True)
        for label, values in cells:
            table.add_row(label, *(values[index] for index in chunk))
        tables.append(table)
    return tables


def _fitting(
    decks: list[dict[str, Any]],
    cells: list[tuple[str, list[str]]],
    label_width: int,
    width: int | None,
) -> list[list[int]]:
    """The deck columns in runs that fit `width` (each column costs its text and 3 for padding
    and border); all in one run when the width is unlimited (output to a file or a pipe)."""
    runs: list[list[int]] = [[]]
    used = label_width + 4
    for index, deck in enumerate(decks):
        column = max([len(deck["deck"]), *(len(values[index]) for _, values in cells)]) + 3
        if width is not None and runs[-1] and used + column > width:
            runs.append([])
            used = label_width + 4
        runs[-1].append(index)
        used += column
    return runs


def render_tables(stats: dict[str, Any], width: int | None = None) -> Any:
    """Rich tables: totals, objects and symbols per deck, then the other cards; the per-deck
    tables are split to fit `width` columns (None: any width)."""
    from rich.console import Group
    from rich.table import Table

    decks = stats["decks"]
    totals = _by_deck(
        "Totals per deck",
        decks,
        [(key.replace("_", " "), lambda d, k=key: d[k]) for key in TOTALS],
        width,
    )
    kinds = sorted({kind for deck in decks for kind in deck["objects"]})
    objects = _by_deck(
        "Objects per deck (quadrants, flip backs included)",
        decks,
        [(kind.replace("_", " "), lambda d, k=kind: d["objects"].get(k)) for kind in kinds],
        width,
    )
    symbol_rows = [(key.replace("_", " "), lambda d, k=key: d["symbols"][k]) for key in SYMBOLS]
    symbol_rows += [
        (f"{key.replace('_', ' ')} directions", lambda d, k=key: " ".join(d["directions"][k]))
        for key in ("distant_threat", "gamma_distant_threat")
    ]
    symbol_rows += [
        (f"immune: {kind}", lambda d, k=kind: d["immunities"].get(k))
        for kind in ("flame", "missile", "laser", "gamma")
    ]
    symbols = _by_deck("Symbols per deck (quadrants showing each)", decks, symbol_rows, width)
    others = Table(title="Other cards", title_justify="left")
    others.add_column("kind")
    others.add_column("count", justify="right")
    for kind, count in stats["cards"].items():
        others.add_row(kind.replace("_", " "), str(count))
    return Group(*totals, *objects, *symbols, others)
