"""Questions about the play area that need the content: where a quadrant or card is now, what
a quadrant shows, which cards are neighbours. Read-only."""

from __future__ import annotations

from typing import Any

from kemble_tools.games.kembles_cascade.engine.content import Quadrant
from kemble_tools.games.kembles_cascade.engine.state import QUADRANT, SHOWN, State


def cell_of(g: Any, s: State, ref: int) -> int:
    """The cell a quadrant (card * 2 + half) is on now, or -1 when its card is not in play."""
    card = card_cell(g, s, ref // 2)
    return card + ref % 2 if card >= 0 else -1


def card_cell(g: Any, s: State, card: int) -> int:
    """The cell of a card's left quadrant, or -1 when it is not in play. A card covers two
    cells side by side, starting at an even one (D-GEO-1)."""
    quadrants = g.tables.quadrants
    cells = s.cells
    for cell in range(0, len(cells), 2):
        if quadrants[cells[cell]].card == card:
            return cell
    return -1


def cells_of(g: Any, s: State, refs: tuple[int, ...]) -> list[int]:
    return [cell for cell in (cell_of(g, s, ref) for ref in refs) if cell >= 0]


def shown(g: Any, s: State, ref: int) -> Quadrant:
    """What a quadrant shows now; a card that has left the play area shows its front."""
    quadrants = g.tables.quadrants
    cell = cell_of(g, s, ref)
    if cell >= 0:
        return quadrants[s.cells[cell]]
    return quadrants[g.tables.cards[ref // 2].front[ref % 2]]


def seen(g: Any, s: State, bindings: tuple[Any, ...], ref: int) -> Quadrant:
    """What an effect reads on a quadrant: the object its event is about (hit or destroyed,
    as it was printed) on the event's own quadrant, else what the quadrant shows now. So an
    on_destroyed effect reads the energy of what was destroyed, not of its cover."""
    if bindings[SHOWN] is not None and bindings[QUADRANT] == ref:
        return g.tables.quadrants[bindings[SHOWN]]
    return shown(g, s, ref)


def damage_taken(g: Any, s: State, ref: int, quadrant: Quadrant | None = None) -> int:
    """Damage dealt this turn to what the quadrant shows, or to `quadrant` (R-FIR-6)."""
    if s.turn is None:
        return 0
    return s.turn.damage_on((quadrant or shown(g, s, ref)).id)


def rows_of_cards(g: Any, s: State) -> list[list[int]]:
    """The cards in play, row by row from row 1."""
    quadrants = g.tables.quadrants
    cells = s.cells
    return [
        [quadrants[cells[cell]].card for cell in range(start, start + s.width, 2)]
        for start in range(0, len(cells), s.width)
    ]


def adjacent_cards(g: Any, s: State, cards: tuple[int, ...]) -> tuple[int, ...]:
    """Cards next to these: left and right in their row, above and below (R-OBJ-MOSQ-2)."""
    rows = rows_of_cards(g, s)
    found: list[int] = []
    for card in cards:
        cell = card_cell(g, s, card)
        if cell < 0:
            continue
        row, index = cell // s.width, (cell % s.width) // 2
        for r, i in ((row, index - 1), (row, index + 1), (row - 1, index), (row + 1, index)):
            if 0 <= r < len(rows) and 0 <= i < len(rows[r]):
                neighbour = rows[r][i]
                if neighbour not in found and neighbour not in cards:
                    found.append(neighbour)
    return tuple(found)


def boss_parts(g: Any, s: State) -> tuple[int, ...]:
    """Every quadrant in play showing a boss part, in board order."""
    quadrants = g.tables.quadrants
    return tuple(quadrants[q].ref for q in s.cells if quadrants[q].kind.boss)


def parts_left(g: Any, s: State, rule: str) -> int:
    """Boss parts with a special rule that are in play and can still be destroyed, and those
    of boss rows still to come."""
    quadrants = g.tables.quadrants
    in_play = sum(
        1
        for q in s.cells
        if (quadrant := quadrants[q]).kind.boss
        and quadrant.special == rule
        and quadrant.destructible
    )
    cards = g.tables.cards
    to_come = sum(
        1
        for row in s.boss_rows_pending
        for card in row
        for q in cards[card].front
        if quadrants[q].special == rule and quadrants[q].has_energy
    )
    return in_play + to_come
