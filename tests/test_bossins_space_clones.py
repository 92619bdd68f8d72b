"""Bossin' Space's positions as a search uses them: a clone shares its lists and dicts with its
original until one of the two changes one (Position.own), so neither ever sees the other's
changes; a transition's legality check (State.is_legal) agrees with `legal_actions`."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from bossins_space_helpers import SCENARIOS, compiled

from kemble_tools.games.bossins_space.engine import State, full_game, new_game
from kemble_tools.games.bossins_space.engine.model import (
    DRAW,
    END,
    EXCHANGE,
    OWNED,
    PEEK,
    PLAY,
    Position,
)
from kemble_tools.games.bossins_space.solve import BossinSoloGame

ROOT = Path(__file__).resolve().parent.parent
NAMES = [f.name for f in fields(Position) if f.name != "rules"]


@pytest.fixture(scope="module")
def bundle() -> Iterator[dict[str, Any]]:
    yield from compiled(SCENARIOS)


def starts(bundle: dict[str, Any]) -> list[State]:
    """Every shipped scenario as `kemble run` plays it, the solo ones as the solver does (chance
    open), and whole games."""
    scenarios = bundle["scenarios"]
    found = [new_game(bundle, name) for name in sorted(scenarios)]
    found += [
        BossinSoloGame(bundle, scenarios[name], True).new_initial_state()
        for name in sorted(scenarios)
        if scenarios[name].get("variant") == "solo"
    ]
    return found + [full_game(bundle, "normal", "BOSS-1", seed) for seed in range(3)]


def data(state: State) -> str:
    return repr([getattr(state, name) for name in NAMES])


def lines(bundle: dict[str, Any]) -> Iterator[State]:
    """The states of a random line from each start, in play."""
    rng = random.Random(7)
    for state in starts(bundle):
        while not state.is_terminal():
            yield state
            state.apply_action(rng.choice(state.legal_actions()))


def copied(state: State) -> State:
    """A copy that shares nothing but the rules, copied the plain way."""
    twin = State.__new__(State)
    values = {k: v if k == "rules" else copy.deepcopy(v) for k, v in vars(state).items()}
    twin.__dict__ = values | {"owned": set(OWNED)}
    return twin


def test_children_and_their_parent_share_nothing_they_change(bundle: dict[str, Any]) -> None:
    rng = random.Random(3)
    for state in starts(bundle):
        while not state.is_terminal():
            before = data(state)
            children = [state.child(action) for action in state.legal_actions()]
            for action, child in zip(state.legal_actions(), children, strict=True):
                plain = copied(state)
                plain.apply_action(action)
                assert data(child) == data(plain)
            grandchildren = [c.child(c.legal_actions()[0]) for c in children if not c.is_terminal()]
            assert data(state) == before
            family = [data(member) for member in children + grandchildren]
            state.apply_action(rng.choice(state.legal_actions()))  # the line goes on in place
            assert [data(member) for member in children + grandchildren] == family
            assert copy.copy(state).key() == copy.deepcopy(state).key() == state.key()


def test_the_legality_check_agrees_with_the_legal_actions(bundle: dict[str, Any]) -> None:
    # D-BS-CMD-9: only the pending choice's answers; R-BS-SOLO-3/4, D-BS-SOLO-5: the draft's
    # keeps and the kept cards' words; D-BS-SOLO-6: a bag's kinds; R-BS-RND-8: end
    ids = len(bundle["commands"]) + len(bundle["threats"]) + len(bundle["enemies"])
    tried = [*range(-1, END + 2), EXCHANGE, PEEK, PLAY, PLAY + 1, PLAY + 64]
    tried += range(DRAW, DRAW + ids + len(bundle["boss_threats"]) + 1)
    for state in lines(bundle):
        legal = set(state.legal_actions())
        assert [a for a in tried if state.is_legal(a)] == [a for a in tried if a in legal]
