"""How good a state looks to one player, for the bots: what the greedy and look-ahead bots
(simulate.py) maximise and what OpenSpiel's MCTS bot (openspiel.py) values a leaf by; and, in a
solo game, what the honest bot (honest.py) maximises and the solver tries first."""

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


# The solo score's weights: an upgrade is worth its price and a fifth more in Bellonium (a
# bot that valued it at its price only would never buy one); a point of Object Energy left
# on the boss costs half an energy's worth. Chosen on deals 1000-1019 of each boss, never on
# those the README reports (deals 0 and up).
UPGRADE_WORTH, BOSS_ENERGY_COST = 1.2, 0.5
NO_BOSS_YET = 100  # the boss's energy left before it is announced: more than any boss has


def solo_score(state: State) -> float:
    """How near a solo game is to being won (D-SOLO-1: glory does not count): 0.6 per energy,
    -0.5 per threat level, Bellonium / 3 held or paid for upgrades (UPGRADE_WORTH), less the
    boss's Object Energy still standing (BOSS_ENERGY_COST); won +1e6, lost -1e6."""
    player = state.players[0]
    if state.outcome == WON:
        return 1e6
    if state.outcome == LOST or player.astral:
        return -1e6
    prices = state.game.prices
    paid = sum(sum(p or 0 for p in prices[u][:level]) for u, level in enumerate(player.upgrades))
    return (
        0.6 * player.energy
        - 0.5 * threat_level(player.threat)
        + (player.bellonium + UPGRADE_WORTH * paid) / 3
        - BOSS_ENERGY_COST * boss_energy(state)
    )


def boss_energy(state: State) -> int:
    """The Object Energy the boss still has to lose: its destructible parts in play and in the
    rows still to come (NO_BOSS_YET before it is announced)."""
    tables = state.game.tables
    quadrants, cards = tables.quadrants, tables.cards
    left = sum(
        quadrant.energy
        for q in state.cells
        if (quadrant := quadrants[q]).destructible and cards[quadrant.card].boss >= 0
    )
    pending = sum(
        quadrants[q].energy
        for row in state.boss_rows_pending
        for c in row
        for q in cards[c].front
        if quadrants[q].destructible
    )
    return left + pending + (0 if state.boss >= 0 else NO_BOSS_YET)
