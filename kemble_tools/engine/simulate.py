"""Whole games played by simple bots: the designer's view of balance (`kemble simulate`)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from kemble_tools.engine import actions as A
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
    """One step of look-ahead: the action whose result scores best for the deciding player.
    A turn of the ship counts only for a better shot it allows right after: turning changes no
    score, and a bot that valued it like other moves would turn forever with a free Rotary
    Cage (R-TUR-2) rather than end a turn whose threat costs it energy."""
    player = state.current_player() or 0
    space = state.game.actions
    scored = []
    for action in state.legal_actions():
        child = state.child(action)
        score = _score(child, player)
        if space.verb(action) == A.ROTATE:
            aimed = _aimed(child, player)
            score = aimed if aimed > score else float("-inf")
        scored.append((score, action))
    best = max(score for score, _ in scored)
    return rng.choice([action for score, action in scored if score == best])


def _aimed(state: State, index: int) -> float:
    """The best score of a shot fired right after a turn."""
    space = state.game.actions
    shots = [a for a in state.legal_actions() if space.verb(a) == A.FIRE]
    return max((_score(state.child(a), index) for a in shots), default=float("-inf"))


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
    rounds = destroyed = unfinished = 0
    game = Game.from_variant(bundle, variant, players)
    for number in range(games):
        observer = Observer()
        state = play_game(
            game.new_initial_state(seed + number), choose, random.Random(seed + number), observer
        )
        rounds += state.round
        unfinished += not state.is_terminal()
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
        "unfinished_games": unfinished,  # stopped by MAX_ACTIONS: a policy that never ends
    }
