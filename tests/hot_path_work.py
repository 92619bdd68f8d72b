"""Work for tests/test_hot_path.py, run twice in processes of their own: on the compiled engine
and on its Python sources (KEMBLE_PURE_PYTHON=1). Everything it prints after its first line
(which engine ran) must be the same bytes both times.

    python tests/hot_path_work.py STATES

Seeded random walks on every shipped scenario and on whole games of several variants and
player counts; for each step: the legal actions, the action, what happened (the observer's
events), the engine's key and the solver's canonical key of the state reached, until STATES
states have been printed.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from kemble_tools import hot_path
from kemble_tools.games.kembles_cascade.engine import Game, Observer, State
from kemble_tools.games.kembles_cascade.solve.hooks import KembleSoloGame

from engine_helpers import base_bundle

WHOLE_GAME_STEPS = 60  # of a whole game of several players: the solo states matter most
WHOLE_GAMES = [("solo", 1), ("standard", 2), ("standard", 4), ("wingmen", 4), ("tunnel_deck", 3)]


def starts() -> Iterator[tuple[str, Callable[[], State]]]:
    """The shipped scenarios, then whole games, round and round (each game a new seed)."""
    bundle = base_bundle()
    names = sorted(bundle["scenarios"])
    scenarios = [Game.from_scenario(bundle, bundle["scenarios"][name]) for name in names]
    wholes = [Game.from_variant(bundle, variant, players) for variant, players in WHOLE_GAMES]
    seed = 0
    while True:
        for name, game in zip(names, scenarios, strict=True):
            yield name, game.new_initial_state
        for game, (variant, players) in zip(wholes, WHOLE_GAMES, strict=True):
            seed += 1
            yield f"{variant}/{players}/{seed}", lambda g=game, s=seed: g.new_initial_state(s)


def walk(states: int) -> Iterator[str]:
    rng = random.Random(20261128)
    for name, start in starts():
        yield f"# {name}"
        state = start()
        solo = len(state.players) == 1
        steps = states if solo else min(states, WHOLE_GAME_STEPS)
        played = yield from play(state, rng, steps)
        states -= played
        if not states:
            return


def play(state: State, rng: random.Random, most: int) -> Generator[str, None, int]:
    """At most `most` random steps from `state`; returns how many it took. A solo game's
    states are also shown to the solver's bounds (some of which are compiled too)."""
    solo = KembleSoloGame(state.game) if len(state.players) == 1 else None
    for step in range(most):
        if state.is_terminal():
            return step
        legal = state.legal_actions()
        action = rng.choice(legal)
        observer = Observer()
        yield f"legal {legal}; {state.action_to_string(action)}"
        state.apply_action(action, observer)
        yield from observer.events
        yield from (f"destroyed p{who + 1} by {cause}" for who, cause in observer.destructions)
        yield f"key {state.key().hex()}"
        if solo is not None:
            yield f"split {_hex(solo.split(state))}"
            yield f"hopeless {solo.hopeless(state)}"
    return most


def _hex(value: Any) -> str:
    """A canonical key (bytes, or a tuple of them and numbers) written out."""
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, tuple):
        return "(" + ",".join(_hex(item) for item in value) + ")"
    return repr(value)


if __name__ == "__main__":
    print(hot_path.describe())
    for line in walk(int(sys.argv[1])):
        print(line)
