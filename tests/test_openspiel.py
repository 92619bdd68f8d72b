"""The OpenSpiel adapter: a solo scenario as a `pyspiel` game that OpenSpiel's algorithms run on,
with no rules of its own (every step is the engine's)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine_helpers import base_bundle, empty_grid, q, scenario_data

pyspiel = pytest.importorskip("pyspiel")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

from kemble_tools.bundle import render_bundle  # noqa: E402
from kemble_tools.games.kembles_cascade.engine import Game  # noqa: E402
from kemble_tools.games.kembles_cascade.engine.openspiel import (  # noqa: E402
    SHORT_NAME,
    KembleState,
    openspiel_game,
    register,
)
from kemble_tools.solve.hooks import solo_game  # noqa: E402
from kemble_tools.solve.solver import solve  # noqa: E402


def shipped(name: str) -> pyspiel.Game:
    bundle = base_bundle()
    return openspiel_game(Game.from_scenario(bundle, bundle["scenarios"][name], True))


def test_a_scenario_loads_by_name_from_a_bundle_file(tmp_path: Path) -> None:
    path = tmp_path / "kemble.bundle.json"
    path.write_text(render_bundle(base_bundle()), encoding="utf-8")
    register()
    register()  # again: nothing more happens
    assert pyspiel.registered_names().count(SHORT_NAME) == 1
    game = pyspiel.load_game(SHORT_NAME, {"bundle": str(path), "scenario": "solo-06"})
    assert game.num_players() == 1 and game.get_type().short_name == SHORT_NAME
    state = game.new_initial_state()
    assert isinstance(state, KembleState) and not state.is_terminal()
    assert state.current_player() == 0 and state.legal_actions()
    with pytest.raises(ValueError, match="no scenario"):
        pyspiel.load_game(SHORT_NAME, {"bundle": str(path), "scenario": "solo-99"})


def test_the_solvers_witness_wins_through_openspiel() -> None:
    # R-VAR-SOLO-1: the same line, the same engine, the same win
    bundle = base_bundle()
    engine_game = Game.from_scenario(bundle, bundle["scenarios"]["solo-06"], True)
    solo = solo_game(bundle, bundle["scenarios"]["solo-06"], True)
    witness = solve(solo, "solo-06", analysis_states=0).witness
    assert witness
    state = openspiel_game(engine_game).new_initial_state()
    for words in witness:
        action = state.state.string_to_action(words)
        assert action in state.legal_actions(), words
        state.apply_action(action)
    assert state.is_terminal() and state.returns() == [1.0]


def test_open_decks_are_openspiel_chance_nodes() -> None:
    # R-OBJ-PWR-1: a power-up drawn from an open deck
    grid = empty_grid()
    grid[3][1] = q("power_up")
    data = scenario_data(grid, player={"position": [5, 2]}, powerups=None)
    game = openspiel_game(Game.from_scenario(base_bundle(), data, True))
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    for words in ("battle", "move N"):
        state.apply_action(state.state.string_to_action(words))
    assert state.is_chance_node() and state.current_player() == pyspiel.PlayerId.CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 23 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert all(action < game.num_distinct_actions() for action, _ in outcomes)


def test_a_clone_is_independent_of_its_original() -> None:
    state = shipped("solo-01").new_initial_state()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert str(state) != str(clone) or state.history() != clone.history()
    assert state.history() == [] and len(clone.history()) == 1
    assert state.state.key() == shipped("solo-01").new_initial_state().state.key()


def test_a_turn_never_directly_follows_a_turn() -> None:
    # R-TUR-2 with a free Rotary Cage: the adapter keeps the game finite (module docstring)
    state = shipped("solo-01").new_initial_state()
    state.apply_action(state.state.string_to_action("battle"))
    state.apply_action(state.state.string_to_action("enter 1"))
    rotations = [a for a in state.legal_actions() if "rotate" in state.action_to_string(a)]
    assert rotations
    state.apply_action(rotations[0])
    after = [state.action_to_string(a) for a in state.legal_actions()]
    assert after and not any("rotate" in words for words in after)
    state.apply_action(state.legal_actions()[0])
    assert not state.is_terminal()


def test_openspiels_mcts_plays_a_scenario_to_its_end() -> None:
    game = shipped("solo-06")
    rng = random.Random(7)
    bot = mcts.MCTSBot(
        game,
        uct_c=1.4,
        max_simulations=20,
        evaluator=mcts.RandomRolloutEvaluator(1, rng),
        random_state=rng,
    )
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.returns() in ([0.0], [1.0])
    assert len(state.history()) > 3
