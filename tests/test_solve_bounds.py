"""Kemble's solver bounds (docs/solver.md, "Bounds"): every state they prune is lost, checked the
strong way, by the plain search from that state; content they cannot read turns them off and the
report says why."""

from __future__ import annotations

import contextlib
import copy
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from scenario_family import UNWINNABLE, WINNABLE, family_scenario

from kemble_tools.dsl.ir import Act, Attr, Call, Effect, Lit, Select, Span
from kemble_tools.games.kembles_cascade.engine import actions as A
from kemble_tools.games.kembles_cascade.solve.bounds.gives import ACTION_MEANINGS
from kemble_tools.games.kembles_cascade.vocabulary.actions import ACTIONS
from kemble_tools.solve.hooks import SoloGame, solo_game
from kemble_tools.solve.naive import solve_naive
from kemble_tools.solve.search import LimitHit, Limits, Search
from kemble_tools.solve.solver import solve

from engine_helpers import base_bundle

CHECKED = 40  # pruned states checked by the plain search, per scenario


class StartingAt:
    """A solo game whose start is `state` (everything else its game's)."""

    def __init__(self, game: SoloGame, state: Any) -> None:
        self._game, self._state = game, state

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def new_initial_state(self) -> Any:
        return self._state.clone()


def pruned_states_are_lost(game: SoloGame, limit: int = 3_000_000) -> tuple[int, int]:
    """Search with the bounds, then check a sample of the states they pruned with the plain
    search from each: (states checked, states whose plain search hit its limit)."""
    search = Search(game, Limits(states=limit), keep_bounded=True)
    with contextlib.suppress(LimitHit):  # what was pruned before the limit is checked all the same
        search.run()
    assert search.bounded is not None
    sample = random.Random(0).sample(search.bounded, min(CHECKED, len(search.bounded)))
    undecided = 0
    for state in sample:
        plain = solve_naive(StartingAt(game, state), "pruned", Limits(states=200_000))
        if plain.verdict == "unknown":
            undecided += 1
            continue
        assert plain.verdict == "unsolvable", "\n".join(game.draw(state))
    return len(sample), undecided


def test_every_action_of_the_language_has_a_meaning_for_the_bounds() -> None:
    # A new action must be read by the analysis (abstract.py) before the bounds can trust it.
    assert set(ACTION_MEANINGS) == set(ACTIONS)


@pytest.mark.parametrize("seed", [*WINNABLE[:3], *UNWINNABLE[:6]])
def test_every_state_the_bounds_prune_is_lost_for_the_plain_search(seed: int) -> None:
    # R-FIR-6 R-THR-2 R-DST-1 D-SOLO-1 D-BOS-2: the two bounds' rules
    game = solo_game(base_bundle(), family_scenario(seed))
    assert game.bounds_off is None
    checked, undecided = pruned_states_are_lost(game)
    assert checked > 0 and undecided == 0


def varied_scenario(seed: int) -> dict[str, Any]:
    """A family scenario with more of the content in it: threat to resolve, power-ups in hand
    and in the deck, sensor cards, an upgrade, more or less energy."""
    rng = random.Random(seed)
    data = family_scenario(seed)
    bundle = base_bundle()
    powerups = sorted(bundle["powerups"])
    sensors = [sensor["number"] for sensor in bundle["sensors"]]
    data["player"].update(
        threat_points=rng.randint(0, 5),
        energy=rng.randint(1, 6),
        powerup_hand=rng.sample(powerups, rng.randint(0, 2)),
    )
    if rng.random() < 0.5:
        data["player"]["upgrades"] = {rng.choice(["laser", "flamethrower", "engine"]): 1}
    data["powerups"] = rng.sample(powerups, rng.randint(0, 3))
    data["sensors"] = rng.sample(sensors, rng.randint(0, 4))
    return data


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6))
@example(seed=105890)  # found a kept answer given to a state whose ship is in another column
def test_on_random_scenarios_every_pruned_state_is_lost(seed: int) -> None:
    game = solo_game(base_bundle(), varied_scenario(seed))
    if game.bounds_off is None:
        pruned_states_are_lost(game, limit=150_000)


def test_with_or_without_the_bounds_the_verdicts_agree_and_the_bounds_save_states() -> None:
    saved = []
    for seed in (*WINNABLE[:2], *UNWINNABLE[:4]):
        game = solo_game(base_bundle(), family_scenario(seed))
        plain, bounded = Search(game, bounds=False), Search(game)
        assert plain.run().sure == bounded.run().sure == (seed in WINNABLE)
        saved.append(bounded.expanded / plain.expanded)
    assert max(saved) < 0.7  # measured: 0.18-0.56 (benchmarks/solver.py has the figures)


def test_a_start_that_is_already_lost_is_decided_at_its_root() -> None:
    # R-TRN-2 R-MOV-6 R-OVL-1 R-THR-2 R-DST-1: solo-07, "Dead on arrival"
    bundle = base_bundle()
    solution = solve(solo_game(bundle, bundle["scenarios"]["solo-07"]), "solo-07")
    assert solution.verdict == "unsolvable"
    assert solution.states == 0 and solution.bounded == 1
    report = solution.to_json(timings=False)
    assert report["bounds"] == "on" and report["bounds_off"] is None


def test_actions_that_destroy_the_ship_at_once_are_not_tried() -> None:
    # R-OVL-1 R-DST-1 D-SOLO-1: the first overload costs 1; with 1 energy it destroys the ship
    data = family_scenario(WINNABLE[0])
    data["player"]["energy"] = 1
    game = solo_game(base_bundle(), data)
    state = game.new_initial_state()
    state.play("battle")
    verbs = {game.decoded[a][0] for a in game.ordered(state)}
    legal = {game.decoded[a][0] for a in state.legal_actions()}
    assert A.OVERLOAD_MOVE in legal and A.OVERLOAD_MOVE not in verbs
    assert A.END in verbs


def _unbounded_gain() -> Effect:
    """Energy as large as a counter: nothing bounds it."""
    span = Span("cards/kembles-cascade/powerups.yaml", 1, 1)
    amount = Call("counter", (Select("player", {}), Lit("enemies_destroyed")))
    act = Act("gain_energy", {"player": Select("player", {}), "amount": amount}, span)
    return Effect("on_played", None, (act,), span)


def changed_bundle() -> dict[str, Any]:
    """A copy of the base game to change (base_bundle is shared by the tests)."""
    return copy.deepcopy(base_bundle())


def test_content_the_analysis_cannot_bound_turns_the_bounds_off_and_says_why() -> None:
    bundle = changed_bundle()
    bundle["powerups"]["repair_kit"]["effects"] = [_unbounded_gain()]
    scenario = {**family_scenario(UNWINNABLE[0]), "powerups": ["repair_kit"]}
    game = solo_game(bundle, scenario)
    assert game.bounds_off is not None and "powerups.yaml:1:1" in game.bounds_off
    solution = solve(game, "unbounded", analysis_states=0)
    report = solution.to_json(timings=False)
    assert report["verdict"] == "unsolvable"  # decided all the same, without the bounds
    assert report["bounds"] == "off" and report["bounded"] == 0
    assert report["bounds_off"] == game.bounds_off


def test_a_defeat_condition_the_bounds_cannot_read_turns_them_off() -> None:
    # D-BOS-2: a boss's own defeat condition replaces the default
    bundle = changed_bundle()
    bundle["bosses"]["CANNONRAM"]["defeat"] = Attr(Select("player", {}), "glory")
    game = solo_game(bundle, family_scenario(UNWINNABLE[0]))
    assert game.bounds_off is not None and "CANNONRAM" in game.bounds_off


# --- plays that commute (symmetry.py) -------------------------------------------------------

EARLY = ["afterburner", "targeting_computer", "deflector", "cold_fusion", "scrap_dealer"]


def with_hand(seed: int, hand: list[str]) -> SoloGame:
    data = family_scenario(seed)
    data["player"]["powerup_hand"] = hand
    return solo_game(base_bundle(), data)


def test_cards_as_good_played_first_are_played_first_or_not_at_all() -> None:
    # R-BUY-5: a power-up is played on its owner's turn, at any moment of it
    game = with_hand(WINNABLE[0], ["afterburner", "repair_kit"])
    state = game.new_initial_state()
    state.play("battle")
    first = [game.decoded[a] for a in game.ordered(state)]
    index = game.game.tables.powerup_index
    afterburner = index["afterburner"]
    assert first[0] == (A.PLAY, afterburner)  # tried first
    state.play("fire")
    later = {game.decoded[a] for a in game.ordered(state)}
    assert (A.PLAY, afterburner) not in later  # no later: the same as played first
    assert (A.PLAY, index["repair_kit"]) in later  # energy is capped: not the same


@pytest.mark.parametrize("seed", [WINNABLE[0], UNWINNABLE[5], UNWINNABLE[10]])
def test_playing_commuting_cards_first_keeps_every_verdict(seed: int) -> None:
    game = with_hand(seed, [EARLY[seed % 5], EARLY[(seed + 2) % 5], EARLY[(seed + 3) % 5]])
    assert game.commuting.early
    canonical = Search(game).run()
    game.prune = False
    every_order = Search(game).run()
    assert canonical.sure == every_order.sure and canonical.probability == every_order.probability


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_on_random_scenarios_the_pruned_and_the_plain_order_agree(seed: int) -> None:
    game = solo_game(base_bundle(), varied_scenario(seed))
    answers = []
    for prune in (True, False):
        game.prune = prune
        search = Search(game, Limits(states=100_000), bounds=prune)
        with contextlib.suppress(LimitHit):
            answers.append(search.run().sure)
    if len(answers) == 2:
        assert answers[0] == answers[1]


def test_cards_that_can_change_places_turn_the_bounds_off() -> None:
    # R-OBJ-MOSQ-2: a hit mosquito swaps its card with a neighbour, so the boss's last row may
    # stay longer than the scroll schedule says
    data = family_scenario(UNWINNABLE[0])
    first = next(iter(data["cards"].values()))
    first["quadrants"][0] = {"object": "space_mosquito"}
    game = solo_game(base_bundle(), data)
    assert game.bounds_off is not None and "swap_card" in game.bounds_off


def test_a_boss_part_that_removes_itself_turns_the_bounds_off() -> None:
    # D-BOS-2: a part gone without the player's work would make the boss fall sooner
    bundle = changed_bundle()
    span = Span("cards/kembles-cascade/bosses/cannonram.yaml", 1, 1)
    vanish = Act("cover", {"quadrant": Select("this_quadrant", {})}, span)
    rule = bundle["bosses"]["CANNONRAM"]["special_rules"]["ram_cannon"]
    rule["effects"] = [*rule["effects"], Effect("on_round_start", None, (vanish,), span)]
    game = solo_game(bundle, family_scenario(UNWINNABLE[0]))
    assert game.bounds_off is not None and "removes itself" in game.bounds_off
