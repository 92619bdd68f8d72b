"""Whole games played by simple bots: the designer's view of balance (`kemble simulate`).

The MCTS bot comes from the OpenSpiel adapter, imported only when that bot is asked for: it needs
the optional `openspiel` extra.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kemble_tools.games.kembles_cascade.engine import actions as A
from kemble_tools.games.kembles_cascade.engine import heuristic
from kemble_tools.games.kembles_cascade.engine.game import Game
from kemble_tools.games.kembles_cascade.engine.observer import Observer
from kemble_tools.games.kembles_cascade.engine.state import WON, State

POLICIES = ("random", "greedy", "lookahead", "mcts")
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
        score = heuristic.score(child, player)
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
    return max((heuristic.score(state.child(a), index) for a in shots), default=float("-inf"))


def play_game(
    state: State, policy: Policy, rng: random.Random, observer: Observer | None = None
) -> State:
    for _ in range(MAX_ACTIONS):
        if state.is_terminal():
            break
        state.apply_action(policy(state, rng), observer)
    return state


@dataclass
class Tally:
    """What a run of games adds up to; tallies of separate chunks merge into the tally of all
    of them, whatever the order (a sweep's workers each play a chunk)."""

    players: int
    games: int = 0
    wins: list[int] = field(default_factory=list)  # per seat
    glory: list[int] = field(default_factory=list)  # summed per seat
    rounds: Counter[int] = field(default_factory=Counter)  # rounds a game lasted -> games
    final_glory: Counter[int] = field(default_factory=Counter)  # a seat's glory -> seats
    causes: Counter[str] = field(default_factory=Counter)
    cards: Counter[str] = field(default_factory=Counter)
    destroyed: int = 0
    unfinished: int = 0

    def __post_init__(self) -> None:
        self.wins = self.wins or [0] * self.players
        self.glory = self.glory or [0] * self.players

    def add(self, other: Tally) -> Tally:
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.glory = [a + b for a, b in zip(self.glory, other.glory, strict=True)]
        for mine, theirs in ((self.rounds, other.rounds), (self.final_glory, other.final_glory),
                             (self.causes, other.causes), (self.cards, other.cards)):  # fmt: skip
            mine.update(theirs)
        self.destroyed += other.destroyed
        self.unfinished += other.unfinished
        return self

    # --- what a sweep's tables read (kemble_tools/sweep/hooks.py `Tally`) ---

    def seat_columns(self, seat: int) -> dict[str, Any]:
        playing = seat < self.players
        return {f"p{seat + 1}_glory": round(self.glory[seat] / self.games, 3) if playing else None}

    def columns(self) -> dict[str, Any]:
        rounds = sum(r * n for r, n in self.rounds.items())
        return {
            "mean_rounds": round(rounds / self.games, 3),
            "destructions_per_game": round(self.destroyed / self.games, 3),
            "top_causes": _top(self.causes),
            "top_cards": _top(self.cards),
            "unfinished": self.unfinished,
        }

    def distributions(self) -> dict[str, Counter[Any]]:
        return {"rounds": self.rounds, "final_glory": self.final_glory,
                "cause": self.causes, "card": self.cards}  # fmt: skip

    def summary(self) -> dict[str, Any]:
        return summary(self)


def _top(counts: Counter[str], n: int = 5) -> str:
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:n]
    return "; ".join(f"{name}: {count}" for name, count in ranked)


def policy_named(name: str, game: Game) -> Policy:
    """A fresh bot (the look-ahead and MCTS bots keep a plan between their decisions)."""
    if name == "lookahead":
        return LookaheadPolicy()
    if name == "mcts":
        from kemble_tools.games.kembles_cascade.engine.openspiel import MctsPolicy

        return MctsPolicy(game)
    return {"random": random_policy, "greedy": greedy_policy}[name]


def play_games(game: Game, policy: str, seeds: range) -> Tally:
    """Play one game per seed (the game's set-up and the bots' dice both from it)."""
    tally = Tally(game.players)
    for seed in seeds:
        observer = Observer()
        choose = policy_named(policy, game)
        state = play_game(game.new_initial_state(seed), choose, random.Random(seed), observer)
        tally.games += 1
        tally.rounds[state.round] += 1
        tally.unfinished += not state.is_terminal()
        if game.players == 1:
            tally.wins[0] += state.outcome == WON
        else:
            tally.wins[game.ranking(state)[0]] += 1
        for index, player in enumerate(state.players):
            tally.glory[index] += player.glory
            tally.final_glory[player.glory] += 1
        for _, cause in observer.destructions:
            tally.destroyed += 1
            card = _CARD.search(cause)
            tally.causes[_CARD.sub("", cause)] += 1
            if card:
                tally.cards[card.group(1)] += 1
    return tally


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
    game = Game.from_variant(bundle, variant, players)
    tally = Tally(players)
    for number in range(games):
        tally.add(play_games(game, policy, range(seed + number, seed + number + 1)))
        if progress:
            progress(number + 1)
    return {"variant": variant, "seed": seed, "policy": policy, **summary(tally)}


def summary(tally: Tally) -> dict[str, Any]:
    games, players = tally.games, tally.players
    return {
        "players": players,
        "games": games,
        "win_rate": {f"p{i + 1}": round(tally.wins[i] / games, 3) for i in range(players)},
        "average_glory": {f"p{i + 1}": round(tally.glory[i] / games, 2) for i in range(players)},
        "average_rounds": round(sum(r * n for r, n in tally.rounds.items()) / games, 2),
        "destructions_per_game": round(tally.destroyed / games, 2),
        "causes_of_destruction": dict(tally.causes.most_common()),
        "cards_that_destroyed_most": dict(tally.cards.most_common(10)),
        "unfinished_games": tally.unfinished,  # stopped by MAX_ACTIONS: a policy that never ends
    }


class LookaheadPolicy:
    """Plays one turn ahead with the engine: at the start of its turn (and whenever chance
    or a choice changes the board) it searches the sequences of its own actions up to the end
    of the turn, depth first with the most promising action first, and plays the line whose
    end-of-turn state scores best by `heuristic.score` (glory, Bellonium / 3, 0.6 per energy,
    -0.5 per threat level; destroyed -1e6; won +1e6). States seen twice in the turn are
    searched once, a turn never follows a turn (R-TUR-2 makes them free), and the search stops
    after NODES states: the best line found by then is played; between equal ends, the
    shortest."""

    NODES = 400

    def __init__(self) -> None:
        self.plan: dict[bytes, int] = {}

    def __call__(self, state: State, rng: random.Random) -> int:
        key = state.key()
        if key not in self.plan:
            self.plan = self._search(state)
        action = self.plan.get(key)
        return rng.choice(state.legal_actions()) if action is None else action

    def _search(self, root: State) -> dict[bytes, int]:
        me = root.current_player() or 0
        space = root.game.actions
        seen: set[bytes] = set()
        best: tuple[float, list[tuple[bytes, int]]] = (float("-inf"), [])

        def visit(state: State, line: list[tuple[bytes, int]], turned: bool) -> None:
            nonlocal best
            if len(seen) >= self.NODES:
                return
            key = state.key()
            if key in seen:
                return
            seen.add(key)
            if state.is_terminal() or state.current_player() != me or state.is_chance_node():
                score = heuristic.score(state, me)
                # equal ends (every line destroyed, say): the shortest line, not a last
                # overload for nothing
                if score > best[0] or (score == best[0] and len(line) < len(best[1])):
                    best = (score, line)
                return
            children = []
            for action in state.legal_actions():
                rotate = space.verb(action) == A.ROTATE
                if rotate and turned:
                    continue
                child = state.child(action)
                children.append((*self._value(state, action, child, me), action, child, rotate))
            children.sort(key=lambda c: -c[0])
            for score, ends, action, child, rotate in children:
                step = [*line, (key, action)]
                if not ends:
                    visit(child, step, rotate)
                elif score > best[0] or (score == best[0] and len(step) < len(best[1])):
                    best = (score, step)

        visit(root, [], False)
        return dict(best[1])

    def _value(self, state: State, action: int, child: State, me: int) -> tuple[float, bool]:
        """How good `child` (`state` after `action`) looks, and whether the line ends there
        (the honest bot's: what comes next is hidden, honest.py)."""
        return heuristic.score(child, me), False
