"""`kemble simulate`: whole games with bots, summarised; the same seed gives the same report."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from kemble_tools.games.kembles_cascade.engine.simulate import simulate

from engine_helpers import base_bundle

ROOT = Path(__file__).resolve().parents[1]


def test_summary_has_the_balance_figures() -> None:
    summary = simulate(
        base_bundle(), players=3, variant="standard", games=6, seed=3, policy="random"
    )
    assert set(summary["win_rate"]) == {"p1", "p2", "p3"}
    assert abs(sum(summary["win_rate"].values()) - 1) < 1e-9
    assert summary["average_rounds"] > 5 and summary["destructions_per_game"] > 0
    assert sum(summary["causes_of_destruction"].values()) == round(
        summary["destructions_per_game"] * 6
    )


def test_greedy_bots_and_solo_games() -> None:
    summary = simulate(base_bundle(), players=1, variant="solo", games=3, seed=1, policy="greedy")
    assert set(summary["win_rate"]) == {"p1"} and summary["policy"] == "greedy"


def test_cli_is_deterministic_and_checks_its_options() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "kemble_tools.cli", "simulate", *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )

    first = run("--players", "2", "--games", "4", "--seed", "9", "--json")
    second = run("--players", "2", "--games", "4", "--seed", "9", "--json")
    assert first.returncode == 0 and first.stdout == second.stdout
    assert json.loads(first.stdout)["games"] == 4
    assert run("--variant", "nonsense", "--games", "1").returncode == 2
    assert run("--variant", "wingmen", "--players", "3", "--games", "1").returncode == 2
    assert run("--policy", "clever", "--games", "1").returncode == 2
