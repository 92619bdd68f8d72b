"""Bossin' Space's solo engine (kemble_tools/games/bossins_space/engine/): positions named by
the rule IDs they check, built from the shipped content's compiled bundle."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bossins_space_helpers import SCENARIOS, compiled

from kemble_tools.engine.api import IllegalAction
from kemble_tools.engine.api import State as StateProtocol
from kemble_tools.games.bossins_space.engine import State, new_game

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def bundle() -> Iterator[dict[str, Any]]:
    yield from compiled(SCENARIOS)


def play(state: State, *lines: str) -> State:
    for line in lines:
        state.apply_action(state.string_to_action(line))
    return state


def solo01(bundle: dict[str, Any]) -> State:
    return new_game(bundle, "bs-solo-01")


def test_the_state_follows_the_protocol(bundle: dict[str, Any]) -> None:
    state = solo01(bundle)
    assert isinstance(state, StateProtocol)
    assert state.current_player() == 0 and not state.is_chance_node()
    assert state.child(state.legal_actions()[0]).key() != state.key()


def test_setup_reveals_four_threats_and_lays_the_boss_threats(bundle: dict[str, Any]) -> None:
    # R-BS-TML-2, D-BS-TML-1, D-BS-BOSS-2, R-BS-SOLO-3
    state = solo01(bundle)
    assert state.threats == ["THR-E-01", "THR-N-12", "THR-N-03", "THR-E-04"]
    assert state.boss_threats == ["BT1-1", "BT1-2", "BT1-3", "BT1-4"]
    assert state.phase == "draft1" and state.drawn == ["CMD-01", "CMD-23", "CMD-10"]


def test_the_solo_draft_keeps_two_and_puts_the_rest_under(bundle: dict[str, Any]) -> None:
    # R-BS-SOLO-3, D-BS-SOLO-2, D-BS-SOLO-3
    state = play(solo01(bundle), "keep CMD-01 CMD-23")
    assert state.piles["command_deck"][-1] == "CMD-10" and len(state.drawn) == 4
    assert len(state.legal_actions()) == 12  # 4 choose 2, times the 2 bottom orders
    play(state, "keep CMD-24 CMD-33")
    assert state.kept == ["CMD-01", "CMD-23", "CMD-24", "CMD-33"]
    assert state.piles["command_deck"] == ["CMD-10", "CMD-14", "CMD-02"]
    assert state.phase == "timeline" and state.column == 1


def test_a_keep_of_the_wrong_size_is_refused(bundle: dict[str, Any]) -> None:
    # R-BS-SOLO-3
    state = solo01(bundle)
    with pytest.raises(IllegalAction) as refused:
        play(state, "keep CMD-01")
    assert refused.value.rule == "R-BS-SOLO-3"


def test_the_intended_line_of_bs_solo_01_wins(bundle: dict[str, Any]) -> None:
    # R-BS-TML-4, D-BS-TML-3, D-BS-GEO-3, D-BS-CMD-5, R-BS-END-3, D-BS-END-1
    state = play(solo01(bundle), "keep CMD-01 CMD-23", "keep CMD-24 CMD-33", "use CMD-01")
    assert state.grid[0][1] is None and state.xp == 1 and state.column == 2
    assert state.boss_column == 2  # BT1-1: already in the Ship's column
    play(state, "use CMD-23")
    assert (state.boss_life, state.heat, state.life) == (2, 1, 2)  # BT1-2 fired for 1
    play(state, "use CMD-24")
    assert state.is_terminal() and state.returns() == [1.0]
    assert (state.outcome, state.reason, state.heat, state.life) == ("won", "boss_defeated", 2, 2)
    assert state.boss_status == "defeated" and state.boss_life == 0 and state.column == 3


def test_laser_first_overflows_to_the_boss(bundle: dict[str, Any]) -> None:
    # R-BS-CMD-8, D-BS-CMD-5, D-BS-BOSS-8
    state = play(solo01(bundle), "keep CMD-01 CMD-23", "keep CMD-24 CMD-33", "use CMD-23")
    assert state.grid[0][1] is None and state.boss_life == 3


def test_the_boss_follows_a_ship_that_moves(bundle: dict[str, Any]) -> None:
    # R-BS-CMD-2, D-BS-BOSS-4 (BT1-1 toward), D-BS-GEO-3: the Boss is column 1's only target
    state = play(solo01(bundle), "keep CMD-01 CMD-10", "keep CMD-24 CMD-33", "use CMD-10")
    assert state.ship == 1 and state.boss_column == 1
    play(state, "use CMD-01")
    assert state.boss_life == 3 and state.grid[0][1] == ("EN1-01", 0)


def test_cooling_and_a_column_without_boss_emp_refuses_lay(bundle: dict[str, Any]) -> None:
    # R-BS-HEAT-4, D-BS-HEAT-2, D-BS-SOLO-5
    state = play(solo01(bundle), "keep CMD-01 CMD-23", "keep CMD-24 CMD-33", "cool CMD-01")
    assert state.heat == 0 and state.laid == [("CMD-01", "cooled")]
    with pytest.raises(IllegalAction) as refused:
        play(state, "lay CMD-23")
    assert refused.value.rule == "D-BS-SOLO-5"


def test_end_before_column_four_is_refused_and_max_rounds_ends(bundle: dict[str, Any]) -> None:
    # R-BS-RND-8, D-BS-END-2
    state = play(solo01(bundle), "keep CMD-01 CMD-23", "keep CMD-24 CMD-33")
    with pytest.raises(IllegalAction) as refused:
        play(state, "end")
    assert refused.value.rule == "R-BS-RND-8"
    play(state, "cool CMD-01", "cool CMD-23", "cool CMD-24", "cool CMD-33")
    assert state.phase == "end" and state.boss_side == "back"  # BT1-4 flipped it
    play(state, "end")
    assert (state.outcome, state.reason) == ("ended", "max_rounds")


def test_heat_at_the_limit_loses(bundle: dict[str, Any]) -> None:
    # R-BS-HEAT-3, D-BS-HEAT-1, D-BS-END-3, R-BS-END-4
    state = play(solo01(bundle), "keep CMD-01 CMD-23", "keep CMD-24 CMD-33")
    state.heat = 3
    play(state, "use CMD-23")
    assert (state.outcome, state.reason, state.heat) == ("lost", "overheated", 4)
    assert state.legal_actions() == []


def test_ship_life_at_zero_loses(bundle: dict[str, Any]) -> None:
    # R-BS-LIFE-4, R-BS-END-1, D-BS-BOSS-5: BT1-2 fires down the Boss's column
    state = play(solo01(bundle), "keep CMD-01 CMD-23", "keep CMD-24 CMD-33", "cool CMD-01")
    state.life = 1
    play(state, "cool CMD-23")
    assert (state.outcome, state.reason, state.life) == ("lost", "no_life", 0)


def test_a_shield_soaks_one_point_of_each_card(bundle: dict[str, Any]) -> None:
    # R-BS-DMG-4, D-BS-DMG-2, D-BS-BOSS-6: the back side is shielded
    state = play(solo01(bundle), "keep CMD-01 CMD-23", "keep CMD-24 CMD-33", "use CMD-01")
    state.boss_side = "back"
    play(state, "use CMD-23")
    assert state.boss_life == 3  # 2 points, 1 soaked; then BT1-2 fires


def test_a_missile_asks_a_column_per_rocket(bundle: dict[str, Any]) -> None:
    # R-BS-CMD-4, D-BS-CMD-2, D-BS-HEAT-3
    state = new_game(bundle, "bs-solo-03")
    first = state.drawn
    assert "CMD-18" in first
    play(state, "keep CMD-18 " + next(c for c in first if c != "CMD-18"))
    state.apply_action(state.legal_actions()[0])
    state.heat = 0
    play(state, "use CMD-18")
    assert state.pending is not None and state.heat == 0
    with pytest.raises(IllegalAction) as refused:
        play(state, "end")
    assert refused.value.rule == "R-BS-RND-8"
    play(state, "choose 2")
    assert state.pending is None and state.heat == 1 and state.column == 2


def timeline(bundle: dict[str, Any]) -> State:
    """bs-solo-01 at column 1 with the Drone gone, the Timeline's cards to be set per test."""
    state = play(solo01(bundle), "keep CMD-01 CMD-23", "keep CMD-24 CMD-33")
    state.boss_threats = [None] * 4
    return state


def test_an_attack_threat_hits_with_the_strongest_in_the_ship_column(
    bundle: dict[str, Any],
) -> None:
    # R-BS-THR-2, D-BS-THR-1: THR-N-04 marks columns 2 and 3
    state = timeline(bundle)
    state.grid[1][1] = ("EN2-01", 0)
    state.threats[0] = "THR-N-04"
    play(state, "cool CMD-33")
    strongest = max(state.card(c)["damage"] for c in ("EN1-01", "EN2-01"))
    assert state.life == 3 - strongest


def test_new_enemy_shifts_down_and_row_c_crosses_the_line(bundle: dict[str, Any]) -> None:
    # R-BS-THR-4, D-BS-THR-3, R-BS-ENE-11, D-BS-GEO-4 c
    state = timeline(bundle)
    state.grid[2][3] = ("EN1-02", 0)
    state.piles["enemy_deck"] = ["EN1-03", "EN1-04"]
    state.threats[0] = "THR-N-05"
    play(state, "cool CMD-33")
    assert state.grid[1][1] == ("EN1-01", 0) and state.grid[2][3] is None
    assert (
        state.piles["enemy_discard"] == ["EN1-02"]
        and state.life == 3 - state.card("EN1-02")["damage"]
    )
    assert [c and c[0] for c in state.grid[0]] == ["EN1-03", "EN1-04", None, None]
    assert state.boss_row == 0


def test_new_enemy_with_an_exhausted_deck_steps_the_boss_down(bundle: dict[str, Any]) -> None:
    # R-BS-BOSS-7, D-BS-BOSS-7
    state = timeline(bundle)
    state.threats[0] = "THR-N-05"
    play(state, "cool CMD-33")
    assert state.boss_row == 1 and state.grid[1][1] == ("EN1-01", 0)


def test_an_emp_skips_its_column_threats(bundle: dict[str, Any]) -> None:
    # R-BS-CMD-5, D-BS-CMD-3
    state = timeline(bundle)
    emp = next(i for i, c in bundle["commands"].items() if c["kind"] == "emp")
    state.kept[0] = emp
    state.threats[0], state.boss_threats[0] = "THR-N-04", "BT1-2"
    play(state, f"use {emp}")
    assert state.life == 3 and state.heat == 1 and state.column == 2


def test_a_boss_emp_column_takes_only_lay(bundle: dict[str, Any]) -> None:
    # D-BS-BOSS-3, D-BS-SOLO-5
    state = timeline(bundle)
    state.boss_emp = 1
    with pytest.raises(IllegalAction) as refused:
        play(state, "use CMD-01")
    assert refused.value.rule == "D-BS-SOLO-5"
    play(state, "lay CMD-01")
    assert state.laid == [("CMD-01", "skipped")] and state.grid[0][1] == ("EN1-01", 0)


def test_the_put_back_cards_go_under_in_the_order_named(bundle: dict[str, Any]) -> None:
    # D-BS-SOLO-3, 4-BS: the last named lowest
    state = play(solo01(bundle), "keep CMD-01 CMD-23", "keep CMD-24 CMD-33 bottom CMD-02 CMD-14")
    assert state.piles["command_deck"] == ["CMD-10", "CMD-02", "CMD-14"]
    twin = play(solo01(bundle), "keep CMD-01 CMD-23")
    action = twin.string_to_action("keep CMD-24 CMD-33 bottom CMD-02 CMD-14")
    assert twin.action_to_string(action) == "keep CMD-24 CMD-33 bottom CMD-02 CMD-14"


def test_a_revealed_boss_enters_in_the_ship_column_next_round(bundle: dict[str, Any]) -> None:
    # D-BS-ENE-4, R-BS-BOSS-3, D-BS-BOSS-1, D-BS-RND-4 step 1
    state = timeline(bundle)
    state.boss_status, state.boss_column, state.boss_life = "hidden", None, 0
    state.piles["enemy_deck"] = ["EN1-03"]
    state.threats[0] = "THR-N-05"
    play(state, "cool CMD-33")
    assert state.boss_status == "revealed" and not state.piles["enemy_deck"]
    state.rules = type(state.rules)(**{**vars(state.rules), "max_rounds": 2})
    play(state, "cool CMD-01", "cool CMD-23", "cool CMD-24", "end")
    assert (state.round, state.boss_status, state.boss_column) == (2, "in_play", state.ship)
    assert state.boss_life == 8 and state.boss_threats == ["BT1-1", "BT1-2", "BT1-3", "BT1-4"]


def test_clone_and_child_leave_the_state_as_it_was(bundle: dict[str, Any]) -> None:
    state = solo01(bundle)
    before = state.key()
    twin = state.child(state.string_to_action("keep CMD-01 CMD-23"))
    assert state.key() == before and twin.rules is state.rules and twin.phase == "draft2"


def test_the_intended_line_of_bs_solo_02_wins(bundle: dict[str, Any]) -> None:
    # R-BS-THR-5, R-BS-ENE-7, R-BS-UPG-5, R-BS-HEAT-4, R-BS-BOSS-6 (heal), R-BS-END-3
    state = new_game(bundle, "bs-solo-02")
    play(state, "keep CMD-23 CMD-01", "keep CMD-24 CMD-02", "use CMD-01")
    assert state.grid[0][2] is None and state.life == 2  # the Needler died before it woke
    play(state, "use CMD-23")
    assert (state.boss_life, state.heat, state.life) == (2, 3, 1)
    play(state, "cool CMD-02")
    assert (state.heat, state.boss_life) == (2, 3)
    play(state, "use CMD-24")
    assert (state.outcome, state.heat, state.life) == ("won", 3, 1)


def test_bs_solo_02_cooling_first_lets_the_needler_hit(bundle: dict[str, Any]) -> None:
    # R-BS-THR-5, R-BS-ENE-7, R-BS-LIFE-4: its Activation, then BT1-2 in column 2
    state = new_game(bundle, "bs-solo-02")
    play(state, "keep CMD-23 CMD-01", "keep CMD-24 CMD-02", "cool CMD-01")
    assert state.life == 1
    play(state, "cool CMD-02")
    assert (state.outcome, state.reason) == ("lost", "no_life")


def test_bs_solo_03_back_to_back_lasers_overheat(bundle: dict[str, Any]) -> None:
    # R-BS-END-4, D-BS-END-3: the dead Boss does not save an exploding Ship
    state = new_game(bundle, "bs-solo-03")
    play(state, "keep CMD-23 CMD-30", "keep CMD-24 CMD-01", "cool CMD-30", "use CMD-23")
    assert state.boss_life == 2 and state.heat == 3
    play(state, "use CMD-24")
    assert (state.outcome, state.reason, state.heat) == ("lost", "overheated", 4)
    assert (state.boss_status, state.boss_life) == ("defeated", 0)
