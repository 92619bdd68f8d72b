"""The play area: where cards and quadrants are, what a quadrant shows, lines and neighbours."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kemble_tools.engine.state import Pos, QuadrantRef, State

STEPS: dict[str, tuple[int, int]] = {
    "N": (-1, 0),
    "NE": (-1, 1),
    "E": (0, 1),
    "SE": (1, 1),
    "S": (1, 0),
    "SW": (1, -1),
    "W": (0, -1),
    "NW": (-1, -1),
}  # R-GEO-3: N is towards row 1
ORTHOGONAL = ("N", "E", "S", "W")
EMPTY: dict[str, Any] = {"object": "empty"}


class Board:
    """Read-only questions about a state's play area, answered from the bundle's card data."""

    def __init__(self, bundle: dict[str, Any], state: State) -> None:
        self.bundle, self.state = bundle, state

    # --- geometry --------------------------------------------------------------------------

    @property
    def height(self) -> int:
        return len(self.state.rows)

    @property
    def width(self) -> int:
        """Quadrant columns: two per card (D-GEO-1)."""
        return 2 * len(self.state.rows[0]) if self.state.rows else 0

    def inside(self, pos: Pos) -> bool:
        return 1 <= pos[0] <= self.height and 1 <= pos[1] <= self.width

    def ref_at(self, pos: Pos) -> QuadrantRef:
        row, column = pos
        return self.state.rows[row - 1][(column - 1) // 2], (column - 1) % 2

    def pos_of(self, ref: QuadrantRef) -> Pos | None:
        card, half = ref
        for r, row in enumerate(self.state.rows, start=1):
            if card in row:
                return r, 2 * row.index(card) + half + 1
        return None

    def card_pos(self, card: str) -> tuple[int, int] | None:
        """(row, card index from 1) of a card in play."""
        for r, row in enumerate(self.state.rows, start=1):
            if card in row:
                return r, row.index(card) + 1
        return None

    def positions(self) -> Iterator[Pos]:
        for row in range(1, self.height + 1):
            for column in range(1, self.width + 1):
                yield row, column

    def step(self, pos: Pos, direction: str) -> Pos:
        dr, dc = STEPS[direction]
        return pos[0] + dr, pos[1] + dc

    def line(self, pos: Pos, direction: str) -> Iterator[Pos]:
        """The quadrants from `pos` (excluded) to the edge of the play area."""
        current = self.step(pos, direction)
        while self.inside(current):
            yield current
            current = self.step(current, direction)

    def neighbours(self, pos: Pos, orthogonal: bool = False) -> list[Pos]:
        directions = ORTHOGONAL if orthogonal else STEPS
        return [p for p in (self.step(pos, d) for d in directions) if self.inside(p)]

    @staticmethod
    def adjacent(a: Pos, b: Pos) -> bool:
        return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1

    @staticmethod
    def direction_to(a: Pos, b: Pos) -> str | None:
        """The direction of the straight line (orthogonal or diagonal) from a to b, if any."""
        dr, dc = b[0] - a[0], b[1] - a[1]
        if (dr, dc) == (0, 0) or (dr and dc and abs(dr) != abs(dc)):
            return None
        unit = ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))
        return next(d for d, s in STEPS.items() if s == unit)

    # --- what a quadrant shows -------------------------------------------------------------

    def card(self, card_id: str) -> dict[str, Any]:
        return (
            self.bundle["cards"][card_id]
            if card_id in self.bundle["cards"]
            else self.bundle["local_cards"][card_id]
        )

    def quadrant(self, ref: QuadrantRef) -> dict[str, Any]:
        """The quadrant's printed data, after flips, covers and spawned objects."""
        spawned = dict(self.state.spawned).get(ref)
        if spawned is not None:
            kind, energy, threat = spawned
            data: dict[str, Any] = {"object": kind}
            if energy:
                data["energy"] = energy
            if threat:
                data["threat"] = threat
            return data
        if ref in self.state.covered:
            return EMPTY
        card = self.card(ref[0])
        side = (
            card["back"] if ref[0] in self.state.flipped and card.get("back") else card["quadrants"]
        )
        return side[ref[1]]

    def quadrant_at(self, pos: Pos) -> dict[str, Any]:
        return self.quadrant(self.ref_at(pos))

    def kind(self, ref: QuadrantRef) -> dict[str, Any]:
        return self.bundle["objects"][self.quadrant(ref)["object"]]

    def destructible(self, ref: QuadrantRef) -> bool:
        """R-SYM-1, R-BOS-3: it shows energy and its kind is not indestructible."""
        return "energy" in self.quadrant(ref) and not self.kind(ref)["indestructible"]

    def blocks_shots(self, ref: QuadrantRef) -> bool:
        return bool(self.kind(ref)["blocks_shots"])

    def enterable(self, ref: QuadrantRef) -> bool:
        """R-MOV-3, R-MOV-4: its kind can be entered; an indestructible boss part cannot."""
        quadrant, kind = self.quadrant(ref), self.kind(ref)
        if not kind["enterable"]:
            return False
        return not (quadrant["object"] == "boss_part" and "energy" not in quadrant)

    def player_at(self, pos: Pos) -> int | None:
        for index, player in enumerate(self.state.players):
            if player.position == pos and not player.astral:
                return index
        return None

    def boss_parts(self) -> list[QuadrantRef]:
        return [
            self.ref_at(p) for p in self.positions() if self.quadrant_at(p)["object"] == "boss_part"
        ]
