"""Whole games played by simple bots: the designer's view of balance (`kemble simulate`)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from kemble_tools.engine.game import Game
from kemble_tools.engine.threat import threat_level

POLICIES = ("random", "greedy")
MAX_ACTIONS = 20_000  # a safety net: every game ends long before (R-SCR-9)
_CARD = re.compile(r" \(([^)]*)\)$")

Policy = Callable[[Game, random.Random], str]


def random_policy(game: Game, rng: random.Random) -> str:
    return rng.choice(game.legal_actions())


def greedy_policy(game: Game, rng: random.Random) -> str:
    """One step of look-ahead: the action whose result scores best for the deciding player."""
    player = game.current_player() or 0
    best, best_score = [], float("-inf")
    for action in game.legal_actions():
        score = _score(game.child(action), player)
        if score > best_score:
            best, best_score = [action], score
        elif score == best_score:
            best.append(action)
    return rng.choice(best)


def _score(game: Game, index: int) -> float:
    state = game.state
    player = state.players[index]
    if state.outcome == "won":
        return 1e6
    if state.outcome == "lost" or player.astral:
        return -1e6
    return (
        player.glory
        + player.bellonium / 3
        + 0.6 * player.energy
        - 0.5 * threat_level(player.threat_points)
    )


def play_game(game: Game, policy: Policy, rng: random.Random) -> Game:
    for _ in range(MAX_ACTIONS):
        if game.is_terminal():
            break
        game.apply_action(policy(game, rng))
    return game


def simulate(
    bundle: dict[str, Any],
    players: int,
    variant: str,
    games: int,
    seed: int,
    policy: str,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play `games` games (game g uses seed `seed + g`) and summarise them."""
    choose = {"random": random_policy, "greedy": greedy_policy}[policy]
    wins: Counter[int] = Counter()
    glory: Counter[int] = Counter()
    causes: Counter[str] = Counter()
    cards: Counter[str] = Counter()
    rounds = destroyed = 0
    for number in range(games):
        game = play_game(
            Game.new(bundle, variant, players, seed + number), choose, random.Random(seed + number)
        )
        state = game.state
        rounds += state.round
        if players == 1:
            wins[0] += state.outcome == "won"
        else:
            wins[game.engine.ranking(state)[0]] += 1
        for index, player in enumerate(state.players):
            glory[index] += player.glory
        for _, cause in state.destructions:
            destroyed += 1
            card = _CARD.search(cause)
            causes[_CARD.sub("", cause)] += 1
            if card:
                cards[card.group(1)] += 1
        if progress:
            progress(number + 1)
    return {
        "variant": variant,
        "players": players,
        "games": games,
        "seed": seed,
        "policy": policy,
        "win_rate": {f"p{i + 1}": round(wins[i] / games, 3) for i in range(players)},
        "average_glory": {f"p{i + 1}": round(glory[i] / games, 2) for i in range(players)},
        "average_rounds": round(rounds / games, 2),
        "destructions_per_game": round(destroyed / games, 2),
        "causes_of_destruction": dict(causes.most_common()),
        "cards_that_destroyed_most": dict(cards.most_common(10)),
    }
