"""The shipped base game: published counts, and every object kind and symbol of RULES.md used."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kemble_tools.games.kembles_cascade.stats import content_stats

ROOT = Path(__file__).resolve().parents[1]
PUBLISHED_DECKS = {
    "S1": 23,
    "A1": 22,
    "W1": 16,
    "F1": 16,
    "T1": 11,
    "STAR": 3,  # R-COMP-1
    "BANSHEE": 8,
    "BEHEMOTH": 8,
    "TUNDRAGEIST": 8,
    "CANNONRAM": 4,
}  # R-COMP-2


@pytest.fixture(scope="module")
def bundle(shipped_bundle: dict) -> dict:
    return shipped_bundle


@pytest.fixture(scope="module")
def stats(bundle: dict) -> dict:
    return content_stats(bundle)


def test_published_counts(bundle: dict, stats: dict) -> None:
    assert {d["deck"]: d["cards"] for d in stats["decks"]} == PUBLISHED_DECKS
    assert [s["number"] for s in bundle["sensors"]] == list(range(10, 401, 10))  # R-COMP-3
    assert stats["cards"] | {"scenarios": 0} == {
        "sensors": 40,
        "powerups": 23,
        "missions": 8,
        "achievements": 22,
        "upgrades": 8,
        "upgrade_levels": 20,
        "bosses": 4,
        "scenarios": 0,
    }
    assert {b: boss["rows"] for b, boss in bundle["bosses"].items()} == {
        "BANSHEE": 2,
        "BEHEMOTH": 2,
        "CANNONRAM": 1,
        "TUNDRAGEIST": 2,
    }


def test_every_object_kind_appears_on_a_card(bundle: dict, stats: dict) -> None:
    used = {kind for deck in stats["decks"] for kind in deck["objects"]}
    assert set(bundle["objects"]) - used == set()


def test_every_symbol_appears(stats: dict) -> None:
    def total(key: str) -> int:
        return sum(deck["symbols"][key] for deck in stats["decks"])

    for symbol in (
        "threat",
        "distant_threat",
        "gamma_distant_threat",
        "omni_threat",
        "global_bellonium",
        "move_cost_m",
        "move_cost_mm",
        "special",
        "flip",
    ):
        assert total(symbol) > 0, symbol  # R-SYM-2..13
    for line in ("distant_threat", "gamma_distant_threat"):  # "in several directions"
        assert len({d for deck in stats["decks"] for d in deck["directions"][line]}) >= 2, line
    immunities = {kind for deck in stats["decks"] for kind in deck["immunities"]}
    assert immunities == {"flame", "missile", "laser", "gamma"}  # R-SYM-11
    for reward in ("reward_bellonium", "reward_glory", "reward_energy"):
        assert sum(deck[reward] for deck in stats["decks"]) > 0, reward


def test_each_deck_keeps_its_theme(stats: dict) -> None:
    decks = {deck["deck"]: deck for deck in stats["decks"]}
    assert decks["S1"]["objects"]["fighter"] >= 15  # mostly expendable fighters
    assert decks["A1"]["objects"]["asteroid"] >= 10 and decks["A1"]["reward_bellonium"] >= 10
    assert decks["W1"]["objects"]["wormhole"] >= 4
    assert decks["F1"]["objects"]["cruiser"] + decks["F1"]["objects"]["turret"] >= 10
    assert decks["T1"]["objects"]["wall"] >= 8
    assert set(decks["STAR"]["objects"]) - {"empty"} == {"space_mosquito", "space_bomb", "merchant"}


def test_each_boss_has_special_rules_on_some_parts(bundle: dict, stats: dict) -> None:
    for boss_id, boss in bundle["bosses"].items():
        deck = next(d for d in stats["decks"] if d["deck"] == boss_id)
        assert boss["special_rules"] and deck["symbols"]["special"] > 0, boss_id


def test_powerups_include_both_timings_and_end_glory(bundle: dict) -> None:
    powerups = bundle["powerups"].values()
    assert {p["timing"] for p in powerups} == {"own_turn", "when_drawn"}
    assert sum(1 for p in powerups if p.get("end_glory")) >= 2


def test_stats_command_prints_tables_and_json() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "kemble_tools.cli", "stats", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    figures = json.loads(run.stdout)
    assert {d["deck"]: d["cards"] for d in figures["decks"]} == PUBLISHED_DECKS
    table = subprocess.run(
        [sys.executable, "-m", "kemble_tools.cli", "stats"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "COLUMNS": "140"},
    )
    assert table.returncode == 0 and "Totals per deck" in table.stdout


def test_eight_single_player_scenarios_cover_every_boss(bundle: dict) -> None:
    scenarios = bundle["scenarios"]
    assert sorted(scenarios) == [f"solo-0{n}" for n in range(1, 9)]
    assert all(
        s["variant"] == "solo" and s["source"].startswith("scenarios/kembles-cascade/solo-")
        for s in scenarios.values()
    )
    # R-VAR-SOLO-1: the boss comes last in the deck, or a scenario starts with it on the board
    part_of = {part: f"BOSS-{b}" for b, boss in bundle["bosses"].items() for part in boss["cards"]}
    bosses = set()
    for s in scenarios.values():
        on_board = {part_of[card] for row in s["rows"] for card in row if card in part_of}
        bosses |= on_board or {s["deck"][-1]}
    assert bosses == {f"BOSS-{b}" for b in bundle["bosses"]}
    verdicts = [s["expect"] for s in scenarios.values()]
    assert verdicts.count("unsolvable") >= 2 and verdicts.count("solvable") >= 4
    for name in scenarios:  # each file explains its verdict; tests/test_solve.py proves it
        text = (ROOT / "scenarios" / "kembles-cascade" / f"{name}.yaml").read_text(encoding="utf-8")
        assert "Solver notes" in text, name


def _rendered(stats: dict, width: int | None) -> str:
    import io

    from rich.console import Console

    from kemble_tools.games.kembles_cascade.stats import render_tables

    out = io.StringIO()
    Console(file=out, width=width or 100_000).print(render_tables(stats, width), crop=False)
    return out.getvalue()


@pytest.mark.parametrize("width", [80, 50, None])
def test_stats_tables_never_cut_a_label_or_a_deck(stats: dict, width: int | None) -> None:
    text = _rendered(stats, width)
    assert "…" not in text
    for deck in stats["decks"]:
        assert f" {deck['deck']} " in text
    for label in ("reward bellonium", "object energy", "space mosquito", "immune: missile"):
        assert label in text
    if width is not None:
        assert max(map(len, text.splitlines())) <= width


def test_stats_piped_prints_whole_tables() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "kemble_tools.cli", "stats"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "COLUMNS": "80"},
    )
    assert done.returncode == 0, done.stderr
    assert (
        "…" not in done.stdout
        and "TUNDRAGEIST" in done.stdout
        and "reward bellonium" in done.stdout
    )
