"""The end of a game and who wins it (R-END-1, D-SOLO-1, R-VAR-WING-1)."""

from __future__ import annotations

from typing import Any

from kemble_tools.engine.kernel import ONGOING
from kemble_tools.engine.rules.events import note
from kemble_tools.engine.state import ENDED, LOST, TERMINAL, WON, State


def game_over(g: Any, s: State, why: str, lost: bool | None = None) -> None:
    """D-SOLO-1: a solo game is won once the boss is defeated and lost otherwise; a game of
    several players ends and is scored (R-END-1)."""
    if s.outcome != ONGOING:
        return
    alone = len(s.players) == 1
    if lost is None:  # a test position with no boss simply ends
        lost = alone and s.boss >= 0 and not s.boss_defeated
    won = alone and s.boss_defeated
    s.outcome = LOST if lost else (WON if won else ENDED)
    if not alone:
        final_scoring(g, s)
    s.phase = TERMINAL
    s.frames, s.choice, s.turn = (), None, None
    note(s, "game over: %s", why)


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
