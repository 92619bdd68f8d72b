"""Bossin' Space's rules on Threat cards and Enemy cards with every effect they can print
(docs/bossins-space/rules.md; helpers in bossins_space_helpers.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from bossins_space_helpers import QUIET, compiled, game, ids, play, refused, row

from kemble_tools.games.bossins_space.play.snapshot import state_json

IN_PLAY = {"card": "BOSS-1", "status": "in_play", "column": 2}
ACTIVATION = ("THR-N-08", None, None, None)
GONE = {
    "T-GONE-1": {"id": "T-GONE-1", "xp": 1, "life": 1, "damage": 2},
    "T-GONE-2": {"id": "T-GONE-2", "xp": 1, "life": 1, "damage": 1},
}
GONE["T-GONE-1"]["activation"] = [{"kind": "discard_self"}, {"kind": "attack", "area": "column"}]
GONE["T-GONE-2"]["activation"] = [{"kind": "discard_self"}, {"kind": "heat"}]


@pytest.fixture(scope="module")
def bundle() -> Iterator[dict[str, Any]]:
    yield from compiled()


# --- Threat cards --------------------------------------------------------------------------------
def test_threat_cards_never_command_the_boss(bundle: dict[str, Any]) -> None:
    # R-BS-THR-1, D-BS-BOSS-5, D-BS-THR-2: an Attack, a Move and an Activation leave the Boss
    # alone in the Ship's column (the Move finds no card and draws none: the deck is empty)
    state = game(
        bundle,
        boss=IN_PLAY,
        grid={"A": row(None, None, None, "EN1-03")},
        enemy_deck=[],
        threats=("THR-N-04", "THR-N-10", "THR-N-08", None),
        boss_threats=QUIET,
    )
    play(state, "cool CMD-01", "cool CMD-02", "cool CMD-03")
    assert (state.life, state.boss_column, state.threat_done[:3]) == (3, 2, ["resolved"] * 3)


def test_an_attack_card_fires_the_strongest_in_the_ship_column(bundle: dict[str, Any]) -> None:
    # R-BS-THR-2, D-BS-THR-1: one Enemy, the strongest, of the Ship's column only; a wide
    # Flak Tower next door does not join in; an empty marked column does nothing
    grid = {"A": row(None, "EN2-01", "EN3-04"), "B": row(None, "EN1-03")}
    state = game(bundle, grid=grid, threats=("THR-N-04", "THR-N-03", None, None))
    assert play(state, "cool CMD-01").life == 1
    grid = {"A": row(None, "EN1-01", "EN3-04")}
    state = game(bundle, grid=grid, threats=("THR-N-04", "THR-N-01", None, None))
    assert play(state, "cool CMD-01").life == 2
    assert play(state, "use CMD-02").life == 2  # the Shot emptied column 2


def test_one_damage_value_serves_all_three_attacks(bundle: dict[str, Any]) -> None:
    # D-BS-ENE-5, R-BS-ENE-7, R-BS-ENE-11: the Lancer hits for 2 on activation, on an Attack
    # card and crossing the line
    levels = {"missiles": 2, "lasers": 2, "deck": 2, "structural": 2}
    threats = ("THR-N-08", "THR-N-04", "THR-N-05", None)
    grid = {"C": row(None, "EN2-04")}
    state = game(
        bundle, grid=grid, upgrades=levels, advanced_deck=[], enemy_deck=[], threats=threats
    )
    lives = [state.life] + [play(state, f"cool {c}").life for c in ("CMD-01", "CMD-02", "CMD-03")]
    assert lives == [5, 3, 1, 0] and state.reason == "no_life"


def test_a_move_card_shifts_the_lowest_card_or_brings_one(bundle: dict[str, Any]) -> None:
    # R-BS-THR-3, D-BS-THR-2, R-BS-ENE-13, D-BS-ENE-4: the lowest card of the marked column
    # goes to the first available space next door; an empty column gets the top Enemy card
    # first; a card that cannot move stays, and nothing is drawn
    grid = {"A": row(None, "EN1-03"), "B": row(None, "EN1-04")}
    state = game(bundle, grid=grid, enemy_deck=["EN1-01"], threats=("THR-N-10", None, None, None))
    play(state, "cool CMD-01")
    assert ids(state, 0)[1:3] == ["EN1-03", "EN1-04"] and state.grid[1][1] is None
    empty = game(bundle, enemy_deck=["EN1-01", "EN1-02"], threats=("THR-N-10", None, None, None))
    play(empty, "cool CMD-01")
    assert ids(empty, 0) == [None, None, "EN1-01", None] and empty.piles["enemy_deck"] == ["EN1-02"]
    full = {"A": row(None, "EN1-02", "EN1-03"), "B": row(None, None, "EN1-04")}
    full |= {"C": row(None, None, "EN2-01")}
    blocked = game(bundle, grid=full, enemy_deck=["EN1-01"], threats=("THR-N-10", *QUIET[1:]))
    play(blocked, "cool CMD-01")
    assert ids(blocked, 0)[1] == "EN1-02" and blocked.piles["enemy_deck"] == ["EN1-01"]
    # column 2 empty: the card drawn cannot move either and stays; the last card, it
    # uncovers the Boss
    full["A"] = row(None, None, "EN1-03")
    stuck = game(bundle, grid=full, enemy_deck=["EN1-01"], threats=("THR-N-10", *QUIET[1:]))
    play(stuck, "cool CMD-01")
    assert ids(stuck, 0)[1:3] == ["EN1-01", "EN1-03"] and stuck.boss_status == "revealed"


def test_the_activation_goes_through_its_list_of_cards(bundle: dict[str, Any]) -> None:
    # R-BS-THR-5, D-BS-THR-4, D-BS-THR-7, R-BS-ENE-2, R-BS-ENE-3, R-BS-ENE-8, D-BS-ENE-1: reading
    # order, row A first (the Medibot repairs before the Sniper shoots); a card that moves on
    # does not act twice; one packed up into a passed space still acts; one pushed over the
    # line before its turn and one that arrived meanwhile do not
    grid = {"A": row("EN1-06", "EN2-10"), "B": row("EN3-07")}
    state = play(game(bundle, grid=grid, ship={"column": 4}, threats=ACTIVATION), "cool CMD-01")
    assert ids(state, 0)[:2] == ["EN3-07", "EN2-10"] and ids(state, 1)[:2] == [None, "EN1-06"]
    assert state.life == 2
    grid = {"A": row("EN3-12", None, "EN2-07"), "B": row("EN1-09", None, "EN1-03")}
    grid["C"] = row(None, None, "EN2-09")
    state = game(bundle, grid=grid, ship={"column": 4}, enemy_deck=["EN3-06"], threats=ACTIVATION)
    play(state, "cool CMD-01")
    assert (state.heat, state.life) == (1, 1)
    assert ids(state, 0)[0] == "EN1-09" and [ids(state, r)[2] for r in range(3)] == [
        "EN2-07",
        "EN3-06",
        "EN1-03",
    ]


def test_help_cards_reward_the_marked_columns(bundle: dict[str, Any]) -> None:
    # R-BS-THR-6, D-BS-THR-5, D-BS-CMD-9, D-BS-UPG-8: +1 XP (which may buy an upgrade), a
    # repair, or the player's pick; nothing outside the marked columns
    threats = ("THR-E-01", "THR-E-02", "THR-E-03", None)
    state = game(bundle, level="easy", xp=2, ship={"life": 2}, threats=threats)
    play(state, "cool CMD-01")
    assert state.pending[0] == "upgrade"
    play(state, "choose deck", "cool CMD-02")
    assert (state.xp, state.life) == (0, 2)
    play(state, "cool CMD-03")
    assert state_json(state)["pending"] == {"what": "help_bonus", "options": ["xp", "repair"]}
    assert refused(state, "choose left") == "D-BS-CMD-9"
    assert play(state, "choose repair").life == 3


def test_an_empty_card_does_nothing(bundle: dict[str, Any]) -> None:
    # R-BS-THR-7, D-BS-THR-6: and the Threat kinds are the six of the rules
    kinds = {"attack", "move", "new_enemy", "activation", "help", "empty"}
    assert set(bundle["kinds"]["threat_effects"]) == kinds
    assert {c["effect"]["kind"] for c in bundle["threats"].values()} == kinds
    state = game(bundle, grid={"A": row("EN1-07")}, threats=("THR-N-12", None, None, None))
    before = state_json(state)
    play(state, "cool CMD-01")
    assert state.threat_done[0] == "resolved"
    assert all(state_json(state)[k] == before[k] for k in ("grid", "ship", "xp", "boss", "piles"))


# --- Enemy cards ---------------------------------------------------------------------------------
def test_two_effects_resolve_left_then_right_from_where_it_stands(bundle: dict[str, Any]) -> None:
    # R-BS-ENE-1, D-BS-ENE-6, R-BS-ENE-5, R-BS-ENE-7: the Sidewinder steps into the Ship's
    # column, then fires from there; a card that discarded itself makes no attack, but its
    # heat still counts
    state = play(game(bundle, grid={"A": row("EN2-05")}, threats=ACTIVATION), "cool CMD-01")
    assert state.life == 2 and ids(state, 0)[:2] == [None, "EN2-05"]
    grid = {"A": row(None, "T-GONE-1", "T-GONE-2")}
    state = game(bundle, extra={"enemies": GONE}, grid=grid, threats=ACTIVATION)
    play(state, "cool CMD-01")
    assert (state.life, state.heat, state.grid[0]) == (3, 1, [None] * 4)


def test_narrow_and_wide_attacks(bundle: dict[str, Any]) -> None:
    # R-BS-ENE-7: the Needler only down its own column (1: the Ship in 2 is missed), the Flak
    # Tower (3) also next door, for its damage 1
    grid = {"A": row("EN1-07", None, "EN3-04")}
    assert play(game(bundle, grid=grid, threats=ACTIVATION), "cool CMD-01").life == 2


def test_moves_toward_and_away(bundle: dict[str, Any]) -> None:
    # R-BS-ENE-5, R-BS-ENE-12, D-BS-ENE-2, D-BS-BOSS-4: toward the Ship, or nothing from its
    # column; away from its column is the player's pick, with a Boss's preference or not;
    # at the edge, or with one side full, the one open side
    grid = {"A": row("EN2-02", None, None, "EN1-08"), "B": row("EN2-06")}
    state = game(bundle, grid=grid, ship={"column": 1}, threats=ACTIVATION)
    play(state, "cool CMD-01")
    assert ids(state, 0) == ["EN2-02", "EN2-06", "EN1-08", None] and ids(state, 1)[0] is None
    grid = {"A": row(None, "EN2-06", "EN1-03"), "B": row(None, None, "EN1-04")}
    grid["C"] = row(None, None, "EN2-01")
    state = play(game(bundle, grid=grid, threats=ACTIVATION), "cool CMD-01")
    assert ids(state, 0)[:2] == ["EN2-06", None]  # column 3 is full: no question
    boss = {"card": "BOSS-2", "status": "in_play", "column": 4}  # prefers left, for itself
    skitter = {"A": row(None, "EN2-06")}
    asked = game(bundle, grid=skitter, boss=boss, threats=ACTIVATION, boss_threats=QUIET)
    play(asked, "cool CMD-01")
    assert sorted(map(asked.action_to_string, asked.legal_actions())) == [
        "choose left",
        "choose right",
    ]
    assert ids(play(asked, "choose right"), 0)[2] == "EN2-06"


def test_reinforcements_come_in_under_the_card(bundle: dict[str, Any]) -> None:
    # R-BS-ENE-8, D-BS-ENE-1, R-BS-ENE-13, R-BS-ENE-11: the top card takes the space below,
    # pushing only if it is taken; from row C the new card crosses the line at once
    grid = {"A": row("EN2-07"), "C": row("EN1-03", "EN3-05")}
    deck = ["EN1-04", "EN1-01", "EN1-02"]
    state = game(bundle, grid=grid, ship={"column": 4}, enemy_deck=deck, threats=ACTIVATION)
    play(state, "cool CMD-01")
    assert [ids(state, r)[0] for r in range(3)] == ["EN2-07", "EN1-04", "EN1-03"]
    assert ids(state, 2)[1] == "EN3-05" and state.life == 2
    assert state.piles["enemy_discard"] == ["EN1-01"] and state.piles["enemy_deck"] == ["EN1-02"]
    last = game(bundle, grid={"A": row("EN2-07")}, enemy_deck=["EN1-01"], threats=ACTIVATION)
    assert play(last, "cool CMD-01").boss_status == "revealed"  # D-BS-ENE-4: any draw


def test_an_exhausted_deck_is_rebuilt_by_reinforcement_only(bundle: dict[str, Any]) -> None:
    # R-BS-ENE-8, D-BS-ENE-3, D-BS-SET-2, D-BS-ENE-4, D-BS-THR-2: the discards only (never the
    # box), and the rebuilt deck reveals no Boss; New Enemy and a Move card do not rebuild it
    out = {
        "grid": {"A": row("EN2-07")},
        "boss": {**IN_PLAY, "column": 4},
        "enemy_deck": [],
        "enemy_discard": ["EN1-02"],
        "boss_threats": QUIET,
    }
    state = game(bundle, threats=("THR-N-08", "THR-N-08", None, None), **out)
    play(state, "cool CMD-01")
    assert ids(state, 1)[0] == "EN1-02" and state.piles["enemy_discard"] == []
    play(state, "cool CMD-02")  # nothing left to draw, even after a reshuffle
    assert [ids(state, r)[0] for r in range(3)] == ["EN2-07", "EN1-02", None]
    assert state.boss_status == "in_play" and not state.piles["enemy_deck"]
    other = play(game(bundle, threats=("THR-N-05", "THR-N-10", None, None), **out), "cool CMD-01")
    play(other, "cool CMD-02")
    assert other.piles["enemy_discard"] == ["EN1-02"] and other.boss_row == 1
    assert ids(other, 0) == [None] * 4 and ids(other, 1) == ["EN2-07", None, None, None]


def test_xp_effects_and_discard_self(bundle: dict[str, Any]) -> None:
    # R-BS-ENE-9, R-BS-UPG-9, D-BS-UPG-6, R-BS-ENE-10: the Data Leech takes 1, never below 0
    # and never an upgrade; the Deserter pays 1 and leaves with no XP of its own
    grid = {"A": row("EN2-08", "EN1-10")}
    state = game(bundle, grid=grid, xp=1, upgrades={"lasers": 1}, threats=ACTIVATION)
    play(state, "cool CMD-01")
    assert (state.xp, state.levels["lasers"], state.piles["enemy_discard"]) == (1, 1, ["EN1-10"])
    broke = game(bundle, grid={"A": row("EN2-08")}, threats=ACTIVATION)
    assert play(broke, "cool CMD-01").xp == 0
