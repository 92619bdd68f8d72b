"""Bossin' Space's rules on XP and upgrades, and on the Boss with its Boss Threat cards
(docs/bossins-space/rules.md; helpers in bossins_space_helpers.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from bossins_space_helpers import QUIET, SHOTS, compiled, game, ids, play, refused, row, start

from kemble_tools.games.bossins_space.engine import State

IN_PLAY = {"card": "BOSS-1", "status": "in_play", "column": 2}
NEW_ENEMY = ("THR-N-05", None, None, None)
T_BOSS = {  # a Boss with no preferred side but on its back's, and a card that prints its own
    "id": "T-BOSS",
    "number": 6,
    "life": 6,
    "sides": {"front": {}, "back": {"prefer": "left"}},
    "threats": [
        {"id": "T-BT-1", "position": 1, "effects": [{"kind": "move_relative", "to": "away"}]},
        {"id": "T-BT-2", "position": 2, "effects": [{"kind": "move_relative", "to": "away"}]},
    ],
}
T_BOSS["threats"][1]["effects"][0]["prefer"] = "right"
T_CARDS = {"bosses": {"T-BOSS": T_BOSS}, "boss_threats": {t["id"]: t for t in T_BOSS["threats"]}}


@pytest.fixture(scope="module")
def bundle() -> Iterator[dict[str, Any]]:
    yield from compiled()


def kept_with(*cards: str) -> tuple[str, ...]:
    return (*cards, *[s for s in SHOTS if s not in cards][: 4 - len(cards)])


def asked(state: State) -> list[str]:
    return sorted(state.action_to_string(a)[7:] for a in state.legal_actions())


# --- XP and upgrades -----------------------------------------------------------------------------
def test_xp_stops_at_a_yellow_cube_and_carries_on(bundle: dict[str, Any]) -> None:
    # R-BS-UPG-1, R-BS-UPG-2, D-BS-UPG-1, D-BS-UPG-8, D-BS-SET-1: 2 + 2 XP against a first cube
    # at 3: the path is asked while the Crab Walker (life 1) is still on the board, then 1 XP
    # goes on
    grid = {"A": row(None, "EN2-01")}
    state = game(bundle, kept=kept_with("CMD-23"), grid=grid, xp=2, threats=QUIET)
    play(state, "use CMD-23")
    assert state.pending[0] == "upgrade" and asked(state) == ["deck", "lasers", "missiles"]
    assert state.grid[0][1] == ("EN2-01", 1) and state.xp == 0
    play(state, "choose missiles")
    assert (state.levels["missiles"], state.xp, state.next_cost(), state.heat) == (1, 1, 4, 1)
    assert state.grid[0][1] is None and state.piles["enemy_discard"] == ["EN2-01"]
    cheap = {"rules": {"shuffles": "seeded", "xp_gap": 0}, "grid": {"C": row("EN3-01")}}
    state = game(bundle, kept=kept_with("ADV-05"), threats=QUIET, **cheap)
    play(state, "use ADV-05", "choose lasers")  # 1 XP buys the first, 2 the second
    assert state.pending[0] == "upgrade"
    play(state, "choose missiles")
    assert (state.levels["lasers"], state.levels["missiles"], state.xp) == (1, 1, 0)


def test_paths_fill_in_order_and_the_structural_path_waits(bundle: dict[str, Any]) -> None:
    # R-BS-UPG-3, D-BS-UPG-5, R-BS-UPG-7, D-BS-LIFE-1, D-BS-CMD-9: a full path and a closed
    # structural level are refused by name; level 1 on all three opens +1 life token
    grid = {"A": row(None, "EN1-01")}
    state = game(bundle, grid=grid, xp=6, upgrades={"missiles": 3, "lasers": 1}, threats=QUIET)
    play(state, "use CMD-01")
    assert asked(state) == ["deck", "lasers"]
    assert refused(state, "choose missiles") == "R-BS-UPG-3"
    assert refused(state, "choose structural") == "D-BS-UPG-5"
    assert play(state, "choose lasers").levels["lasers"] == 2
    levels = {"missiles": 1, "lasers": 1, "deck": 1}
    state = game(bundle, grid=grid, xp=5, upgrades=levels, advanced_deck=[], threats=QUIET)
    play(state, "use CMD-01")
    assert "structural" in asked(state)
    play(state, "choose structural")
    assert (state.levels["structural"], state.life, state.max_life) == (1, 4, 4)


def test_with_every_cube_placed_xp_does_nothing(bundle: dict[str, Any]) -> None:
    # D-BS-UPG-3, R-BS-UPG-8: 8 cubes placed, 3 slots left empty
    levels = {"missiles": 3, "lasers": 3, "deck": 1, "structural": 1}
    grid = {"A": row(None, "EN1-01")}
    state = game(bundle, grid=grid, upgrades=levels, advanced_deck=[], threats=QUIET)
    play(state, "use CMD-01")
    assert (state.xp, state.pending, state.yellow_left(), state.column) == (0, None, 0, 2)


def test_missile_levels_fire_more_rockets(bundle: dict[str, Any]) -> None:
    # R-BS-UPG-4: 1, 2, 3 and 4 rockets, one column asked for each
    for level in range(4):
        state = game(bundle, kept=kept_with("CMD-18"), upgrades={"missiles": level}, threats=QUIET)
        play(state, "use CMD-18")
        rockets = 0
        while state.pending is not None:
            rockets += 1
            play(state, "choose 4")
        assert rockets == level + 1


def test_an_upgrade_counts_from_the_next_card(bundle: dict[str, Any]) -> None:
    # D-BS-UPG-2, D-BS-UPG-7, D-BS-CMD-2: the rocket that buys Missiles level 1 fires no twin;
    # the next Missile fires two; a path raised by a rocket is asked before the next rocket
    grid = {"A": row(None, "EN1-02", "EN1-01")}
    state = game(bundle, kept=kept_with("CMD-18", "CMD-19"), grid=grid, xp=2, threats=QUIET)
    play(state, "use CMD-18", "choose 3", "choose missiles")
    assert state.pending is None and state.column == 2
    play(state, "use CMD-19", "choose 2")
    assert state.pending[0] == "column" and state.grid[0][1] is None
    state = game(
        bundle, kept=kept_with("CMD-18"), grid=grid, xp=3, upgrades={"missiles": 1}, threats=QUIET
    )
    play(state, "use CMD-18", "choose 3")
    assert state.pending[0] == "upgrade"
    assert play(state, "choose lasers").pending[0] == "column"


def test_the_deck_path_shuffles_advanced_cards_on_top(bundle: dict[str, Any]) -> None:
    # R-BS-UPG-6, D-BS-UPG-4, D-BS-SOLO-6, R-BS-CMD-9: the top 2 Command cards and the top 2
    # Advanced cards, one bag of 4 on top; from a deck of 1, a bag of 3 and no reshuffle
    grid = {"A": row(None, "EN1-01")}
    advanced = ["ADV-01", "ADV-02", "ADV-03"]
    state = game(bundle, grid=grid, xp=2, advanced_deck=advanced, threats=QUIET)
    play(state, "use CMD-01", "choose deck")
    top = state.piles["command_deck"][0]
    assert top[1] == ("ADV-01", "ADV-02", "CMD-07", "CMD-08") and top[2] == 4
    assert state.piles["command_deck"][1:] == ["CMD-09"] and state.piles["advanced_deck"] == [
        "ADV-03"
    ]
    deck = ["CMD-01", "CMD-02", "CMD-07", "CMD-03", "CMD-04"]
    short = start(bundle, grid=grid, xp=2, advanced_deck=advanced, command_deck=deck)
    play(short, "keep CMD-01 CMD-02", "keep CMD-03 CMD-04", "use CMD-01", "choose deck")
    assert [s[1] for s in short.piles["command_deck"]] == [("ADV-01", "ADV-02", "CMD-07")]


# --- the Boss ------------------------------------------------------------------------------------
def test_the_boss_comes_out_from_under_the_enemy_deck(bundle: dict[str, Any]) -> None:
    # R-BS-BOSS-1, R-BS-BOSS-2, D-BS-ENE-4, D-BS-THR-3, D-BS-BOSS-1, D-BS-BOSS-7, R-BS-BOSS-3,
    # D-BS-RND-1, R-BS-BOSS-4, R-BS-BOSS-5, D-BS-BOSS-2, R-BS-TML-5: the last card uncovers
    # it (columns 3-4 stay empty); revealed, it cannot be targeted and its row still drops; it
    # enters next round in the Ship's column, at full life, its 4 cards in their columns
    threats = ["THR-N-12", "THR-E-04", "THR-N-01", "THR-N-02", "THR-N-03", "THR-N-04", "THR-N-06"]
    state = game(
        bundle,
        kept=kept_with("CMD-30"),
        grid={"A": row(None, None, None, "EN1-03")},
        enemy_deck=["EN1-01", "EN1-02"],
        threat_deck=threats,
        threats=("THR-N-05", "THR-N-05", None, None),
    )
    play(state, "cool CMD-01")
    assert state.boss_status == "revealed" and ids(state, 0) == ["EN1-01", "EN1-02", None, None]
    play(state, "use CMD-30")
    assert refused(state, "choose boss") == "D-BS-BOSS-1"
    play(state, "choose B4", "choose left")
    assert state.boss_row == 1 and ids(state, 0) == [None] * 4  # the exhausted New Enemy
    play(state, "cool CMD-02", "cool CMD-03", "end")
    assert (state.boss_status, state.boss_column, state.boss_row, state.boss_life) == (
        "in_play",
        2,
        1,
        8,
    )
    assert state.boss_threats == ["BT1-1", "BT1-2", "BT1-3", "BT1-4"] and state.phase == "draft1"
    assert state.threats[:3] == threats[4:]  # then one of round 1's, reshuffled


def test_boss_threat_specials(bundle: dict[str, Any]) -> None:
    # R-BS-BOSS-6, D-BS-BOSS-3, D-BS-SOLO-5, D-BS-BOSS-6, D-BS-BOSS-9: Boss EMP jams column 2's
    # card (lay only; neither used nor cooled) but not that column's Boss Threat card; Boss
    # Heal; Flip keeps life and place; XP -1 as on an Enemy; BT5-3 fires wide for 1
    boss = {"card": "BOSS-5", "status": "in_play", "column": 3, "life": 6}
    state = game(bundle, boss=boss, xp=1, upgrades={"lasers": 2}, ship={"heat": 2}, threats=QUIET)
    play(state, "cool CMD-01")
    assert state.boss_emp == 2 and refused(state, "use CMD-02") == "D-BS-SOLO-5"
    assert refused(state, "cool CMD-02") == "D-BS-SOLO-5"
    play(state, "lay CMD-02")
    assert (state.laid[1], state.heat, state.boss_column, state.xp) == (
        ("CMD-02", "skipped"),
        1,
        2,
        0,
    )
    assert refused(state, "lay CMD-03") == "D-BS-SOLO-5"
    play(state, "cool CMD-03", "cool CMD-04")
    assert (state.life, state.boss_life, state.boss_side, state.boss_column) == (2, 7, "back", 2)
    last = game(
        bundle,
        boss={**IN_PLAY, "card": "BOSS-5"},
        threats=QUIET,
        boss_threats=(None, None, None, "BT5-1"),
    )
    play(last, "cool CMD-01", "cool CMD-02", "cool CMD-03", "cool CMD-04")
    assert last.boss_emp is None  # column 4 has no next card
    full = game(bundle, boss=IN_PLAY, threats=QUIET, boss_threats=(None, None, "BT1-3", None))
    assert play(full, "cool CMD-01", "cool CMD-02", "cool CMD-03").boss_life == 8


def test_the_boss_moves_by_its_preferences(bundle: dict[str, Any]) -> None:
    # D-BS-BOSS-4, D-BS-BOSS-10, R-BS-ENE-12: away from the Ship's column by the effect's own
    # side, else the current side's, else the card's, else the player's; the row stays
    def away(boss: dict[str, Any], card: str, **more: Any) -> State:
        state = game(
            bundle, boss=boss, threats=QUIET, boss_threats=(card, None, None, None), **more
        )
        return play(state, "cool CMD-01")

    queen = {"card": "BOSS-2", "status": "in_play", "column": 2, "row": "A"}
    front = away(queen, "BT2-2")
    assert (front.boss_column, front.boss_row) == (1, 1)
    assert away({**queen, "side": "back"}, "BT2-2").boss_column == 3
    wing = {"card": "BOSS-4", "status": "in_play", "column": 4}
    assert away(wing, "BT4-1", ship={"column": 4}).boss_column == 3  # right is off the board
    test_boss = {"card": "T-BOSS", "status": "in_play", "column": 2}
    state = away(test_boss, "T-BT-1", extra=T_CARDS)
    assert asked(state) == ["left", "right"]
    assert away({**test_boss, "side": "back"}, "T-BT-2", extra=T_CARDS).boss_column == 3


def test_the_boss_reinforces_below_its_row(bundle: dict[str, Any]) -> None:
    # D-BS-BOSS-4, D-BS-ENE-1, D-BS-BOSS-9
    queen = {"card": "BOSS-2", "status": "in_play", "column": 2, "row": "A"}
    grid = {"B": row(None, "EN1-03")}
    state = game(
        bundle,
        boss=queen,
        grid=grid,
        enemy_deck=["EN1-01"],
        threats=QUIET,
        boss_threats=("BT2-1", *QUIET[1:]),
    )
    play(state, "cool CMD-01")
    assert [ids(state, r)[1] for r in range(3)] == [None, "EN1-01", "EN1-03"]


def test_the_boss_fires_only_through_its_attack_cards(bundle: dict[str, Any]) -> None:
    # D-BS-BOSS-5, D-BS-BOSS-9: from the marker's column, wide or not, even with no Enemy left
    def attack(card: str, boss_card: str) -> int:
        boss = {"card": boss_card, "status": "in_play", "column": 3}
        state = game(
            bundle, boss=boss, enemy_deck=[], threats=QUIET, boss_threats=(card, None, None, None)
        )
        return play(state, "cool CMD-01").life

    assert (attack("BT3-3", "BOSS-3"), attack("BT2-3", "BOSS-2")) == (3, 2)


def test_flip_turns_the_boss_to_its_shielded_side(bundle: dict[str, Any]) -> None:
    # D-BS-BOSS-6, R-BS-DMG-4: life and place stay; the back's shield soaks a Shot
    boss = {**IN_PLAY, "life": 5}
    state = game(bundle, boss=boss, threats=QUIET, boss_threats=("BT1-4", None, None, None))
    play(state, "cool CMD-01")
    assert (state.boss_side, state.boss_life, state.boss_column) == ("back", 5, 2)
    assert play(state, "use CMD-02").boss_life == 5


def test_the_boss_row_closes_the_rows_above_it(bundle: dict[str, Any]) -> None:
    # R-BS-BOSS-7, D-BS-BOSS-7, G-BS-10, D-BS-GEO-4, R-BS-THR-4: a refilled deck's New Enemy
    # places on the highest open row; with every row closed nothing is placed and nothing drawn
    low = {**IN_PLAY, "column": 4, "row": "B"}
    deck = ["EN1-01", "EN1-02"]
    state = game(
        bundle,
        boss=low,
        grid={"C": row("EN1-05")},
        enemy_deck=deck,
        threats=NEW_ENEMY,
        boss_threats=QUIET,
    )
    play(state, "cool CMD-01")
    assert ids(state, 2) == ["EN1-01", "EN1-02", None, None] and ids(state, 0) == [None] * 4
    assert (state.life, state.boss_row) == (2, 2)
    shut = game(
        bundle, boss={**low, "row": "C"}, enemy_deck=deck, threats=NEW_ENEMY, boss_threats=QUIET
    )
    play(shut, "cool CMD-01")
    assert shut.piles["enemy_deck"] == deck and shut.grid == [[None] * 4] * 3 and shut.boss_row == 3


def test_the_boss_is_a_target_for_all_but_the_chain_explosion(bundle: dict[str, Any]) -> None:
    # R-BS-BOSS-8, D-BS-BOSS-8, D-BS-CMD-5, D-BS-GEO-3: a rocket into its column, Laser
    # overflow past the last card (the Portal: test_the_portal_moves_the_boss_or_nothing)
    grid = {"C": row(None, "EN1-01")}
    kept = kept_with("CMD-18", "CMD-23")
    state = game(bundle, kept=kept, boss=IN_PLAY, grid=grid, threats=QUIET, boss_threats=QUIET)
    play(state, "use CMD-23")
    assert state.grid[2][1] is None and state.boss_life == 7
    assert play(state, "use CMD-18", "choose 2").boss_life == 6
