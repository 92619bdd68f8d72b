"""`kemble solve` (formats.md §6): every shipped verdict proved, witnesses that `kemble run`
replays, the analysis, the plain search as a reference, limits, chance and the JSON contract."""

from __future__ import annotations

import gc
import json
import tracemalloc
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from cli_helpers import kemble
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scenario_family import UNWINNABLE, WINNABLE, family_scenario

from kemble_tools.solve.cli import BUILD_ANALYSIS_STATES, BUILD_LIMITS, selected, solve_named
from kemble_tools.solve.hooks import SoloGame, solo_game
from kemble_tools.solve.naive import solve_naive
from kemble_tools.solve.search import Limits, Search
from kemble_tools.solve.solver import Solution, draw_share, solve

from engine_helpers import base_bundle

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def shipped() -> dict[str, Solution]:
    """Every shipped scenario solved as `kemble build` solves it."""
    bundle = base_bundle()
    names = selected(bundle, [])
    solutions = solve_named(bundle, names, BUILD_LIMITS, BUILD_ANALYSIS_STATES, None, quiet=True)
    return {solution.scenario: solution for solution in solutions}


def scenario_game(name: str, **changes: Any) -> SoloGame:
    bundle = base_bundle()
    return solo_game(bundle, {**bundle["scenarios"][name], **changes}, True)


# --- the shipped scenarios --------------------------------------------------------------------


def test_every_shipped_verdict_is_proved_and_is_what_the_scenario_expects(
    shipped: dict[str, Solution],
) -> None:
    # R-VAR-SOLO-1 R-VAR-SOLO-2
    scenarios = base_bundle()["scenarios"]
    assert sorted(shipped) == sorted(scenarios)
    for name, solution in shipped.items():
        assert solution.limit_hit is None, name
        assert solution.verdict == scenarios[name]["expect"], name
        if "difficulty" in scenarios[name]:
            assert solution.analysis["difficulty"] == scenarios[name]["difficulty"], name
    bands = {s.analysis["difficulty"] for s in shipped.values()}
    assert {"easy", "medium", "hard", "perfection", "unwinnable"} <= bands  # a ladder


def test_every_witness_replays_to_a_win_through_kemble_run(
    shipped: dict[str, Solution], tmp_path: Path
) -> None:
    # R-VAR-SOLO-1: a win is the boss destroyed (D-BOS-2)
    wins = {name: s for name, s in shipped.items() if s.verdict == "solvable"}
    assert len(wins) == 6
    for name, solution in wins.items():
        assert solution.witness
        script = tmp_path / f"{name}.txt"
        script.write_text("\n".join(solution.witness) + "\n", encoding="utf-8")
        run = kemble(
            "run", f"scenarios/kembles-cascade/{name}.yaml", "--actions", str(script), "--json"
        )
        assert run.returncode == 0, run.stderr
        state = json.loads(run.stdout)
        assert state["outcome"] == "won" and state["boss"]["defeated"], name


def test_unsolvable_verdicts_are_exhaustive_and_have_no_witness(
    shipped: dict[str, Solution],
) -> None:
    for name in ("solo-07", "solo-08"):
        solution = shipped[name]
        assert solution.verdict == "unsolvable" and solution.witness is None
        assert solution.analysis["winning_lines"] == 0 and solution.win_probability == 0.0


def test_last_stand_demands_perfection(shipped: dict[str, Solution]) -> None:
    # R-VAR-SOLO-2 R-SCR-8 R-SYM-13: two winning lines through one state in rounds 3 and 4
    analysis = shipped["solo-06"].analysis
    assert analysis["complete"] and analysis["difficulty"] == "perfection"
    assert analysis["winning_lines"] == 2 and analysis["winning_first_turns"] == 1
    assert analysis["critical_rounds"] == [3, 4]
    assert 0 < analysis["winning_share"] < 1
    assert analysis["shortest_win_rounds"] <= analysis["longest_win_rounds"]
    assert "buy missile" in " ".join(shipped["solo-06"].witness or [])


def test_last_stand_without_the_missile_for_sale_is_unsolvable() -> None:
    # R-VAR-TUN-1 (rule switch not_for_sale) R-BUY-1: the one line needs the Missile bought
    game = scenario_game("solo-06", rules={"not_for_sale": ["missile"]})
    solution = solve(game, "solo-06", analysis_states=0)
    assert solution.verdict == "unsolvable" and solution.limit_hit is None


def test_the_build_step_is_deterministic(tmp_path: Path) -> None:
    game = scenario_game("solo-06")
    first = solve(game, "solo-06", analysis_states=50_000).to_json(timings=False)
    again = solve(game, "solo-06", analysis_states=50_000).to_json(timings=False)
    assert first == again and first["verdict"] == "solvable"


# --- the reference: the plain search over the same engine -----------------------------------


@pytest.mark.parametrize("seed", WINNABLE + UNWINNABLE)
def test_the_solver_agrees_with_the_plain_search(seed: int) -> None:
    # R-SCR-8 R-SCR-9 D-SOLO-1: a shrinking board, the boss the only way to win
    game = solo_game(base_bundle(), family_scenario(seed))
    plain = solve_naive(game, f"family-{seed}", Limits(states=3_000_000))
    fast = solve(game, f"family-{seed}", analysis_states=0)
    assert plain.verdict == fast.verdict == ("solvable" if seed in WINNABLE else "unsolvable")
    assert fast.states <= plain.states  # pruning never costs states


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=1000, max_value=10**6))
def test_on_random_scenarios_the_two_searches_never_disagree(seed: int) -> None:
    # Each search may stop at its limit (unknown); when both decide, they decide the same.
    game = solo_game(base_bundle(), family_scenario(seed))
    plain = solve_naive(game, "random", Limits(states=40_000))
    fast = solve(game, "random", Limits(states=40_000), analysis_states=0)
    if "unknown" not in (plain.verdict, fast.verdict):
        assert plain.verdict == fast.verdict
    if fast.verdict == "unknown":
        assert fast.limit_hit == "states"
    if fast.verdict == "solvable":  # checked by replay inside solve(); replay it here too
        state = game.new_initial_state().play(*(fast.witness or []))
        assert state.returns() == [1.0]


# --- limits: unknown, never a crash ---------------------------------------------------------


@pytest.mark.parametrize(
    ("limits", "which"),
    [(Limits(states=2_000), "states"), (Limits(memory_mb=1.0), "memory")],
)
def test_a_limit_answers_unknown(limits: Limits, which: str) -> None:
    solution = solve(scenario_game("solo-05"), "solo-05", limits)
    assert solution.verdict == "unknown" and solution.limit_hit == which
    assert solution.witness is None


def test_the_plain_search_stops_at_its_memory_limit_too() -> None:
    game = solo_game(base_bundle(), base_bundle()["scenarios"]["solo-05"])
    solution = solve_naive(game, "solo-05", Limits(memory_mb=2.0))
    assert solution.verdict == "unknown" and solution.limit_hit == "memory"


def test_the_memory_estimate_follows_what_the_table_really_holds() -> None:
    """The --memory limit counts an estimate (search.NODE_BYTES, …); tracemalloc measures what
    the table holds once the search is over. The estimate may be above, never far below."""
    for name in ("solo-01", "solo-03"):
        game = scenario_game(name)
        gc.collect()
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            search = Search(game)
            search.run()
            gc.collect()
            held = tracemalloc.get_traced_memory()[0] - before
        finally:
            tracemalloc.stop()
        estimate = search.memory_mb() * 1e6  # the table, and the bounds' answers kept for reuse
        assert 0.9 <= estimate / held <= 2.5, (name, estimate, held)


# --- chance left open ------------------------------------------------------------------------


def test_an_open_power_up_deck_gives_the_win_probability_and_its_upper_bound() -> None:
    # R-OBJ-PWR-1: the ship lacks one energy; a power-up above it is the Repair kit or the
    # War trophy with equal chance. The worst case loses; the best play wins half the time.
    bundle = dict(base_bundle())
    bundle["powerups"] = {k: bundle["powerups"][k] for k in ("repair_kit", "war_trophy")}
    data = family_scenario(3)
    data["player"]["energy"] -= 1
    row, column = data["player"]["position"]
    above = data["rows"][row - 2][(column - 1) // 2]
    data["cards"][above]["quadrants"][(column - 1) % 2] = {"object": "power_up"}
    fixed = solve(solo_game(bundle, {**data, "powerups": []}), "fixed")
    assert fixed.verdict == "unsolvable"  # without a draw, the energy is one short
    open_game = solo_game(bundle, {**data, "powerups": None}, True)
    solution = solve(open_game, "open", analysis_states=300_000)  # half for the two orders
    assert solution.chance and solution.verdict == "unsolvable"
    assert solution.win_probability == 0.5
    bound = solution.analysis["upper_bound"]  # both orders of the two cards were tried
    assert bound == {"samples": 2, "exact": True, "share": 0.5, "interval": [0.5, 0.5]}
    data_json = solution.to_json()
    assert data_json["win_probability"] == 0.5 and data_json["upper_bound"] == bound


def test_with_many_orders_the_share_is_sampled_with_its_interval() -> None:
    bundle = dict(base_bundle())
    bundle["powerups"] = {k: bundle["powerups"][k] for k in ("repair_kit", "war_trophy")}
    data = family_scenario(3)
    game = solo_game(bundle, {**data, "powerups": None}, True)
    share = draw_share(game, 500_000, most=1)  # two orders, but only one may be tried
    assert share["samples"] == 1 and share["exact"] is False
    assert share["interval"][0] <= share["share"] <= share["interval"][1]
    assert share["interval"][1] - share["interval"][0] > 0.5  # one sample says little


# --- the command line ------------------------------------------------------------------------


def test_solve_json_follows_the_contract() -> None:
    run = kemble("solve", "scenarios/kembles-cascade/solo-06.yaml", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    for key, kind in [
        ("scenario", str),
        ("verdict", str),
        ("witness", list),
        ("states", int),
        ("seconds", float),
        ("winning_lines", int),
        ("critical_rounds", list),
        ("limit_hit", bool),
    ]:
        assert isinstance(data[key], kind), key
    assert data["scenario"] == "solo-06" and data["verdict"] == "solvable"
    assert data["winning_lines"] == 2 and data["critical_rounds"] == [3, 4]
    assert "win_probability" not in data  # no chance left open


def test_several_scenarios_give_a_json_list_and_a_table() -> None:
    run = kemble(
        "solve",
        "scenarios/kembles-cascade/solo-06.yaml",
        "scenarios/kembles-cascade/solo-07.yaml",
        "--json",
    )
    assert run.returncode == 0, run.stderr
    assert [d["verdict"] for d in json.loads(run.stdout)] == ["solvable", "unsolvable"]
    table = kemble(
        "solve", "scenarios/kembles-cascade/solo-06.yaml", "scenarios/kembles-cascade/solo-07.yaml"
    )
    assert table.returncode == 0 and "perfection" in table.stdout
    assert "unwinnable" in table.stdout


def test_one_scenario_is_narrated_turn_by_turn_with_its_critical_rounds() -> None:
    run = kemble("solve", "scenarios/kembles-cascade/solo-06.yaml")
    assert run.returncode == 0, run.stderr
    assert "A winning line" in run.stdout and "round 3 is critical" in run.stdout


def test_a_verdict_that_contradicts_expect_exits_1(tmp_path: Path) -> None:
    source = (ROOT / "scenarios" / "kembles-cascade" / "solo-07.yaml").read_text(encoding="utf-8")
    mine = tmp_path / "mine.yaml"
    mine.write_text(
        source.replace("id: solo-07", "id: my-trap").replace(
            "expect: unsolvable", "expect: solvable"
        ),
        encoding="utf-8",
    )
    run = kemble("solve", str(mine), "--json")
    assert run.returncode == 1
    assert json.loads(run.stdout)["verdict"] == "unsolvable"
    assert "expect says solvable, but it is proved unsolvable" in run.stderr


def test_a_limit_on_the_command_line_answers_unknown_with_exit_0() -> None:
    run = kemble(
        "solve", "scenarios/kembles-cascade/solo-05.yaml", "--limit-states", "1000", "--json"
    )
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["verdict"] == "unknown" and data["limit_hit"] is True and data["limit"] == "states"


@pytest.mark.parametrize("suffix", [".graphml", ".dot"])
def test_the_explored_graph_is_exported(tmp_path: Path, suffix: str) -> None:
    target = tmp_path / f"graph{suffix}"
    run = kemble(
        "solve", "scenarios/kembles-cascade/solo-06.yaml", "--graph", str(target), "--json"
    )
    assert run.returncode == 0, run.stderr
    text = target.read_text(encoding="utf-8")
    if suffix == ".dot":
        assert text.lstrip().startswith(("digraph", "strict digraph")) and "->" in text
        return
    graph = nx.read_graphml(target)
    winning = [n for n, d in graph.nodes(data=True) if d.get("winning")]
    assert graph.number_of_nodes() > 10 and len(winning) >= 3
    assert nx.is_directed_acyclic_graph(graph)  # rounds only go forward


def test_graph_needs_exactly_one_scenario(tmp_path: Path) -> None:
    run = kemble("solve", "--graph", str(tmp_path / "g.graphml"))
    assert run.returncode == 2 and "exactly one scenario" in run.stderr
    assert not (tmp_path / "g.graphml").exists()
