"""The tables of benchmarks/engine.py: both games of one run side by side, then each game on
every side measured (this tree compiled, its Python sources, a baseline revision) with the
ratio of each pair, which engine each side ran, and a step's cost against the floor."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine_games import TITLES

SETUPS = ("scenarios", "full games")
METRICS = (
    ("transitions_per_s", "transitions per second", "{:,.0f}"),
    ("legal_per_s", "legal-action lists per second", "{:,.0f}"),
    ("clone_per_s", "clones per second", "{:,.0f}"),
    ("key_per_s", "keys per second", "{:,.0f}"),
    ("solver_key_per_s", "solver keys per second", "{:,.0f}"),
    ("step_per_s", "steps (clone+transition+key)/s", "{:,.0f}"),
    ("floor_per_s", "floor steps per second", "{:,.0f}"),
    ("state_bytes", "bytes per state, alone", "{:,.0f}"),
    ("state_bytes_table", "bytes per state, in a table", "{:,.0f}"),
    ("key_bytes", "bytes per key, alone", "{:,.0f}"),
    ("key_bytes_table", "bytes per key, in a table", "{:,.0f}"),
    ("solver_key_bytes", "bytes per solver key, alone", "{:,.0f}"),
)


def figure(results: dict[str, Any], key: str, fmt: str) -> str:
    return fmt.format(results[key]) if key in results else "—"


def ratio(new: dict[str, Any], old: dict[str, Any], key: str) -> str:
    return f"{new[key] / old[key]:.2f}x" if key in new and key in old and old[key] else "—"


def side_by_side(now: dict[str, Any]) -> None:
    """Both games of this run, with Bossin' / Kemble for each metric."""
    kemble, bossin = now["kemble"], now.get("bossin")
    for label in SETUPS:
        k = kemble[label]
        counts = f"{TITLES['kemble']}: {k['games']:,} games, {k['transitions']:,} transitions"
        if bossin:
            b = bossin[label]
            counts += f"; {TITLES['bossin']}: {b['games']:,} games, {b['transitions']:,}"
        print(f"\nRandom play, {label} ({counts}):")
        header = f"  {'':32}{'Kemble':>14}"
        print(header + (f"{'Bossin':>14}{'Bossin/Kemble':>15}" if bossin else ""))
        for key, name, fmt in METRICS:
            line = f"  {name:32}{figure(k, key, fmt):>14}"
            if bossin:
                b = bossin[label]
                line += f"{figure(b, key, fmt):>14}{ratio(b, k, key):>15}"
            print(line)


def sides_table(sides: dict[str, dict[str, Any]]) -> None:
    """Each game on every side, with the ratio of each pair of sides (the first named first)."""
    pairs = list(combinations(sides, 2))
    first = next(iter(sides.values()))
    for game in first:
        print()
        for side, results in sides.items():
            engine = results.get(game, {}).get("engine", f"not in {side}")
            print(f"{TITLES[game]}, {side}: {engine}")
        for label in SETUPS:
            print(f"\n{TITLES[game]}, {label}:")
            columns = "".join(f"{side:>16}" for side in sides)
            columns += "".join(f"{f'{a}/{b}':>20}" for a, b in pairs)
            print(f"  {'':32}{columns}")
            found = {side: results.get(game, {}).get(label, {}) for side, results in sides.items()}
            for key, name, fmt in METRICS:
                row = "".join(f"{figure(found[side], key, fmt):>16}" for side in sides)
                row += "".join(f"{ratio(found[a], found[b], key):>20}" for a, b in pairs)
                print(f"  {name:32}{row}")
            floor_line(found)


def floor_line(found: dict[str, dict[str, Any]]) -> None:
    """A step's cost on each side against the floor (a bare loop of its array work)."""
    for side, results in found.items():
        if "step_per_s" in results and "floor_per_s" in results:
            step, floor = 1e6 / results["step_per_s"], 1e6 / results["floor_per_s"]
            transition = 1e6 / results["transitions_per_s"]
            print(
                f"  {side}: a transition {transition:.2f} µs; a step {step:.2f} µs, the floor"
                f" {floor:.2f} µs: {step / floor:.2f}x the floor"
            )


def report(sides: dict[str, dict[str, Any]]) -> None:
    """The run's tables: the first side's games side by side, then every side's."""
    side_by_side(next(iter(sides.values())))
    if len(sides) > 1:
        sides_table(sides)
    for side, results in sides.items():
        for game, result in results.items():
            if "profile" in result:
                print(f"\nWhere {TITLES[game]}'s transitions spend their time ({side}),")
                print("  share of own time, of time in the function and what it calls:")
                print("\n".join(f"  {row}" for row in result["profile"]))
