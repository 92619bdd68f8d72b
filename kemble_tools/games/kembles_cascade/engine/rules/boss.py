"""Bosses (R-BOS-*, D-BOS-1..4): arrival, defeat, and leaving the play area."""

from __future__ import annotations

from typing import Any

from kemble_tools.engine.kernel import Frame
from kemble_tools.games.kembles_cascade.engine.rules.events import note
from kemble_tools.games.kembles_cascade.engine.rules.scoring import game_over
from kemble_tools.games.kembles_cascade.engine.state import NO_EVENT, State

NO_FRAME = Frame((), 0, NO_EVENT)


def reveal_boss(g: Any, s: State, boss: int) -> tuple[int, ...]:
    """R-BOS-1, R-BOS-2, D-BOS-1: the Warning card is dealt; the boss's cards become the next
    rows, lower half first."""
    s.deck = s.deck[1:]
    s.boss = boss
    spec = g.tables.bosses[boss]
    numbers = g.boss_cards["one_row" if spec.rows == 1 else "two_rows"]
    cards = [g.tables.card_index[spec.cards_by_number[n]] for n in numbers]
    half = len(cards) // spec.rows
    rows = [tuple(cards[i : i + half]) for i in range(0, len(cards), half)]
    s.boss_rows_pending = tuple(rows[1:])
    note(s, "boss %s arrives", spec.id)
    return rows[0]


def boss_in_play(g: Any, s: State) -> bool:
    if s.boss_rows_pending:
        return True
    quadrants, cards = g.tables.quadrants, g.tables.cards
    return any(cards[quadrants[q].card].boss == s.boss for q in s.cells)


def check_boss_defeat(g: Any, s: State) -> None:
    """D-BOS-2 (or the boss's own defeat condition); D-BOS-3: not before every row of the
    boss has been dealt. A solo game is won at once (R-VAR-SOLO-1)."""
    if s.boss < 0 or s.boss_defeated or s.boss_rows_pending:
        return
    boss = g.tables.bosses[s.boss]
    if boss.defeat is not None:
        defeated = bool(boss.defeat(g, s, NO_FRAME))
    else:
        quadrants, cards = g.tables.quadrants, g.tables.cards
        defeated = not any(
            (quadrant := quadrants[q]).kind.boss
            and quadrant.destructible
            and cards[quadrant.card].boss == s.boss
            for q in s.cells
        )
    if defeated:
        s.boss_defeated = True
        note(s, "boss %s defeated", boss.id)
        if len(s.players) == 1 and not s.players[0].astral:
            game_over(g, s, "the boss is defeated", lost=False)


def check_boss_left(g: Any, s: State, leaving: list[int], staying: tuple[int, ...]) -> bool:
    """D-SOLO-1: the boss leaving the play area undefeated loses a solo game. D-BOS-4: a
    two-row boss leaves with its last card; while some of it stays, its parts still in play
    are all that counts for its defeat (D-BOS-2). True when part of the boss leaves and the
    rest stays: its defeat is judged again once the row has gone."""
    if s.boss < 0 or s.boss_defeated:
        return False
    cards, quadrants = g.tables.cards, g.tables.quadrants
    if not any(cards[card].boss == s.boss for card in leaving):
        return False
    if s.boss_rows_pending or any(cards[quadrants[q].card].boss == s.boss for q in staying):
        return True
    if len(s.players) == 1:
        game_over(g, s, "the boss left the play area undefeated")
    return False
