"""Bossin' Space's ladder of solo scenarios (scenarios/bossins-space/bs-solo-*.yaml, issue 22):
each one solved on the shared solver agrees with its `expect` (the verdict, and the bound on the
win probability where chance is left open), each witness replays to a win through `kemble run`,
and the ladder climbs from one-round puzzles at the Easy level to a three-round Extreme one, with
open chance and an unwinnable rung on the way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from cli_helpers import ROOT, kemble

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.solve import ANALYSIS_STATES
from kemble_tools.solve.checks import check, expected, holds
from kemble_tools.solve.hooks import solo_game
from kemble_tools.solve.search import Limits
from kemble_tools.solve.solver import Solution, solve
from kemble_tools.validate.pipeline import validate_paths

FOLDER = ROOT / "scenarios" / "bossins-space"
# Every rung is decided within about 60,000 engine states; a change that makes one search far
# longer stops here as `unknown` instead of eating the suite's time.
LIMITS = Limits(states=600_000)
# The exact chances the scenario files' comments work out, order by order.
EXACT = {"bs-solo-06": 3 / 4, "bs-solo-07": 2 / 3}
LEVELS = ["easy", "normal", "hard", "extreme"]


def ladder_files() -> list[Path]:
    return sorted(FOLDER.glob("bs-solo-*.yaml"))


def raw(path: Path) -> dict[str, Any]:
    """A scenario file as written (the pile forms, before compiling)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def open_chance(data: dict[str, Any]) -> bool:
    """A pile given as `{shuffle: …}`: its order is a chance node of the search (D-BS-SOLO-6)."""
    return any(isinstance(value, dict) and "shuffle" in value for value in data.values())


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    result = compile_validated(
        validate_paths([ROOT / "cards/bossins-space", FOLDER], with_base=False)
    )
    assert result.bundle is not None, result.diagnostics
    return result.bundle


@pytest.fixture(scope="module")
def solved(bundle: dict[str, Any]) -> dict[str, Solution]:
    """Every solo scenario decided as `kemble solve` decides it (chance open); the analysis,
    which measures the `difficulty` band, only where a scenario states one."""
    found = {}
    for path in ladder_files():
        name = raw(path)["id"]
        scenario = bundle["scenarios"][name]
        analysis = ANALYSIS_STATES if "difficulty" in scenario else 0
        found[name] = solve(solo_game(bundle, scenario, True), name, LIMITS, analysis)
    return found


def test_every_rung_is_proved_as_its_expect_says(
    bundle: dict[str, Any], solved: dict[str, Solution]
) -> None:
    # R-BS-SOLO-1…4, D-BS-SOLO-6, D-BS-END-2: a verdict about winning within max_rounds
    assert len(solved) >= 10
    for name, solution in solved.items():
        assert solution.limit_hit is None, name
        wanted, bound = expected(bundle["scenarios"][name]["expect"])
        assert solution.verdict == wanted, name
        if bound is not None:
            assert solution.win_probability is not None and holds(solution.win_probability, bound)
        # the project's own check: `expect`, and the band where `difficulty` states one
        assert check([solution.to_json()], bundle) == [], name


def test_open_chance_is_valued_exactly(solved: dict[str, Solution]) -> None:
    # D-BS-SOLO-6: a bag's draws are chance nodes; expectimax gives the exact chance of a win
    for name, chance in EXACT.items():
        solution = solved[name]
        assert solution.chance and solution.verdict == "unsolvable", name  # the worst case loses
        assert solution.win_probability == pytest.approx(chance, abs=1e-6), name


def test_every_witness_replays_to_a_win_through_kemble_run(
    solved: dict[str, Solution], tmp_path: Path
) -> None:
    # R-BS-END-3: won when the Boss's life reaches 0; with chance open, the witness wins against
    # the draws `kemble run` makes from the scenario's seed
    replayed = 0
    for path in ladder_files():
        solution = solved[raw(path)["id"]]
        if solution.win_probability == 0.0:
            assert solution.witness is None, path.name
            continue
        assert solution.witness, path.name
        script = tmp_path / f"{path.stem}.txt"
        script.write_text("\n".join(solution.witness) + "\n", encoding="utf-8")
        run = kemble("run", str(path.relative_to(ROOT)), "--actions", str(script), "--json")
        assert run.returncode == 0, run.stderr
        state = json.loads(run.stdout)
        assert (state["outcome"], state["reason"]) == ("won", "boss_defeated"), path.name
        assert state["boss"]["status"] == "defeated", path.name
        replayed += 1
    assert replayed == len(solved) - 1  # all but the unwinnable rung


def test_the_ladder_climbs_from_easy_one_round_puzzles_to_extreme_three_round_ones(
    solved: dict[str, Solution],
) -> None:
    # R-BS-VAR-1 (the four levels), D-BS-END-2 (max_rounds)
    rungs = [raw(path) for path in ladder_files()]
    levels = [rung["level"] for rung in rungs]
    rounds = [rung.get("max_rounds", 20) for rung in rungs]
    assert set(levels) == set(LEVELS)
    assert rounds == sorted(rounds) and rounds[0] == 1 and rounds[-1] in (2, 3)
    assert levels[0] == "easy" and levels[-1] == "extreme"
    assert {"hard", "extreme"} <= {lv for lv, n in zip(levels, rounds, strict=True) if n > 1}
    chance = [rung["id"] for rung in rungs if open_chance(rung)]
    assert len(chance) >= 2 and set(EXACT) <= set(chance)
    for name in chance:
        assert 0.0 < (solved[name].win_probability or 0.0) < 1.0, name
    unwinnable = [n for n, s in solved.items() if s.verdict == "unsolvable" and not s.witness]
    assert unwinnable and all(solved[n].win_probability == 0.0 for n in unwinnable)


def test_each_rung_uses_its_own_levels_threat_cards(bundle: dict[str, Any]) -> None:
    # R-BS-VAR-1, D-BS-SET-5: the normal cards plus the level's own four, never another level's
    threats = bundle["threats"]
    for path in ladder_files():
        rung = raw(path)
        piles = [rung.get("threat_deck"), rung.get("threat_used")]
        cards = [
            c
            for pile in piles
            for c in (pile.get("shuffle") if isinstance(pile, dict) else pile) or []
        ]
        assert cards, path.name
        assert {threats[c]["level"] for c in cards} <= {"normal", rung["level"]}, path.name
