"""Board operations on a Position: targets and damage (R-BS-CMD-3/8, R-BS-DMG-*), packing
(D-BS-GEO-2), placement (D-BS-GEO-1), the Ship's life and heat with their losses
(R-BS-LIFE-*, R-BS-HEAT-*, D-BS-END-1/3)."""

from __future__ import annotations

from kemble_tools.games.bossins_space.engine.model import LOST, Position

BOSS = "boss"


def targets(pos: Position, column: int) -> list[int | str]:
    """D-BS-GEO-3: the Enemy cards' rows from the lowest up, then the Boss if it stands here."""
    found: list[int | str] = [r for r in (2, 1, 0) if pos.grid[r][column - 1] is not None]
    if pos.boss_status == "in_play" and pos.boss_column == column:
        found.append(BOSS)
    return found


def damage_column(pos: Position, column: int, amount: int, overflow: bool) -> None:
    """Point by point to the nearest target; with overflow the next point goes on up the
    column once a target is destroyed (D-BS-CMD-5). Without a target a point is lost."""
    for _ in range(amount):
        found = targets(pos, column)
        if not found:
            return
        if hit(pos, column, found[0]) and not overflow:
            return


def hit(pos: Position, column: int, target: int | str) -> bool | None:
    """One point of the current card to a target; True if it was destroyed. A Shield soaks the
    first point of every card (R-BS-DMG-4, D-BS-DMG-2): effective = max(0, total - 1)."""
    cell = None if target == BOSS else pos.grid[int(target)][column - 1]
    key = BOSS if cell is None else cell[0]
    before = pos.hits.get(key, 0)
    pos.hits[key] = before + 1
    shielded = _shielded(pos, column, target)
    gained = 1 if not shielded or before >= 1 else 0
    if target == BOSS:
        pos.boss_life = max(0, pos.boss_life - gained)
        if pos.boss_life == 0:
            pos.boss_status = "defeated"  # R-BS-BOSS-9; the win is checked after the card
            return True
        return False
    row = int(target)
    cell = pos.grid[row][column - 1]
    assert cell is not None
    card_id, damage = cell[0], cell[1] + gained
    if damage >= pos.card(card_id)["life"]:  # R-BS-DMG-1
        pos.xp += int(pos.card(card_id).get("xp", 0))  # R-BS-DMG-3
        leave(pos, row, column, pos.enemy_discard)
        return True
    pos.grid[row][column - 1] = (card_id, damage)
    return False


def _shielded(pos: Position, column: int, target: int | str) -> bool:
    if target == BOSS:
        return bool(pos.rules.boss["sides"].get(pos.boss_side, {}).get("shield"))
    cell = pos.grid[int(target)][column - 1]
    return cell is not None and bool(pos.card(cell[0]).get("shield"))


def leave(pos: Position, row: int, column: int, pile: list[str] | None) -> str:
    """A card leaves its space; the cards below it move up one (D-BS-GEO-2)."""
    cell = pos.grid[row][column - 1]
    assert cell is not None
    if pile is not None:
        pile.append(cell[0])
    for r in range(row, 2):
        pos.grid[r][column - 1] = pos.grid[r + 1][column - 1]
    pos.grid[2][column - 1] = None
    return cell[0]


def open_space(pos: Position, column: int) -> int | None:
    """D-BS-GEO-1: the highest free row the Boss's row counter has not closed (D-BS-BOSS-7)."""
    for row in range(pos.boss_row, 3):
        if pos.grid[row][column - 1] is None:
            return row
    return None


def draw_enemy(pos: Position) -> str | None:
    """R-BS-ENE-13 from the top; the last card uncovers the Boss (D-BS-ENE-4)."""
    if not pos.enemy_deck:
        return None
    card = pos.enemy_deck.pop(0)
    if not pos.enemy_deck and pos.boss_status == "hidden":
        pos.boss_status = "revealed"
    return card


def all_defeated(pos: Position) -> bool:
    """D-BS-TML-3: no Enemy card on the board and none in the deck (the Boss not counted)."""
    return not pos.enemy_deck and all(cell is None for row in pos.grid for cell in row)


def lowest(pos: Position, column: int) -> int | None:
    return next((r for r in (2, 1, 0) if pos.grid[r][column - 1] is not None), None)


def damage_ship(pos: Position, amount: int) -> None:
    """R-BS-LIFE-2/4: life never below 0, and the loss is at once."""
    if pos.outcome != "ongoing" or amount <= 0:
        return
    pos.life = max(0, pos.life - amount)
    if pos.life == 0:
        pos.outcome, pos.reason = LOST, "no_life"


def repair(pos: Position) -> None:
    pos.life = min(pos.max_life, pos.life + 1)  # D-BS-LIFE-1


def add_heat(pos: Position, amount: int) -> None:
    """D-BS-HEAT-4: one rise at a time, the loss checked after each; the cube stays at the
    limit (D-BS-END-3)."""
    for _ in range(amount):
        if pos.outcome != "ongoing":
            return
        pos.heat += 1
        if pos.heat >= pos.rules.heat_limit:
            pos.outcome, pos.reason = LOST, "overheated"


def ship_move(pos: Position, step: int) -> None:
    pos.ship = min(4, max(1, pos.ship + step))  # D-BS-CMD-1: stops at the edge
