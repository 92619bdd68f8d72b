"""The Activation Threat card (R-BS-THR-5, D-BS-THR-4/7) and the Enemy cards' on-activation
effects (R-BS-ENE-1…10, D-BS-ENE-6). Reinforcement is not built yet (NotImplementedError)."""

from __future__ import annotations

from typing import Any

from kemble_tools.games.bossins_space.engine import board
from kemble_tools.games.bossins_space.engine.model import Position

DIRS = {"left": -1, "right": 1}


def activation(pos: Position, move_card: Any) -> None:
    """Reading order fixed at the start; the list holds cards, each acting from where it then
    stands, once; a card gone before its turn does not act (D-BS-THR-7)."""
    order = [
        cell[0]
        for row in pos.grid
        for cell in row
        if cell is not None and pos.card(cell[0]).get("activation")
    ]
    for card_id in order:
        for effect in pos.card(card_id)["activation"]:
            if pos.outcome != "ongoing":
                return
            enemy_effect(pos, card_id, effect, move_card)


def where(pos: Position, card_id: str) -> tuple[int, int] | None:
    """The card's (row, column) now, or None once it has left the board."""
    for row, cells in enumerate(pos.grid):
        for column, cell in enumerate(cells, start=1):
            if cell is not None and cell[0] == card_id:
                return row, column
    return None


def enemy_effect(pos: Position, card_id: str, effect: dict[str, Any], move_card: Any) -> None:
    kind, at = effect["kind"], where(pos, card_id)
    if kind == "ship_damage":  # R-BS-ENE-2
        board.damage_ship(pos, 1)
    elif kind == "ship_repair":  # R-BS-ENE-3
        board.repair(pos)
    elif kind == "heat":  # R-BS-ENE-6
        board.add_heat(pos, int(effect.get("amount", 1)))
    elif kind == "xp":  # R-BS-ENE-9
        pos.xp = max(0, pos.xp + int(effect["amount"]))
    elif at is None:  # D-BS-ENE-6: the rest need the card on the board
        return
    elif kind == "attack":  # R-BS-ENE-7
        reach = 0 if effect.get("area", "column") == "column" else 1
        if abs(pos.ship - at[1]) <= reach:
            board.damage_ship(pos, int(pos.card(card_id)["damage"]))
    elif kind == "move":  # R-BS-ENE-4
        move_card(pos, at[0], at[1], at[1] + DIRS[effect["dir"]])
    elif kind == "move_relative":  # R-BS-ENE-5, D-BS-ENE-2
        move_card(pos, at[0], at[1], at[1] + relative_step(pos, at[1], effect))
    elif kind == "discard_self":  # R-BS-ENE-10
        board.leave(pos, at[0], at[1], pos.enemy_discard)
    else:
        raise NotImplementedError(f"enemy effect kind {kind}")


def relative_step(pos: Position, column: int, effect: dict[str, Any]) -> int:
    """Toward: 0 when already in the Ship's column. Away from the Ship's column: the printed
    `prefer`, the other side at an edge; with neither, the Captain's choice (not built yet)."""
    if column != pos.ship:
        toward = 1 if pos.ship > column else -1
        return toward if effect["to"] == "toward" else -toward
    if effect["to"] == "toward":
        return 0
    if column in (1, 4):
        return 1 if column == 1 else -1
    if "prefer" not in effect:
        raise NotImplementedError("the Captain's choice of an away side (R-BS-ENE-12)")
    return DIRS[effect["prefer"]]
