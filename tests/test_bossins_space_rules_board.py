"""Bossin' Space's rules on the board, every Command card and damage to Enemies
(docs/bossins-space/rules.md; helpers in bossins_space_helpers.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from bossins_space_helpers import QUIET, SHOTS, compiled, game, ids, play, refused, row

from kemble_tools.games.bossins_space.play.hooks import BossinPlay
from kemble_tools.games.bossins_space.play.snapshot import state_json

IN_PLAY = {"card": "BOSS-1", "status": "in_play", "column": 2}
ACTIVATION = ("THR-N-08", None, None, None)
NEW_ENEMY = ("THR-N-05", None, None, None)


@pytest.fixture(scope="module")
def bundle() -> Iterator[dict[str, Any]]:
    yield from compiled()


def kept_with(*cards: str) -> tuple[str, ...]:
    """These cards first, then Shots up to 4."""
    return (*cards, *[s for s in SHOTS if s not in cards][: 4 - len(cards)])


# --- the board -----------------------------------------------------------------------------------
def test_three_enemy_rows_above_the_safety_line(bundle: dict[str, Any]) -> None:
    # R-BS-GEO-1, R-BS-GEO-2, R-BS-ENE-11, R-BS-DMG-5: a space holds one card, so a Scuttler
    # cannot step into a full column; a shift takes row C over the line (each card deals its own
    # damage: the Pebble Shell 0, the Deserter Pod 1), row B stops on C
    full = {"A": row("EN1-06", "EN1-03"), "B": row(None, "EN1-04"), "C": row(None, "EN2-01")}
    state = play(game(bundle, grid=full, threats=ACTIVATION), "cool CMD-01")
    assert ids(state, 0)[:2] == ["EN1-06", "EN1-03"] and len(state.grid) == 3
    grid = {"A": row("EN1-04"), "B": row("EN1-09"), "C": row("EN1-03", None, "EN1-10")}
    state = game(bundle, grid=grid, enemy_deck=["EN1-01", "EN1-02"], threats=NEW_ENEMY)
    play(state, "cool CMD-01")
    assert ids(state, 2) == ["EN1-09", None, None, None] and state.life == 2
    assert state.piles["enemy_discard"] == ["EN1-03", "EN1-10"]


def test_moves_stop_at_the_edges(bundle: dict[str, Any]) -> None:
    # R-BS-GEO-3, R-BS-CMD-2, D-BS-CMD-1, D-BS-ENE-2: a Double Move goes as far as it can, a Move
    # at the edge does nothing, and an Enemy never wraps round
    kept = ("CMD-13", "CMD-10", "CMD-17", "CMD-15")
    state = game(bundle, kept=kept, grid={"A": row("EN1-05")}, threats=ACTIVATION)
    play(state, "use CMD-13")
    assert state.ship == 1 and state.grid[0][0] == ("EN1-05", 0)  # the Scuttler stays in A1
    assert play(state, "use CMD-10").ship == 1
    assert play(state, "use CMD-17").ship == 3 and play(state, "use CMD-15").ship == 4
    edge = game(bundle, kept=kept, ship={"column": 3}, threats=QUIET)
    assert play(edge, "use CMD-17").ship == 4


def test_the_nearest_target_is_the_lowest_card_then_the_boss(bundle: dict[str, Any]) -> None:
    # R-BS-GEO-4, D-BS-GEO-3, R-BS-CMD-3, D-BS-BOSS-8: a Shot hits B2, not A2; with no card
    # left in the column it reaches the Boss
    grid = {"A": row(None, "EN1-03"), "B": row(None, "EN1-01")}
    state = game(bundle, boss=IN_PLAY, grid=grid, threats=QUIET, boss_threats=QUIET)
    play(state, "use CMD-01")
    assert ids(state, 0)[1] == "EN1-03" and state.grid[1][1] is None and state.xp == 1
    play(state, "use CMD-02", "use CMD-03")
    assert state.grid[0][1] is None and state.boss_life == 8
    assert play(state, "use CMD-04").boss_life == 7


def test_a_space_that_empties_packs_its_column(bundle: dict[str, Any]) -> None:
    # R-BS-GEO-5, D-BS-GEO-2, R-BS-ENE-10, R-BS-DMG-5: a Kamikaze Comet rams and leaves (no
    # XP), the cards below move up one; a short New Enemy leaves row A open above cards
    grid = {"A": row(None, "EN3-12"), "B": row(None, "EN1-03"), "C": row(None, "EN1-04")}
    state = game(bundle, grid=grid, ship={"column": 4}, threats=ACTIVATION)
    play(state, "cool CMD-01")
    assert [ids(state, r)[1] for r in range(3)] == ["EN1-03", "EN1-04", None]
    assert (state.life, state.xp, state.piles["enemy_discard"]) == (2, 0, ["EN3-12"])
    full = {"A": ["EN1-03", "EN1-04", "EN1-01", "EN1-02"]}
    short = game(bundle, grid=full, enemy_deck=["EN2-01", "EN2-02"], threats=NEW_ENEMY)
    play(short, "cool CMD-01")
    assert ids(short, 0) == ["EN2-01", "EN2-02", None, None]
    assert ids(short, 1) == ["EN1-03", "EN1-04", "EN1-01", "EN1-02"]


def test_a_card_changing_column_lands_on_the_first_available_space(bundle: dict[str, Any]) -> None:
    # R-BS-GEO-6, D-BS-GEO-1, D-BS-GEO-4, R-BS-ENE-4: under the cards there, and below the rows
    # the Boss has closed
    grid = {"A": row("EN1-03", "EN1-04"), "B": row("EN1-06")}
    state = game(bundle, grid=grid, ship={"column": 4}, threats=ACTIVATION)
    play(state, "cool CMD-01")
    assert ids(state, 0) == ["EN1-03", "EN1-04", None, None] and ids(state, 1)[:2] == [
        None,
        "EN1-06",
    ]
    closed = {**IN_PLAY, "column": 4, "row": "A"}
    state = game(
        bundle, boss=closed, grid={"B": row("EN1-06")}, threats=ACTIVATION, boss_threats=QUIET
    )
    play(state, "cool CMD-01")
    assert state.grid[0][1] is None and ids(state, 1)[:2] == [None, "EN1-06"]


# --- Command cards -------------------------------------------------------------------------------
def test_rockets_fly_one_by_one(bundle: dict[str, Any]) -> None:
    # R-BS-CMD-4, D-BS-CMD-2, R-BS-UPG-4, D-BS-CMD-7: three rockets at level 2, each with its own
    # column: the second hits the card the first exposed; the one player answers each
    grid = {"A": row("EN1-03", None, "EN1-01"), "B": row(None, None, "EN1-02")}
    state = game(
        bundle, kept=kept_with("CMD-18"), grid=grid, upgrades={"missiles": 2}, threats=QUIET
    )
    play(state, "use CMD-18")
    assert state.pending[0] == "column" and state.current_player() == 0
    play(state, "choose 3", "choose 3")
    assert state.grid[0][2] is None and state.heat == 0 and state.pending is not None
    assert (
        refused(state, "choose 7") == "R-BS-CMD-4" and refused(state, "choose left") == "D-BS-CMD-9"
    )
    play(state, "choose 1")
    assert (state.grid[0][0], state.xp, state.heat, state.column) == (("EN1-03", 1), 2, 1, 2)


def test_an_emp_skips_its_own_column(bundle: dict[str, Any]) -> None:
    # R-BS-CMD-5, D-BS-CMD-3: column 2's Threat and Boss Threat cards, not column 3's
    kept = ("CMD-01", "CMD-27", "CMD-02", "CMD-03")
    threats = (None, "THR-N-04", "THR-N-04", None)
    state = game(
        bundle,
        kept=kept,
        boss=IN_PLAY,
        threats=threats,
        boss_threats=(None, "BT1-2", "BT1-2", None),
    )
    play(state, "cool CMD-01", "use CMD-27")
    assert (state.threat_done[1], state.boss_threat_done[1], state.life, state.heat) == (
        "emp",
        "emp",
        3,
        1,
    )
    play(state, "cool CMD-02")
    assert (state.threat_done[2], state.boss_threat_done[2], state.life) == (
        "resolved",
        "resolved",
        2,
    )


def test_the_portal_launcher(bundle: dict[str, Any]) -> None:
    # R-BS-CMD-6, D-BS-CMD-4, D-BS-DMG-1, D-BS-CMD-9, R-BS-GEO-3, D-BS-BOSS-1: a card goes
    # sideways with its damage and its column packs; every refused answer names its rule
    grid = {"A": ["EN1-03", "EN1-02", {"card": "EN1-04", "damage": 1}, "EN1-06"]}
    grid |= {"B": row(None, "EN1-07", "EN1-01"), "C": row(None, "EN1-08")}
    state = game(bundle, kept=kept_with("CMD-30"), grid=grid, threats=QUIET)
    play(state, "use CMD-30")
    assert state.pending[0] == "space" and refused(state, "choose C4") == "R-BS-CMD-6"
    assert refused(state, "choose 3") == "D-BS-CMD-9"  # a column where a space is asked
    assert refused(state, "choose boss") == "D-BS-BOSS-1"
    assert refused(state, "choose A1") == "D-BS-CMD-4"  # column 2 is full, others can move
    edge = play(state.clone(), "choose A4")
    assert refused(edge, "choose right") == "R-BS-GEO-3"
    play(state, "choose A3")
    assert refused(state, "choose left") == "D-BS-CMD-4"
    play(state, "choose right")
    assert ids(state, 0)[2] == "EN1-01" and state.grid[1][3] == ("EN1-04", 1)


def test_the_portal_moves_the_boss_or_nothing(bundle: dict[str, Any]) -> None:
    # R-BS-CMD-6, R-BS-BOSS-8, D-BS-CMD-4, D-BS-CMD-8: the marker keeps its row; with every
    # column full and no Boss the card asks nothing and is used for nothing
    boss = {**IN_PLAY, "row": "A"}
    state = game(bundle, kept=kept_with("CMD-30"), boss=boss, threats=QUIET, boss_threats=QUIET)
    play(state, "use CMD-30", "choose boss", "choose right")
    assert (state.boss_column, state.boss_row) == (3, 1)
    cards = [f"EN1-{n:02}" for n in range(1, 11)] + ["EN2-01", "EN2-02"]
    full = {name: cards[4 * r : 4 * r + 4] for r, name in enumerate("ABC")}
    jammed = game(bundle, kept=kept_with("CMD-30"), grid=full, enemy_deck=[], threats=QUIET)
    play(jammed, "use CMD-30")
    assert jammed.pending is None and jammed.column == 2 and jammed.laid[0] == ("CMD-30", "used")


def test_the_laser_overflows_up_the_column(bundle: dict[str, Any]) -> None:
    # R-BS-CMD-8, D-BS-CMD-5, R-BS-UPG-5, R-BS-DMG-4, D-BS-DMG-2: 2/3/4 points; the Bastion
    # soaks one point: a lone leftover point does nothing, and its 2 life take 3
    grid = {"A": row(None, "EN1-03"), "B": row(None, "EN3-02"), "C": row(None, "EN1-01")}
    column = []
    for level in (0, 1, 2, 3):
        upgrades = {"missiles": 1, "lasers": level, "deck": 1} if level == 3 else {"lasers": level}
        laser = {"kept": kept_with("CMD-23"), "upgrades": upgrades, "advanced_deck": []}
        state = play(game(bundle, grid=grid, threats=QUIET, **laser), "use CMD-23")
        column.append([state.grid[r][1] for r in range(3)])
    assert column[0] == [("EN1-03", 0), ("EN3-02", 0), None]
    assert column[1] == [("EN1-03", 0), ("EN3-02", 1), None]
    assert column[2] == column[3] == [("EN1-03", 0), None, None]  # 1 + (2 + 1)


def test_the_double_shot_overflows_and_gets_through_a_shield(bundle: dict[str, Any]) -> None:
    # R-BS-CMD-11, R-BS-DMG-4
    grid = {"A": row(None, "EN1-03", "EN3-02"), "B": row(None, "EN1-01")}
    state = game(bundle, kept=kept_with("ADV-04", "ADV-03"), grid=grid, threats=QUIET)
    play(state, "use ADV-04")
    assert state.grid[0][1] == ("EN1-03", 1) and state.grid[1][1] is None and state.heat == 0
    play(state, "use ADV-03", "choose 3", "use CMD-01")
    assert state.grid[0][2] == ("EN3-02", 0)  # a Shot does nothing to the shielded Bastion
    shielded = game(
        bundle, kept=kept_with("ADV-04"), grid={"A": row(None, "EN3-02")}, threats=QUIET
    )
    assert play(shielded, "use ADV-04").grid[0][1] == ("EN3-02", 1)


def test_the_teleport_goes_to_any_column(bundle: dict[str, Any]) -> None:
    # R-BS-CMD-10, D-BS-CMD-9: a column outside 1-4 names the Teleport's rule
    state = game(bundle, kept=kept_with("ADV-03"), threats=QUIET)
    play(state, "use ADV-03")
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        f"choose {c}" for c in range(1, 5)
    ]
    assert refused(state, "choose 5") == "R-BS-CMD-10"
    assert play(state, "choose 4").ship == 4


def test_the_extra_move_goes_either_way(bundle: dict[str, Any]) -> None:
    # R-BS-CMD-13, D-BS-CMD-7: the side is the player's choice
    state = game(bundle, kept=kept_with("ADV-06"), threats=QUIET)
    play(state, "use ADV-06")
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == [
        "choose left",
        "choose right",
    ]
    assert play(state, "choose left").ship == 1


def test_the_chain_explosion_clears_row_c(bundle: dict[str, Any]) -> None:
    # R-BS-CMD-12, D-BS-CMD-6, D-BS-UPG-8: shields and life ignored; XP card by card from the
    # left, each defeated card discarded after its XP; never the Boss, even in row C
    grid = {"C": row("EN3-02", "EN1-01", None, {"card": "EN2-01", "damage": 1})}
    state = game(bundle, kept=kept_with("ADV-05"), grid=grid, threats=QUIET)
    play(state, "use ADV-05")
    assert state.pending[0] == "upgrade" and ids(state, 2) == ["EN3-02", "EN1-01", None, "EN2-01"]
    play(state, "choose lasers")
    assert ids(state, 2) == [None] * 4 and (state.xp, state.heat) == (3, 1)
    assert state.piles["enemy_discard"] == ["EN3-02", "EN1-01", "EN2-01"]
    boss = {**IN_PLAY, "row": "C", "life": 5}
    low = game(bundle, kept=kept_with("ADV-05"), boss=boss, threats=QUIET, boss_threats=QUIET)
    assert play(low, "use ADV-05").boss_life == 5


CARD_FOR_NOTHING = [
    ("CMD-18", ["choose 4"], 1),  # a rocket into an empty column
    ("CMD-18", ["choose 3"], 1),  # a lone rocket against a Shield
    ("ADV-03", ["choose 1"], 0),  # a Teleport to the Ship's own column
    ("ADV-06", ["choose left"], 0),  # an Extra Move toward the edge it stands on
    ("CMD-10", [], 0),  # a Move at the edge
    ("CMD-01", [], 0),  # a Shot, Double Shot or Laser with no target
    ("ADV-04", [], 0),
    ("CMD-23", [], 1),
    ("CMD-33", [], 0),  # a Heal at the maximum
    ("ADV-05", [], 1),  # a Chain Explosion with row C empty
    ("CMD-27", [], 1),  # an EMP over a column with no Threat card
]


@pytest.mark.parametrize(("card", "answers", "heat"), CARD_FOR_NOTHING)
def test_a_card_with_nothing_to_do_is_still_used(
    bundle: dict[str, Any], card: str, answers: list[str], heat: int
) -> None:
    # D-BS-CMD-8, D-BS-CMD-9, D-BS-DMG-2: legal, its heat applies, and nothing else changes
    grid = {"A": row(None, None, "EN2-03")}
    state = game(bundle, kept=kept_with(card), ship={"column": 1}, grid=grid, threats=QUIET)
    before = state_json(state)
    play(state, f"use {card}", *answers)
    after = state_json(state)
    assert state.laid == [(card, "used")] and state.column == 2 and after["ship"]["heat"] == heat
    for key in ("grid", "boss", "xp", "upgrades"):
        assert after[key] == before[key]
    assert after["ship"] | {"heat": 0} == before["ship"]


def test_a_choose_with_nothing_to_answer_is_refused(bundle: dict[str, Any]) -> None:
    # D-BS-CMD-9, §4-BS: a value after `use CARD` beyond its choices is a choose with nothing
    # pending
    lines = BossinPlay().split_line("use CMD-01 3")
    assert lines == ["use CMD-01", "choose 3"]
    state = play(game(bundle, threats=QUIET), lines[0])
    assert refused(state, lines[1]) == "D-BS-CMD-9"


# --- damage --------------------------------------------------------------------------------------
def test_damage_stays_until_the_card_leaves(bundle: dict[str, Any]) -> None:
    # R-BS-DMG-1, R-BS-DMG-2, D-BS-DMG-1, R-BS-DMG-3, R-BS-UPG-1: across cards and rounds, until
    # it reaches the life; then XP, the discard, the column packs
    grid = {"A": row(None, "EN2-01"), "B": row(None, "EN1-03")}
    state = game(bundle, grid=grid, threats=QUIET)
    play(state, "use CMD-01", "cool CMD-02", "cool CMD-03", "cool CMD-04", "end")
    assert state.round == 2 and state.grid[1][1] == ("EN1-03", 1)
    play(state, "keep CMD-07 CMD-08")
    play(state, f"keep {state.drawn[0]} {state.drawn[1]}")
    play(state, "use CMD-07")
    assert state.grid[1][1] is None and state.xp == 1 and state.piles["enemy_discard"] == ["EN1-03"]
    assert state.grid[0][1] == ("EN2-01", 0)


def test_a_shield_soaks_one_point_of_each_card(bundle: dict[str, Any]) -> None:
    # R-BS-DMG-4, D-BS-DMG-2: two Shots do nothing, two rockets of one Missile deal 1 (the
    # Bastion: shielded, life 2)
    grid = {"A": row(None, "EN3-02")}
    kept = kept_with("CMD-18")
    state = game(bundle, kept=kept, grid=grid, upgrades={"missiles": 1}, threats=QUIET)
    play(state, "use CMD-01", "use CMD-02")
    assert state.grid[0][1] == ("EN3-02", 0)
    play(state, "use CMD-18", "choose 2", "choose 2")
    assert state.grid[0][1] == ("EN3-02", 1)
