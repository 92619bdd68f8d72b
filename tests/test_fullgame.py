"""Whole solo games (`kemble solve --variant solo --boss ID`, scenarios with a shuffled deck):
the deals, the honest bot, the two bounds, the same bytes on any number of workers."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import kemble

from kemble_tools.games.kembles_cascade.engine import Game
from kemble_tools.games.kembles_cascade.engine.deal import Belief, rules_setup
from kemble_tools.games.kembles_cascade.engine.honest import HonestLookahead, shows_hidden
from kemble_tools.games.kembles_cascade.engine.simulate import LookaheadPolicy
from kemble_tools.games.kembles_cascade.engine.state import State
from kemble_tools.games.kembles_cascade.site import KembleSite
from kemble_tools.solve.fullgame import DealTask, Estimate, estimate, run_deal
from kemble_tools.solve.hooks import not_solvable, solo_game
from kemble_tools.solve.interval import clopper_pearson
from kemble_tools.solve.search import Limits
from kemble_tools.solve.solver import solve

# A short whole game a strong ship mostly wins: its deals are decided in a few thousand
# states, and the honest bot wins most of them (seeds 0-5).
EASY: dict[str, Any] = {
    "title": "A short run",
    "variant": "solo",
    "deck": {"shuffle": [{"deck": "S1", "cards": 10}], "boss": "CANNONRAM"},
    "player": {"energy": 3, "upgrades": {"laser": 2, "missile": 2}},
}
EASY_STATES = 30_000


def _view(state: State) -> tuple[Any, ...]:
    player = state.players[0]
    return (
        state.cells,
        state.deck,
        state.powerup_deck,
        state.sensor_deck,
        player.hand,
        player.hand_sensors,
        player.bellonium,
        player.energy,
        player.upgrades,
        state.phase,
        state.round,
        state.seed,
    )


def _boss(state: State) -> str:
    tables = state.game.tables
    return tables.bosses[tables.cards[state.deck[-1]].warning].id


def test_a_deal_is_the_rules_setup(shipped_bundle: dict[str, Any]) -> None:
    # R-SET-3 R-SET-4 R-SET-5 R-SET-6 R-SET-8 D-SOLO-2: seed s deals kemble simulate's game s
    game = Game.from_variant(shipped_bundle, "solo", 1)
    for seed in range(6):
        start = game.new_initial_state(seed)
        scenario = rules_setup(shipped_bundle, "solo", _boss(start))
        dealt = Game.deal(shipped_bundle, scenario, seed)
        assert _view(Game.from_scenario(shipped_bundle, dealt).new_initial_state()) == _view(start)
        assert len(dealt["rows"]) == 5 and len(dealt["deck"]) == 19  # 28 cards, then the boss


def test_the_boss_asked_for_changes_only_the_boss(shipped_bundle: dict[str, Any]) -> None:
    # R-SET-4: the boss goes to the bottom; the rest of the deal is the seed's
    deals = {
        boss: Game.deal(shipped_bundle, rules_setup(shipped_bundle, "solo", boss), 3)
        for boss in shipped_bundle["bosses"]
    }
    warnings = {dealt["deck"][-1] for dealt in deals.values()}
    assert warnings == {b["warning_card"] for b in shipped_bundle["bosses"].values()}
    rests = {
        json.dumps({**dealt, "deck": dealt["deck"][:-1], "title": None}) for dealt in deals.values()
    }
    assert len(rests) == 1


def test_a_deal_keeps_what_the_scenario_fixes(shipped_bundle: dict[str, Any]) -> None:
    fixed = {**EASY, "sensors": [10, 20, 30], "powerups": ["repair_kit"], "seed": 4}
    dealt = Game.deal(shipped_bundle, fixed, 9)
    assert dealt["sensors"] == [10, 20, 30] and dealt["powerups"] == ["repair_kit"]
    assert dealt["player"] == EASY["player"]  # no power-up dealt into a hand it fixes
    assert dealt["seed"] == 9
    state = Game.from_scenario(shipped_bundle, fixed).new_initial_state()  # kemble run: seed 4
    assert _view(state) == _view(
        Game.from_scenario(shipped_bundle, Game.deal(shipped_bundle, fixed, 4)).new_initial_state()
    )


def _with(bundle: dict[str, Any], name: str, scenario: dict[str, Any]) -> dict[str, Any]:
    return {**bundle, "scenarios": {**bundle["scenarios"], name: scenario}}


def test_each_deals_verdict_is_its_fixed_scenarios(shipped_bundle: dict[str, Any]) -> None:
    """A deal's proved verdict is the solver's on the fixed scenario the seed deals."""
    content = _with(shipped_bundle, "easy", EASY)
    verdicts = []
    for seed in range(4):
        found = run_deal(content, DealTask("easy", seed, EASY_STATES, "honest-lookahead"))
        fixed = Game.deal(shipped_bundle, EASY, seed)
        direct = solve(solo_game(shipped_bundle, fixed), "easy", Limits(EASY_STATES), 0)
        assert (found["verdict"], found["states"]) == (direct.verdict, direct.states)
        assert found["witness_actions"] == (len(direct.witness) if direct.witness else None)
        verdicts.append(found["verdict"])
    assert "solvable" in verdicts  # proved, and its witness replayed by `solve`


def test_the_lower_bound_is_never_above_the_upper(shipped_bundle: dict[str, Any]) -> None:
    found = estimate(shipped_bundle, EASY, "easy", 6, 0, EASY_STATES, scheduler="sync")
    data = found.to_json()
    for one in found.deals:  # a deal the bot wins is one some line wins
        assert not one["bot_won"] or one["verdict"] != "unsolvable"
    assert data["lower_bound"]["won"] > 0  # not vacuous
    assert data["lower_bound"]["share"] <= data["upper_bound"]["share"]
    low, high = data["win_probability_between"]
    assert low == data["lower_bound"]["interval"][0] <= high == data["upper_bound"]["interval"][1]


def test_unknown_deals_count_as_maybe_won() -> None:
    deals = [
        {"seed": i, "verdict": v, "states": 10, "bot_won": w}
        for i, (v, w) in enumerate(
            [("solvable", True), ("unknown", False), ("unsolvable", False), ("unknown", False)]
        )
    ]
    found = Estimate("x", {}, 4, 0, 100, "honest-lookahead", deals).to_json()
    assert found["verdicts"] == {"solvable": 1, "unsolvable": 1, "unknown": 2}
    assert found["upper_bound"]["maybe_won"] == 3 and found["upper_bound"]["share"] == 0.75
    assert found["lower_bound"]["won"] == 1 and found["limit_hit"] is True
    low, high = clopper_pearson(3, 4)
    shown = found["upper_bound"]["interval"]
    assert shown[0] <= low < high <= shown[1]  # rounded outward


@pytest.mark.parametrize(
    ("hits", "n", "low", "high"),
    [
        (0, 40, 0.0, 0.0881),  # 1 - 0.025 ** (1 / 40)
        (40, 40, 0.9119, 1.0),
        (5, 10, 0.1871, 0.8129),
        (1, 100, 0.0003, 0.0545),
    ],
)
def test_clopper_pearson_intervals(hits: int, n: int, low: float, high: float) -> None:
    found = clopper_pearson(hits, n)
    assert found == pytest.approx((low, high), abs=1e-4)


def _decisions(bundle: dict[str, Any], policy: Any, moves: int = 60) -> int:
    """How many of a game's first decisions `policy` (a fresh bot each time, the same dice)
    makes differently when the hidden cards are dealt again (`Belief.sample`)."""
    scenario = rules_setup(bundle, "solo", "CANNONRAM")
    dealt = Game.deal(bundle, scenario, 0)
    belief = Belief.of(bundle, scenario, dealt)
    state = Game.from_scenario(bundle, dealt).new_initial_state()
    player = HonestLookahead(belief, random.Random(1))
    differ = changed = 0
    for move in range(moves):
        if state.is_terminal():
            break
        other = belief.sample(state, random.Random(move))
        changed += other.deck != state.deck and other.powerup_deck != state.powerup_deck
        first = policy(belief)(state, random.Random(2))
        differ += first != policy(belief)(other, random.Random(2))
        state.apply_action(player(state, random.Random(3)))
    assert changed > moves // 2  # the hidden cards did change
    return differ


def test_the_honest_bot_never_reads_a_hidden_card(shipped_bundle: dict[str, Any]) -> None:
    """Its decisions are the same whatever the hidden order of the decks."""
    assert _decisions(shipped_bundle, lambda b: HonestLookahead(b, random.Random(5))) == 0


def test_the_lookahead_bot_reads_hidden_cards(shipped_bundle: dict[str, Any]) -> None:
    """Why the lower bound does not use it: in a solo game it searches past the end of its
    turn into the next round, whose new row the hidden deck deals (R-SCR-5)."""
    assert _decisions(shipped_bundle, lambda _: LookaheadPolicy()) > 0


def test_a_step_that_deals_shows_a_hidden_card(shipped_bundle: dict[str, Any]) -> None:
    dealt = Game.deal(shipped_bundle, EASY, 0)
    state = Game.from_scenario(shipped_bundle, dealt).new_initial_state()
    state.play("sensor " + str(state.players[0].hand_sensors[0]))
    battle = state.child(state.string_to_action("battle"))
    assert not shows_hidden(state, battle)
    end = battle.child(battle.string_to_action("end"))
    assert shows_hidden(battle, end)  # R-SCR-5: the end of the round deals a row


def test_the_same_bytes_with_one_or_two_workers(shipped_bundle: dict[str, Any]) -> None:
    one = estimate(shipped_bundle, EASY, "easy", 3, 0, 5_000, scheduler="sync")
    two = estimate(shipped_bundle, EASY, "easy", 3, 0, 5_000, scheduler="local", workers=2)
    assert json.dumps(one.to_json()) == json.dumps(two.to_json())
    assert [d["seed"] for d in two.deals] == [0, 1, 2]


def test_build_leaves_a_whole_game_out(shipped_bundle: dict[str, Any]) -> None:
    content = _with(shipped_bundle, "easy", EASY)
    assert not_solvable(content, ["easy", "solo-01"]) == {
        "easy": "a whole game from a shuffled deck: `kemble solve` on its file estimates it"
    }
    # its page in the catalogue shows the board its seed deals
    board = Game.deal(shipped_bundle, EASY, 0)["rows"]
    assert list(KembleSite().scenario_cards(content, "easy")) == [c for row in board for c in row]


SCENARIO = """\
kind: scenario
id: short-run
title: A short run
variant: solo
deck:
  shuffle: [{deck: S1, cards: 10}]
  boss: CANNONRAM
player: {energy: 3, upgrades: {laser: 2, missile: 2}}
seed: 7
"""


def test_solve_a_shuffled_scenario_file(tmp_path: Path) -> None:
    path = tmp_path / "short-run.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    args = ("--samples", "2", "--limit-states", "3000", "--scheduler", "sync")
    done = kemble("solve", str(path), *args, "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert (data["scenario"], data["boss"], data["samples"], data["seed"]) == (
        "short-run", "CANNONRAM", 2, 7,
    )  # fmt: skip
    assert [d["seed"] for d in data["deals"]] == [7, 8]
    assert set(data) >= {"verdicts", "upper_bound", "lower_bound", "win_probability_between"}
    shown = kemble("solve", str(path), *args)
    assert "upper: solved, every order known" in shown.stdout
    played = kemble("run", str(path), "--actions", "/dev/null")  # its seed's deal
    assert played.returncode == 0 and "round 1" in played.stdout


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("--variant", "solo", "--boss", "kraken"), 1, "unknown boss 'kraken'"),
        (("--variant", "solo", "--boss", "bansee"), 1, "did you mean 'BANSHEE'?"),
        (("--variant", "solo", "--samples", "0"), 1, "--samples 0"),
        (("--variant", "sol"), 1, "did you mean 'solo'?"),
        (("--variant", "standard"), 1, "no one-player setup"),
        (("--boss", "BANSHEE"), 2, "--boss needs --variant"),
        (("--variant", "solo", "--limit-seconds", "5"), 2, "--limit-states only"),
        (("--variant", "solo", "--scheduler", "nowhere"), 2, "--scheduler"),
    ],
)
def test_bad_requests_are_refused(args: tuple[str, ...], code: int, message: str) -> None:
    done = kemble("solve", *args)
    assert done.returncode == code
    assert message in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_a_boss_not_in_the_bundle_is_refused(tmp_path: Path) -> None:
    bundle = tmp_path / "no-banshee.json"
    compiled = kemble("compile", "--out", str(tmp_path))
    assert compiled.returncode == 0, compiled.stderr
    data = json.loads((tmp_path / "kemble.bundle.json").read_text(encoding="utf-8"))
    del data["bosses"]["BANSHEE"]
    bundle.write_text(json.dumps(data), encoding="utf-8")
    done = kemble("solve", "--bundle", str(bundle), "--variant", "solo", "--boss", "banshee")
    assert done.returncode == 1 and "unknown boss 'banshee'" in done.stderr
