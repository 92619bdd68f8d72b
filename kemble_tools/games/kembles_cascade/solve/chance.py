"""Chance in a Kemble solo scenario, for the solver: the draws `kemble run` makes from the
scenario's seed (to follow a winning line against them), and the orders of an open power-up deck
(to decide the scenario once per order)."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

from kemble_tools.games.kembles_cascade.engine import Game, State


class SeededDraws:
    """The draws `kemble run` makes, from the decks the scenario's seed shuffles: power-ups
    come off the top in order; sensor cards too, until the discards are shuffled again."""

    def __init__(self, game: Game) -> None:
        seeded = Game.from_scenario(game.bundle, game.scenario or {}).new_initial_state()
        self.seed = seeded.seed
        self.powerups = list(seeded.powerup_deck)
        self.initial_powerups = len(self.powerups)
        hands = [n for player in seeded.players for n in player.hand_sensors]
        dealt = (game.scenario or {}).get("sensor_hand") is None
        self.sensors = (hands if dealt else []) + list(seeded.sensor_deck)
        self.epoch, self.drawn_sensors = 0, 0

    def outcome(self, state: State, previous: State) -> int:
        choice = state.choice
        assert choice is not None
        if choice.kind == "powerup":
            card = self.powerups[self.initial_powerups - len(state.powerup_deck)]
        else:
            if state.draws > self.epoch:  # R-SEN-3: the discards were shuffled into a deck
                pile = list(previous.sensor_discard)
                random.Random(f"{self.seed}:{self.epoch}").shuffle(pile)
                self.sensors, self.epoch, self.drawn_sensors = pile, state.draws, 0
            card = self.sensors[self.drawn_sensors]
            self.drawn_sensors += 1
        return state.game.choose_action(choice.values.index(card))


def fixed_scenarios(game: Game, most: int) -> tuple[list[dict[str, Any]], bool]:
    """The scenario with its decks fixed: once per order of the open power-up deck when it is
    the only one open and has at most `most` orders (True: these are all of them); otherwise
    `most` samples, shuffled from the scenario's seed + i."""
    scenario = dict(game.scenario or {})
    orders = every_order(game, most)
    if orders is not None:
        return [{**scenario, "powerups": order} for order in orders], True
    base = int(scenario.get("seed", 0))
    return [{**scenario, "seed": base + 1 + i} for i in range(most)], False


def every_order(game: Game, most: int) -> list[list[str]] | None:
    """Every order of the open power-up deck (one card of each kind in solo, R-SET-3), or None
    when the sensor deck is open too or there are more than `most` orders."""
    kinds = sorted(game.tables.powerup_index)
    if game.open_sensors or not game.open_powerups or math.factorial(len(kinds)) > most:
        return None
    return [list(order) for order in itertools.permutations(kinds)]
