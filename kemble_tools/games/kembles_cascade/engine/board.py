"""The play area's geometry on a state's flat tuple of cells (R-GEO-*).

A cell is an index into `state.cells`, row by row from row 1: cell = (row - 1) * width +
(column - 1). Rows are removed only at the bottom (R-SCR-8), so the cells of the rows that
remain keep their numbers and one table of neighbours serves every height.
"""

from __future__ import annotations

from kemble_tools.games.kembles_cascade.engine.content import DIRECTIONS, ORTHOGONAL, STEPS
from kemble_tools.games.kembles_cascade.engine.state import State

MAX_ROWS = 16  # more than any play area (R-GEO-1 has 5); the tables are built once


class Geometry:
    """Neighbours and lines of a play area `width` quadrants wide."""

    def __init__(self, width: int) -> None:
        self.width = width
        size = MAX_ROWS * width
        self.step: dict[str, tuple[int, ...]] = {}
        for direction, (dr, dc) in STEPS.items():
            self.step[direction] = tuple(
                (r + dr) * width + c + dc if 0 <= r + dr < MAX_ROWS and 0 <= c + dc < width else -1
                for r, c in (divmod(cell, width) for cell in range(size))
            )
        self.around = tuple(
            tuple(n for n in (self.step[d][cell] for d in DIRECTIONS) if n >= 0)
            for cell in range(size)
        )
        self.moves = tuple(
            tuple(self.step[d][cell] for d in DIRECTIONS) for cell in range(size)
        )  # the eight neighbours in direction order, -1 off the grid
        self.row = tuple(cell // width for cell in range(size))
        self.column = tuple(cell % width for cell in range(size))
        self.around_orthogonal = tuple(
            tuple(n for n in (self.step[d][cell] for d in ORTHOGONAL) if n >= 0)
            for cell in range(size)
        )


def position(s: State, cell: int) -> tuple[int, int]:
    """(row, column), 1-based."""
    row, column = divmod(cell, s.width)
    return row + 1, column + 1


def cell_at(s: State, row: int, column: int) -> int:
    """The cell at a 1-based (row, column), or -1 outside the play area."""
    if 1 <= row <= len(s.cells) // s.width and 1 <= column <= s.width:
        return (row - 1) * s.width + column - 1
    return -1


def step(geometry: Geometry, s: State, cell: int, direction: str) -> int:
    """The neighbour in `direction`, or -1 outside the play area."""
    target = geometry.step[direction][cell]
    return target if 0 <= target < len(s.cells) else -1


def line(geometry: Geometry, s: State, cell: int, direction: str) -> list[int]:
    """The cells from `cell` (excluded) to the edge of the play area."""
    found = []
    table, size = geometry.step[direction], len(s.cells)
    current = table[cell]
    while 0 <= current < size:
        found.append(current)
        current = table[current]
    return found


def neighbours(geometry: Geometry, s: State, cell: int, orthogonal: bool = False) -> list[int]:
    around = geometry.around_orthogonal if orthogonal else geometry.around
    size = len(s.cells)
    return [n for n in around[cell] if n < size]


def adjacent(s: State, a: int, b: int) -> bool:
    if a == b:
        return False
    ra, ca = divmod(a, s.width)
    rb, cb = divmod(b, s.width)
    return -1 <= ra - rb <= 1 and -1 <= ca - cb <= 1


def direction_to(s: State, a: int, b: int) -> str | None:
    """The direction of the straight line (orthogonal or diagonal) from a to b, if any."""
    ra, ca = divmod(a, s.width)
    rb, cb = divmod(b, s.width)
    dr, dc = rb - ra, cb - ca
    if (dr, dc) == (0, 0) or (dr and dc and abs(dr) != abs(dc)):
        return None
    unit = ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))
    return next(d for d, s_ in STEPS.items() if s_ == unit)


def player_at(s: State, cell: int) -> int | None:
    """The ship on a cell (astral players are nowhere)."""
    for index, player in enumerate(s.players):
        if player.pos == cell and not player.astral:
            return index
    return None
