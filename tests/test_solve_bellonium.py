"""When Bellonium can be spent, in Kemble's bounds (solve/bounds/prune.py, parts.py): the boss
row's own rewards come only as its parts fall and buy upgrades only at a Power Down after, for
the Battles after; a Power Down recharges before it buys. Checked by hand on small cases, and
every state these timings prune beyond the other bounds is lost for the plain search."""

from __future__ import annotations

import random

import pytest
from scenario_family import UNWINNABLE, WINNABLE, family_scenario
from test_solve_bounds import StartingAt

from kemble_tools.games.kembles_cascade.solve.bounds import prune
from kemble_tools.games.kembles_cascade.solve.bounds.parts import pareto
from kemble_tools.games.kembles_cascade.solve.bounds.piles import Profile
from kemble_tools.games.kembles_cascade.solve.bounds.relaxed import most_earned
from kemble_tools.solve.hooks import solo_game
from kemble_tools.solve.naive import solve_naive
from kemble_tools.solve.search import Limits, Search

from engine_helpers import base_bundle

SHOT, RAM = (False, 2, 2), (True, 1.0, 2)  # a part shot (needs 2), a part rammed (costs 1)


def test_what_a_turn_can_earn_is_bounded_by_its_shots_moves_and_energy() -> None:
    # R-FIR-7: the reward comes when the part is destroyed, by a shot or a ram (R-OVL-1)
    assert most_earned((SHOT, RAM), 1, 1, (1.0, 2.0), 3, 0) == 4  # 1 overload shot, 1 ram
    assert most_earned((SHOT, RAM), 1, 1, (1.0, 2.0), 1, 0) == 2  # the ram or the shot
    assert most_earned((SHOT, RAM), 1, 1, (1.0, 2.0), 0, 0) == 0
    assert most_earned((SHOT, RAM), 0, 0, (), 10, 0) == 0  # no shot, no move
    assert most_earned((RAM,), 1, 1, (1.0,), 10, 1) == 2  # the approach takes the overload
    assert most_earned((RAM,), 1, 1, (), 10, 1) == 0


def test_a_power_down_recharges_with_what_was_bought_before_it() -> None:
    # R-PWD-1: recharge comes before the buy, so the first Power Down has only what is owned
    def profile(recharge: float) -> Profile:
        return Profile(1, 1, 0, 0, recharge, 2, 1, 2, 0)

    owned, first, best = profile(2), profile(3), profile(4)
    assert prune.recharges(owned, first, best, 0, 0) == []
    assert prune.recharges(owned, first, best, 0, 2) == [2, 4]
    assert prune.recharges(owned, first, best, 2, 1) == [2, 3, 3]
    assert prune.recharges(owned, first, best, 1, 2) == [2, 3, 4]


def test_ways_to_fall_that_pay_differently_are_both_kept() -> None:
    # the same work, but one way rams the part that pays: its Bellonium comes sooner
    shot_it = ((1.0,), ((2, 2),), (0, 0), (SHOT,))
    ram_it = ((1.0,), ((2, 2),), (1, 1), (RAM,))
    assert pareto(iter([shot_it, ram_it])) == [shot_it, ram_it]
    same = ((1.0,), ((2, 2),), (0, 1), (SHOT,))
    assert pareto(iter([shot_it, same])) == [shot_it]


def test_every_state_only_the_timing_of_bellonium_prunes_is_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # R-FIR-7 R-PWD-1 R-BUY-1 D-SOLO-1: what the timing of Bellonium adds is sound, on the
    # whole family (winnable members too: what it prunes there must be lost as well)
    checked = 0
    for seed in UNWINNABLE + WINNABLE:
        game = solo_game(base_bundle(), family_scenario(seed))
        search = Search(game, Limits(states=2_000_000), keep_bounded=True)
        search.run()
        assert search.bounded is not None
        with monkeypatch.context() as blinded:
            blinded.setattr(prune.Bounds, "_row_pays_late", lambda *_: False)
            blinded.setattr(
                prune, "recharges", lambda o, f, b, ahead, p: [b.recharge] * (ahead + p)
            )
            blind = prune.Bounds(game.game)
            only = [state for state in search.bounded if not blind.hopeless(state)]
        for state in random.Random(seed).sample(only, min(10, len(only))):
            plain = solve_naive(StartingAt(game, state), "pruned", Limits(states=300_000))
            assert plain.verdict == "unsolvable", "\n".join(game.draw(state))
            checked += 1
    assert checked >= 100  # the timing prunes many states the other bounds do not
