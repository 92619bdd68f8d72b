"""Bossin' Space with 2-5 players (`variant: crew`, `kemble run` only): hands, the Round Captain
and the exchange, face-down plays, and the five Crew abilities (engine/crew.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bossins_space_helpers import compiled, play, refused, start
from cli_helpers import kemble

from kemble_tools.engine.api import SetupError
from kemble_tools.games.bossins_space.engine import State, new_game

ROOT = Path(__file__).resolve().parent.parent
CREW_01 = str(ROOT / "scenarios/bossins-space/bs-crew-01.yaml")
HANDS = [
    ["CMD-01", "CMD-14", "CMD-10", "CMD-27", "CMD-33"],
    ["CMD-02", "CMD-23", "CMD-03", "CMD-18", "CMD-11"],
    ["CMD-24", "CMD-04", "CMD-19", "CMD-15", "CMD-28"],
    ["CMD-05", "CMD-06", "CMD-07", "CMD-08"],
    ["CMD-09", "CMD-12", "CMD-13", "CMD-16"],
]
DECK = ["CMD-17", "CMD-20", "CMD-21", "CMD-22", "CMD-25", "CMD-26", "CMD-29", "CMD-30"]


@pytest.fixture(scope="module")
def bundle() -> Iterator[dict[str, Any]]:
    yield from compiled()


def crew(bundle: dict[str, Any], roles: list[str], **scenario: Any) -> State:
    players = [
        {"id": f"p{i + 1}", "crew": role, "hand": HANDS[i][: 5 if len(roles) < 4 else 4]}
        for i, role in enumerate(roles)
    ]
    given = {"variant": "crew", "players": players, "command_deck": DECK, "threat_deck": []}
    given |= {"boss": {"card": "BOSS-1", "status": "in_play", "column": 2, "life": 8}}
    given |= {"grid": {"A": [None, "EN1-01", None, None]}, "advanced_deck": []}
    return start(bundle, **(given | scenario))


def test_hands_are_refilled_and_the_captain_plays_two_with_three(bundle: dict[str, Any]) -> None:
    # R-BS-PLY-2, R-BS-RND-2, D-BS-SET-6: the first seat captains unless the scenario names one
    state = crew(bundle, ["pilot", "gunner", "mechanic"])
    assert state.phase == "plays" and state.captain == 0
    assert [len(hand) for hand in state.hands] == [5, 5, 5]
    play(state, "play p1 CMD-01", "play p1 CMD-10", "play p2 CMD-02")
    assert refused(state, "play p1 CMD-27") == "R-BS-PLY-2"  # the Captain has played 2
    play(state, "play p3 CMD-04")
    # R-BS-PLY-5, R-BS-RND-4: the 4 cards are revealed together, in any order to lay
    assert state.phase == "timeline" and sorted(state.kept) == [
        "CMD-01",
        "CMD-02",
        "CMD-04",
        "CMD-10",
    ]


def test_each_player_count_plays_four_cards(bundle: dict[str, Any]) -> None:
    # R-BS-PLY-1, R-BS-PLY-3, R-BS-PLY-4, R-BS-VAR-2: 2 each; 1 each; the 5-player Captain none
    two = crew(bundle, ["pilot", "gunner"])
    assert len(two.hands[0]) == 5  # the hand limit with 2-3 players
    play(two, "play p1 CMD-01", "play p1 CMD-14", "play p2 CMD-02", "play p2 CMD-23")
    assert two.phase == "timeline"
    four = crew(bundle, ["pilot", "gunner", "mechanic", "scientist"])
    assert [len(h) for h in four.hands] == [4, 4, 4, 4]  # the hand limit with 4-5 players
    play(four, "play p1 CMD-01", "play p2 CMD-02", "play p3 CMD-04", "play p4 CMD-05")
    assert four.phase == "timeline"
    five = crew(bundle, ["pilot", "gunner", "mechanic", "scientist", "hacker"])
    assert refused(five, "play p1 CMD-01") == "R-BS-PLY-4"
    play(five, "play p2 CMD-02", "play p3 CMD-04", "play p4 CMD-05", "play p5 CMD-09")
    assert five.phase == "timeline"


def test_plays_are_private_until_all_four_are_down(bundle: dict[str, Any]) -> None:
    # D-BS-PLY-1, R-BS-PLY-6, R-BS-PLY-7, R-BS-PLY-8: the Threat cards are out before anyone
    # plays, the state says only how many cards each hand holds, and nothing is revealed early
    state = crew(bundle, ["pilot", "gunner", "mechanic"], threat_deck=["THR-N-01"] * 0)
    play(state, "play p1 CMD-01")
    assert state.kept == [] and len(state.played) == 1
    from kemble_tools.games.bossins_space.play.snapshot import state_json

    seen = state_json(state)
    assert [p["hand"] for p in seen["players"]] == [4, 5, 5] and "CMD-01" not in str(seen)


def test_the_captain_exchanges_before_the_first_play_only(bundle: dict[str, Any]) -> None:
    # R-BS-CAP-3, D-BS-CAP-1: the whole hand to the discards, as many drawn
    state = crew(bundle, ["pilot", "gunner", "mechanic"])
    before = list(state.hands[0])
    play(state, "exchange")
    assert state.piles["command_discard"] == before and len(state.hands[0]) == 5
    assert state.hands[0] == DECK[:5]
    assert refused(state, "exchange") == "R-BS-CAP-3"
    other = crew(bundle, ["pilot", "gunner", "mechanic"])
    play(other, "play p2 CMD-02")
    assert refused(other, "exchange") == "R-BS-CAP-3"


def test_the_captain_passes_clockwise(bundle: dict[str, Any]) -> None:
    # R-BS-CAP-1, R-BS-RND-6, R-BS-CREW-1: each round the next seat captains
    state = crew(bundle, ["pilot", "gunner", "mechanic"], max_rounds=3)
    play(state, "play p1 CMD-01", "play p1 CMD-10", "play p2 CMD-02", "play p3 CMD-04")
    play(state, "cool CMD-01", "cool CMD-02", "cool CMD-04", "cool CMD-10", "end")
    assert state.captain == 1 and state.round == 2
    assert [len(hand) for hand in state.hands] == [5, 5, 5]  # refilled


def test_the_pilot_reverses_a_move_once_a_round(bundle: dict[str, Any]) -> None:
    # R-BS-CREW-2, D-BS-CREW-1, R-BS-CAP-2: only while the Pilot captains
    state = crew(bundle, ["pilot", "gunner", "mechanic"])
    play(state, "play p1 CMD-10", "play p1 CMD-01", "play p2 CMD-02", "play p3 CMD-04")
    play(state, "use CMD-10")  # Port Thrusters: left
    assert state.pending is not None and state.pending[0] == "crew"
    play(state, "choose pilot")
    assert state.ship == 3 and state.ability_used


def test_the_gunner_fires_beside_the_ship(bundle: dict[str, Any]) -> None:
    # R-BS-CREW-4: a Shot into the next column (the Drone in A2; the Ship in column 1)
    state = crew(bundle, ["gunner", "pilot", "mechanic"], ship={"column": 1})
    play(state, "play p1 CMD-01", "play p1 CMD-14", "play p2 CMD-02", "play p3 CMD-04")
    play(state, "use CMD-01")
    assert refused(state, "choose left") == "D-BS-CMD-9"  # column 0 does not exist
    play(state, "choose right")
    assert state.grid[0][1] is None and state.ability_used


def test_the_mechanic_cancels_one_heat_rise(bundle: dict[str, Any]) -> None:
    # R-BS-CREW-3, D-BS-HEAT-4: one rise of a card's heat, at its moment
    state = crew(bundle, ["mechanic", "pilot", "gunner"])
    state.hands[0][0] = "CMD-18"  # a Missile: heat +1
    play(state, "play p1 CMD-18", "play p1 CMD-14", "play p2 CMD-02", "play p3 CMD-24")
    play(state, "use CMD-18", "choose 2")
    assert state.pending is not None and state.pending[0] == "crew"
    play(state, "choose mechanic")
    assert state.heat == 0 and state.ability_used
    play(state, "use CMD-24")  # a Laser: heat +1, and the ability is spent
    assert state.pending is None and state.heat == 1


def test_the_scientist_gains_one_xp_with_the_first_defeat(bundle: dict[str, Any]) -> None:
    # R-BS-CREW-5, D-BS-CREW-2: automatic, once a round
    state = crew(bundle, ["scientist", "pilot", "gunner"])
    play(state, "play p1 CMD-01", "play p1 CMD-14", "play p2 CMD-02", "play p3 CMD-04")
    play(state, "use CMD-01")  # the Drone: 1 XP, and 1 more
    assert state.xp == 2 and state.ability_used


def test_the_hacker_peeks_at_the_enemy_deck(bundle: dict[str, Any]) -> None:
    # R-BS-CREW-6, D-BS-CREW-3: the top 2 cards, put back in order; once a round
    state = crew(bundle, ["hacker", "pilot", "gunner"])
    deck = list(state.piles["enemy_deck"])
    play(state, "peek")
    assert state.piles["enemy_deck"] == deck and state.ability_used
    assert refused(state, "peek") == "R-BS-CREW-6"
    other = crew(bundle, ["pilot", "hacker", "gunner"])
    assert refused(other, "peek") == "R-BS-CAP-2"


def test_crew_scenarios_are_run_not_solved(bundle: dict[str, Any]) -> None:
    # R-BS-SET-7, R-BS-SET-8: hands and Crew cards come from the scenario
    state = crew(bundle, ["pilot", "gunner"])
    assert state.rules.crews == ("pilot", "gunner")
    content = {**bundle, "scenarios": {"c": {**state.rules.bundle["scenarios"]["t-rules"]}}}
    with pytest.raises(SetupError, match="only solo"):
        new_game(content, "c", open_chance=True)
    run = kemble("solve", CREW_01)
    assert run.returncode == 1 and "bs.solve.not_solo" in run.stderr


def test_kemble_run_plays_the_shipped_crew_scenario(tmp_path: Path) -> None:
    script = tmp_path / "crew.txt"
    lines = ["play ada CMD-14", "play ada CMD-01", "play ben CMD-23", "play cy CMD-24"]
    lines += ["use CMD-01", "use CMD-14", "choose keep", "cool CMD-24", "use CMD-23", "end"]
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = kemble("run", CREW_01, "--actions", str(script), "--json")
    assert run.returncode == 0, run.stderr
    import json

    state = json.loads(run.stdout)
    assert state["captain"] == "ben" and state["round"] == 2
    assert [p["crew"] for p in state["players"]] == ["pilot", "gunner", "mechanic"]
