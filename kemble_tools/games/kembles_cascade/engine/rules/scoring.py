"""The end of a game and who wins it (R-END-1, D-SOLO-1, R-VAR-WING-1)."""

from __future__ import annotations

from typing import Any

from kemble_tools.engine.kernel import ONGOING, run
from kemble_tools.games.kembles_cascade.engine.rules.events import fire_global, note
from kemble_tools.games.kembles_cascade.engine.state import (
    ENDED,
    LOST,
    NO_EVENT,
    TERMINAL,
    WON,
    State,
)


def game_over(g: Any, s: State, why: str, lost: bool | None = None) -> None:
    """D-SOLO-1: a solo game is won once the boss is defeated and lost otherwise; a game of
    several players ends. Every game is scored (R-END-1, D-END-2): in a solo game the
    outcome is settled first, so the score changes the glory reported and nothing else."""
    if s.outcome != ONGOING or s.phase == TERMINAL:
        return  # over already, or ending: an effect at the end cannot end it again
    alone = len(s.players) == 1
    if lost is None:  # a test position with no boss simply ends
        lost = alone and s.boss >= 0 and not s.boss_defeated
    won = alone and s.boss_defeated
    s.phase = TERMINAL
    s.frames, s.choice, s.turn = (), None, None
    end_effects(g, s)
    s.outcome = LOST if lost else (WON if won else ENDED)
    final_scoring(g, s)
    note(s, "game over: %s", why)


def end_effects(g: Any, s: State) -> None:
    """The effects of on_game_end, before scoring (R-END-1), each run to its end. Nobody can
    answer a choice any more (the compiler refuses `choose` there): a chance draw is skipped."""
    fire_global(g, s, "on_game_end", NO_EVENT)
    while s.frames:
        run(g, s)
        s.choice = None


def final_scoring(g: Any, s: State) -> None:
    """R-END-1: power-ups that score, then 1 glory for each 3 unspent Bellonium."""
    powerups = g.tables.powerups
    for player in s.players:
        cards = sum(powerups[card].end_glory for card in player.hand)
        player.glory += cards + player.bellonium // 3


def team(g: Any, s: State, index: int) -> tuple[int, ...]:
    """The players who share power-ups and glory with `index` (R-VAR-WING-1, D-WING-1: seats
    1 and 3 against 2 and 4); everyone is alone outside Wingmen."""
    teams = g.tables.rules.teams
    if teams < 2 or len(s.players) % teams:
        return (index,)
    return tuple(i for i in range(len(s.players)) if i % teams == index % teams)


def score(g: Any, s: State, index: int) -> int:
    """Glory that counts for winning: the player's, or its team's (R-VAR-WING-1)."""
    return sum(s.players[i].glory for i in team(g, s, index))


def ranking(g: Any, s: State) -> list[int]:
    """Players from first to last: most glory, then energy, then achievements (R-END-1)."""
    return sorted(
        range(len(s.players)),
        key=lambda i: (
            -score(g, s, i),
            -s.players[i].energy,
            -len(s.players[i].achievements),
            i,
        ),
    )
