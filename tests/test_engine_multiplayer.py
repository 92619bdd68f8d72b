"""Rules with several players: PvP, destruction and astral players, turn order, full setup."""

from __future__ import annotations

import pytest

from kemble_tools.games.kembles_cascade.engine import Game, State

from engine_helpers import (
    E,
    base_bundle,
    edit_player,
    empty_grid,
    legal,
    make_game,
    play,
    q,
    set_phase,
    view,
    with_players,
)
from engine_helpers import captain as _captain

FIGHTER = q("fighter", energy=1, threat=1)


def captain(number: int, position: tuple[int, int] | None, **fields) -> dict:
    return _captain(position, **fields)


def players(state: State):  # type: ignore[no-untyped-def]
    return view(state).players


def full_game(variant: str, count: int, seed: int) -> State:
    return Game.from_variant(base_bundle(), variant, count).new_initial_state(seed)


def grid_with(cells: dict[tuple[int, int], dict]) -> list[list[dict]]:
    grid = empty_grid()
    for (row, column), quadrant in cells.items():
        grid[row - 1][column - 1] = quadrant
    return grid


def test_shooting_a_player_adds_threat_and_one_token_and_ships_block() -> None:
    # R-PVP-1 R-PVP-2 R-PVP-3
    game = with_players(
        make_game(grid_with({(2, 2): FIGHTER})), captain(1, (5, 2)), captain(2, (3, 2))
    )
    play(game, "battle", "fire", "overload fire")
    victim = players(game)[1]
    assert victim.threat_points == 2 and victim.tokens == (0,)
    assert ("R2-01", 1) not in view(game).covered  # the ship stood in the way


def test_power_down_gives_tokens_back_without_effect() -> None:
    # R-PWD-1
    game = with_players(
        make_game(empty_grid(), round=2), captain(1, (5, 1)), captain(2, (3, 2), tokens=(0,))
    )
    play(game, "powerdown", "end", "powerdown")
    assert players(game)[1].tokens == () and players(game)[0].glory == 0


def test_destroyed_player_rewards_the_others_and_turns_astral() -> None:
    # R-DST-1 R-DST-2 R-DST-3 R-DST-4 R-DST-5 R-AST-1
    game = with_players(
        make_game(empty_grid(), round=2),
        captain(1, (3, 2), energy=2, tokens=(1, 2)),
        captain(2, (5, 1)),
        captain(3, None),
    )
    play(game, "battle", "overload fire", "overload fire")  # 1 + 2 energy: destroyed
    first, second, third = players(game)
    assert first.astral and first.position is None and first.tokens == ()
    assert second.glory == 2 + 1  # in play (R-DST-4) and a token (R-DST-5)
    assert third.glory == 1  # astral: only its token
    assert game.turn is None and game.current_player() == 1  # R-DST-2: turn over


def test_astral_players_take_no_threat_and_reenter_with_max_minus_one() -> None:
    # R-AST-2 R-AST-3 R-AST-4 D-AST-1
    game = with_players(
        make_game(grid_with({(1, 4): q("cruiser", energy=3, omni_threat=2)}), round=2),
        captain(1, None, destroyed_once=True, energy=0),
        captain(2, (3, 2)),
    )
    play(game, "battle", "enter 1")
    assert players(game)[0].energy == 4 and not players(game)[0].astral
    fresh = play(make_game(empty_grid()), "battle", "enter 1")
    assert players(fresh)[0].energy == 5  # the first entry keeps its 5 energy


def test_highest_sensor_card_plays_first() -> None:
    # R-SEN-1 R-RND-1 R-AST-2
    game = make_game(empty_grid(), sensors=[], sensor_hand=[20, 30])
    with_players(
        game,
        captain(1, (5, 1), hand_sensors=(20, 30)),
        captain(2, None, hand_sensors=(400, 10)),
    )
    set_phase(game, "sensor")
    play(game, "sensor 20", "sensor 400")
    assert view(game).order == (1, 0) and game.current_player() == 1


def test_pushed_into_another_ship_takes_one_damage_and_shifts() -> None:
    # R-OBJ-SHIP-1 R-SCR-1 D-SCR-3
    game = with_players(
        make_game(empty_grid(), deck=[[E, E, E, E]], round=2),
        captain(1, (5, 2)),
        captain(2, (4, 2)),
    )
    play(game, "powerdown", "end", "powerdown", "end")
    assert view(game).choice_kind == "shift"
    play(game, "choose W")
    assert players(game)[0].energy == 4 and players(game)[0].position == (5, 1)


def test_final_scoring_and_tie_breaks() -> None:
    # R-END-1 R-SCR-9
    game = with_players(
        make_game([[E, E, E, E], [E, E, E, E]], round=2),
        captain(1, (1, 1), bellonium=7, glory=3, energy=2),
        captain(2, (1, 3), glory=5, energy=5, hand=("war_trophy",)),
    )
    for _ in range(4):
        if not game.is_terminal():
            play(game, "powerdown", "end")
    first, second = players(game)
    assert view(game).outcome == "ended"
    assert first.glory == 3 + 2 and second.glory == 5 + 2  # 7 Bellonium; a war trophy
    assert game.game.ranking(game) == [1, 0]
    tied = game.clone()
    tied.own()
    edit_player(tied, 0, glory=7, energy=2)
    edit_player(tied, 1, glory=7, energy=5)
    assert tied.game.ranking(tied) == [1, 0]  # equal glory: more energy wins


# --- full setup ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def three() -> State:
    return full_game("standard", 3, 4)


def test_standard_setup_deals_five_rows_from_the_stacked_deck(three: State) -> None:
    # R-SET-4 R-SET-5 R-GEO-2 R-GEO-4
    state = view(three)
    assert len(state.rows) == 5 and all(len(row) == 3 for row in state.rows)
    assert len(state.deck) == 12 + 9 + 12 + 9 - 15 + 1 and state.deck[-1].startswith("BOSS-")
    assert all(card.startswith("S1-") for card in state.rows[-1])  # S1 on top, row 5 first
    decks = {base_bundle()["cards"][card]["deck"] for row in state.rows for card in row}
    assert decks <= {"S1", "A1"}


def test_each_captain_gets_sensors_a_power_up_and_a_mission(three: State) -> None:
    # R-SET-1 R-SET-2 R-SET-3 R-SET-6 R-COMP-5 R-COMP-6
    state = view(three)
    assert len(state.achievements) == 4 and len(state.achievement_deck) == 18
    for player in state.players:
        assert len(player.hand_sensors) == 2 and len(player.hand) == 1 and player.mission
        assert (player.energy, player.threat_points, player.position) == (5, 0, None)
        assert player.upgrades == {"rotary_cage": 1}
    sensors = [n for p in state.players for n in p.hand_sensors] + list(state.sensor_deck)
    assert sorted(sensors) == list(range(10, 401, 10))
    assert len(three.game.tables.upgrades) == 8


def test_solo_game_without_a_scenario_keeps_fourteen_rows() -> None:
    # D-SOLO-2
    state = view(full_game("solo", 1, 2))
    assert len(state.deck) + 10 == 28 + 1 and all(len(row) == 2 for row in state.rows)


def test_star_cards_are_shuffled_in() -> None:
    # R-VAR-STAR-1
    seen = set()
    for seed in range(5):
        state = view(full_game("star_cards", 2, seed))
        cards = set(state.deck) | {c for row in state.rows for c in row}
        seen |= {c for c in cards if c.startswith("STAR-")}
    assert seen == {"STAR-01", "STAR-02", "STAR-03"}


def test_tunnel_deck_is_asteroids_tunnel_fleet() -> None:
    # R-VAR-TUN-1 D-TUN-1: with four players two S1 cards complete the 24 asteroid cards
    state = view(full_game("tunnel_deck", 4, 3))
    order = [
        card.split("-")[0] for card in (*[c for row in state.rows[::-1] for c in row], *state.deck)
    ]
    assert order[:24].count("A1") == 22 and order[:24].count("S1") == 2
    assert set(order[24:32]) == {"T1"}
    assert set(order[32:44]) == {"F1"}


def test_wingmen_share_power_ups_and_win_as_a_team() -> None:
    # R-VAR-WING-1 D-WING-1
    game = full_game("wingmen", 4, 5)
    for index, glory in enumerate((3, 5, 4, 1)):
        edit_player(game, index, glory=glory)
    edit_player(game, 2, hand=("repair_kit",))
    edit_player(game, 0, hand=(), position=(5, 1))
    assert game.game.team(game, 0) == (0, 2) and game.game.team(game, 1) == (1, 3)
    assert game.game.ranking(game)[:2] == [0, 2]  # team glory 7 beats 6
    assert game.returns() == [7.0, 6.0, 7.0, 6.0]
    set_phase(game, "turn_choice")
    game.order, game.order_index = (0, 1, 2, 3), 0
    play(game, "battle")
    assert "play repair_kit" in legal(game)
    play(game, "play repair_kit")
    assert players(game)[2].hand == ()


def test_astral_player_may_buy_before_entering() -> None:
    # R-AST-4
    game = with_players(
        make_game(empty_grid(), round=2),
        captain(1, None, destroyed_once=True, energy=0, bellonium=3),
        captain(2, (3, 2)),
    )
    play(game, "battle")
    assert "buy laser 1" in legal(game)
    play(game, "buy laser 1", "enter 2")
    assert players(game)[0].level("laser") == 1
    assert not any(a.startswith("buy") for a in legal(game))


def test_setup_deals_no_power_up_that_must_be_played_when_drawn() -> None:
    # D-SET-1
    for seed in range(10):
        state = view(full_game("standard", 5, seed))
        for player in state.players:
            assert all(
                base_bundle()["powerups"][card].get("timing") != "when_drawn"
                for card in player.hand
            )


def test_a_player_destroyed_by_its_threat_ends_its_turn_once() -> None:
    # R-DST-2 R-THR-2 R-BAT-1
    game = with_players(
        make_game(empty_grid(), round=2),
        captain(1, (3, 2), energy=2, threat_points=4),
        captain(2, (5, 1)),
        captain(3, (5, 3)),
    )
    play(game, "battle", "end")  # threat level 4 takes its last 2 energy
    assert players(game)[0].astral
    assert game.current_player() == 1 and view(game).phase == "turn_choice"  # p2, not p3
    assert view(game).round == 2
