"""How good a state looks to one player, for the bots: what the greedy and look-ahead bots
(simulate.py) maximise and what OpenSpiel's MCTS bot (openspiel.py) values a leaf by."""

from __future__ import annotations

from kemble_tools.games.kembles_cascade.engine.state import LOST, WON, State
from kemble_tools.games.kembles_cascade.engine.threat import threat_level


def score(state: State, index: int) -> float:
    """Player `index`'s score: glory, Bellonium / 3, 0.6 per energy and -0.5 per threat level;
    +1e6 once the game is won, -1e6 once it is lost or the player's ship is destroyed."""
    player = state.players[index]
    if state.outcome == WON:
        return 1e6
    if state.outcome == LOST or player.astral:
        return -1e6
    return (
        player.glory
        + player.bellonium / 3
        + 0.6 * player.energy
        - 0.5 * threat_level(player.threat)
    )
