"""The honest look-ahead bot: the look-ahead bot (simulate.py) made to play on what a player
can see, for the lower bound of a whole solo game's win probability (`kemble solve --variant
solo`, docs/solver.md).

The look-ahead bot searches its own actions on the engine's true state, so it reads what the
rules keep hidden: after its turn ends, the row the scroll deals (R-SCR-5); the power-up it would
buy; the sensor card it would draw; and in a solo game it searches on into the next round. This
bot searches the same way, but a line ends at the first action that shows a hidden card (a
deck grows shorter, or the sensor discards are shuffled again): what comes after depends on
the card. Such an action is valued by the average of `SAMPLES` results, each on a copy of the
state whose hidden cards were dealt again from what the player knows (`Belief.sample`), never
by its true result. The bot plays the best line up to and including that action, then looks
again from what the action showed. Its decisions depend on the state as the player sees it
and on its own dice only (tests/test_fullgame.py checks it).
"""

from __future__ import annotations

import random

from kemble_tools.games.kembles_cascade.engine import heuristic
from kemble_tools.games.kembles_cascade.engine.deal import Belief
from kemble_tools.games.kembles_cascade.engine.errors import IllegalAction
from kemble_tools.games.kembles_cascade.engine.simulate import LookaheadPolicy
from kemble_tools.games.kembles_cascade.engine.state import State

SAMPLES = 4  # deals of the hidden cards an action that shows one is valued over


class HonestLookahead(LookaheadPolicy):
    """LookaheadPolicy on what the player can see (module docstring)."""

    name = "honest-lookahead"

    def __init__(self, belief: Belief, rng: random.Random) -> None:
        super().__init__()
        self.belief = belief
        self.rng = rng  # its own dice, for the deals it imagines

    def _value(self, state: State, action: int, child: State, me: int) -> tuple[float, bool]:
        if not shows_hidden(state, child) and not child.is_chance_node():
            return heuristic.solo_score(child), False
        scores = []
        for _ in range(SAMPLES):
            imagined = self.belief.sample(state, self.rng)
            try:
                scores.append(heuristic.solo_score(imagined.child(action)))
            except IllegalAction:  # cannot happen on what the player sees; never a guess
                continue
        return (sum(scores) / len(scores) if scores else float("-inf")), True


def shows_hidden(state: State, child: State) -> bool:
    """Whether the step from `state` to `child` showed a hidden card: one came off the space,
    power-up or sensor deck, or the sensor discards were shuffled into a new deck (R-SEN-3)."""
    return _decks(state) != _decks(child)


def _decks(state: State) -> tuple[int, int, int, int]:
    return len(state.deck), len(state.powerup_deck), len(state.sensor_deck), state.draws
