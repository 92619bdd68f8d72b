"""When the boss's last row is in play: the scroll schedule of a solo game, played ahead.

In a solo scenario nothing but the deck decides what scrolls in and out (R-SCR-3..9, R-BOS-1,
D-BOS-1): each round ends by removing the bottom row and dealing the next row from the boss's
rows still to come or the space deck, or, with both empty, by the play area shrinking; the game
ends when one row is left as a scroll begins. `window` plays that ahead from a state (cards
that change places turn the bounds off, bounds.py) and says in which turns the boss's last row
to be dealt, the one that leaves last, is in play.
"""

from __future__ import annotations

from dataclasses import dataclass

from kemble_tools.games.kembles_cascade.engine import Game, State
from kemble_tools.games.kembles_cascade.engine.state import BATTLE

MAX_ROUNDS = 200  # a safety net: a play area of at most 16 rows and a deck of at most ~200 rows


@dataclass(frozen=True)
class Window:
    boss: int  # the boss's index in the tables
    cards: tuple[int, ...]  # the cards of its last row
    now: bool  # a Battle turn is in progress with the row in play
    ahead: bool  # this round's turn has not begun and the row is in play
    before: int  # turns still to come before the row is in play (each may be a Power Down)
    turns: int  # turns still to come (not the one in progress) with the row in play
    pushes: int  # later scrolls that push a ship from the bottom row up onto the row (R-SCR-1)
    pushes_now: int  # 1 when the scroll ending a turn in progress can push a ship onto it
    rounds: int  # rounds left in the game, this one included
    rows_to_come: tuple[tuple[int, ...], ...]  # the rows still to be dealt, in order
    below: int = -1  # rows below the row now, when it is in play (each scroll takes one away)
    first_push: int = 0  # the round (1: this one) whose scroll first pushes onto it, 0: none

    def this_turn(self) -> Window:
        """Only what is left of this round's turn."""
        first = int(self.first_push == 1)
        return Window(
            self.boss,
            self.cards,
            self.now,
            self.ahead,
            0,
            int(self.ahead),
            0,
            0,
            1,
            (),
            self.below,
            first,
        )


def window(game: Game, s: State) -> Window | None:
    """The boss's last row and when it is in play; None when no boss will ever be."""
    width, per_row = s.width, s.width // 2
    quadrants = game.tables.quadrants
    rows = [
        tuple(quadrants[s.cells[r * width + c]].card for c in range(0, width, 2))
        for r in range(len(s.cells) // width)
    ]
    coming = _rows_to_come(game, s, per_row)
    target = _last_boss_row(game, s, rows, coming)
    if target is None:
        return None
    boss, target_row = target
    turn_started = s.turn is not None
    in_play = target_row in rows
    below = -1
    if in_play:
        index = rows.index(target_row)
        target_row, below = rows[index], len(rows) - 1 - index
    now = in_play and turn_started and s.turn.kind == BATTLE
    ahead = in_play and not turn_started
    before = 0 if in_play or turn_started else 1
    turns = int(ahead)
    rounds, pending, pushes, pushes_now, first_push = 1, list(coming), 0, 0, 0
    while len(rows) > 1 and rounds < MAX_ROUNDS:  # the scroll at the end of each round
        if rows[-2] is target_row:  # a ship in the bottom row is pushed up onto it
            first_push = first_push or rounds
            if rounds == 1 and turn_started:
                pushes_now = 1  # paid with what the ship has in the turn in progress
            else:
                pushes += 1
        if rows.pop() is target_row:
            break  # the boss's last row has left: the game is lost from here (D-SOLO-1)
        if pending:
            rows.insert(0, pending.pop(0))
        rounds += 1
        if any(row is target_row for row in rows):
            turns += 1
        else:
            before += 1
    return Window(
        boss,
        target_row,
        now,
        ahead,
        before,
        turns,
        pushes,
        pushes_now,
        rounds,
        tuple(coming),
        below,
        first_push,
    )


def _rows_to_come(game: Game, s: State, per_row: int) -> list[tuple[int, ...]]:
    """The rows the boss's rows still to come and the deck will deal, in order (deal_row)."""
    cards = game.tables.cards
    rows = list(s.boss_rows_pending)
    deck = list(s.deck)
    while deck:
        first = cards[deck[0]]
        if first.warning >= 0:
            deck.pop(0)
            rows += _boss_rows(game, first.warning)
            continue
        count = next(
            (i for i, card in enumerate(deck[:per_row]) if cards[card].warning >= 0), per_row
        )
        rows.append(tuple(deck[:count]))
        del deck[:count]
    return rows


def _boss_rows(game: Game, boss: int) -> list[tuple[int, ...]]:
    """The rows a Boss Warning card brings (reveal_boss), lower half first."""
    spec = game.tables.bosses[boss]
    numbers = game.boss_cards["one_row" if spec.rows == 1 else "two_rows"]
    row_cards = [game.tables.card_index[spec.cards_by_number[n]] for n in numbers]
    half = len(row_cards) // spec.rows
    return [tuple(row_cards[i : i + half]) for i in range(0, len(row_cards), half)]


def _last_boss_row(
    game: Game, s: State, rows: list[tuple[int, ...]], coming: list[tuple[int, ...]]
) -> tuple[int, tuple[int, ...]] | None:
    """(boss, its last row): the last boss row to come, or the topmost in play."""
    cards = game.tables.cards
    for row in reversed(coming):
        owner = _boss_of(cards, row)
        if owner >= 0:
            return owner, row
    if s.boss >= 0:
        for row in rows:
            if _boss_of(cards, row) == s.boss:
                return s.boss, row
    return None


def _boss_of(cards: list, row: tuple[int, ...]) -> int:  # type: ignore[type-arg]
    return next((cards[c].boss for c in row if cards[c].boss >= 0), -1)
