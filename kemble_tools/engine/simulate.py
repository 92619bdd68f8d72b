"""Whole games played by simple bots: the designer's view of balance (`kemble simulate`)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from kemble_tools.engine.game import Game
from kemble_tools.engine.observer import Observer
from kemble_tools.engine.state import LOST, WON, State
from kemble_tools.engine.threat import threat_level

POLICIES = ("random", "greedy")
MAX_ACTIONS = 20_000  # a safety net: every game ends long before (R-SCR-9)
_CARD = re.compile(r" \(([^)]*)\)$")

Policy = Callable[[State, random.Random], int]


def random_policy(state: State, rng: random.Random) -> int:
    return rng.choice(state.legal_actions())


def greedy_policy(state: State, rng: random.Random) -> int:
    """One step of look-ahead: the action whose result scores best for the deciding player."""
    player = state.current_player() or 0
    best: list[int] = []
    best_score = float("-inf")
    for action in state.legal_actions():
        score = _score(state.child(action), player)
        if score > best_score:
            best, best_score = [action], score
        elif score == best_score:
            best.append(action)
    return rng.choice(best)


def _score(state: State, index: int) -> float:
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


def play_game(
    state: State, policy: Policy, rng: random.Random, observer: Observer | None = None
) -> State:
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            break
        state.apply_action(policy(state, rng), observer)
    return state


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
    game = Game.from_variant(bundle, variant, players)
    for number in range(games):
        observer = Observer()
        state = play_game(
            game.new_initial_state(seed + number), choose, random.Random(seed + number), observer
        )
        rounds += state.round
        if players == 1:
            wins[0] += state.outcome == WON
        else:
            wins[game.ranking(state)[0]] += 1
        for index, player in enumerate(state.players):
            glory[index] += player.glory
        for _, cause in observer.destructions:
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
