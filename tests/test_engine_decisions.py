"""Decisions of the rules catalogue, each on a hand-built position named by its ID."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.games.kembles_cascade.engine import Game, State
from kemble_tools.validate.pipeline import validate_paths

from engine_helpers import (
    E,
    captain,
    cover,
    edit_player,
    empty_grid,
    make_game,
    me,
    play,
    q,
    scenario_data,
    view,
    with_players,
)

FIGHTER = q("fighter", energy=1, threat=1)
RICH = q("empty", global_bellonium=2)  # two Global Bellonium symbols


def grid_with(cells: dict[tuple[int, int], dict]) -> list[list[dict]]:
    grid = empty_grid()
    for (row, column), quadrant in cells.items():
        grid[row - 1][column - 1] = quadrant
    return grid


def at(position: tuple[int, int], **player: Any) -> dict:
    return {"position": list(position), **player}


# --- D-SYM-4: Global Bellonium pays on every reveal -------------------------------------------


def test_a_flip_that_reveals_global_bellonium_pays_once() -> None:
    # D-SYM-4 R-SYM-12 R-SYM-7 R-SET-8
    game = make_game(
        grid_with({(3, 1): FIGHTER, (2, 3): q("empty", global_bellonium=1)}),
        deck=[[E, E, E, E]],
        player=at((5, 1)),
        flips={(3, 1): [q("cruiser", energy=3, threat=2), RICH]},
    )
    assert me(game).bellonium == 1  # setup: only the symbol in view
    play(game, "battle", "fire")
    assert "R3-01" in view(game).flipped
    assert me(game).bellonium == 1 + 2  # the back's two symbols, once; not the one in view
    play(game, "end")  # a new row without symbols; the revealed ones move down with their row
    assert me(game).bellonium == 3


def test_a_flip_pays_only_ships_in_the_play_area() -> None:
    # D-SYM-4 R-SYM-7 R-AST-3
    game = with_players(
        make_game(
            grid_with({(3, 1): FIGHTER}),
            flips={(3, 1): [E, RICH]},
        ),
        captain((5, 1)),
        captain(None),
    )
    play(game, "battle", "fire")
    assert [player.bellonium for player in view(game).players] == [2, 0]


def test_a_new_row_still_pays_once() -> None:
    # D-SYM-4 R-SCR-7 R-SYM-7
    game = make_game(empty_grid(), deck=[[RICH, E, E, E], [E, E, E, E]], player=at((3, 2)))
    play(game, "battle", "end")
    assert me(game).bellonium == 2
    play(game, "battle", "end")  # the row moves down, its symbols still in view
    assert me(game).bellonium == 2


@pytest.fixture(scope="module")
def beacon_bundle(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The base game and a beacon: hitting it turns its card over (`flip_card`), as often as
    it is hit, so a card can be turned away and back within one turn."""
    folder: Path = tmp_path_factory.mktemp("beacon")
    beacon = {
        "id": "beacon",
        "name": "Beacon",
        "blocks_shots": True,
        "enterable": False,
        "enemy": False,
        "effects": [{"on": "on_hit", "do": [{"flip_card": "this_card"}]}],
    }
    text = json.dumps({"kind": "objects", "objects": [beacon]})
    (folder / "objects.yaml").write_text(text, encoding="utf-8")
    result = compile_validated(validate_paths([folder]))
    assert result.bundle is not None, [d.message for d in result.diagnostics]
    return result.bundle


def beacon_game(bundle: dict[str, Any]) -> State:
    """A beacon card in front of the ship; only its back shows Global Bellonium."""
    beacon = q("beacon")
    grid = grid_with({(4, 1): beacon})
    data = scenario_data(grid, player=at((5, 1)), flips={(4, 1): [beacon, RICH]})
    return Game.from_scenario(bundle, data).new_initial_state()


def test_an_effect_that_turns_a_card_pays_on_each_reveal(beacon_bundle: dict[str, Any]) -> None:
    # D-SYM-4 R-SYM-7
    game = beacon_game(beacon_bundle)
    assert me(game).bellonium == 0  # on the back: out of view at setup
    play(game, "battle", "fire")
    assert "R4-01" in view(game).flipped and me(game).bellonium == 2
    play(game, "overload fire")  # turned away: the symbols leave view, nothing is paid
    assert "R4-01" not in view(game).flipped and me(game).bellonium == 2
    play(game, "overload fire")  # turned back: shown anew, a new reveal pays again
    assert "R4-01" in view(game).flipped and me(game).bellonium == 4


# --- D-END-2: final scoring in a solo game ------------------------------------------------------


def test_a_lost_solo_game_is_scored_and_stays_lost() -> None:
    # D-END-2 R-END-1 D-SOLO-1
    game = make_game(grid_with({(4, 1): q("mine")}), player=at((5, 1)), round=2)
    edit_player(game, energy=1, glory=1, bellonium=7, hand=("war_trophy",))
    play(game, "battle", "move N")  # the mine's 2 damage destroys the ship
    assert view(game).outcome == "lost" and game.returns() == [0.0]
    assert me(game).glory == 1 + 2 + 7 // 3  # the war trophy, then 3 Bellonium to 1 glory


def test_a_won_solo_game_is_scored_and_stays_won() -> None:
    # D-END-2 R-END-1 D-SOLO-1 D-BOS-2
    game = play(
        make_game(empty_grid(), boss="CANNONRAM", player=at((3, 2)), round=2), "powerdown", "end"
    )
    cover(game, (1, 1), (1, 3), (1, 4))  # hand-built: three parts are down
    edit_player(game, glory=1, bellonium=4, hand=("war_trophy", "star_chart"))
    play(game, "battle", "fire", "overload fire")  # the last part: its reward is 2 Bellonium
    assert view(game).outcome == "won" and game.returns() == [1.0]
    assert me(game).glory == 1 + 2 + 1 + (4 + 2) // 3
