"""`kemble run` and `kemble solve` on Bossin' Space's scenarios, as a user meets them: scripts
in the action words, refusals naming the line and the rule, the state JSON, the board, the log,
and the solver's report."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import kemble

ROOT = Path(__file__).resolve().parent.parent
SOLO_01 = str(ROOT / "scenarios/bossins-space/bs-solo-01.yaml")
SOLO_02 = str(ROOT / "scenarios/bossins-space/bs-solo-02.yaml")
WIN_01 = "keep CMD-01 CMD-23\nkeep CMD-24 CMD-33\n\n# the Drone, then the Boss\nuse CMD-01\n"
WIN_01 += "use CMD-23\nuse CMD-24\n"
STATE_KEYS = {
    "game", "scenario", "round", "outcome", "reason", "step", "ship", "xp", "upgrades", "grid",
    "boss", "timeline", "kept", "drawn", "piles", "pending", "players", "captain",
}  # fmt: skip


def script(tmp_path: Path, text: str) -> str:
    path = tmp_path / "script.txt"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_winning_script_prints_the_board_and_exits_0(tmp_path: Path) -> None:
    # R-BS-END-3, D-BS-END-1
    run = kemble("run", SOLO_01, "--actions", script(tmp_path, WIN_01))
    assert run.returncode == 0, run.stderr
    assert "won (boss_defeated)" in run.stdout and "^Ship" in run.stdout


def test_the_state_json_has_the_contracts_keys(tmp_path: Path) -> None:
    # D-BS-END-3: the Boss defeated keeps its column, with life 0
    run = kemble("run", SOLO_01, "--actions", script(tmp_path, WIN_01), "--json")
    state = json.loads(run.stdout)
    assert set(state) == STATE_KEYS
    assert state["boss"] | {"max_life": 8} == {
        "card": "BOSS-1", "status": "defeated", "column": 2, "row": "strip", "life": 0,
        "max_life": 8, "side": "front",
    }  # fmt: skip
    assert [c["mode"] for c in state["timeline"]] == ["used", "used", "used", None]
    assert state["timeline"][0]["threat_done"] == "no_enemies"  # D-BS-TML-3
    assert state["step"] == {"phase": "over", "column": None, "part": None}
    assert state["piles"]["enemy_deck"] == 0 and state["pending"] is None


def test_a_refused_line_names_its_line_and_rule_and_stops(tmp_path: Path) -> None:
    # D-BS-CMD-9, R-BS-SOLO-4: a card not kept; nothing after the line is played
    text = "keep CMD-01 CMD-23\nkeep CMD-24 CMD-33\n# a comment\nuse CMD-99\nuse CMD-01\n"
    run = kemble("run", SOLO_01, "--actions", script(tmp_path, text))
    assert run.returncode == 1
    assert "script.txt:4:" in run.stderr and "R-BS-SOLO-4" in run.stderr


def test_use_with_values_answers_the_cards_choices(tmp_path: Path) -> None:
    # §4-BS: `use CARD VALUE…` is the use, then one choose per value; an extra value is refused
    text = "keep CMD-23 CMD-01\nkeep CMD-24 CMD-02\nuse CMD-01 3\n"
    run = kemble("run", SOLO_02, "--actions", script(tmp_path, text))
    assert run.returncode == 1 and "script.txt:3:" in run.stderr
    assert "D-BS-CMD-9" in run.stderr and "choose with nothing pending" in run.stderr


def test_the_log_says_what_each_line_set_off(tmp_path: Path) -> None:
    text = "keep CMD-23 CMD-01\nkeep CMD-24 CMD-02\nuse CMD-01\nuse CMD-23\n"
    run = kemble("run", SOLO_02, "--actions", script(tmp_path, text), "--log")
    assert run.returncode == 0, run.stderr
    assert "EN1-07 is discarded" in run.stdout and "column 2: BT1-2 resolved" in run.stdout
    assert "Boss life 5 -> 2" in run.stdout


def test_solve_reports_the_contracts_figures(tmp_path: Path) -> None:
    # 6-BS: a replayed witness, the margins of the best line
    run = kemble("solve", SOLO_02, "--json")
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    found = answer[0] if isinstance(answer, list) else answer
    assert found["verdict"] == "solvable" and found["witness"]
    top = {k: found[k] for k in ("game", "max_rounds", "life_margin", "heat_margin")}
    assert top == {"game": "bossins-space", "max_rounds": 1, "life_margin": 2, "heat_margin": 0}
    assert found["shortest_win_rounds"] == 1 and isinstance(found["chance"], bool)
    analysis = found["analysis"]
    assert analysis["life_margin"] >= 1 and analysis["heat_margin"] == 0
    assert analysis["shortest_win_rounds"] == 1
    played = kemble("run", SOLO_02, "--actions", script(tmp_path, "\n".join(found["witness"])))
    assert played.returncode == 0 and "won (boss_defeated)" in played.stdout


LOCAL = """\
id: bs-local
title: "A card of its own"
game: bossins-space
variant: solo
level: normal
boss: {card: BOSS-1, status: in_play, column: 2, life: 1}
max_rounds: 1
grid:
  A: [null, T-EN-1, null, null]
enemy_deck: []
threat_deck: [THR-N-01, THR-N-02, THR-N-03, THR-N-04]
command_deck: [CMD-01, CMD-02, CMD-03, CMD-04, CMD-05, CMD-06, CMD-07]
advanced_deck: []
cards:
  - kind: bs_enemies
    cards:
      - id: T-EN-1
        name: Test Husk
        xp: 1
        life: 1
        damage: 1
        effects: [{on: on_destroyed, do: [repair_ship: 1]}]
"""


def test_a_scenarios_own_cards_play_beside_the_shipped_ones(tmp_path: Path) -> None:
    # 3-BS `cards`: added for this scenario only, their DSL effects compiled
    scenario = tmp_path / "bs-local.yaml"
    scenario.write_text(LOCAL, encoding="utf-8")
    text = "keep CMD-01 CMD-02\nkeep CMD-04 CMD-05\nuse CMD-01\nuse CMD-02\n"
    run = kemble("run", str(scenario), "--actions", script(tmp_path, text), "--json")
    assert run.returncode == 0, run.stderr
    state = json.loads(run.stdout)
    assert state["outcome"] == "won" and state["grid"]["A"][1] is None
    bad = LOCAL.replace("repair_ship: 1", "repair_ship: {amount: 1, by: 2}")
    scenario.write_text(bad, encoding="utf-8")
    checked = kemble("validate", str(scenario))
    assert checked.returncode == 1 and "bs-local.yaml:" in checked.stdout
