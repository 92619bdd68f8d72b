"""Threat (R-THR-*): the track, and what the quadrants in play give a player."""

from __future__ import annotations

from typing import Any

from kemble_tools.engine.board import Board
from kemble_tools.engine.state import Pos

MAX_POINTS = 9  # R-THR-1: points above 9 are lost
_LEVELS = (0, 1, 2, 3, 4, 5, 5, 6, 6, 7)  # R-THR-1: points 0–9 to levels


def threat_level(points: int) -> int:
    return _LEVELS[max(0, min(points, MAX_POINTS))]


def quadrant_threat(quadrant: dict[str, Any]) -> int:
    """What an adjacent player counts (R-THR-6, D-THR-2): regular threat if any, else distant."""
    if quadrant.get("threat"):
        return int(quadrant["threat"])
    return sum(
        quadrant.get(key, {}).get("count", 0) for key in ("distant_threat", "gamma_distant_threat")
    )


def line_reaches(board: Board, source: Pos, direction: str, target: Pos, through_all: bool) -> bool:
    """Enemy fire from `source` along `direction` reaches `target` (R-THR-5, R-THR-8): nothing
    but enemies may stand between them, unless the line is gamma (`through_all`)."""
    if board.direction_to(source, target) != direction:
        return False
    for pos in board.line(source, direction):
        if pos == target:
            return True
        if through_all:
            continue
        ref = board.ref_at(pos)
        if board.player_at(pos) is not None:
            return False  # ships block (R-PVP-3, R-OBJ-BLOCK-1)
        if board.blocks_shots(ref) and not board.kind(ref)["enemy"]:
            return False
    return False


def threat_from(board: Board, source: Pos, quadrant: dict[str, Any], target: Pos) -> int:
    """Threat one quadrant gives a player at `target` (R-THR-4..8), omni threat excluded."""
    if board.adjacent(source, target):
        return quadrant_threat(quadrant)
    total = 0
    for key, through in (("distant_threat", False), ("gamma_distant_threat", True)):
        line = quadrant.get(key)
        if line and line_reaches(board, source, line["direction"], target, through):
            total += line["count"]
    return total


def threat_for(board: Board, target: Pos, rows: set[int] | None = None) -> int:
    """All the threat the quadrants in play (or only in `rows`) give a player at `target`."""
    total = 0
    for pos in board.positions():
        if rows is not None and pos[0] not in rows:
            continue
        quadrant = board.quadrant_at(pos)
        total += threat_from(board, pos, quadrant, target) + quadrant.get("omni_threat", 0)
    return total
