"""The engine as a search substrate: what the rules must never depend on, and the guarantees a
search relies on (integer actions, refused actions that change nothing, compact keys)."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kemble_tools.engine.kernel import Registry
from kemble_tools.engine.kernel.machine import RegistryError
from kemble_tools.games.kembles_cascade.engine import Game, IllegalAction, State
from kemble_tools.games.kembles_cascade.engine.rules import RULES
from kemble_tools.games.kembles_cascade.vocabulary import COUNTERS, STATS, VOCABULARY, WEAPONS

from engine_helpers import E, base_bundle, empty_grid, play, view

ENGINE = (
    Path(__file__).resolve().parents[1] / "kemble_tools" / "games" / "kembles_cascade" / "engine"
)
SCENARIOS = sorted(base_bundle()["scenarios"])


def _content_ids() -> set[str]:
    """Every id the shipped content defines that the DSL does not also define as a word."""
    bundle = base_bundle()
    ids: set[str] = set()
    for section in ("objects", "cards", "bosses", "upgrades", "powerups", "missions"):
        ids |= set(bundle[section])
    ids |= set(bundle["achievements"]) | set(bundle["variants"]) | set(bundle["decks"])
    for boss in bundle["bosses"].values():
        ids |= set(boss["special_rules"]) | {boss["warning_card"]}
    words = {*WEAPONS, *STATS, *COUNTERS, *VOCABULARY.triggers, *VOCABULARY.actions}
    return ids - words


def _strings(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    ]


def test_the_engine_names_no_content() -> None:
    ids = _content_ids()
    assert {"rotary_cage", "engine", "boss_part", "empty", "STAR", "standard"} <= ids
    prefixes = {card.rsplit("-", 1)[0] + "-" for card in base_bundle()["cards"]}
    found = [
        f"{path.relative_to(ENGINE)}:{line}: {text!r}"
        for path in sorted(ENGINE.rglob("*.py"))
        for line, text in _strings(path)
        if text in ids or text in prefixes
    ]
    assert not found, "content named in the engine:\n" + "\n".join(found)


def test_the_engine_reads_bundles_only() -> None:
    code = (
        "import sys, kemble_tools.games.kembles_cascade.engine\n"
        "import kemble_tools.games.kembles_cascade.engine.simulate\n"
        "print(sorted(m for m in sys.modules if m.startswith('kemble_tools.')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = done.stdout
    for stage in ("kemble_tools.load", "kemble_tools.validate", "kemble_tools.compile"):
        assert stage not in loaded


def test_every_dsl_action_has_one_handler_checked_at_import() -> None:
    assert set(RULES.actions) == set(VOCABULARY.actions)
    assert not set(RULES.steps) & set(VOCABULARY.actions)  # internal steps live apart
    partial = Registry("partial")
    partial.action("damage")(lambda *args: None)
    with pytest.raises(RegistryError, match="without a handler"):
        partial.check(VOCABULARY.actions)
    with pytest.raises(RegistryError, match="two handlers"):
        partial.action("damage")(lambda *args: None)


def test_a_bundle_read_back_from_json_plays_the_same() -> None:
    # `load_bundle` is what tools outside the compiler use
    from kemble_tools.bundle import read_bundle, render_bundle

    loaded = read_bundle(render_bundle(base_bundle()))
    for name in SCENARIOS:
        first = Game.from_scenario(base_bundle(), base_bundle()["scenarios"][name])
        again = Game.from_scenario(loaded, loaded["scenarios"][name])
        rng_a, rng_b = random.Random(name), random.Random(name)
        a, b = first.new_initial_state(), again.new_initial_state()
        while not a.is_terminal():
            a.apply_action(rng_a.choice(a.legal_actions()))
            b.apply_action(rng_b.choice(b.legal_actions()))
            assert a.key() == b.key()
        assert b.is_terminal()


def _states(seed: int, count: int = 60) -> list[State]:
    rng = random.Random(seed)
    name = SCENARIOS[seed % len(SCENARIOS)]
    state = Game.from_scenario(base_bundle(), base_bundle()["scenarios"][name]).new_initial_state()
    seen = []
    while not state.is_terminal() and len(seen) < count:
        seen.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return seen


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_legal_actions_are_exactly_the_accepted_ones_and_refusals_change_nothing(
    seed: int,
) -> None:
    for state in _states(seed, count=12):
        legal = set(state.legal_actions())
        before = state.key()
        for action in range(state.game.num_distinct_actions()):
            trial = state.clone()
            try:
                trial.apply_action(action)
            except IllegalAction:
                assert action not in legal or _is_several_levels(state, action)
                assert trial.key() == before and trial.key() == state.clone().key()
            else:
                assert action in legal or _is_several_levels(state, action)
        assert state.key() == before


def _is_several_levels(state: State, action: int) -> bool:
    """`buy laser 3` from level 1 buys two levels at once (R-BUY-2): it is accepted, and
    `legal_actions` lists it as two single-level buys."""
    return state.action_to_string(action).startswith("buy ") and action not in (
        state.legal_actions()
    )


def test_keys_are_compact_bytes_that_tell_states_apart() -> None:
    states = _states(3, count=200) + _states(4, count=200)
    keys = [state.key() for state in states]
    assert all(isinstance(key, bytes) and len(key) < 400 for key in keys)
    by_key: dict[bytes, State] = {}
    for state, key in zip(states, keys, strict=True):
        other = by_key.setdefault(key, state)
        assert view(other) == view(state)  # equal keys: the same game in every visible way
    assert len(set(keys)) > len(keys) // 2


def test_a_scenario_may_deal_a_card_on_its_back() -> None:
    # formats.md §3: a card reference may say `side: back`, in `deck` too
    from engine_helpers import scenario_data

    data = scenario_data(empty_grid(), deck=[[E, E, E, E]], player={"position": [3, 2]})
    data["cards"]["D1-01"] = {
        **data["cards"]["D1-01"],
        "flip": True,
        "back": [{"object": "mine"}, E],
    }
    data["deck"] = [{"card": "D1-01", "side": "back"}, "D1-02"]
    state = Game.from_scenario(base_bundle(), data).new_initial_state()
    play(state, "battle", "end")
    assert view(state).rows[0] == ("D1-01", "D1-02") and view(state).flipped == {"D1-01"}
