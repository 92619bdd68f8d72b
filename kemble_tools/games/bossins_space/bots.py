"""Bossin' Space's bots for whole solo games (`kemble simulate`, `kemble sweep`) and the
OpenSpiel adapter's registration (`bossins_space`).

- random: any legal action;
- greedy: the action whose position (after the steps it sets off) scores best, ties at random;
- lookahead: a draft keep by a greedy rest of the round, a Timeline decision by the best its
  own decisions reach at the end of the column;
- mcts: OpenSpiel's MCTS on the same score (needs the `openspiel` extra; clairvoyant, since it
  searches the engine's state with the decks' order).
Chance is drawn from each game's seed (the engine's seeded draws), so a game is its seed."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kemble_tools.games.bossins_space.engine import State, full_game
from kemble_tools.games.bossins_space.engine.model import DRAW, ONGOING, WON

POLICIES = ("greedy", "lookahead", "random", "mcts")
COLUMN_NODES = 400  # positions a look-ahead decision explores to the end of its column
MAX_ACTIONS = 5_000  # a solo game of 20 rounds takes a few hundred actions
SHORT_NAME = "bossins_space"
EXAMPLE = {
    "bundle": "build/bossins-space/kemble.bundle.json",
    "scenario": "",  # none: a whole game of `level` against `boss`
    "level": "normal",
    "boss": "BOSS-1",
}
Policy = Callable[[State, random.Random], int]


def score(state: State) -> list[float]:
    """How well the crew stands (more is better): the Boss's damage first, then enemies cleared,
    XP and upgrades, life kept, heat avoided."""
    if state.outcome == WON:
        return [100.0]
    if state.outcome != ONGOING:
        return [-100.0]
    boss = int(state.rules.boss["life"]) - state.boss_life if state.boss_status == "in_play" else 0
    enemies = sum(cell is not None for row in state.grid for cell in row)
    upgrades = sum(state.levels.values())
    heat = state.heat * state.heat  # the last point before the limit is the one that kills
    return [4.0 * boss - enemies + 0.3 * state.xp + 2.0 * upgrades + 3.0 * state.life - heat]


def random_policy(state: State, rng: random.Random) -> int:
    return rng.choice(state.legal_actions())


def greedy_policy(state: State, rng: random.Random) -> int:
    best, found = float("-inf"), []
    for action in state.legal_actions():
        value = score(state.child(action))[0]
        if value > best:
            best, found = value, [action]
        elif value == best:
            found.append(action)
    return rng.choice(found)


def lookahead_policy(state: State, rng: random.Random) -> int:
    """A draft keep by where a greedy rest of the round leaves the crew; any other decision by
    the best position its own decisions reach at the end of the Timeline column."""
    drafting = state.pending is None and state.phase in ("draft1", "draft2")
    judge = round_end if drafting else column_end
    best, found = float("-inf"), []
    for action in state.legal_actions():
        value = judge(state.child(action), [COLUMN_NODES])
        if value > best:
            best, found = value, [action]
        elif value == best:
            found.append(action)
    return rng.choice(found)


def column_end(state: State, budget: list[int]) -> float:
    """The best score the crew's own decisions reach before the column (or the round) moves
    on; past the budget, the position's own score."""
    budget[0] -= 1
    between = state.pending is None and state.phase != "timeline"
    if state.is_terminal() or budget[0] <= 0 or between:
        return score(state)[0]
    column = state.column
    values = []
    for action in state.legal_actions():
        child = state.child(action)
        moved_on = child.column != column or child.phase != "timeline"
        values.append(score(child)[0] if moved_on else column_end(child, budget))
    return max(values, default=score(state)[0])


def round_end(state: State, budget: list[int]) -> float:
    """Greedy play to the start of the next round; the score there."""
    start = state.round
    while not state.is_terminal() and state.round == start:
        state = state.child(max(state.legal_actions(), key=lambda a: score(state.child(a))[0]))
    return score(state)[0]


def policy_named(name: str, state: State) -> Policy:
    if name == "random":
        return random_policy
    if name == "greedy":
        return greedy_policy
    if name == "lookahead":
        return lookahead_policy
    from kemble_tools.engine.openspiel import MctsPolicy, SpielGame

    return MctsPolicy(SpielGame(spec(lambda: state.clone())), score, simulations=40)


@dataclass
class Tally:
    """Solo games counted: wins, rounds, how they ended and the Boss's life left."""

    games: int = 0
    wins: list[int] = field(default_factory=lambda: [0])
    rounds: Counter[int] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)
    boss_life_left: Counter[int] = field(default_factory=Counter)
    unfinished: int = 0

    def add(self, other: Tally) -> Tally:
        self.games += other.games
        self.wins = [self.wins[0] + other.wins[0]]
        for mine, theirs in (
            (self.rounds, other.rounds),
            (self.endings, other.endings),
            (self.boss_life_left, other.boss_life_left),
        ):
            mine.update(theirs)
        self.unfinished += other.unfinished
        return self

    def seat_columns(self, seat: int) -> dict[str, Any]:
        return {}

    def columns(self) -> dict[str, Any]:
        rounds = sum(r * n for r, n in self.rounds.items())
        return {
            "mean_rounds": round(rounds / self.games, 3) if self.games else None,
            "endings": "; ".join(f"{k}: {n}" for k, n in sorted(self.endings.items())),
            "unfinished": self.unfinished,
        }

    def distributions(self) -> dict[str, Counter[Any]]:
        return {"rounds": self.rounds, "ending": self.endings, "boss_life": self.boss_life_left}

    def summary(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "win_rate": {"p1": round(self.wins[0] / self.games, 4) if self.games else 0.0},
            **self.columns(),
            "boss_life_left": dict(sorted(self.boss_life_left.items())),
        }


def play_games(bundle: dict[str, Any], variant: str, policy: str, seeds: range) -> Tally:
    """One whole solo game per seed: its shuffles and the bot's dice from the seed."""
    level, boss = variant.split("/")
    tally = Tally()
    for seed in seeds:
        state = full_game(bundle, level, boss, seed)
        bot, rng = policy_named(policy, state), random.Random(seed)
        for _ in range(MAX_ACTIONS):
            if state.is_terminal():
                break
            state.apply_action(bot(state, rng))
        tally.games += 1
        tally.unfinished += not state.is_terminal()
        tally.wins[0] += state.outcome == WON
        tally.rounds[state.round] += 1
        tally.endings[state.reason or "unfinished"] += 1
        tally.boss_life_left[state.boss_life if state.boss_status != "hidden" else -1] += 1
    return tally


# --- OpenSpiel -----------------------------------------------------------------------------------
def spec(start: Callable[[], State], params: dict[str, Any] | None = None) -> Any:
    from kemble_tools.engine.openspiel import Spec
    from kemble_tools.games.bossins_space.play.board_text import render_board

    first = start()
    return Spec(
        short_name=SHORT_NAME,
        long_name="Bossin' Space",
        start=start,
        actions=DRAW + len(first.rules.ids),
        players=1,
        chance=True,
        render=render_board,  # type: ignore[arg-type]
        params=params or EXAMPLE,
    )


def spec_from_params(params: dict[str, Any]) -> Any:
    """`pyspiel.load_game("bossins_space", {"bundle": …, "scenario": …})`, or without a
    scenario a whole game: `{"bundle": …, "level": "normal", "boss": "BOSS-1"}`."""
    from kemble_tools.bundle import load_bundle
    from kemble_tools.games.bossins_space.engine import new_game

    bundle = load_bundle(Path(params.get("bundle", "build/bossins-space/kemble.bundle.json")))
    name = params.get("scenario") or ""
    if name and name not in bundle["scenarios"]:
        raise ValueError(f"the bundle has no scenario {name!r}")
    level, boss = params.get("level", "normal"), params.get("boss", "BOSS-1")

    def start() -> State:
        if name:
            return new_game(bundle, name, open_chance=True)
        return full_game(bundle, level, boss, open_chance=True)

    return spec(start, dict(params))


def register() -> None:
    """`pyspiel.load_game("bossins_space", {"bundle": …, …})` from then on (the `openspiel`
    extra)."""
    from kemble_tools.engine.openspiel import SpielGame
    from kemble_tools.engine.openspiel import register as register_game

    class BossinGame(SpielGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            given = {**EXAMPLE, **(params or {})}
            super().__init__(spec_from_params(given), given)

    register_game(BossinGame, SHORT_NAME, "Bossin' Space", 1, EXAMPLE)
