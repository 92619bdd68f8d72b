"""Rules with several players: PvP, destruction and astral players, turn order, full setup."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kemble_tools.engine.game import Game
from kemble_tools.engine.state import Player

from engine_helpers import E, base_bundle, empty_grid, make_game, play, q

FIGHTER = q("fighter", energy=1, threat=1)


def with_players(game: Game, *players: Player) -> Game:
    """A hand-built position: the scenario's board with several captains on it."""
    game.state.players = players
    game.state.order = tuple(range(len(players)))
    return game


def captain(number: int, position: tuple[int, int] | None, **fields) -> Player:
    return Player(id=f"p{number}", position=position, upgrades=(("rotary_cage", 1),), **fields)


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
    victim = game.state.players[1]
    assert victim.threat_points == 2 and victim.tokens == (0,)
    assert ("R2-01", 1) not in game.state.covered  # the ship stood in the way


def test_power_down_gives_tokens_back_without_effect() -> None:
    # R-PWD-1
    game = with_players(
        make_game(empty_grid(), round=2), captain(1, (5, 1)), captain(2, (3, 2), tokens=(0,))
    )
    play(game, "powerdown", "end", "powerdown")
    assert game.state.players[1].tokens == () and game.state.players[0].glory == 0


def test_destroyed_player_rewards_the_others_and_turns_astral() -> None:
    # R-DST-1 R-DST-2 R-DST-3 R-DST-4 R-DST-5 R-AST-1
    game = with_players(
        make_game(empty_grid(), round=2),
        captain(1, (3, 2), energy=2, tokens=(1, 2)),
        captain(2, (5, 1)),
        captain(3, None),
    )
    play(game, "battle", "overload fire", "overload fire")  # 1 + 2 energy: destroyed
    first, second, third = game.state.players
    assert first.astral and first.position is None and first.tokens == ()
    assert second.glory == 2 + 1  # in play (R-DST-4) and a token (R-DST-5)
    assert third.glory == 1  # astral: only its token
    assert game.state.turn is None and game.current_player() == 1  # R-DST-2: turn over


def test_astral_players_take_no_threat_and_reenter_with_max_minus_one() -> None:
    # R-AST-2 R-AST-3 R-AST-4 D-AST-1
    game = with_players(
        make_game(grid_with({(1, 4): q("cruiser", energy=3, omni_threat=2)}), round=2),
        captain(1, None, astral=True, destroyed_once=True, energy=0),
        captain(2, (3, 2)),
    )
    play(game, "battle", "enter 1")
    assert game.state.players[0].energy == 4 and not game.state.players[0].astral
    fresh = play(make_game(empty_grid()), "battle", "enter 1")
    assert fresh.state.players[0].energy == 5  # the first entry keeps its 5 energy


def test_highest_sensor_card_plays_first() -> None:
    # R-SEN-1 R-RND-1 R-AST-2
    game = make_game(empty_grid(), sensors=[], sensor_hand=[20, 30])
    with_players(
        game,
        captain(1, (5, 1), hand_sensors=(20, 30)),
        captain(2, None, astral=True, hand_sensors=(400, 10)),
    )
    game.state.phase = "sensor"
    play(game, "sensor 20", "sensor 400")
    assert game.state.order == (1, 0) and game.current_player() == 1


def test_pushed_into_another_ship_takes_one_damage_and_shifts() -> None:
    # R-OBJ-SHIP-1 R-SCR-1 D-SCR-3
    game = with_players(
        make_game(empty_grid(), deck=[[E, E, E, E]], round=2),
        captain(1, (5, 2)),
        captain(2, (4, 2)),
    )
    play(game, "powerdown", "end", "powerdown", "end")
    assert game.state.choice is not None and game.state.choice.kind == "shift"
    play(game, "choose W")
    assert game.state.players[0].energy == 4 and game.state.players[0].position == (5, 1)


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
    first, second = game.state.players
    assert game.state.outcome == "ended"
    assert first.glory == 3 + 2 and second.glory == 5 + 2  # 7 Bellonium; a war trophy
    assert game.engine.ranking(game.state) == [1, 0]
    tied = replace(
        game.state, players=(replace(first, glory=7, energy=2), replace(second, glory=7, energy=5))
    )
    assert game.engine.ranking(tied) == [1, 0]  # equal glory: more energy wins


# --- full setup ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def three() -> Game:
    return Game.new(base_bundle(), "standard", 3, seed=4)


def test_standard_setup_deals_five_rows_from_the_stacked_deck(three: Game) -> None:
    # R-SET-4 R-SET-5 R-GEO-2 R-GEO-4
    state = three.state
    assert len(state.rows) == 5 and all(len(row) == 3 for row in state.rows)
    assert len(state.deck) == 12 + 9 + 12 + 9 - 15 + 1 and state.deck[-1].startswith("BOSS-")
    assert all(card.startswith("S1-") for card in state.rows[-1])  # S1 on top, row 5 first
    decks = {three.engine.bundle["cards"][card]["deck"] for row in state.rows for card in row}
    assert decks <= {"S1", "A1"}


def test_each_captain_gets_sensors_a_power_up_and_a_mission(three: Game) -> None:
    # R-SET-1 R-SET-2 R-SET-3 R-SET-6 R-COMP-5 R-COMP-6
    state = three.state
    assert len(state.achievements) == 4 and len(state.achievement_deck) == 18
    for player in state.players:
        assert len(player.hand_sensors) == 2 and len(player.hand) == 1 and player.mission
        assert (player.energy, player.threat_points, player.position) == (5, 0, None)
    sensors = [n for p in state.players for n in p.hand_sensors] + list(state.sensor_deck)
    assert sorted(sensors) == list(range(10, 401, 10))
    assert len(three.engine.bundle["upgrades"]) == 8


def test_solo_game_without_a_scenario_keeps_fourteen_rows() -> None:
    # D-SOLO-2
    state = Game.new(base_bundle(), "solo", 1, seed=2).state
    assert len(state.deck) + 10 == 28 + 1 and all(len(row) == 2 for row in state.rows)


def test_star_cards_are_shuffled_in() -> None:
    # R-VAR-STAR-1
    seen = set()
    for seed in range(5):
        state = Game.new(base_bundle(), "star_cards", 2, seed=seed).state
        cards = set(state.deck) | {c for row in state.rows for c in row}
        seen |= {c for c in cards if c.startswith("STAR-")}
    assert seen == {"STAR-01", "STAR-02", "STAR-03"}


def test_tunnel_deck_is_asteroids_tunnel_fleet() -> None:
    # R-VAR-TUN-1 D-TUN-1: with four players two S1 cards complete the 24 asteroid cards
    state = Game.new(base_bundle(), "tunnel_deck", 4, seed=3).state
    order = [
        card.split("-")[0] for card in (*[c for row in state.rows[::-1] for c in row], *state.deck)
    ]
    assert order[:24].count("A1") == 22 and order[:24].count("S1") == 2
    assert set(order[24:32]) == {"T1"}
    assert set(order[32:44]) == {"F1"}


def test_wingmen_share_power_ups_and_win_as_a_team() -> None:
    # R-VAR-WING-1 D-WING-1
    game = Game.new(base_bundle(), "wingmen", 4, seed=5)
    state = game.state
    players = [replace(p, glory=g) for p, g in zip(state.players, (3, 5, 4, 1), strict=True)]
    players[2] = replace(players[2], hand=("repair_kit",))
    players[0] = replace(players[0], hand=(), position=(5, 1))
    state.players = tuple(players)
    assert game.engine.team(state, 0) == (0, 2) and game.engine.team(state, 1) == (1, 3)
    assert game.engine.ranking(state)[:2] == [0, 2]  # team glory 7 beats 6
    assert game.returns() == [7.0, 6.0, 7.0, 6.0]
    state.phase, state.order, state.order_index = "turn_choice", (0, 1, 2, 3), 0
    play(game, "battle")
    assert "play repair_kit" in game.legal_actions()
    play(game, "play repair_kit")
    assert game.state.players[2].hand == ()


def test_astral_player_may_buy_before_entering() -> None:
    # R-AST-4
    game = with_players(
        make_game(empty_grid(), round=2),
        captain(1, None, astral=True, destroyed_once=True, energy=0, bellonium=3),
        captain(2, (3, 2)),
    )
    play(game, "battle")
    assert "buy laser 1" in game.legal_actions()
    play(game, "buy laser 1", "enter 2")
    assert game.state.players[0].level("laser") == 1
    assert not any(a.startswith("buy") for a in game.legal_actions())


def test_setup_deals_no_power_up_that_must_be_played_when_drawn() -> None:
    # D-SET-1
    for seed in range(10):
        state = Game.new(base_bundle(), "standard", 5, seed=seed).state
        for player in state.players:
            assert all(
                base_bundle()["powerups"][card].get("timing") != "when_drawn"
                for card in player.hand
            )
