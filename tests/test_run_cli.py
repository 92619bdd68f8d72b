"""`kemble run` as formats.md §4-5 describe it: scripts in, state out, illegal lines refused."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import kemble

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tests" / "scripts" / "solo-01-opening.txt"
SOLO_01 = "scenarios/kembles-cascade/solo-01.yaml"


def test_run_prints_the_state_json_of_the_contract() -> None:
    run = kemble("run", SOLO_01, "--actions", str(SCRIPT), "--json")
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
    assert "events" not in state  # only with --log


def test_run_prints_a_board_without_json() -> None:
    run = kemble("run", SOLO_01, "--actions", str(SCRIPT))
    assert run.returncode == 0 and run.stdout.startswith("round 3")
    assert "p1: energy" in run.stdout


def test_illegal_line_exits_1_naming_line_action_and_rule(tmp_path: Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("battle\nenter 2\nmove N   # no move left\n")
    run = kemble("run", SOLO_01, "--actions", str(script))
    assert run.returncode == 1
    assert f"{script}:3: 'move N' is not allowed" in run.stderr and "(R-MOV-1)" in run.stderr
    assert "Traceback" not in run.stderr
    assert "\n  legal now: overload move N, " in run.stderr and ", fire, " in run.stderr
    assert "did you mean" not in run.stderr


def test_a_typo_in_a_script_gets_a_did_you_mean_and_the_legal_actions(tmp_path: Path) -> None:
    script = tmp_path / "typo.txt"
    script.write_text("battle\nenter 2\nfier\n")
    run = kemble("run", SOLO_01, "--actions", str(script))
    assert run.returncode == 1 and run.stdout == ""
    assert run.stderr.splitlines()[1:] == [
        "  did you mean: 'fire'?",
        "  legal now: overload move N, overload move NE, overload move E, overload move W, "
        "overload move NW, overload fire, fire, rotate E, rotate S, rotate W, play repair_kit, "
        "end",
    ]
    assert f"{script}:3: 'fier' is not allowed: unknown action 'fier' (CONTRACT-4)" in run.stderr


def test_log_prints_what_each_action_did_then_the_board() -> None:
    run = kemble("run", SOLO_01, "--actions", str(SCRIPT), "--log")
    assert run.returncode == 0, run.stderr
    log, board = run.stdout.split("round 3 - ", 1)
    assert log.startswith("round 1\n  line 2: battle\n  line 3: enter 2\n")
    assert "      hit: fighter at (3, 2) on S1-20, 1 damage (1 of 1 this turn)\n" in log
    assert "      fighter at (3, 2) destroyed (shot by p1's turret)\n" in log
    assert "space scrolls: " in log and "turn total: p1 lost " in log and "round 2\n" in log
    assert "p1: energy" in board


def test_the_board_shows_the_damage_taken_this_turn(tmp_path: Path) -> None:
    script = tmp_path / "ram.txt"
    script.write_text("battle\nenter 1   # onto a fighter: a ram\n")
    run = kemble("run", SOLO_01, "--actions", str(script))
    assert "at (5, 1), facing N; this turn: lost 1 energy, received 0 threat" in run.stdout


def test_json_log_adds_an_events_key(tmp_path: Path) -> None:
    plain = json.loads(kemble("run", SOLO_01, "--actions", str(SCRIPT), "--json").stdout)
    run = kemble("run", SOLO_01, "--actions", str(SCRIPT), "--json", "--log")
    assert run.returncode == 0, run.stderr
    state = json.loads(run.stdout)
    events = state.pop("events")
    assert state == plain  # the state's keys are unchanged
    assert [(e["line"], e["action"]) for e in events[:3]] == [
        (2, "battle"),
        (3, "enter 2"),
        (4, "fire"),
    ]
    assert events[2]["round"] == 1 and events[2]["auto"] is False
    assert "fighter at (3, 2) destroyed (shot by p1's turret)" in events[2]["happened"]


def test_log_of_a_refused_script_shows_the_lines_before_it(tmp_path: Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("battle\nenter 2\nmove N\n")
    run = kemble("run", SOLO_01, "--actions", str(script), "--log")
    assert (
        run.returncode == 1
        and run.stdout
        == "round 1\n  line 1: battle\n  line 2: enter 2\n      p1: at outside → (5, 2)\n"
    )


def test_power_down_in_round_one_names_r_trn_2(tmp_path: Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("powerdown\n")
    run = kemble("run", SOLO_01, "--actions", str(script))
    assert run.returncode == 1 and "(R-TRN-2)" in run.stderr


def test_invalid_scenario_exits_1_with_diagnostics() -> None:
    run = kemble("run", "tests/corpus/scenario_unknown_card.yaml", "--actions", str(SCRIPT))
    assert run.returncode == 1 and "[ref.unknown]" in run.stdout


def test_run_needs_a_script_or_interactive() -> None:
    assert kemble("run", SOLO_01).returncode == 2


def test_interactive_session_shows_board_and_legal_actions() -> None:
    run = kemble("run", SOLO_01, "--interactive", stdin="battle\nmove N\nenter 2\nquit\n")
    assert run.returncode == 0
    assert "legal: battle" in run.stdout and "not allowed" in run.stdout
    assert "at (5, 2)" in run.stdout


def test_interactive_help_and_end_of_input() -> None:
    run = kemble("run", SOLO_01, "--interactive", stdin="help\n?\nbattle\n")
    assert run.returncode == 0 and "Traceback" not in run.stderr
    assert "unknown action" not in run.stdout and run.stdout.count("commands:\n") == 2
    assert "  save FILE " in run.stdout and "  undo " in run.stdout


def test_interactive_save_replays_with_actions(tmp_path: Path) -> None:
    saved = tmp_path / "saved.txt"
    lines = "battle\nenter 2\nfire\nundo\nfier\nfire\nend\nbattle\nmove N\nend\n"
    run = kemble("run", SOLO_01, "--interactive", stdin=f"{lines}save {saved}\nquit\n")
    assert run.returncode == 0 and "did you mean: 'fire'?" in run.stdout
    assert f"saved 7 actions to {saved}" in run.stdout
    replay = kemble("run", SOLO_01, "--actions", str(saved), "--json")
    direct = kemble("run", SOLO_01, "--actions", str(SCRIPT), "--json")
    assert replay.returncode == 0 and json.loads(replay.stdout) == json.loads(direct.stdout)


def test_solo_01_has_a_winning_line() -> None:
    # R-VAR-SOLO-1 D-BOS-2: the scenario's `expect: solvable`, shown by a scripted win
    run = kemble(
        "run",
        SOLO_01,
        "--actions",
        str(ROOT / "tests" / "scripts" / "solo-01-win.txt"),
        "--json",
    )
    assert run.returncode == 0, run.stderr
    state = json.loads(run.stdout)
    assert state["outcome"] == "won" and state["boss"] == {"id": "CANNONRAM", "defeated": True}
