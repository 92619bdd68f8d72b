"""The engine's API (OpenSpiel style) and invariants over many random games."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kemble_tools.engine.kernel import CHANCE
from kemble_tools.games.kembles_cascade.engine import Game, IllegalAction, State

from engine_helpers import base_bundle, child, empty_grid, legal, make_game, me, play, view

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = sorted(base_bundle()["scenarios"])


def scenario_game(name: str) -> State:
    return Game.from_scenario(base_bundle(), base_bundle()["scenarios"][name]).new_initial_state()


def test_clone_is_independent_and_keys_compare_states() -> None:
    game = scenario_game("solo-01")
    copy = game.clone()
    play(game, "battle", "enter 2")
    assert me(copy).position is None and me(game).position == (5, 2)
    again = play(scenario_game("solo-01"), "battle", "enter 2")
    assert game.key() == again.key() and hash(game.key()) == hash(again.key())
    assert game.key() != copy.key()


def test_child_leaves_the_parent_alone() -> None:
    game = scenario_game("solo-01")
    before = game.key()
    after = child(game, "battle")
    assert view(game).phase == "turn_choice" and view(after).phase == "battle"
    assert game.key() == before


def test_illegal_action_names_its_rule_and_changes_nothing() -> None:
    game = play(make_game(empty_grid()), "battle")
    before = game.key()
    with pytest.raises(IllegalAction) as caught:
        game.play("move N")
    assert caught.value.rule == "R-MOV-2" and game.key() == before
    with pytest.raises(IllegalAction) as caught:
        game.apply_action(game.game.num_distinct_actions())
    assert caught.value.rule == "CONTRACT-4" and game.key() == before


def test_every_legal_action_is_accepted() -> None:
    game = play(scenario_game("solo-02"), "battle")
    for action in game.legal_actions():
        game.child(action)  # raises if the engine offers what it refuses


def test_actions_are_integers_with_words_at_the_edges() -> None:
    game = scenario_game("solo-01")
    actions = game.legal_actions()
    assert all(isinstance(action, int) for action in actions)
    for action in actions:
        assert game.string_to_action(game.action_to_string(action)) == action
    assert min(actions) >= 0 and max(actions) < game.game.num_distinct_actions()


def _random_game(name: str, seed: int, limit: int = 4000) -> State:
    rng = random.Random(seed)
    game = scenario_game(name)
    for _ in range(limit):
        if game.is_terminal():
            return game
        legal = game.legal_actions()
        assert legal, "a game that is not over always offers an action"
        game.apply_action(rng.choice(legal))
        _check_invariants(game)
    return game


def _shifting(state: State, index: int) -> bool:
    """A ship pushed into another (R-OBJ-SHIP-1) shares its quadrant until its shift is chosen."""
    return (
        state.choice is not None and state.choice.kind == "shift" and state.choice.player == index
    )


def _check_invariants(state: State) -> None:
    positions = []
    for index, player in enumerate(state.players):
        assert 0 <= player.energy <= state.game.stat(state, index, "max_energy") <= 7
        assert 0 <= player.threat <= 9
        assert player.bellonium >= 0
        if player.astral:
            assert player.pos < 0 or state.outcome
        elif player.pos >= 0 and not _shifting(state, index):
            positions.append(player.pos)
            assert player.pos < len(state.cells)
    assert len(positions) == len(set(positions))


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(SCENARIOS), seed=st.integers(0, 10_000))
def test_random_games_keep_the_invariants_and_end(name: str, seed: int) -> None:
    game = _random_game(name, seed)
    assert game.is_terminal(), f"{name} with seed {seed} did not end"
    assert game.returns() in ([0.0], [1.0])


def test_a_thousand_random_scenario_games_keep_the_invariants() -> None:
    outcomes = {name: set() for name in SCENARIOS}
    for seed in range(1000):
        name = SCENARIOS[seed % len(SCENARIOS)]
        game = _random_game(name, seed)
        assert game.is_terminal()
        outcomes[name].add(view(game).outcome)
    assert all(found <= {"won", "lost"} for found in outcomes.values())


FULL_GAMES = [
    ("solo", 1),
    ("standard", 2),
    ("standard", 3),
    ("standard", 4),
    ("standard", 5),
    ("tunnel_vision", 3),
    ("wingmen", 4),
    ("star_cards", 3),
    ("tunnel_deck", 2),
    ("tunnel_deck", 5),
]


@settings(max_examples=15, deadline=None)
@given(setup=st.sampled_from(FULL_GAMES), seed=st.integers(0, 10_000))
def test_full_games_of_every_variant_keep_the_invariants_and_end(
    setup: tuple[str, int], seed: int
) -> None:
    variant, players = setup
    rng = random.Random(seed)
    game = Game.from_variant(base_bundle(), variant, players).new_initial_state(seed)
    for _ in range(20_000):
        if game.is_terminal():
            break
        game.apply_action(rng.choice(game.legal_actions()))
        _check_invariants(game)
    assert game.is_terminal()
    assert len(game.returns()) == players


def test_open_decks_are_drawn_at_chance_nodes() -> None:
    # R-OBJ-PWR-1 R-SET-3
    from engine_helpers import q

    grid = empty_grid()
    grid[3][1] = q("power_up")
    game = make_game(grid, player={"position": [5, 2]}, powerups=None, open_chance=True)
    play(game, "battle", "move N")
    assert game.is_chance_node() and game.current_player() == CHANCE
    outcomes = dict(game.chance_outcomes())
    assert len(outcomes) == 23 and abs(sum(outcomes.values()) - 1) < 1e-9
    assert game.legal_actions() == list(outcomes)
    assert "choose afterburner" in legal(game)
    play(game, "choose afterburner")
    assert me(game).hand == ("afterburner",) and len(view(game).powerup_deck) == 22
    seeded = play(make_game(grid, player={"position": [5, 2]}, powerups=None), "battle", "move N")
    assert not seeded.is_chance_node() and len(me(seeded).hand) == 1


def test_open_sensor_decks_deal_and_draw_at_chance_nodes() -> None:
    # R-SEN-3 R-SET-6 R-COMP-3
    game = make_game(empty_grid(), sensors=None, open_chance=True, player={"position": [5, 2]})
    assert game.is_chance_node() and len(game.chance_outcomes()) == 40  # the starting hand
    play(game, "choose 20", "choose 330")
    assert me(game).hand_sensors == (20, 330) and legal(game) == ["sensor 20", "sensor 330"]
    play(game, "sensor 20")  # R-SEN-3: the new card is chance's too
    outcomes = dict(game.chance_outcomes())
    assert len(outcomes) == 38 and abs(sum(outcomes.values()) - 1) < 1e-9
    play(game, "choose 40")
    assert me(game).hand_sensors == (330, 40) and view(game).phase == "turn_choice"


def test_an_open_sensor_deck_reveals_the_bombs_cards_by_chance() -> None:
    # R-OBJ-BOMB-2 D-OBJ-2
    from engine_helpers import E, q

    grid = empty_grid()
    grid[4][3] = q("space_bomb")
    scenario = {"sensors": None, "sensor_hand": [], "powerups": []}
    game = make_game(
        grid, [[E, E, E, E]], player={"position": [3, 2]}, open_chance=True, **scenario
    )
    play(game, "battle", "end")
    for number in (20, 30, 40, 50, 60):  # blue, green, yellow, purple, red: five draws
        assert game.is_chance_node() and f"choose {number}" in legal(game)
        play(game, f"choose {number}")
    assert me(game).threat_points == 2  # p1 (red) was among them
    assert len(view(game).sensor_deck) == 35
