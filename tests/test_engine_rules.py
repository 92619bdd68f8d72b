"""The reference interpreter, rule by rule, on hand-built positions (scenario-local cards)."""

from __future__ import annotations

import pytest

from kemble_tools.games.kembles_cascade.engine import IllegalAction
from kemble_tools.games.kembles_cascade.engine import board as geometry
from kemble_tools.games.kembles_cascade.engine.threat import threat_level

from engine_helpers import (
    E,
    cover,
    edit_player,
    empty_grid,
    legal,
    make_game,
    me,
    play,
    q,
    set_achievements,
    shows,
    view,
)

FIGHTER = q("fighter", energy=1, threat=1)


def grid_with(cells: dict[tuple[int, int], dict]) -> list[list[dict]]:
    grid = empty_grid()
    for (row, column), quadrant in cells.items():
        grid[row - 1][column - 1] = quadrant
    return grid


def at(position: tuple[int, int], **player) -> dict:
    return {"position": list(position), **player}


def refuses(game, action: str, rule: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        game.play(action)
    assert caught.value.rule == rule


# --- setup and turns ----------------------------------------------------------------------------


def test_players_start_outside_with_five_energy_and_a_rotary_cage() -> None:
    # R-SET-6 R-SET-7
    player = me(make_game(empty_grid()))
    assert (player.energy, player.threat_points, player.position, player.facing) == (
        5,
        0,
        None,
        "N",
    )
    assert dict(player.upgrades) == {"rotary_cage": 1}


def test_global_bellonium_visible_at_setup_is_paid() -> None:
    # R-SET-8 R-SYM-7 D-SCEN-1
    game = make_game(grid_with({(2, 3): q("empty", global_bellonium=2)}))
    assert me(game).bellonium == 2
    later = make_game(grid_with({(2, 3): q("empty", global_bellonium=2)}), round=3)
    assert me(later).bellonium == 0  # a game in progress: nothing is paid again


def test_first_round_must_be_battle() -> None:
    # R-TRN-1 R-TRN-2
    game = make_game(empty_grid())
    assert legal(game) == ["battle"]
    refuses(game, "powerdown", "R-TRN-2")
    later = make_game(empty_grid(), round=2)
    assert legal(later) == ["battle", "powerdown"]


def test_play_area_is_five_rows_of_two_cards_in_solo() -> None:
    # R-GEO-1 R-GEO-2 D-GEO-1 R-VAR-SOLO-1
    state = make_game(empty_grid())
    assert (state.height, state.width) == (5, 4)
    assert view(state).rows[1] == ("R2-01", "R2-02")
    assert state.game.cell_of(state, state.game.tables.card_index["R2-02"] * 2 + 1) == (
        geometry.cell_at(state, 2, 4)
    )


def test_directions_and_adjacency() -> None:
    # R-GEO-3
    state = make_game(empty_grid())
    geo = state.game.geo

    def at(row: int, column: int) -> int:
        return geometry.cell_at(state, row, column)

    assert geometry.step(geo, state, at(3, 2), "N") == at(2, 2)
    assert geometry.step(geo, state, at(3, 2), "SE") == at(4, 3)
    assert geometry.step(geo, state, at(1, 1), "N") == -1
    assert len(geometry.neighbours(geo, state, at(3, 2))) == 8
    assert len(geometry.neighbours(geo, state, at(1, 1))) == 3


# --- movement -----------------------------------------------------------------------------------


def test_entering_spends_the_turns_move() -> None:
    # R-MOV-1 R-MOV-2
    game = play(make_game(empty_grid()), "battle", "enter 3")
    assert me(game).position == (5, 3)
    assert not any(a.startswith("move") for a in legal(game))
    refuses(game, "move N", "R-MOV-1")


def test_each_move_dodges_one_threat_point() -> None:
    # R-MOV-6 D-THR-1
    game = play(
        make_game(empty_grid(), player=at((3, 2), threat_points=3), round=2), "battle", "move N"
    )
    assert me(game).threat_points == 2


def test_asteroids_walls_and_ships_cannot_be_entered() -> None:
    # R-MOV-4
    game = play(
        make_game(grid_with({(4, 2): q("asteroid"), (4, 3): q("wall")}), player=at((5, 2))),
        "battle",
    )
    refuses(game, "move N", "R-MOV-4")
    refuses(game, "move NE", "R-MOV-4")
    assert "move NW" in legal(game)


def test_moving_is_optional() -> None:
    # R-MOV-7
    game = play(make_game(empty_grid(), deck=[[E, E, E, E]], player=at((3, 2))), "battle", "end")
    assert me(game).position == (4, 2)  # only scrolling moved it (rows move down)


def test_ramming_an_enemy_costs_its_threat_and_destroys_it_without_reward() -> None:
    # R-MOV-3 R-MOV-5 R-OBJ-ENEMY-1 R-OBJ-ENEMY-2
    fighter = q("fighter", energy=1, threat=2, reward={"bellonium": 1})
    game = play(make_game(grid_with({(4, 2): fighter}), player=at((5, 2))), "battle", "move N")
    assert (me(game).energy, me(game).bellonium) == (3, 0)
    assert ("R4-01", 1) in view(game).covered


def test_enemy_without_regular_threat_rams_for_its_distant_threat() -> None:
    # R-OBJ-ENEMY-2 R-THR-6
    turret = q("turret", energy=2, distant_threat={"count": 2, "direction": "S"})
    game = play(make_game(grid_with({(4, 2): turret}), player=at((5, 2))), "battle", "move N")
    assert me(game).energy == 3


# --- objects ------------------------------------------------------------------------------------


def test_recharge_drone_gives_one_energy_and_is_used_up() -> None:
    # R-OBJ-DRONE-1 D-OBJ-1 R-SYM-8
    game = play(
        make_game(grid_with({(4, 2): q("recharge_drone")}), player=at((5, 2), energy=3)),
        "battle",
        "move N",
    )
    assert me(game).energy == 4 and ("R4-01", 1) in view(game).covered


def test_power_up_quadrant_draws_a_card() -> None:
    # R-OBJ-PWR-1
    game = play(
        make_game(grid_with({(4, 2): q("power_up")}), player=at((5, 2)), powerups=["repair_kit"]),
        "battle",
        "move N",
    )
    assert me(game).hand == ("repair_kit",) and ("R4-01", 1) in view(game).covered


def test_mine_deals_two_damage_and_is_destroyed() -> None:
    # R-OBJ-MINE-1
    game = play(make_game(grid_with({(4, 2): q("mine")}), player=at((5, 2))), "battle", "move N")
    assert me(game).energy == 3 and ("R4-01", 1) in view(game).covered


def test_black_hole_destroys_the_ship_and_loses_a_solo_game() -> None:
    # R-OBJ-BH-1 R-DST-1 R-DST-3 D-SOLO-1
    game = play(
        make_game(grid_with({(4, 2): q("black_hole")}), player=at((5, 2))), "battle", "move N"
    )
    assert view(game).outcome == "lost" and me(game).astral and game.is_terminal()


def test_wormhole_jump_is_optional_and_keeps_threat() -> None:
    # R-OBJ-WH-1 R-MOV-6
    grid = grid_with({(4, 2): q("wormhole"), (1, 4): q("wormhole")})
    game = play(make_game(grid, player=at((5, 2), threat_points=2)), "battle", "move N")
    assert legal(game) == ["choose 1,4", "choose none"]
    play(game, "choose 1,4")
    assert me(game).position == (1, 4) and me(game).threat_points == 1


def test_pushed_onto_an_asteroid_takes_one_damage_and_shifts() -> None:
    # R-SCR-1 R-SCR-2 R-OBJ-ROCK-1 D-SCR-1
    game = play(
        make_game(grid_with({(4, 2): q("asteroid")}), deck=[[E, E, E, E]], player=at((5, 2))),
        "battle",
        "end",
    )
    assert view(game).choice_kind == "shift" and legal(game) == ["choose W", "choose E"]
    play(game, "choose E")
    assert me(game).energy == 4 and me(game).position == (5, 3)  # then rows moved down


def test_shift_at_the_edge_has_one_way() -> None:
    # D-SCR-1 R-OBJ-ROCK-1
    game = play(
        make_game(grid_with({(4, 1): q("wall")}), deck=[[E, E, E, E]], player=at((5, 1))),
        "battle",
        "end",
    )
    assert view(game).choice_kind is None and me(game).position == (5, 2)


def test_singularity_glory_once_per_player() -> None:
    # R-OBJ-SING-1 R-OBJ-SING-2
    singularity = q("singularity", energy=2, reward={"glory": 3})
    game = play(
        make_game(grid_with({(3, 2): singularity}), player=at((5, 2)), round=2),
        "battle",
        "fire",
        "overload fire",
    )
    assert me(game).glory == 3
    assert (("R3-01", 1), 0) in view(game).markers and ("R3-01", 1) not in view(game).covered
    play(game, "overload fire")
    assert me(game).glory == 3


def test_space_maze_glory_needs_the_extra_move_and_comes_once() -> None:
    # R-OBJ-MAZE-1 R-SYM-10
    maze = q("space_maze", move_cost=1, reward={"glory": 2})
    game = play(
        make_game(grid_with({(4, 2): maze}), player=at((5, 2), upgrades={"engine": 1})),
        "battle",
        "move N",
    )
    assert me(game).glory == 0 and "spend" in legal(game)
    play(game, "spend")
    assert me(game).glory == 2


def test_mosquito_hit_swaps_cards_and_ships_move_with_them() -> None:
    # R-OBJ-MOSQ-1 R-OBJ-MOSQ-2
    game = play(
        make_game(grid_with({(3, 2): q("space_mosquito")}), player=at((4, 3))),
        "battle",
        "move W",
        "fire",
    )
    assert view(game).choice_kind == "card"
    play(game, "choose 4,2")  # the card below the mosquito, where the ship stands
    rows = view(game).rows
    assert rows[2][0] == "R4-01" and rows[3][0] == "R3-01"
    assert me(game).position == (3, 2)


def test_bomb_explodes_when_a_new_row_pushes_it_out() -> None:
    # R-OBJ-BOMB-1 R-OBJ-BOMB-2 R-COMP-3
    grid = grid_with({(5, 4): q("space_bomb")})
    sensors = {"sensors": [10, 20, 30, 40, 50, 60, 70], "sensor_hand": []}
    game = play(make_game(grid, [[E, E, E, E]], player=at((3, 2)), **sensors), "battle", "end")
    # sensors 10..50 are revealed: red is among them, so p1 (the red seat) gets 2 threat
    assert me(game).threat_points == 2 and view(game).sensor_deck == (60, 70)


def test_a_bomb_removed_while_the_deck_is_empty_does_not_explode() -> None:
    # D-OBJ-2 R-SCR-8
    grid = grid_with({(5, 4): q("space_bomb")})
    sensors = {"sensors": [10, 20, 30, 40, 50, 60, 70], "sensor_hand": []}
    game = play(make_game(grid, player=at((3, 2)), **sensors), "battle", "end")
    assert len(view(game).rows) == 4  # the play area shrank (R-SCR-8)
    assert me(game).threat_points == 0 and len(view(game).sensor_deck) == 7


# --- firing -------------------------------------------------------------------------------------


def test_turret_fires_once_north_and_destroying_gives_the_reward() -> None:
    # R-FIR-1 R-FIR-2 R-FIR-3 R-FIR-7 R-SYM-6 R-SYM-9
    target = q("fighter", energy=1, threat=1, reward={"bellonium": 2, "glory": 1})
    game = play(make_game(grid_with({(1, 2): target}), player=at((5, 2))), "battle", "fire")
    assert (me(game).bellonium, me(game).glory) == (2, 1)
    assert ("R1-01", 1) in view(game).covered
    refuses(game, "fire", "D-FIR-1")


def test_shots_pass_power_ups_but_stop_at_blocking_objects() -> None:
    # R-FIR-4 R-FIR-5 R-OBJ-BLOCK-1
    passing = play(
        make_game(grid_with({(4, 2): q("power_up"), (3, 2): FIGHTER}), player=at((5, 2))),
        "battle",
        "fire",
    )
    assert ("R3-01", 1) in view(passing).covered
    blocked = play(
        make_game(grid_with({(4, 2): q("asteroid"), (3, 2): FIGHTER}), player=at((5, 2))),
        "battle",
        "fire",
    )
    assert ("R3-01", 1) not in view(blocked).covered


def test_damage_adds_up_in_a_turn_and_is_restored_after() -> None:
    # R-FIR-6 R-OVL-1
    cruiser = q("cruiser", energy=2, threat=1)
    game = play(
        make_game(grid_with({(2, 2): cruiser}), player=at((5, 2)), round=2),
        "battle",
        "fire",
        "end",
        "battle",
        "fire",
    )
    assert ("R2-01", 1) not in view(game).covered
    play(game, "overload fire")
    assert ("R2-01", 1) in view(game).covered


def test_overloads_cost_one_then_two_and_stop_at_two() -> None:
    # R-OVL-1
    game = play(make_game(empty_grid(), player=at((5, 2))), "battle", "overload fire")
    assert me(game).energy == 4
    play(game, "overload fire")
    assert me(game).energy == 2
    refuses(game, "overload fire", "R-OVL-1")


def test_turning_the_rotary_cage_costs_one_energy_in_play() -> None:
    # R-TUR-1 R-UPG-TUR-1
    game = play(make_game(empty_grid(), player=at((5, 2))), "battle", "rotate E")
    assert me(game).facing == "E" and me(game).energy == 4


def test_rotary_cage_level_two_turns_for_free() -> None:
    # R-TUR-2 R-UPG-TUR-1
    game = play(
        make_game(empty_grid(), player=at((5, 2), upgrades={"rotary_cage": 2})),
        "battle",
        "rotate W",
        "rotate S",
    )
    assert me(game).facing == "S" and me(game).energy == 5


def test_tunnel_vision_has_no_cage_and_fires_north() -> None:
    # R-VAR-TV-1
    game = play(
        make_game(grid_with({(3, 2): FIGHTER}), player=at((5, 2)), rules={"tunnel_vision": True}),
        "battle",
    )
    assert me(game).level("rotary_cage") == 0
    refuses(game, "rotate E", "R-VAR-TV-1")
    play(game, "fire")
    assert ("R3-01", 1) in view(game).covered


def test_immunities_stop_weapons_but_never_the_turret() -> None:
    # R-SYM-11 D-SYM-1
    cruiser = q("cruiser", energy=1, threat=1, immune=["laser"])
    game = play(
        make_game(grid_with({(3, 2): cruiser}), player=at((5, 2), upgrades={"laser": 1})),
        "battle",
        "fire laser",
        "fire laser",
    )
    assert ("R3-01", 1) not in view(game).covered
    play(game, "fire")
    assert ("R3-01", 1) in view(game).covered


def test_objects_without_energy_are_indestructible() -> None:
    # R-SYM-1
    game = play(
        make_game(grid_with({(4, 2): q("asteroid")}), player=at((5, 2))),
        "battle",
        "fire",
        "overload fire",
        "overload fire",
    )
    assert ("R4-01", 1) not in view(game).covered


def test_flip_card_turns_over_when_a_quadrant_is_destroyed() -> None:
    # R-SYM-12
    back = [q("cruiser", energy=3, threat=2), E]
    game = play(
        make_game(grid_with({(3, 1): FIGHTER}), player=at((5, 1)), flips={(3, 1): back}),
        "battle",
        "fire",
    )
    assert "R3-01" in view(game).flipped
    assert shows(game, 3, 1) == "cruiser"


# --- upgrades -----------------------------------------------------------------------------------


def test_laser_shots_per_level() -> None:
    # R-UPG-LAS-1
    game = play(
        make_game(empty_grid(), player=at((5, 2), upgrades={"laser": 1})),
        "battle",
        "fire laser",
        "fire laser",
    )
    refuses(game, "fire laser", "D-FIR-1")


def test_missile_hits_its_target_and_one_neighbour_of_the_players_choice() -> None:
    # R-UPG-MIS-1
    grid = grid_with({(3, 2): q("cruiser", energy=3, threat=1), (3, 3): FIGHTER})
    game = play(
        make_game(grid, player=at((5, 2), upgrades={"missile": 1})), "battle", "fire missile"
    )
    assert legal(game) == ["choose N", "choose E", "choose S", "choose W"]  # formats.md §4
    assert game.string_to_action("choose 3,3") == game.string_to_action("choose E")
    play(game, "choose E")
    assert ("R3-02", 0) in view(game).covered  # the fighter took the splash
    assert ("R3-01", 1) not in view(game).covered  # 2 damage of 3


def test_gamma_hits_every_quadrant_of_the_line_through_everything() -> None:
    # R-UPG-GAM-1 R-FIR-4
    grid = grid_with({(4, 2): FIGHTER, (3, 2): q("asteroid"), (1, 2): FIGHTER})
    game = play(make_game(grid, player=at((5, 2), upgrades={"gamma": 1})), "battle", "fire gamma")
    assert {("R4-01", 1), ("R1-01", 1)} <= view(game).covered


def test_flamethrower_reaches_only_the_next_quadrant() -> None:
    # R-UPG-FLM-1 R-FIR-3
    grid = grid_with({(3, 2): FIGHTER})
    game = play(
        make_game(grid, player=at((5, 2), upgrades={"flamethrower": 1})),
        "battle",
        "fire flamethrower",
    )
    assert ("R3-01", 1) not in view(game).covered


def test_generator_adds_energy_when_bought_and_raises_the_maximum() -> None:
    # R-UPG-GEN-1 R-BUY-2 R-PWD-1
    game = play(
        make_game(empty_grid(), player=at((3, 2), bellonium=4), round=2),
        "powerdown",
        "buy generator",
    )
    assert me(game).energy == 6 and me(game).bellonium == 0


def test_generator_level_two_makes_the_second_overload_cheap() -> None:
    # R-UPG-GEN-2 R-OVL-2
    game = play(
        make_game(empty_grid(), player=at((5, 2), upgrades={"generator": 2}, energy=7)),
        "battle",
        "overload fire",
        "overload fire",
    )
    assert me(game).energy == 5


def test_shield_lowers_threat_before_it_is_resolved() -> None:
    # R-UPG-SHD-1 R-THR-2
    game = play(
        make_game(empty_grid(), player=at((3, 2), threat_points=3, upgrades={"shield": 1})),
        "battle",
        "end",
    )
    assert me(game).energy == 3  # 3 points - 1 = level 2


def test_engine_gives_more_moves() -> None:
    # R-UPG-ENG-1
    game = play(
        make_game(empty_grid(), player=at((4, 2), upgrades={"engine": 1})),
        "battle",
        "move N",
        "move N",
    )
    assert me(game).position == (2, 2)


# --- Power Down and buying ----------------------------------------------------------------------


def test_power_down_recharges_then_resolves_threat() -> None:
    # R-PWD-1 R-THR-2
    game = play(
        make_game(empty_grid(), player=at((3, 2), energy=2, threat_points=2), round=2), "powerdown"
    )
    assert me(game).energy == 2 and me(game).threat_points == 0


def test_power_down_forbids_moving_and_firing() -> None:
    # R-PWD-2
    game = play(make_game(empty_grid(), player=at((3, 2)), round=2), "powerdown")
    refuses(game, "fire", "R-PWD-2")


def test_levels_are_paid_one_by_one_and_may_be_bought_together() -> None:
    # R-BUY-1 R-BUY-2 R-BUY-3
    game = play(
        make_game(empty_grid(), player=at((3, 2), bellonium=12), round=2),
        "powerdown",
        "buy laser 3",
    )
    assert me(game).level("laser") == 3 and me(game).bellonium == 2 and me(game).glory == 1


def test_one_upgrade_of_each_type() -> None:
    # R-BUY-4
    game = play(
        make_game(empty_grid(), player=at((3, 2), bellonium=9, upgrades={"laser": 2}), round=2),
        "powerdown",
    )
    refuses(game, "buy laser 1", "R-BUY-4")


def test_power_up_costs_two_bellonium() -> None:
    # R-BUY-5
    game = play(
        make_game(empty_grid(), player=at((3, 2), bellonium=3), round=2, powerups=["repair_kit"]),
        "powerdown",
        "buy powerup",
    )
    assert me(game).hand == ("repair_kit",) and me(game).bellonium == 1


def test_tunnel_deck_sells_no_engine() -> None:
    # R-VAR-TUN-1
    game = play(
        make_game(
            empty_grid(), player=at((3, 2), bellonium=9), round=2, rules={"tunnel_deck": True}
        ),
        "powerdown",
    )
    refuses(game, "buy engine", "R-VAR-TUN-1")


# --- threat -------------------------------------------------------------------------------------


def test_threat_track_levels() -> None:
    # R-THR-1
    assert [threat_level(p) for p in range(10)] == [0, 1, 2, 3, 4, 5, 5, 6, 6, 7]
    assert threat_level(12) == 7


def test_adjacent_threat_is_added_after_the_turn() -> None:
    # R-THR-3 R-THR-4 R-BAT-1
    game = play(make_game(grid_with({(4, 3): FIGHTER}), player=at((5, 2))), "battle", "end")
    assert me(game).threat_points == 1


def test_distant_threat_line_is_stopped_by_asteroids_not_by_enemies() -> None:
    # R-THR-5
    turret = q("turret", energy=2, distant_threat={"count": 1, "direction": "S"})
    through_enemy = make_game(grid_with({(1, 2): turret, (3, 2): FIGHTER}), player=at((5, 2)))
    assert me(play(through_enemy, "battle", "end")).threat_points == 1
    blocked = make_game(grid_with({(1, 2): turret, (3, 2): q("asteroid")}), player=at((5, 2)))
    assert me(play(blocked, "battle", "end")).threat_points == 0


def test_regular_threat_beats_distant_threat_on_one_quadrant() -> None:
    # R-THR-6
    both = q("cruiser", energy=3, threat=1, distant_threat={"count": 2, "direction": "S"})
    game = play(make_game(grid_with({(4, 2): both}), player=at((5, 2))), "battle", "end")
    assert me(game).threat_points == 1


def test_adjacent_distant_only_threat_counts() -> None:
    # D-THR-2 R-SYM-3
    turret = q("turret", energy=2, distant_threat={"count": 2, "direction": "N"})
    game = play(make_game(grid_with({(4, 3): turret}), player=at((5, 2))), "battle", "end")
    assert me(game).threat_points == 2


def test_omni_threat_reaches_everywhere() -> None:
    # R-THR-7 R-SYM-5
    game = play(
        make_game(grid_with({(1, 4): q("cruiser", energy=3, omni_threat=1)}), player=at((5, 1))),
        "battle",
        "end",
    )
    assert me(game).threat_points == 1


def test_gamma_distant_threat_ignores_blocking_objects() -> None:
    # R-THR-8 R-SYM-4
    gamma = q("turret", energy=2, gamma_distant_threat={"count": 1, "direction": "S"})
    game = play(
        make_game(grid_with({(1, 2): gamma, (3, 2): q("asteroid")}), player=at((5, 2))),
        "battle",
        "end",
    )
    assert me(game).threat_points == 1


def test_threat_resolution_destroys_a_ship_at_zero_energy() -> None:
    # R-DST-1 R-THR-2 D-SOLO-1
    game = play(
        make_game(empty_grid(), player=at((3, 2), energy=2, threat_points=4)), "battle", "end"
    )
    assert view(game).outcome == "lost"


# --- scrolling ----------------------------------------------------------------------------------


def test_scroll_removes_the_bottom_row_and_deals_a_new_top_row() -> None:
    # R-SCR-3 R-SCR-4 R-SCR-5 R-RND-1
    game = play(
        make_game(empty_grid(), deck=[[FIGHTER, E, E, E]], player=at((3, 2))), "battle", "end"
    )
    assert view(game).rows[0] == ("D1-01", "D1-02") and view(game).rows[-1][0] == "R4-01"
    assert me(game).position == (4, 2) and view(game).round == 2


def test_new_row_threatens_players_in_row_two_at_once() -> None:
    # R-SCR-6 D-SCR-2
    game = play(
        make_game(empty_grid(), deck=[[E, FIGHTER, E, E]], player=at((1, 2))), "battle", "end"
    )
    assert me(game).position == (2, 2) and me(game).threat_points == 1


def test_new_row_global_bellonium_pays_everyone() -> None:
    # R-SCR-7 R-SYM-7
    game = play(
        make_game(
            empty_grid(), deck=[[q("empty", global_bellonium=2), E, E, E]], player=at((3, 2))
        ),
        "battle",
        "end",
    )
    assert me(game).bellonium == 2


def test_empty_deck_shrinks_the_play_area() -> None:
    # R-SCR-8
    game = play(make_game(empty_grid(), player=at((3, 2))), "battle", "end")
    assert len(view(game).rows) == 4 and me(game).position == (3, 2)


def test_game_ends_when_one_row_is_left() -> None:
    # R-SCR-9 R-END-1
    game = make_game([[E, E, E, E], [E, E, E, E]], player=at((1, 2)))
    play(game, "battle", "end")
    assert len(view(game).rows) == 1 and view(game).outcome == "ongoing"
    play(game, "battle", "end")
    assert game.is_terminal()


# --- bosses -------------------------------------------------------------------------------------


def test_one_row_boss_enters_with_its_solo_cards() -> None:
    # R-BOS-1 R-BOS-2 R-VAR-SOLO-1
    game = play(make_game(empty_grid(), boss="CANNONRAM", player=at((3, 2))), "battle", "end")
    assert view(game).boss == "CANNONRAM"
    assert view(game).rows[0] == ("BOSS-CANNONRAM-2", "BOSS-CANNONRAM-3")


def test_two_row_boss_enters_lower_half_first() -> None:
    # D-BOS-1 R-BOS-2
    game = play(
        make_game(empty_grid(), boss="BANSHEE", player=at((3, 2)), round=2),
        "powerdown",
        "end",
        "powerdown",
        "end",
    )
    assert view(game).rows[0] == ("BOSS-BANSHEE-6", "BOSS-BANSHEE-7")
    assert view(game).rows[1] == ("BOSS-BANSHEE-2", "BOSS-BANSHEE-3")


def test_boss_part_without_energy_cannot_be_entered() -> None:
    # R-BOS-3 R-MOV-3 R-MOV-4
    parts = {(4, 1): q("boss_part", threat=2), (4, 2): q("boss_part", energy=2, threat=1)}
    game = play(make_game(grid_with(parts), player=at((5, 2)), round=2), "battle")
    assert "move NW" not in legal(game) and "move N" in legal(game)
    refuses(game, "move NW", "R-MOV-4")
    play(game, "move N")  # a destructible part can be rammed (R-OBJ-ENEMY-2)
    assert me(game).position == (4, 2) and me(game).energy == 4


def test_destroying_every_destructible_part_defeats_the_boss_and_wins() -> None:
    # D-BOS-2 R-VAR-SOLO-1 R-SYM-13
    game = play(
        make_game(empty_grid(), boss="CANNONRAM", player=at((3, 2)), round=2), "powerdown", "end"
    )
    cover(game, (1, 1), (1, 3), (1, 4))  # hand-built: three parts are down
    play(game, "battle", "fire")
    assert not view(game).boss_defeated  # 1 damage of 2
    play(game, "overload fire")
    assert view(game).boss_defeated and view(game).outcome == "won"
    assert game.returns() == [1.0]


def test_boss_leaving_undefeated_loses() -> None:
    # D-SOLO-1
    game = make_game(empty_grid(), boss="CANNONRAM", player=at((1, 1)), round=2)
    for _ in range(6):
        if game.is_terminal():
            break
        play(game, "powerdown", "end")
    assert view(game).outcome == "lost"


# --- sensor cards -------------------------------------------------------------------------------


def test_sensor_card_texts_act_for_the_round() -> None:
    # R-SEN-1 R-SEN-2 R-SEN-3 R-SEN-4
    game = make_game(empty_grid(), player=at((4, 2)), sensors=[30], sensor_hand=[20, 10])
    assert legal(game) == ["sensor 20", "sensor 10"]
    play(game, "sensor 20", "battle", "move N", "move N")  # (a) one extra move
    assert me(game).position == (2, 2) and me(game).hand_sensors == (10, 30)
    bellonium = make_game(empty_grid(), player=at((4, 2)), sensors=[], sensor_hand=[10, 20])
    assert me(play(bellonium, "sensor 10")).bellonium == 1  # (b)
    free = make_game(empty_grid(), player=at((4, 2)), sensors=[], sensor_hand=[30, 20])
    play(free, "sensor 30", "battle", "overload fire")  # (c) the first overload is free
    assert me(free).energy == 5
    dear = make_game(empty_grid(), player=at((4, 2)), sensors=[], sensor_hand=[330, 20])
    play(dear, "sensor 330", "battle", "overload fire", "overload fire")  # (d) 1 then 3
    assert me(dear).energy == 1


# --- merchant, missions, achievements, decks ------------------------------------------------------


def test_merchant_sells_for_a_fee_without_powering_down() -> None:
    # R-OBJ-MERC-1 R-BUY-1
    game = play(
        make_game(grid_with({(4, 2): q("merchant")}), player=at((5, 2), bellonium=5)),
        "battle",
        "move N",
    )
    offered = legal(game)
    assert "buy laser 1" in offered and "buy gamma 1" in offered  # 3 or 4, plus the fee of 1
    assert "buy laser 2" not in offered
    play(game, "buy laser 1")
    assert me(game).level("laser") == 1 and me(game).bellonium == 1
    assert not any(a.startswith("buy") for a in legal(game))


def test_missions_advance_and_score_their_glory() -> None:
    # R-MIS-1
    grid = grid_with({(3, 2): FIGHTER, (2, 2): FIGHTER})
    game = make_game(grid, player=at((5, 2)), round=2)
    edit_player(game, mission="ace_pilot", mission_progress=3)
    play(game, "battle", "fire", "overload fire")
    assert me(game).mission_done and me(game).glory == 3


def test_revealed_achievement_is_claimed_and_replaced() -> None:
    # R-ACH-1 R-ACH-2 R-SET-2
    game = make_game(grid_with({(3, 2): FIGHTER}), player=at((5, 2)))
    set_achievements(game, ("first_blood", "tycoon"), ("maze_runner",))
    play(game, "battle", "fire")
    assert me(game).glory == 1 and me(game).achievements == ("first_blood",)
    assert view(game).achievements == ("tycoon", "maze_runner")


def test_scenario_fixes_the_order_of_the_space_cards() -> None:
    # R-VAR-SOLO-2 R-SET-5
    game = make_game(empty_grid(), deck=[[FIGHTER, E, E, E], [E, E, E, FIGHTER]], player=at((3, 2)))
    play(game, "battle", "end")
    assert view(game).rows[0] == ("D1-01", "D1-02")
    play(game, "battle", "end")
    assert view(game).rows[0] == ("D2-01", "D2-02")


def test_unfixed_decks_are_shuffled_from_the_seed() -> None:
    # R-SET-3 R-COMP-4
    first = view(make_game(empty_grid(), powerups=None, seed=7)).powerup_deck
    again = view(make_game(empty_grid(), powerups=None, seed=7)).powerup_deck
    other = view(make_game(empty_grid(), powerups=None, seed=8)).powerup_deck
    assert first == again and sorted(first) == sorted(other) and first != other
    assert len(first) == 23


def test_two_row_boss_is_not_defeated_before_its_second_row_arrives() -> None:
    # D-BOS-3 D-BOS-2
    game = play(
        make_game(empty_grid(), boss="TUNDRAGEIST", player=at((3, 2)), round=2), "powerdown", "end"
    )
    cover(game, (1, 3))  # hand-built: one part is down
    # The hatchery has laid a mine at (2, 2) this round: one shot for it, two for the part.
    play(game, "battle", "fire", "overload fire", "overload fire")
    assert (view(game).rows[0][0], 1) in view(game).covered
    assert not view(game).boss_defeated and view(game).boss_rows_pending


def test_ships_enter_on_the_bottom_row_of_a_shrunk_area() -> None:
    # D-MOV-1 R-MOV-2 R-SCR-8
    game = play(make_game(empty_grid(), player=at((2, 2)), round=2), "powerdown", "end")
    assert len(view(game).rows) == 4
    edit_player(game, position=None)
    play(game, "battle", "enter 3")
    assert me(game).position == (4, 3)


def test_a_ship_on_a_flipping_card_resolves_its_new_quadrant() -> None:
    # R-SYM-12 R-OBJ-MINE-1 D-SYM-2
    back = [q("mine"), E]
    game = play(
        make_game(grid_with({(3, 2): FIGHTER}), player=at((3, 1)), flips={(3, 1): back}),
        "battle",
        "rotate E",
        "fire",
    )
    assert "R3-01" in view(game).flipped  # and stays flipped: the mine's end does not turn it
    assert me(game).energy == 5 - 1 - 2  # turning, then the mine it now stands on


def test_turning_to_the_current_direction_is_refused() -> None:
    # R-TUR-1
    game = play(make_game(empty_grid(), player=at((5, 2))), "battle")
    refuses(game, "rotate N", "R-TUR-1")
    assert me(game).energy == 5


# --- rules the first engine got wrong (issue: the engine as a search substrate) ----------------


def test_a_ship_that_has_not_entered_is_astral_and_gets_no_global_bellonium() -> None:
    # R-AST-1 R-SYM-7 R-SCR-7 R-SET-8
    rich_row = [q("empty", global_bellonium=2), E, E, E]
    game = make_game(empty_grid(), deck=[rich_row, rich_row], round=2)
    assert me(game).astral and me(game).position is None
    play(game, "battle", "end")  # still outside when the first rich row arrives
    assert me(game).bellonium == 0
    play(game, "battle", "enter 2", "end")  # in play when the second arrives
    assert me(game).bellonium == 2 and not me(game).astral
    setup = make_game(grid_with({(2, 3): q("empty", global_bellonium=2)}))
    assert me(setup).bellonium == 2  # R-SET-8: setup pays every player, entered or not


def test_state_json_calls_a_ship_that_has_not_entered_astral() -> None:
    # R-AST-1
    from kemble_tools.games.kembles_cascade.play import state_json

    player = state_json(make_game(empty_grid()))["players"][0]
    assert player["astral"] is True and player["position"] is None


def test_an_astral_ship_may_buy_before_it_first_enters() -> None:
    # R-AST-1 R-AST-4 D-AST-1
    game = play(make_game(empty_grid(), player={"bellonium": 3}), "battle")
    assert "buy laser 1" in legal(game)
    play(game, "buy laser 1", "enter 2")
    assert me(game).level("laser") == 1 and me(game).energy == 5  # first entry keeps 5
    assert not any(action.startswith("buy") for action in legal(game))


def boss_on_board(lower: list[str], upper: list[str], **scenario: object):  # type: ignore[no-untyped-def]
    """A position with a two-row boss in rows 4 (upper half) and 5 (lower half)."""
    from kemble_tools.games.kembles_cascade.engine import Game

    from engine_helpers import base_bundle, scenario_data

    data = scenario_data(empty_grid()[:3], deck=[[E, E, E, E], [E, E, E, E]], **scenario)
    data["rows"] = [*data["rows"], upper, lower]
    return Game.from_scenario(base_bundle(), data).new_initial_state()


def test_a_two_row_boss_is_in_play_while_any_of_its_cards_is() -> None:
    # D-BOS-4 D-SOLO-1 R-SCR-3
    game = boss_on_board(
        ["BOSS-BANSHEE-2", "BOSS-BANSHEE-3"],
        ["BOSS-BANSHEE-6", "BOSS-BANSHEE-7"],
        player=at((1, 2)),
        round=2,
    )
    assert view(game).boss == "BANSHEE"
    play(game, "powerdown", "end")  # the lower half scrolls out; the upper half stays
    assert view(game).outcome == "ongoing" and view(game).rows[-1][0] == "BOSS-BANSHEE-6"
    play(game, "powerdown", "end")  # now its last card goes
    assert view(game).outcome == "lost"


def test_a_boss_whose_parts_in_play_are_all_down_is_defeated_when_the_rest_leaves() -> None:
    # D-BOS-4 D-BOS-2 R-VAR-SOLO-1
    game = boss_on_board(
        ["BOSS-BANSHEE-2", "BOSS-BANSHEE-3"],
        ["BOSS-BANSHEE-6", "BOSS-BANSHEE-7"],
        player=at((1, 2)),
        round=2,
    )
    cover(game, *[(4, c) for c in range(1, 5)])  # hand-built: the upper half is down
    assert not view(game).boss_defeated  # the lower half is still in play
    play(game, "powerdown", "end")
    assert view(game).boss_defeated and view(game).outcome == "won"


def test_a_shot_that_turns_a_card_does_not_hit_its_back() -> None:
    # R-SYM-12 R-OBJ-SING-2 R-OBJ-MOSQ-2
    singularity = [q("singularity", energy=1, reward={"glory": 3}), E]
    game = play(
        make_game(grid_with({(3, 1): FIGHTER}), player=at((5, 1)), flips={(3, 1): singularity}),
        "battle",
        "fire",
    )
    assert shows(game, 3, 1) == "singularity" and me(game).glory == 0
    mosquito = [q("space_mosquito"), E]
    game = play(
        make_game(grid_with({(3, 1): FIGHTER}), player=at((5, 1)), flips={(3, 1): mosquito}),
        "battle",
        "fire",
    )
    assert shows(game, 3, 1) == "space_mosquito" and view(game).choice_kind is None


def test_a_cards_back_does_not_inherit_the_damage_dealt_to_its_front() -> None:
    # R-FIR-6 R-SYM-12
    cruiser = [q("cruiser", energy=2, threat=1), E]
    game = play(
        make_game(grid_with({(3, 1): FIGHTER}), player=at((5, 1)), flips={(3, 1): cruiser}),
        "battle",
        "fire",
        "overload fire",
    )
    assert shows(game, 3, 1) == "cruiser"  # 1 damage of 2: the fighter's does not count
    play(game, "overload fire")
    assert shows(game, 3, 1) == "empty"


def test_a_ship_pushed_onto_a_space_maze_receives_its_glory() -> None:
    # R-OBJ-MAZE-1 R-SCR-1
    maze = q("space_maze", reward={"glory": 2})
    game = play(
        make_game(grid_with({(4, 2): maze}), [[E, E, E, E]], player=at((5, 2))), "battle", "end"
    )
    assert me(game).glory == 2 and len(view(game).markers) == 1


def test_a_maze_left_without_paying_can_be_paid_on_a_later_visit() -> None:
    # R-OBJ-MAZE-1 R-SYM-10
    maze = q("space_maze", move_cost=1, reward={"glory": 2})
    captain = at((5, 2), upgrades={"engine": 2}, powerup_hand=["afterburner"])
    game = play(
        make_game(grid_with({(4, 2): maze}), player=captain, round=2),
        "battle",
        "play afterburner",  # 3 + 2 moves this turn
        "move N",  # onto the maze; no glory yet, and no marker
        "move S",  # leaves without paying
    )
    assert me(game).glory == 0 and not view(game).markers
    play(game, "move N", "spend")  # back, and pays this time
    assert me(game).glory == 2 and len(view(game).markers) == 1


def test_a_move_cost_holds_back_what_any_quadrant_gives() -> None:
    # R-SYM-10 R-OBJ-DRONE-1 R-OBJ-PWR-1 R-MOV-6
    drone = q("recharge_drone", move_cost=1)
    game = play(
        make_game(
            grid_with({(4, 2): drone}),
            player=at((5, 2), energy=3, threat_points=2, upgrades={"engine": 1}),
        ),
        "battle",
        "move N",
    )
    assert me(game).energy == 3 and "spend" in legal(game)
    play(game, "spend")
    assert me(game).energy == 4 and ("R4-01", 1) in view(game).covered
    assert me(game).threat_points == 1  # the spent move dodged nothing
    power_up = q("power_up", move_cost=2)
    game = play(
        make_game(grid_with({(4, 2): power_up}), player=at((5, 2)), powerups=["repair_kit"]),
        "battle",
        "move N",
        "end",
    )
    assert me(game).hand == ()  # it left (scrolled on) without paying: nothing drawn


def test_a_ship_pushed_onto_a_move_cost_pays_in_its_next_turn() -> None:
    # D-SYM-3 R-SYM-10 R-SCR-1
    drone = q("recharge_drone", move_cost=1)
    game = play(
        make_game(grid_with({(4, 2): drone}), [[E, E, E, E]] * 2, player=at((5, 2), energy=3)),
        "battle",
        "end",
    )
    assert me(game).position == (5, 2) and me(game).energy == 3  # pushed on, rows moved
    play(game, "battle")
    assert "spend" in legal(game)
    play(game, "spend")
    assert me(game).energy == 4


def test_a_move_cost_not_paid_in_the_arrival_turn_is_lost() -> None:
    # D-SYM-3 R-SYM-10
    drone = q("recharge_drone", move_cost=1)
    game = play(
        make_game(grid_with({(4, 2): drone}), [[E, E, E, E]], player=at((5, 2), energy=3)),
        "battle",
        "move N",
        "end",
        "battle",
    )
    assert "spend" not in legal(game)
    refuses(game, "spend", "R-SYM-10")


def test_a_ship_outside_the_play_area_turns_its_cage_for_free() -> None:
    # R-TUR-1 R-AST-1
    game = play(make_game(empty_grid()), "battle")
    assert {"rotate E", "rotate S", "rotate W"} <= set(legal(game))
    play(game, "rotate E", "enter 2")
    assert me(game).facing == "E" and me(game).energy == 5
