"""Threat (R-THR-*): the track, and what the quadrants in play give a player."""

from __future__ import annotations

from typing import Any

from kemble_tools.games.kembles_cascade.engine import board
from kemble_tools.games.kembles_cascade.engine.state import State

MAX_POINTS = 9  # R-THR-1: points above 9 are lost
_LEVELS = (0, 1, 2, 3, 4, 5, 5, 6, 6, 7)  # R-THR-1: points 0–9 to levels


def threat_level(points: int) -> int:
    return _LEVELS[max(0, min(points, MAX_POINTS))]


def line_reaches(
    g: Any, s: State, source: int, direction: str | None, target: int, through_all: bool
) -> bool:
    """Enemy fire from `source` along `direction` reaches `target` (R-THR-5, R-THR-8): nothing
    but enemies may stand between them, unless the line is gamma (`through_all`)."""
    if direction is None or board.direction_to(s, source, target) != direction:
        return False
    quadrants = g.tables.quadrants
    for cell in board.line(g.geo, s, source, direction):
        if cell == target:
            return True
        if through_all:
            continue
        if board.player_at(s, cell) is not None:
            return False  # ships block (R-PVP-3, R-OBJ-BLOCK-1)
        kind = quadrants[s.cells[cell]].kind
        if kind.blocks_shots and not kind.enemy:
            return False
    return False


def threat_for(g: Any, s: State, target: int, rows: frozenset[int] | None = None) -> int:
    """All the threat the quadrants in play (or only in `rows`, 0-based) give a player on
    `target`: regular or distant (R-THR-4..6, R-THR-8) and omni threat (R-THR-7)."""
    quadrants = g.tables.quadrants
    row_of, column_of = g.geo.row, g.geo.column
    target_row, target_column = row_of[target], column_of[target]
    total = 0
    for cell, q in enumerate(s.cells):
        quadrant = quadrants[q]
        if not quadrant.threatens:
            continue
        row = row_of[cell]
        if rows is not None and row not in rows:
            continue
        total += quadrant.omni
        if cell == target:
            continue
        if -1 <= row - target_row <= 1 and -1 <= column_of[cell] - target_column <= 1:
            total += quadrant.adjacent_threat  # R-THR-6: regular threat beats distant
            continue
        for direction, count, through in quadrant.lines:
            if line_reaches(g, s, cell, direction, target, through):
                total += count
    return total
