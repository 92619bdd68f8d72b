"""Board operations on a Position: targets (D-BS-GEO-3), one point of damage with the Shield
(R-BS-DMG-*, D-BS-DMG-2), packing (D-BS-GEO-2), the first available space (D-BS-GEO-1), sideways
moves (D-BS-GEO-4 b), insertion (D-BS-ENE-1), the Ship's life and heat with their losses
(R-BS-LIFE-*, R-BS-HEAT-*, D-BS-END-1/3)."""

from __future__ import annotations

from kemble_tools.games.bossins_space.engine.model import (
    BOSS_SPACE,
    LOST,
    ONGOING,
    Position,
    pile_count,
)

BOSS = "boss"


def space(row: int, column: int) -> int:
    return row * 4 + column - 1


def targets(pos: Position, column: int) -> list[int]:
    """D-BS-GEO-3: the Enemy cards' spaces from the lowest up, then the Boss if it stands here
    (D-BS-BOSS-8)."""
    found = [space(r, column) for r in (2, 1, 0) if pos.grid[r][column - 1] is not None]
    if boss_at(pos, column):
        found.append(BOSS_SPACE)
    return found


def boss_at(pos: Position, column: int) -> bool:
    return pos.boss_status == "in_play" and pos.boss_column == column


def occupant(pos: Position, target: int) -> str | None:
    """The card id (or BOSS) a target space holds now."""
    if target == BOSS_SPACE:
        return BOSS if pos.boss_status == "in_play" else None
    cell = pos.grid[target // 4][target % 4]
    return None if cell is None else cell[0]


def where(pos: Position, card_id: str) -> tuple[int, int] | None:
    """An Enemy card's (row, column) now, or None once it has left the board."""
    for row, cells in enumerate(pos.grid):
        for column, cell in enumerate(cells, start=1):
            if cell is not None and cell[0] == card_id:
                return row, column
    return None


def shielded(pos: Position, who: str) -> bool:
    if who == BOSS:
        side = pos.rules.boss.get("sides", {}).get(pos.boss_side) or {}
        return bool(side.get("shield"))
    return bool(pos.card(who).get("shield"))


def boss_preference(pos: Position) -> str | None:
    """D-BS-BOSS-10: the current side's `prefer`, else the card's."""
    side = pos.rules.boss.get("sides", {}).get(pos.boss_side) or {}
    return side.get("prefer") or pos.rules.boss.get("prefer")


def point(pos: Position, who: str) -> bool:
    """One point of the current Command card to a card on the board or the Boss; True if it is
    defeated by it. A Shield soaks the first point of every card: effective damage is
    max(0, total - 1) (R-BS-DMG-4, D-BS-DMG-2). A defeated card stays until it is discarded
    (its XP comes first, D-BS-UPG-8)."""
    before = pos.hits.get(who, 0)
    pos.own("hits")[who] = before + 1
    gained = 0 if shielded(pos, who) and before == 0 else 1
    if who == BOSS:
        pos.boss_life = max(0, pos.boss_life - gained)
        if pos.boss_life == 0:
            pos.boss_status = "defeated"  # R-BS-BOSS-9; the win is checked after the card
        return pos.boss_life == 0
    at = where(pos, who)
    assert at is not None
    row, column = at
    damage = pos.grid[row][column - 1][1] + gained  # type: ignore[index]
    pos.own("grid")[row][column - 1] = (who, damage)
    return damage >= int(pos.card(who)["life"])  # R-BS-DMG-1


def leave(pos: Position, card_id: str, pile: str | None = "enemy_discard") -> None:
    """A card leaves its space (to the discard, R-BS-DMG-5); the cards below it move up one
    (D-BS-GEO-2)."""
    at = where(pos, card_id)
    if at is None:
        return
    row, column = at
    if pile is not None:
        pos.pile(pile).append(card_id)
    grid = pos.own("grid")
    for r in range(row, 2):
        grid[r][column - 1] = grid[r + 1][column - 1]
    grid[2][column - 1] = None


def open_space(pos: Position, column: int) -> int | None:
    """D-BS-GEO-1: the highest free row the Boss's row counter has not closed (D-BS-BOSS-7)."""
    if not 1 <= column <= 4:
        return None
    for row in range(pos.boss_row, 3):
        if pos.grid[row][column - 1] is None:
            return row
    return None


def can_move(pos: Position, who: str, to: int) -> bool:
    """A sideways move of a card or the marker into column `to` (D-BS-GEO-4 b, D-BS-ENE-2)."""
    if not 1 <= to <= 4:
        return False
    return who == BOSS or open_space(pos, to) is not None


def move_sideways(pos: Position, who: str, to: int) -> None:
    """The card lands on the first available space of column `to` with its damage, and its
    old column packs; the marker keeps its row (D-BS-BOSS-4). An impossible move does
    nothing (D-BS-ENE-2)."""
    if not can_move(pos, who, to):
        return
    if who == BOSS:
        pos.boss_column = to
        return
    at = where(pos, who)
    if at is None:
        return
    cell = pos.grid[at[0]][at[1] - 1]
    leave(pos, who, None)
    row = open_space(pos, to)
    assert row is not None
    pos.own("grid")[row][to - 1] = cell


def column_of(pos: Position, who: str) -> int | None:
    if who == BOSS:
        return pos.boss_column if pos.boss_status == "in_play" else None
    at = where(pos, who)
    return None if at is None else at[1]


def lowest(pos: Position, column: int) -> int | None:
    return next((r for r in (2, 1, 0) if pos.grid[r][column - 1] is not None), None)


def all_defeated(pos: Position) -> bool:
    """D-BS-TML-3: no Enemy card on the board and none in the deck (the Boss not counted)."""
    board_empty = all(cell is None for row in pos.grid for cell in row)
    return board_empty and pile_count(pos.piles["enemy_deck"]) == 0


def damage_ship(pos: Position, amount: int) -> None:
    """R-BS-LIFE-2/4: life never below 0, and the loss is at once (D-BS-END-3)."""
    if pos.outcome != ONGOING or amount <= 0:
        return
    pos.life = max(0, pos.life - amount)
    if pos.life == 0:
        pos.outcome, pos.reason = LOST, "no_life"


def repair(pos: Position, amount: int = 1) -> None:
    pos.life = min(pos.max_life, pos.life + amount)  # D-BS-LIFE-1


def add_heat(pos: Position, amount: int) -> None:
    """D-BS-HEAT-4: one rise at a time, the loss checked after each; the cube stays at the
    limit (D-BS-END-3)."""
    for _ in range(amount):
        if pos.outcome != ONGOING:
            return
        pos.heat += 1
        if pos.heat >= pos.rules.heat_limit:
            pos.outcome, pos.reason = LOST, "overheated"


def cool(pos: Position, amount: int) -> None:
    pos.heat = max(0, pos.heat - amount)  # D-BS-HEAT-2


def ship_move(pos: Position, step: int) -> None:
    pos.ship = min(4, max(1, pos.ship + step))  # D-BS-CMD-1: stops at the edge
