"""Where the ship must go to ram the boss's last row, and the moves that takes, turn by turn.

A part is rammed by moving or being pushed onto it (R-MOV-3, R-SCR-1), so ramming parts of one
row takes the ship into that row and along it. A move goes one quadrant in any of 8 directions
(R-MOV-1): it closes at most one row and one column. So the ship needs at least:

- the rows between it and the row, less what scrolling takes away: each scroll takes one of
  the rows below the row away (R-SCR-3, R-SCR-8), and a ship in the bottom row is pushed up with
  it (R-SCR-1), so the ship is never further below the row than the rows left below it;
- the columns from it to the nearer end of the rammed columns (both overlap with the rows: a
  diagonal move closes one of each);
- then the columns from the first rammed part to the last.

Moves belong to their turn: the turns before the ship can reach the row only bring it closer.
`Place.extra_moves` is the fewest moves beyond every turn's own (overloads, R-OVL-1; the
shifts of collisions, R-SCR-2) that ramming the columns `lo..hi` needs, over every turn the
first ram can come in (by a move, or by a push onto the row). A Power Down has no moves
(R-PWD-1): the bound puts them first, where moves are worth least. Content that can put the
ship anywhere else (a wormhole's jump, a teleport, a shift that is not a collision's) turns the
positional bound off for the states it can reach (`Income.moves_ship`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from kemble_tools.games.kembles_cascade.engine import Game, State
from kemble_tools.games.kembles_cascade.solve.bounds.schedule import Window


@dataclass(frozen=True)
class Place:
    """The ship against the boss's last row, when that row is in play."""

    rows: int  # rows between the ship and the row (0: in it)
    below: bool  # the ship is below the row, where scrolling brings it closer
    rows_below: int  # rows below the row now: each scroll takes one away
    column: int | None  # the ship's column; None for an astral ship (it enters anywhere)
    first: int  # 1 when a turn is in progress and is not one of the turns counted

    def extra_moves(
        self,
        lo: int,
        hi: int,
        now: float | None,
        futures: int,
        per_turn: float,
        downs: int,
        pool: float,
    ) -> float:
        """The fewest moves beyond the turns' own that ramming columns `lo..hi` needs: `now`,
        the moves left in the turn in progress (None: it is not counted); `futures` turns to
        come, `downs` of them Power Downs, the others with `per_turn` moves; `pool`, moves to
        be had once at any time."""
        span = hi - lo
        lateral = 0 if self.column is None else min(abs(self.column - lo), abs(self.column - hi))
        counted: list[float] = [now] if now is not None else []
        if self.rows == 0:  # in the row already
            total: float = math.fsum(counted) + (futures - downs) * per_turn + pool
            return max(0.0, lateral + span - total)
        best: float = math.inf
        for entry in range(len(counted) + futures):
            futures_before = max(0, entry - len(counted))
            downs_before = min(downs, futures_before)
            futures_after = futures - futures_before
            if entry >= len(counted):
                futures_after -= 1  # the entry turn is a Battle
            if downs - downs_before > futures_after:
                continue
            before: list[float] = counted[:entry] + [0.0] * downs_before
            before += [per_turn] * (futures_before - downs_before)
            battles_after = futures - futures_before - (downs - downs_before)
            after: float = math.fsum(counted[entry:]) + battles_after * per_turn + pool
            lat: float = max(0.0, lateral - math.fsum(before))
            need: float = max(self._rows_at(entry, before), lat) + span
            best = min(best, max(0.0, need - after))
            if self.below and self._pushed_on(entry):
                best = min(best, max(0.0, lat + span - after))
        return best

    def _rows_at(self, entry: int, before: list[float]) -> float:
        """The fewest rows between the ship and the row as turn `entry` begins, the moves
        `before` made (at least 1: a ship in the row would have entered it earlier)."""
        rows: float = self.rows - math.fsum(before)
        if self.below:
            for turn in range(entry + 1):  # the scrolls cap it at each turn, then its moves
                # an astral ship enters the bottom row by its first move, then rides the pushes
                outside = 1 if self.column is None and math.fsum(before[:turn]) < 1 else 0
                cap = self.rows_below - (turn + self.first) + outside
                rows = min(rows, cap - math.fsum(before[turn:]))
        return max(1.0, rows)

    def _pushed_on(self, entry: int) -> bool:
        """The scroll before turn `entry` pushes a ship in the bottom row onto the row: the
        row was then just above the bottom row."""
        return entry + self.first >= 1 and self.rows_below - (entry + self.first) == 0


def place(game: Game, s: State, found: Window) -> Place | None:
    """Where the ship stands against the boss's last row; None when the row is not in play."""
    if found.below < 0:
        return None
    player, width = s.players[0], s.width
    row = min(cell // width for card in found.cards if (cell := game.card_cell(s, card)) >= 0)
    first = 1 if s.turn is not None and not found.now else 0
    if player.pos < 0:  # astral: it enters on the bottom row (R-MOV-2, R-AST-*)
        return Place(found.below + 1, True, found.below, None, first)
    here = player.pos // width
    return Place(abs(here - row), here > row, found.below, player.pos % width, first)
