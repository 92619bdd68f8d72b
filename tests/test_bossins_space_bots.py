"""Bossin' Space's bots, whole games, sweeps, `kemble stats` and the OpenSpiel adapter
(`bossins_space`): whole solo games from the rules' setup, played by seeded bots."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import kemble

from kemble_tools.bundle import render_bundle
from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.core.registry import register_game, unregister_game
from kemble_tools.games.bossins_space.bots import Tally, play_games, score
from kemble_tools.games.bossins_space.engine import full_game
from kemble_tools.games.bossins_space.plugin import PLUGIN
from kemble_tools.games.bossins_space.stats import content_stats
from kemble_tools.games.bossins_space.sweep import SWEEP
from kemble_tools.sweep.hooks import SimPoint
from kemble_tools.validate.pipeline import validate_paths

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards/bossins-space"


@pytest.fixture(scope="module")
def bundle() -> Iterator[dict[str, Any]]:
    register_game(PLUGIN)
    try:
        paths = [CARDS, ROOT / "scenarios/bossins-space"]
        compiled = compile_validated(validate_paths(paths, with_base=False))
        assert compiled.bundle is not None, compiled.diagnostics
        yield compiled.bundle
    finally:
        unregister_game(PLUGIN)


def test_a_whole_game_starts_from_the_rules_setup(bundle: dict[str, Any]) -> None:
    # R-BS-SET-5, D-BS-SET-3, R-BS-SOLO-1, R-BS-SET-4, D-BS-SET-2: 4 cards dealt into row A,
    # 24 left in the deck as three tiers (10 - 4 dealt, 10, 8), the Boss hidden beneath
    state = full_game(bundle, "normal", "BOSS-1", seed=7)
    assert all(cell is not None for cell in state.grid[0])
    assert all(cell is None for row in state.grid[1:] for cell in row)
    tiers = [segment[2] for segment in state.piles["enemy_deck"]]
    assert tiers == [6, 10, 8] and state.boss_status == "hidden"
    dealt = {cell[0] for cell in state.grid[0] if cell}
    assert all(bundle["enemies"][card]["xp"] == 1 for card in dealt)
    # R-BS-SET-11, D-BS-SET-5: normal's 12 Threat cards, 4 already revealed
    assert len(state.piles["threat_used"]) == 4 and state.piles["threat_deck"][0][2] == 8
    assert state.phase == "draft1" and len(state.drawn) == 3  # R-BS-SOLO-3


def test_a_whole_game_is_its_seed(bundle: dict[str, Any]) -> None:
    # D-BS-SOLO-6: `kemble run`'s chance is drawn from the seed
    one = play_games(bundle, "normal/BOSS-1", "greedy", range(3, 6))
    two = play_games(bundle, "normal/BOSS-1", "greedy", range(3, 6))
    assert one == two and one.games == 3 and one.unfinished == 0
    assert sum(one.endings.values()) == 3
    other = full_game(bundle, "normal", "BOSS-1", seed=4)
    assert other.key() != full_game(bundle, "normal", "BOSS-1", seed=3).key()


def test_tallies_merge_in_any_order(bundle: dict[str, Any]) -> None:
    whole = play_games(bundle, "easy/BOSS-2", "random", range(8))
    parts = play_games(bundle, "easy/BOSS-2", "random", range(4, 8))
    parts.add(play_games(bundle, "easy/BOSS-2", "random", range(4)))
    assert parts.games == whole.games == 8 and parts.rounds == whole.rounds
    assert parts.endings == whole.endings and parts.wins == whole.wins


def test_each_bot_survives_longer_than_the_one_before(bundle: dict[str, Any]) -> None:
    chance = play_games(bundle, "easy/BOSS-1", "random", range(8))
    greedy = play_games(bundle, "easy/BOSS-1", "greedy", range(8))
    ahead = play_games(bundle, "easy/BOSS-1", "lookahead", range(8))
    rounds = [bot.columns()["mean_rounds"] for bot in (chance, greedy, ahead)]
    assert rounds == sorted(rounds) and rounds[0] < rounds[2]


def test_the_score_prefers_a_damaged_boss_and_a_cool_ship(bundle: dict[str, Any]) -> None:
    state = full_game(bundle, "normal", "BOSS-1", seed=1)
    state.boss_status, state.boss_column, state.boss_life = "in_play", 2, 8
    hurt, hot = state.clone(), state.clone()
    hurt.boss_life, hot.heat = 5, 3
    assert score(hurt)[0] > score(state)[0] > score(hot)[0]


def test_sweep_variants_are_levels_by_bosses(bundle: dict[str, Any]) -> None:
    # R-BS-VAR-1, R-BS-VAR-3: the level and the Boss are chosen
    variants = SWEEP.variants(bundle)
    assert variants[0] == "normal/BOSS-1" and len(variants) == 4 * 5
    assert SWEEP.setup_problem(bundle, "normal/BOSS-1", 1) is None
    assert "crew play" in (SWEEP.setup_problem(bundle, "normal/BOSS-1", 3) or "")
    assert "no variant" in (SWEEP.setup_problem(bundle, "tricky/BOSS-1", 1) or "")
    tally = SWEEP.play(bundle, SimPoint("hard/BOSS-3", 1, "random"), range(2))
    assert isinstance(tally, Tally) and tally.games == 2


def test_an_alternative_removes_cards_and_refuses_what_it_cannot(bundle: dict[str, Any]) -> None:
    content = {**bundle, "enemies": dict(bundle["enemies"])}
    assert SWEEP.alter(content, {"remove": ["EN1-01"]}) == []
    assert "EN1-01" not in content["enemies"] and "EN1-01" in bundle["enemies"]
    problems = SWEEP.alter(content, {"remove": ["EN9-99"], "replace": {"x": {}}})
    assert [p.code for p in problems] == ["sweep.unknown_id", "sweep.replace"]


def test_stats_show_the_mix(bundle: dict[str, Any]) -> None:
    # R-BS-COMP-1, D-BS-SET-1: the tiers, and the deck's XP against the upgrades' cost
    figures = content_stats(bundle)
    assert [figures["enemy_tiers"][t]["cards"] for t in "123"] == [10, 10, 14]
    assert figures["commands"]["cards"] == 34 and figures["advanced"]["cards"] == 6
    assert figures["xp"] == {"solo_deck_xp": 10 + 20 + 24, "all_upgrades_cost": 52}
    assert sum(figures["threats"]["normal"].values()) == 12


def test_kemble_simulate_and_stats_serve_the_game() -> None:
    run = kemble("simulate", str(CARDS), "--no-base", "--players", "1", "--games", "5", "--json")
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["variant"] == "normal/BOSS-1" and summary["games"] == 5
    run = kemble("simulate", str(CARDS), "--no-base", "--players", "2")
    assert run.returncode == 2 and "crew play" in run.stderr  # as Kemble's unplayable setups
    run = kemble("stats", str(CARDS), "--no-base", "--json")
    assert run.returncode == 0 and json.loads(run.stdout)["game"] == "bossins-space"


def test_openspiel_loads_bossins_space_and_mcts_plays(
    bundle: dict[str, Any], tmp_path: Path
) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from kemble_tools.games.bossins_space.bots import SHORT_NAME, policy_named, register

    path = tmp_path / "kemble.bundle.json"
    path.write_text(render_bundle(bundle), encoding="utf-8")
    register()
    register()  # again: nothing more happens
    assert pyspiel.registered_names().count(SHORT_NAME) == 1
    game = pyspiel.load_game(SHORT_NAME, {"bundle": str(path), "scenario": "bs-solo-02"})
    state = game.new_initial_state()
    assert state.current_player() == 0 and state.legal_actions()
    whole = pyspiel.load_game(SHORT_NAME, {"bundle": str(path), "level": "hard"})
    start = whole.new_initial_state()
    assert start.is_chance_node()  # the deal's first draw is chance (D-BS-SOLO-6)
    assert abs(sum(p for _, p in start.chance_outcomes()) - 1.0) < 1e-9
    with pytest.raises(ValueError, match="no scenario"):
        pyspiel.load_game(SHORT_NAME, {"bundle": str(path), "scenario": "bs-solo-99"})
    engine = full_game(bundle, "normal", "BOSS-1", seed=2)
    action = policy_named("mcts", engine)(engine, random.Random(2))
    assert action in engine.legal_actions()


def test_kemble_sweep_plays_levels_and_bosses(tmp_path: Path) -> None:
    # R-BS-VAR-1, R-BS-VAR-3: win rates with their intervals, per level and Boss
    sweep = tmp_path / "sweep.yaml"
    sweep.write_text(
        "game: bossins-space\nkind: sweep\nsimulate:\n"
        "  variants: [easy/BOSS-2, extreme/BOSS-5]\n  players: [1]\n"
        "  policies: [random]\n  games: 6\n  chunk: 3\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    run = kemble("sweep", str(sweep), "--scheduler", "sync", "--out", str(out))
    assert run.returncode == 0, run.stdout + run.stderr
    rows = (out / "simulations.csv").read_text(encoding="utf-8").splitlines()
    assert rows[1].startswith("easy/BOSS-2,1,random,6,") and len(rows) == 3
    sweep.write_text(sweep.read_text().replace("easy/BOSS-2", "easy/boss"), encoding="utf-8")
    wrong = kemble("sweep", str(sweep), "--scheduler", "sync", "--out", str(out))
    assert wrong.returncode == 1 and "sweep.yaml:4:14: error" in wrong.stdout
