"""Kemble's whole solo games for `kemble solve --variant solo --boss ID` and scenarios with a
shuffled deck (kemble_tools/solve/fullgame.py `FullGame`): a seed's deal as a fixed scenario,
and the honest bot's game on it."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from kemble_tools.diagnostics import did_you_mean
from kemble_tools.games.kembles_cascade.engine import Game
from kemble_tools.games.kembles_cascade.engine.deal import Belief, is_shuffled, rules_setup
from kemble_tools.games.kembles_cascade.engine.errors import SetupError
from kemble_tools.games.kembles_cascade.engine.honest import HonestLookahead
from kemble_tools.games.kembles_cascade.engine.simulate import play_game
from kemble_tools.games.kembles_cascade.engine.state import WON

POLICIES = (HonestLookahead.name,)  # the honest bots, the default first


class KembleFullGame:
    """A shuffled scenario's deals (FullGame)."""

    policies = POLICIES

    def __init__(self, bundle: dict[str, Any], scenario: Mapping[str, Any]) -> None:
        self.bundle = bundle
        self.scenario = scenario
        boss = scenario["deck"].get("boss")
        self.facts = {"variant": scenario["variant"], "boss": boss}
        against = bundle["bosses"][boss]["name"] if boss in bundle["bosses"] else "a drawn boss"
        self.title = f"{scenario['variant']} against {against}"

    def deal(self, seed: int) -> dict[str, Any]:
        return Game.deal(self.bundle, self.scenario, seed)

    def play(self, dealt: dict[str, Any], seed: int, policy: str) -> tuple[bool, int]:
        """The honest bot's game on the deal: won, and the rounds it lasted. Its dice come
        from the seed, so the game is the same on every run."""
        belief = Belief.of(self.bundle, self.scenario, dealt)
        game = Game.from_scenario(self.bundle, dealt)
        bot = HonestLookahead(belief, random.Random(f"{seed}:imagined"))
        state = game.new_initial_state()
        state = play_game(state, bot, random.Random(seed))
        return state.outcome == WON, state.round


def full_game(bundle: dict[str, Any], scenario: Mapping[str, Any]) -> KembleFullGame | None:
    """The whole game a scenario with a shuffled deck stands for; None for a fixed scenario."""
    return KembleFullGame(bundle, scenario) if is_shuffled(scenario) else None


def whole_game(bundle: dict[str, Any], variant: str, boss: str | None) -> dict[str, Any]:
    """The shuffled scenario of a whole game of `variant` against `boss` (an id, any case, or
    its Warning card; None: drawn as the rules draw it). ValueError says what is wrong."""
    if variant not in bundle["variants"]:
        hint = did_you_mean(variant, tuple(bundle["variants"]))
        raise ValueError(f"unknown variant '{variant}'" + (f" ({hint})" if hint else ""))
    found = None if boss is None else _boss_id(bundle, boss)
    try:
        return rules_setup(bundle, variant, found)
    except SetupError:
        raise ValueError(f"variant '{variant}' has no one-player setup to deal") from None


def _boss_id(bundle: dict[str, Any], boss: str) -> str:
    bosses = bundle["bosses"]
    names = {b.upper(): b for b in bosses} | {
        data["warning_card"].upper(): b for b, data in bosses.items()
    }
    if boss.upper() in names:
        return names[boss.upper()]
    hint = did_you_mean(boss.upper(), tuple(bosses))
    known = ", ".join(sorted(bosses)) or "none"
    raise ValueError(
        f"unknown boss '{boss}'" + (f" ({hint})" if hint else "") + f"; the content has {known}"
    )
