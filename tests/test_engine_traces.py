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

from kemble_tools.engine.game import Game
from kemble_tools.engine.script import state_json

from engine_helpers import base_bundle

TRACES = Path(__file__).parent / "golden" / "traces"
GAMES = [("solo-01", 0), ("solo-03", 0), ("solo-04", 2), ("solo-06", 1)]


def seeded_game(name: str, seed: int) -> tuple[Game, list[str]]:
    """A calm random policy: no overloads or turning unless nothing else is legal."""
    rng = random.Random(seed)
    game = Game.from_scenario(base_bundle(), base_bundle()["scenarios"][name])
    actions = []
    while not game.is_terminal():
        legal = game.legal_actions()
        calm = [a for a in legal if not a.startswith(("overload", "rotate"))] or legal
        actions.append(rng.choice(calm))
        game.apply_action(actions[-1])
    return game, actions


def render_trace(game: Game, actions: list[str]) -> str:
    return (
        "# actions\n"
        + "\n".join(actions)
        + "\n# events\n"
        + "\n".join(game.state.log)
        + "\n# final state\n"
        + json.dumps(state_json(game), indent=1)
        + "\n"
    )


@pytest.mark.parametrize(("name", "seed"), GAMES)
def test_seeded_game_matches_its_golden_trace(name: str, seed: int) -> None:
    game, actions = seeded_game(name, seed)
    text = render_trace(game, actions)
    path = TRACES / f"{name}-seed{seed}.txt"
    if os.environ.get("KEMBLE_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_a_trace_replays_from_its_actions() -> None:
    game, actions = seeded_game("solo-03", 0)
    replay = Game.from_scenario(base_bundle(), base_bundle()["scenarios"]["solo-03"])
    for action in actions:
        replay.apply_action(action)
    assert replay.key() == game.key()
