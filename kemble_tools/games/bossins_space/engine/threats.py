"""Threat cards (R-BS-THR-2…7) and Boss Threat cards (R-BS-BOSS-6, D-BS-BOSS-9) resolving on a
Position. The kinds not built yet (Help `choice`, Boss `reinforce`, an away side with no
`prefer`) raise NotImplementedError naming them."""

from __future__ import annotations

from typing import Any

from kemble_tools.games.bossins_space.engine import board, enemies
from kemble_tools.games.bossins_space.engine.model import Position

DIRS = {"left": -1, "right": 1}


def resolve_threat(pos: Position, card_id: str) -> None:
    effect = pos.card(card_id)["effect"]
    kind = effect["kind"]
    if kind == "attack":  # R-BS-THR-2, D-BS-THR-1: only the Ship's own column matters
        if pos.ship in effect["columns"]:
            rows = [pos.grid[r][pos.ship - 1] for r in range(3)]
            strongest = max((pos.card(c[0])["damage"] for c in rows if c), default=0)
            board.damage_ship(pos, strongest)
    elif kind == "new_enemy":
        new_enemy(pos)
    elif kind == "move":
        threat_move(pos, effect["column"], DIRS[effect["dir"]])
    elif kind == "activation":
        enemies.activation(pos, move_card)
    elif kind == "help":  # R-BS-THR-6, D-BS-THR-5
        if pos.ship in effect["columns"]:
            if effect["bonus"] == "xp":
                pos.xp += 1
            elif effect["bonus"] == "repair":
                board.repair(pos)
            else:
                raise NotImplementedError("help bonus: choice")
    elif kind != "empty":  # R-BS-THR-7
        raise NotImplementedError(f"threat kind {kind}")


def new_enemy(pos: Position) -> None:
    """R-BS-THR-4, D-BS-THR-3: the branch is fixed first; shift down (row C crosses the line,
    columns 1 → 4, R-BS-ENE-11), then draw into the highest open row, or step the Boss down."""
    stocked = bool(pos.enemy_deck)
    for column in range(1, 5):
        cell = pos.grid[2][column - 1]
        if cell is not None:
            pos.enemy_discard.append(cell[0])
            board.damage_ship(pos, pos.card(cell[0])["damage"])
    pos.grid = [[None] * 4, pos.grid[0], pos.grid[1]]
    if not stocked:
        pos.boss_row = min(pos.boss_row + 1, 3)  # R-BS-BOSS-7, D-BS-BOSS-7
        return
    for column in range(1, 5):
        row = board.open_space(pos, column)
        if row is None:
            continue
        card = board.draw_enemy(pos)
        if card is None:
            return
        pos.grid[row][column - 1] = (card, 0)


def threat_move(pos: Position, column: int, step: int) -> None:
    """R-BS-THR-3, D-BS-THR-2: the lowest card shifts sideways; with none, a drawn card does."""
    row = board.lowest(pos, column)
    if row is None:
        space = board.open_space(pos, column)
        card = board.draw_enemy(pos) if space is not None else None
        if card is None or space is None:
            return
        pos.grid[space][column - 1] = (card, 0)
        row = space
    move_card(pos, row, column, column + step)


def move_card(pos: Position, row: int, column: int, to: int) -> None:
    """D-BS-GEO-4 b: onto the new column's first available space, damage kept; else stays."""
    if not 1 <= to <= 4:
        return
    space = board.open_space(pos, to)
    if space is None:
        return
    cell = pos.grid[row][column - 1]
    board.leave(pos, row, column, None)
    pos.grid[space][to - 1] = cell


def resolve_boss_threat(pos: Position, card_id: str) -> None:
    for effect in pos.card(card_id)["effects"]:
        if pos.outcome != "ongoing":
            return
        boss_effect(pos, effect)


def boss_effect(pos: Position, effect: dict[str, Any]) -> None:
    kind = effect["kind"]
    assert pos.boss_column is not None
    if kind == "move_relative":  # D-BS-BOSS-4
        boss_move_relative(pos, effect)
    elif kind == "move":
        pos.boss_column = min(4, max(1, pos.boss_column + DIRS[effect["dir"]]))
    elif kind == "boss_attack":  # D-BS-BOSS-5
        reach = 0 if effect.get("area", "column") == "column" else 1
        if abs(pos.ship - pos.boss_column) <= reach:
            board.damage_ship(pos, int(effect.get("damage", 1)))
    elif kind == "boss_heal":  # R-BS-BOSS-6
        pos.boss_life = min(int(pos.rules.boss["life"]), pos.boss_life + 1)
    elif kind == "flip_boss":  # D-BS-BOSS-6
        pos.boss_side = "back" if pos.boss_side == "front" else "front"
    elif kind == "boss_emp":  # D-BS-BOSS-3: column 4 has no next Command card
        pos.boss_emp = pos.column + 1 if pos.column < 4 else None
    elif kind == "heat":
        board.add_heat(pos, int(effect.get("amount", 1)))
    elif kind == "ship_damage":
        board.damage_ship(pos, int(effect.get("amount", 1)))
    elif kind == "ship_repair":
        board.repair(pos)
    else:
        raise NotImplementedError(f"boss threat kind {kind}")


def boss_move_relative(pos: Position, effect: dict[str, Any]) -> None:
    assert pos.boss_column is not None
    if effect["to"] == "toward":
        if pos.boss_column != pos.ship:
            pos.boss_column += 1 if pos.ship > pos.boss_column else -1
        return
    if pos.boss_column != pos.ship:
        away = 1 if pos.boss_column > pos.ship else -1
        pos.boss_column = min(4, max(1, pos.boss_column + away))
        return
    side = effect.get("prefer") or pos.rules.boss["sides"].get(pos.boss_side, {}).get("prefer")
    side = side or pos.rules.boss.get("prefer")
    if side is None:
        raise NotImplementedError("the Captain's choice of an away side (D-BS-BOSS-4)")
    step = DIRS[side] if 1 <= pos.boss_column + DIRS[side] <= 4 else -DIRS[side]
    pos.boss_column += step
