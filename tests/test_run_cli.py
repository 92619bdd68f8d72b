"""`kemble run` as CONTRACT §4-5 describe it: scripts in, state out, illegal lines refused."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import kemble

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "scripts" / "solo-01-opening.txt"


def test_run_prints_the_state_json_of_the_contract() -> None:
    run = kemble("run", "scenarios/solo-01.yaml", "--actions", str(SCRIPT), "--json")
    assert run.returncode == 0, run.stderr
    state = json.loads(run.stdout)
    assert {"round", "outcome", "players", "rows", "covered", "boss"} <= set(state)
    assert state["round"] == 3 and state["outcome"] == "ongoing"
    player = state["players"][0]
    assert player["id"] == "p1" and player["position"] == [5, 2]
    assert player["glory"] == 1 and player["bellonium"] == 3  # fighter's glory, Global Bellonium
    assert {
        "energy",
        "max_energy",
        "threat_points",
        "threat_level",
        "astral",
        "facing",
        "upgrades",
        "powerups",
    } <= set(player)
    assert state["rows"][0] == ["BOSS-CANNONRAM-2:front", "BOSS-CANNONRAM-3:front"]
    assert state["boss"] == {"id": "CANNONRAM", "defeated": False}


def test_run_prints_a_board_without_json() -> None:
    run = kemble("run", "scenarios/solo-01.yaml", "--actions", str(SCRIPT))
    assert run.returncode == 0 and run.stdout.startswith("round 3")
    assert "p1: energy" in run.stdout


def test_illegal_line_exits_1_naming_line_action_and_rule(tmp_path: Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("battle\nenter 2\nmove N   # no move left\n")
    run = kemble("run", "scenarios/solo-01.yaml", "--actions", str(script))
    assert run.returncode == 1
    assert f"{script}:3: 'move N' is not allowed" in run.stderr and "(R-MOV-1)" in run.stderr
    assert "Traceback" not in run.stderr


def test_power_down_in_round_one_names_r_trn_2(tmp_path: Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("powerdown\n")
    run = kemble("run", "scenarios/solo-01.yaml", "--actions", str(script))
    assert run.returncode == 1 and "(R-TRN-2)" in run.stderr


def test_invalid_scenario_exits_1_with_diagnostics() -> None:
    run = kemble("run", "tests/corpus/scenario_unknown_card.yaml", "--actions", str(SCRIPT))
    assert run.returncode == 1 and "[ref.unknown]" in run.stdout


def test_run_needs_a_script_or_interactive() -> None:
    assert kemble("run", "scenarios/solo-01.yaml").returncode == 2


def test_interactive_session_shows_board_and_legal_actions() -> None:
    run = kemble(
        "run", "scenarios/solo-01.yaml", "--interactive", stdin="battle\nmove N\nenter 2\nquit\n"
    )
    assert run.returncode == 0
    assert "legal: battle" in run.stdout and "not allowed" in run.stdout
    assert "at (5, 2)" in run.stdout


def test_solo_01_has_a_winning_line() -> None:
    # R-VAR-SOLO-1 D-BOS-2: the scenario's `expect: solvable`, shown by a scripted win
    run = kemble(
        "run",
        "scenarios/solo-01.yaml",
        "--actions",
        str(ROOT / "tests" / "scripts" / "solo-01-win.txt"),
        "--json",
    )
    assert run.returncode == 0, run.stderr
    state = json.loads(run.stdout)
    assert state["outcome"] == "won" and state["boss"] == {"id": "CANNONRAM", "defeated": True}
