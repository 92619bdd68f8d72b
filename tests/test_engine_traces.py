"""Golden event traces: a few seeded games replay exactly as recorded.

Each trace holds the actions a seeded policy chose, the engine's event log and the final state.
Set KEMBLE_UPDATE_GOLDEN=1 to record them again after a deliberate rules change (and read the
diff: every changed line is a changed game).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from kemble_tools.games.kembles_cascade.engine import Game, Observer, State
from kemble_tools.games.kembles_cascade.play import state_json

from engine_helpers import base_bundle

TRACES = Path(__file__).parent / "golden" / "traces"
GAMES = [("solo-01", 0), ("solo-03", 0), ("solo-04", 2), ("solo-06", 1)]


def new_game(name: str) -> State:
    return Game.from_scenario(base_bundle(), base_bundle()["scenarios"][name]).new_initial_state()


def seeded_game(name: str, seed: int) -> tuple[State, list[str], Observer]:
    """A calm random policy: no overloads or turning unless nothing else is legal."""
    rng = random.Random(seed)
    game, observer = new_game(name), Observer()
    actions = []
    while not game.is_terminal():
        legal = [game.action_to_string(action) for action in game.legal_actions()]
        calm = [a for a in legal if not a.startswith(("overload", "rotate"))] or legal
        actions.append(rng.choice(calm))
        game.play(actions[-1], observer=observer)
    return game, actions, observer


def render_trace(game: State, actions: list[str], observer: Observer) -> str:
    return (
        "# actions\n"
        + "\n".join(actions)
        + "\n# events\n"
        + "\n".join(observer.events)
        + "\n# final state\n"
        + json.dumps(state_json(game), indent=1)
        + "\n"
    )


@pytest.mark.parametrize(("name", "seed"), GAMES)
def test_seeded_game_matches_its_golden_trace(name: str, seed: int) -> None:
    game, actions, observer = seeded_game(name, seed)
    text = render_trace(game, actions, observer)
    path = TRACES / f"{name}-seed{seed}.txt"
    if os.environ.get("KEMBLE_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_a_trace_replays_from_its_actions() -> None:
    game, actions, _ = seeded_game("solo-03", 0)
    replay = new_game("solo-03").play(*actions)
    assert replay.key() == game.key()
