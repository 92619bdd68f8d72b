"""Movement (R-MOV-*, R-SYM-10, R-OVL-1) and ships pushed or shifted (R-SCR-1, R-SCR-2)."""

from __future__ import annotations

from typing import Any

from kemble_tools.engine.kernel import Choice, Frame, ask, push
from kemble_tools.games.kembles_cascade.engine import board
from kemble_tools.games.kembles_cascade.engine.actions import DIRECTION_LIST
from kemble_tools.games.kembles_cascade.engine.content import STAT
from kemble_tools.games.kembles_cascade.engine.errors import IllegalAction
from kemble_tools.games.kembles_cascade.engine.rules.events import note, paid_for, resolve_quadrant
from kemble_tools.games.kembles_cascade.engine.rules.fire import fire_check, shoot_weapon
from kemble_tools.games.kembles_cascade.engine.rules.players import bump, lose_energy, moves_left
from kemble_tools.games.kembles_cascade.engine.state import State

MAX_ENERGY, MAX_OVERLOADS = STAT["max_energy"], STAT["max_overloads"]
OVERLOAD_COSTS = (STAT["overload_cost_1"], STAT["overload_cost_2"])


def enter(g: Any, s: State, column: int) -> None:
    """R-MOV-2 (D-MOV-1: on the bottom row, whatever its number)."""
    _make_move(g, s, *_move_target(g, s, column=column), column=column)


def move(g: Any, s: State, way: int) -> None:
    _make_move(g, s, *_move_target(g, s, way=way), way=way)


def _move_target(
    g: Any, s: State, column: int = -1, way: int = -1, extra: int = 0
) -> tuple[int, int, bool]:
    """The moving player, the cell it moves to and whether it enters; IllegalAction with the
    rule when it may not (with `extra` moves to come from an overload)."""
    turn = s.turn
    assert turn is not None
    index = turn.player
    player = s.players[index]
    if moves_left(g, s, index) <= 0 and turn.extra_moves + extra <= 0:
        raise IllegalAction("R-MOV-1", "no moves left this turn")
    outside = player.pos < 0
    if column >= 0:
        if not outside:
            raise IllegalAction("R-MOV-2", "the ship is already in the play area")
        target = (s.height - 1) * s.width + column
    else:
        if outside:
            raise IllegalAction("R-MOV-2", "enter the play area first (enter C)")
        target = board.step(g.geo, s, player.pos, DIRECTION_LIST[way])
    check_target(g, s, target)
    return index, target, outside


def _make_move(
    g: Any, s: State, index: int, target: int, outside: bool, column: int = -1, way: int = -1
) -> None:
    turn = s.turn
    assert turn is not None
    player = s.players[index]
    if turn.extra_moves > 0:
        turn.extra_moves -= 1
    else:
        turn.moves_used += 1
    if outside and player.destroyed_once:  # R-AST-4 (D-AST-1: not the first entry)
        player.energy = player.stats[MAX_ENERGY] - 1
    player.pos = target
    player.threat = max(0, player.threat - 1)  # R-MOV-6
    turn.shop_fee, turn.shop_paid = -1, False
    if column >= 0:
        note(s, "p%d enter %d", index + 1, column + 1)
    else:
        note(s, "p%d move %s", index + 1, DIRECTION_LIST[way])
    resolve_quadrant(g, s, index, target, "on_enter")


def check_target(g: Any, s: State, target: int) -> None:
    if not 0 <= target < len(s.cells):
        raise IllegalAction("R-GEO-1", "that is outside the play area")
    if board.player_at(s, target) is not None:
        raise IllegalAction("R-MOV-4", "another ship is there")
    quadrant = g.tables.quadrants[s.cells[target]]
    if not quadrant.enterable:
        kind = quadrant.kind.id.replace("_", " ")
        raise IllegalAction("R-MOV-4", f"a ship may not move onto a {kind}")


def can_enter(g: Any, s: State, target: int) -> bool:
    return (
        0 <= target < len(s.cells)
        and board.player_at(s, target) is None
        and g.tables.quadrants[s.cells[target]].enterable
    )


def spend(g: Any, s: State, _arg: int = 0) -> None:
    """R-SYM-10: a move spent on a -M/-MM cost; it does not reduce threat (R-MOV-6). Once the
    cost is paid, the quadrant's effects come (its reward, a maze's glory)."""
    turn = s.turn
    assert turn is not None
    index = turn.player
    player = s.players[index]
    if moves_left(g, s, index) <= 0 and turn.extra_moves <= 0:
        raise IllegalAction("R-MOV-1", "no moves left this turn")
    if player.pending is None:
        raise IllegalAction("R-SYM-10", "there is no -M/-MM cost to pay here")
    if turn.extra_moves > 0:
        turn.extra_moves -= 1
    else:
        turn.moves_used += 1
    ref, left, pushed = player.pending
    if left > 1:
        player.pending = (ref, left - 1, pushed)
        return
    player.pending = None
    paid_for(g, s, index, ref, pushed)


def can_overload(s: State, index: int) -> bool:
    turn = s.turn
    return turn is not None and turn.overloads < s.players[index].stats[MAX_OVERLOADS]


def overload_fire(g: Any, s: State, _arg: int = 0) -> None:
    """R-OVL-1: one extra turret shot."""
    _check_overload(s)
    profile = fire_check(g, s, 0, extra=1)
    if _pay_overload(g, s, shot=True):
        shoot_weapon(g, s, 0, profile)


def overload_move(g: Any, s: State, way: int) -> None:
    """R-OVL-1: one extra move."""
    _check_overload(s)
    target = _move_target(g, s, way=way, extra=1)
    if _pay_overload(g, s, shot=False):
        _make_move(g, s, *target, way=way)


def overload_enter(g: Any, s: State, column: int) -> None:
    _check_overload(s)
    target = _move_target(g, s, column=column, extra=1)
    if _pay_overload(g, s, shot=False):
        _make_move(g, s, *target, column=column)


def overload_cost(s: State, index: int) -> int:
    """R-OVL-1, R-OVL-2: what the player's next overload this turn costs (an astral ship pays
    nothing: R-AST-3)."""
    turn = s.turn
    assert turn is not None
    player = s.players[index]
    return 0 if player.astral else player.stats[OVERLOAD_COSTS[min(turn.overloads, 1)]]


def _check_overload(s: State) -> None:
    turn = s.turn
    assert turn is not None
    if not can_overload(s, turn.player):
        raise IllegalAction("R-OVL-1", "at most 2 overloads a turn")


def _pay_overload(g: Any, s: State, shot: bool) -> bool:
    """R-OVL-1, R-OVL-2: the next overload's energy. Whether the ship can still use it (the
    energy may have been its last: R-DST-1)."""
    turn = s.turn
    assert turn is not None
    index = turn.player
    player = s.players[index]
    in_play = not player.astral
    cost = overload_cost(s, index)
    turn.overloads += 1
    bump(player, "overloads")
    if shot:
        turn.extra_shots += 1
    else:
        turn.extra_moves += 1
    lose_energy(g, s, index, cost, "overload")
    return not s.outcome and s.turn is not None and not (in_play and player.astral)


# --- ships pushed by scrolling or shifted by collisions ------------------------------------------


def push_up(g: Any, s: State, step: Any, frame: Frame) -> None:
    """R-SCR-1: a ship in the bottom row moves up one quadrant and resolves it."""
    (index,) = step.args
    player = s.players[index]
    if player.pos < 0:
        return
    arrive(g, s, index, player.pos - s.width, pushed=True)


def arrive(g: Any, s: State, index: int, target: int, pushed: bool) -> None:
    """A ship pushed or shifted onto a quadrant: collisions (R-OBJ-SHIP-1) or its effects."""
    other = board.player_at(s, target)
    s.players[index].pos = target
    s.players[index].pending = None  # it left its quadrant (R-SYM-10)
    if other is not None and other != index:  # R-OBJ-SHIP-1: 1 damage and shift
        lose_energy(g, s, index, 1, "collision with a ship")
        if not s.outcome and not s.players[index].astral:
            push(s, g.steps.frame("shift", index))
        return
    resolve_quadrant(g, s, index, target, "on_pushed_onto" if pushed else "on_enter")


def shift(g: Any, s: State, step: Any, frame: Frame) -> None:
    """D-SCR-1: left or right in the same row; at an edge there is one way."""
    (index,) = step.args
    player = s.players[index]
    if player.pos < 0:
        return
    ways = tuple(d for d in ("W", "E") if board.step(g.geo, s, player.pos, d) >= 0)
    if len(ways) == 1:
        shift_to(g, s, index, ways[0])
    elif ways:
        ask(s, Choice(index, "shift", ways, g.steps.frame("shift_chosen", index)))


def shift_chosen(g: Any, s: State, step: Any, frame: Frame) -> None:
    shift_to(g, s, step.args[0], frame.chosen)


def shift_to(g: Any, s: State, index: int, direction: str) -> None:
    target = board.step(g.geo, s, s.players[index].pos, direction)
    note(s, "p%d shifts %s", index + 1, direction)
    arrive(g, s, index, target, pushed=True)
