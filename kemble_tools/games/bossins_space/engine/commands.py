"""Command cards by kind id (R-BS-CMD-*), with the choices they raise (4-BS order). This first
slice runs the kinds directly from their ids; kinds.yaml's compiled DSL is not interpreted yet,
and the Portal Launcher and Chain Explosion are not built (NotImplementedError)."""

from __future__ import annotations

from kemble_tools.games.bossins_space.engine import board
from kemble_tools.games.bossins_space.engine.model import CHOOSE, LEFT, RIGHT, Position

DIRS = {"left": -1, "right": 1}
ASKS = {"missile": "column", "teleport": "column", "extra_move": "side"}


def use(pos: Position, card_id: str) -> None:
    """The card's effect; a kind that asks something leaves a pending choice."""
    card = pos.card(card_id)
    kind = card["kind"]
    if kind == "shot":  # R-BS-CMD-3
        board.damage_column(pos, pos.ship, 1, overflow=False)
    elif kind == "laser":  # R-BS-CMD-8, R-BS-UPG-5: 2, 3 or 4 with the Lasers path
        board.damage_column(pos, pos.ship, 2 + min(pos.upgrades.get("lasers", 0), 2), True)
    elif kind == "double_shot":
        board.damage_column(pos, pos.ship, 2, overflow=True)
    elif kind == "move":  # R-BS-CMD-2, D-BS-CMD-1
        board.ship_move(pos, DIRS[card["dir"]] * int(card.get("distance", 1)))
    elif kind == "heal":  # R-BS-CMD-7
        board.repair(pos)
    elif kind == "emp":  # R-BS-CMD-5, D-BS-CMD-3
        pos.emp = True
    elif kind in ASKS:  # R-BS-UPG-4: one rocket more per Missiles level
        rockets = 1 + pos.upgrades.get("missiles", 0) if kind == "missile" else 1
        pos.pending = (ASKS[kind], card_id, rockets)
    else:
        raise NotImplementedError(f"command kind {kind}")


def choice_options(pos: Position) -> list[int]:
    assert pos.pending is not None
    if pos.pending[0] == "side":
        return [LEFT, RIGHT]
    return [CHOOSE + column for column in range(1, 5)]


def answer(pos: Position, action: int) -> None:
    """One answer to the pending choice (D-BS-CMD-2: rockets one at a time)."""
    assert pos.pending is not None
    what, card_id, left = pos.pending
    kind = pos.card(card_id)["kind"]
    pos.pending = (what, card_id, left - 1) if left > 1 else None
    if kind == "missile":  # R-BS-CMD-4: any column
        board.damage_column(pos, action - CHOOSE, 1, overflow=False)
    elif kind == "teleport":  # R-BS-CMD-10
        pos.ship = action - CHOOSE
    else:  # R-BS-CMD-13
        board.ship_move(pos, -1 if action == LEFT else 1)
