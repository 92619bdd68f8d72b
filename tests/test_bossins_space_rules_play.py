"""Bossin' Space's rules on heat, the Ship's life, the end of the game, chance and the variants,
and the rulebook's example round ("Przykład rozgrywki") played step by step
(docs/bossins-space/rules.md; helpers in bossins_space_helpers.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from bossins_space_helpers import (
    QUIET,
    SHOTS,
    compile_with,
    compiled,
    game,
    ids,
    paused,
    play,
    refused,
    row,
    run_to,
    start,
    trace,
)

from kemble_tools.games.bossins_space.engine import full_game, new_game
from kemble_tools.games.bossins_space.engine.choices import open_paths

HOT = {
    "id": "T-HOT",
    "xp": 1,
    "life": 1,
    "damage": 1,
    "activation": [{"kind": "heat", "amount": 3}],
}


@pytest.fixture(scope="module")
def bundle() -> Iterator[dict[str, Any]]:
    yield from compiled()


# --- heat ----------------------------------------------------------------------------------------
def test_heat_rises_from_cards_boss_threats_and_enemies(bundle: dict[str, Any]) -> None:
    # R-BS-HEAT-2, R-BS-CMD-1, R-BS-ENE-6, D-BS-BOSS-9: the Laser's symbol, an Ember Mite's
    # activation and Boss 3's heat card, one rise each
    state = game(
        bundle,
        kept=("CMD-23", *SHOTS[1:]),
        boss={"card": "BOSS-3", "status": "in_play", "column": 3},
        grid={"A": row("EN1-09")},
        ship={"column": 4},
        threats=("THR-N-08", None, None, None),
        boss_threats=("BT3-1", None, None, None),
    )
    assert play(state, "use CMD-23").heat == 3


def test_the_ship_explodes_on_space_four(bundle: dict[str, Any]) -> None:
    # R-BS-HEAT-3, R-BS-END-2, D-BS-HEAT-1, D-BS-HEAT-3, D-BS-END-3: the Laser's effect comes
    # first (its kill counts), then its heat; 3 is survived, 4 is not
    laser = {"kept": ("CMD-23", "CMD-24", *SHOTS[2:]), "threats": QUIET}
    state = play(game(bundle, ship={"heat": 2}, **laser), "use CMD-23")
    assert (state.heat, state.outcome) == (3, "ongoing")
    state = game(bundle, ship={"heat": 3}, grid={"A": row(None, "EN1-01")}, **laser)
    play(state, "use CMD-23")
    assert (state.outcome, state.reason, state.heat) == ("lost", "overheated", 4)
    assert state.xp == 1 and state.grid[0][1] is None and state.legal_actions() == []


def test_several_rises_are_checked_one_by_one(bundle: dict[str, Any]) -> None:
    # D-BS-HEAT-4, D-BS-END-3: heat 3 on an Enemy card is three rises; the Ship blows on the
    # second and the cube stays on the limit
    state = start(
        bundle,
        extra={"enemies": {"T-HOT": HOT}},
        grid={"A": row("T-HOT")},
        ship={"heat": 2},
        threat_deck=["THR-N-08"],
        command_deck=["CMD-01", "CMD-02", "CMD-07", "CMD-03", "CMD-04", "CMD-08", "CMD-09"],
    )
    play(state, "keep CMD-01 CMD-02", "keep CMD-03 CMD-04", "cool CMD-01")
    assert (state.outcome, state.heat) == ("lost", 4)


def test_cooling_flips_any_card(bundle: dict[str, Any]) -> None:
    # R-BS-HEAT-4, D-BS-HEAT-2, D-BS-HEAT-4, R-BS-UPG-5: a flipped Laser neither fires nor heats;
    # cooling at 0 is legal and does nothing; Lasers level 3 cools by 2
    kept = ("CMD-23", *SHOTS[1:])
    state = game(
        bundle, kept=kept, ship={"heat": 2}, grid={"A": row(None, "EN1-01")}, threats=QUIET
    )
    play(state, "cool CMD-23")
    assert state.heat == 1 and state.grid[0][1] == ("EN1-01", 0)
    play(state, "cool CMD-02", "cool CMD-03")
    assert state.heat == 0 and state.laid[2] == ("CMD-03", "cooled")
    levels = {"missiles": 1, "lasers": 3, "deck": 1}
    hot = game(bundle, ship={"heat": 3}, upgrades=levels, advanced_deck=[], threats=QUIET)
    assert play(hot, "cool CMD-01").heat == 1


# --- the Ship's life -----------------------------------------------------------------------------
def test_life_tokens_go_and_come_back(bundle: dict[str, Any]) -> None:
    # R-BS-LIFE-1, R-BS-LIFE-2, R-BS-LIFE-3, R-BS-CMD-7, R-BS-ENE-2, R-BS-ENE-3, D-BS-LIFE-1: a
    # Sniper Saucer takes a token, a Medibot gives it back, Heal at the maximum does nothing;
    # a structural level raises the maximum
    kept = ("CMD-33", "CMD-34", *SHOTS[2:])
    grid = {"A": row("EN3-07", "EN2-10")}
    state = game(bundle, kept=kept, grid=grid, ship={"column": 4}, threats=("THR-N-08", *QUIET[1:]))
    lives = trace(state, "use CMD-33", lambda s: s.life)
    assert lives == [3, 2, 3] and state.max_life == 3
    levels = {"missiles": 1, "lasers": 1, "deck": 1, "structural": 1}
    tough = game(bundle, kept=kept, upgrades=levels, advanced_deck=[], ship={"life": 3})
    assert tough.max_life == 4 and play(tough, "use CMD-33").life == 4


def test_the_last_life_token_loses_at_once(bundle: dict[str, Any]) -> None:
    # R-BS-LIFE-4, R-BS-END-1, D-BS-END-1, D-BS-END-3, R-BS-ENE-11: a Reaver crosses the line
    # for 3 with 1 token left; life stays 0, and nothing after it resolves
    threats = ("THR-N-05", "THR-N-05", None, None)
    state = game(bundle, grid={"C": row("EN3-11")}, ship={"life": 1}, threats=threats)
    play(state, "cool CMD-01")
    assert (state.outcome, state.reason, state.life) == ("lost", "no_life", 0)
    assert state.threat_done[1] is None and refused(state, "cool CMD-02") == "D-BS-END-1"


# --- the end -------------------------------------------------------------------------------------
def test_a_win_ends_the_timeline_at_once(bundle: dict[str, Any]) -> None:
    # R-BS-END-3, R-BS-BOSS-9, D-BS-END-1, R-BS-END-5: one seat, so everyone wins together
    boss = {"card": "BOSS-1", "status": "in_play", "column": 2, "life": 1}
    state = game(bundle, boss=boss, threats=("THR-N-04", *QUIET[1:]), boss_threats=QUIET)
    play(state, "use CMD-01")
    assert (state.outcome, state.reason, state.boss_status) == ("won", "boss_defeated", "defeated")
    assert state.threat_done[0] is None and state.life == 3 and state.returns() == [1.0]


def test_finishing_the_boss_with_an_overheating_card_loses(bundle: dict[str, Any]) -> None:
    # R-BS-END-4, D-BS-END-3: the Boss is defeated, the Ship blows up all the same
    boss = {"card": "BOSS-1", "status": "in_play", "column": 2, "life": 2}
    kept = ("CMD-23", *SHOTS[1:])
    state = game(bundle, kept=kept, boss=boss, ship={"heat": 3}, threats=QUIET, boss_threats=QUIET)
    play(state, "use CMD-23")
    assert (state.outcome, state.reason, state.boss_status, state.boss_life) == (
        "lost",
        "overheated",
        "defeated",
        0,
    )


def test_the_last_round_ends_the_game_undecided(bundle: dict[str, Any]) -> None:
    # D-BS-END-2: `max_rounds` ends it "ended", which is not a win
    state = game(bundle, max_rounds=1, threats=QUIET)
    play(state, *(f"cool {card}" for card in SHOTS), "end")
    assert (state.outcome, state.reason, state.returns()) == ("ended", "max_rounds", [0.0])


# --- chance and variants -------------------------------------------------------------------------
def test_shuffled_piles_are_chance_nodes_over_bags(bundle: dict[str, Any]) -> None:
    # D-BS-SOLO-6: a shuffled Threat deck is one bag, a draw is uniform over it and cards with
    # the same data are one outcome (2 New Enemy cards of 12, 2 Empty ones); the Enemy deck
    # deals from its 1-XP bag first
    normal = sorted(c for c, d in bundle["threats"].items() if d["level"] == "normal")
    state = start(bundle, True, threat_deck={"shuffle": normal}, command_deck=list(SHOTS))
    odds = dict((state.action_to_string(a), p) for a, p in state.chance_outcomes())
    assert state.chance == "threat_deck" and len(odds) == 10
    assert odds["draw THR-N-05"] == pytest.approx(2 / 12) and sum(odds.values()) == pytest.approx(1)
    assert odds["draw THR-N-07"] == pytest.approx(2 / 12)  # Empty, with THR-N-12
    assert refused(state, "draw THR-N-06") == "D-BS-SOLO-6"  # one of the two, named by the first
    play(state, "draw THR-N-05")
    assert state.threats[0] == "THR-N-05" and len(state.chance_outcomes()) == 10
    whole = full_game(bundle, "normal", "BOSS-1", open_chance=True)
    drawn = [whole.action_to_string(a)[5:] for a, _ in whole.chance_outcomes()]
    assert whole.chance == "enemy_deck" and {bundle["enemies"][c]["xp"] for c in drawn} == {1}


def test_every_boss_can_be_chosen(bundle: dict[str, Any]) -> None:
    # R-BS-VAR-3, R-BS-BOSS-1, R-BS-BOSS-10: any Boss lies under the deck; the advice that some
    # upgrades suit some Bosses changes no rule, so the paths offered are the same
    for boss in bundle["bosses"]:
        state = full_game(bundle, "normal", boss)
        assert state.boss_status == "hidden" and state.rules.boss_id == boss
        assert open_paths(state) == ["missiles", "lasers", "deck"]


# --- the rulebook's example round ----------------------------------------------------------------
EXAMPLE = """\
id: bs-example
title: "The rulebook's example round"
game: bossins-space
variant: solo
level: normal
boss: BOSS-1
upgrades: {missiles: 1}
grid:
  A: [EN1-03, EN1-04, T-SKITTER, EN2-01]
  B: [null, null, EN1-01, null]
  C: [null, null, null, null]
enemy_deck: [EN1-02, EN1-05, EN1-06, EN1-07, EN1-08, EN1-09]
threat_deck: [THR-N-01, THR-N-02, THR-N-08, THR-N-05, THR-N-03, THR-N-04, THR-N-06, THR-N-07,
              THR-N-09, THR-N-10, THR-N-11, THR-N-12]
command_deck: [CMD-17, CMD-27, CMD-10, CMD-01, CMD-18, CMD-11, CMD-12, CMD-02, CMD-03]
rules: {shuffles: seeded}
cards:
  - kind: bs_enemies
    cards:
      - {id: T-SKITTER, xp: 2, life: 3, damage: 1, activation: [{kind: move_relative, to: away}]}
"""


def test_the_rulebooks_example_round_step_by_step(bundle: dict[str, Any], tmp_path: Path) -> None:
    # The example of play in RULES.md's Gaps: a Double Move, an Attack that misses, an EMP, a
    # flip to cool, an Activation, a two-rocket Missile and a New Enemy; its "after column 1 the
    # Ship is in column 4" and "the Missiles path is at level 1" are the start
    scenario = tmp_path / "bs-example.yaml"
    scenario.write_text(EXAMPLE, encoding="utf-8")
    example = compile_with(scenario)  # validated: the scenario is a well-formed one
    state = play(new_game(example, "bs-example"), "keep CMD-17 CMD-27", "keep CMD-01 CMD-18")
    assert state.threats == ["THR-N-01", "THR-N-02", "THR-N-08", "THR-N-05"]
    # 1: R-BS-CMD-2, D-BS-CMD-1: Double Move right, from column 2 to the edge
    paused(state, "use CMD-17", "threat")
    assert (state.ship, state.heat, state.column) == (4, 0, 1)
    # 2: R-BS-THR-2, D-BS-THR-1: Attack on columns 1, 2, 3; the Ship is in 4
    run_to(state, "boss_threat")
    assert state.threat_done[0] == "resolved" and state.life == 3
    # 3: R-BS-CMD-5, D-BS-HEAT-3: EMP, then its heat
    paused(run_to(state, None), "use CMD-27", "threat")
    assert (state.column, state.heat, state.emp) == (2, 1, True)
    # 4: D-BS-CMD-3: column 2's Attack (Crab Walker in the Ship's column) is skipped
    run_to(state, "boss_threat")
    assert state.threat_done[1] == "emp" and state.life == 3
    # 5: R-BS-HEAT-4, D-BS-HEAT-4: the Shot is flipped to cool
    paused(run_to(state, None), "cool CMD-01", "threat")
    assert (state.column, state.heat, state.laid[2]) == (3, 0, ("CMD-01", "cooled"))
    # 6: R-BS-THR-5, R-BS-ENE-4, R-BS-GEO-5, R-BS-GEO-6: the one activating card steps left,
    # under the Pebble Shell of A2, and the Blip Drone below it moves up. The rulebook's card
    # is not known: a test card (life 3) goes left as it moves away from the Ship (R-BS-ENE-5)
    run_to(state, "boss_threat")
    assert ids(state, 0) == ["EN1-03", "EN1-04", "EN1-01", "EN2-01"]
    assert ids(state, 1) == [None, "T-SKITTER", None, None]
    # 7: R-BS-CMD-4, R-BS-UPG-4, R-BS-GEO-4, D-BS-DMG-1: two rockets, both at column 2's lowest
    paused(run_to(state, None), "use CMD-18", "threat")
    paused(paused(state, "choose 2", "threat"), "choose 2", "threat")
    assert (state.column, state.grid[1][1], state.heat, state.xp) == (4, ("T-SKITTER", 2), 1, 0)
    # 8: R-BS-THR-4, D-BS-THR-3: every card down one row, 4 new cards in row A
    run_to(state, "boss_threat")
    assert ids(state, 0) == ["EN1-02", "EN1-05", "EN1-06", "EN1-07"]
    assert ids(state, 1) == ["EN1-03", "EN1-04", "EN1-01", "EN2-01"]
    assert state.grid[2][1] == ("T-SKITTER", 2) and state.life == 3
    assert run_to(state, None).phase == "end" and state.heat == 1  # +1 -1 +1
