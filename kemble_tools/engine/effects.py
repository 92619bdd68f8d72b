"""Evaluating the DSL against a state: expressions and selectors (read-only).

Actions, which change the state, live in `rules.py` with the rest of the transition function.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kemble_tools.dsl.ir import Attr, Call, Global, Lit, Op, Select
from kemble_tools.engine.board import Board
from kemble_tools.engine.state import Frame, QuadrantRef, State
from kemble_tools.engine.threat import line_reaches, quadrant_threat, threat_level

COMPARE = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}
ARITH = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "//": lambda a, b: a // b if b else 0,
}


@dataclass
class Context:
    """Where an effect runs: the state, its bindings, the quadrant or player hosting it."""

    bundle: dict[str, Any]
    state: State
    frame: Frame

    @property
    def board(self) -> Board:
        return Board(self.bundle, self.state)

    def bound(self, name: str) -> Any:
        if name == "this_quadrant":
            return self.frame.host
        if name == "owner":
            return self.frame.owner
        return self.frame.bound().get(name)


def evaluate(node: Any, ctx: Context) -> Any:
    """The value of an expression node (numbers, truth values, text, or selected sets)."""
    if isinstance(node, Lit):
        return node.value
    if isinstance(node, Global):
        return ctx.state.round if node.name == "round" else len(ctx.state.players)
    if isinstance(node, Select):
        return select(node, ctx)
    if isinstance(node, Attr):
        return _attribute(node, ctx)
    if isinstance(node, Call):
        return _call(node, ctx)
    if isinstance(node, Op):
        return _operate(node, ctx)
    return node


def _operate(node: Op, ctx: Context) -> Any:
    if node.op == "and":
        return all(evaluate(arg, ctx) for arg in node.args)
    if node.op == "or":
        return any(evaluate(arg, ctx) for arg in node.args)
    if node.op == "not":
        return not evaluate(node.args[0], ctx)
    if node.op == "neg":
        return -evaluate(node.args[0], ctx)
    left, right = (evaluate(arg, ctx) for arg in node.args)
    return (COMPARE.get(node.op) or ARITH[node.op])(left, right)


def _single(values: tuple[Any, ...]) -> Any:
    return values[0] if values else None


def _attribute(node: Attr, ctx: Context) -> int:
    target = _single(select(node.target, ctx))
    if target is None:
        return 0
    if isinstance(target, int):  # a player
        player = ctx.state.players[target]
        from kemble_tools.engine.player_stats import stat

        values = {
            "energy": player.energy,
            "max_energy": stat(ctx.bundle, ctx.state, target, "max_energy"),
            "threat_points": player.threat_points,
            "threat_level": threat_level(player.threat_points),
            "glory": player.glory,
            "bellonium": player.bellonium,
            "powerups": len(player.hand),
            "row": player.position[0] if player.position else 0,
            "column": player.position[1] if player.position else 0,
        }
        if node.name == "moves_left":
            from kemble_tools.engine.player_stats import moves_left

            return moves_left(ctx.bundle, ctx.state, target)
        return values[node.name]
    return _quadrant_attribute(target, node.name, ctx)


def _quadrant_attribute(ref: QuadrantRef, name: str, ctx: Context) -> int:
    board = ctx.board
    quadrant = board.quadrant(ref)
    pos = board.pos_of(ref) or (0, 0)
    reward = quadrant.get("reward", {})
    turn = ctx.state.turn
    return {
        "energy": quadrant.get("energy", 0),
        "threat": quadrant_threat(quadrant),
        "damage_taken": turn.damage_on(ref) if turn else 0,
        "row": pos[0],
        "column": pos[1],
        "glory_reward": reward.get("glory", 0),
        "bellonium_reward": reward.get("bellonium", 0),
    }[name]


def _call(node: Call, ctx: Context) -> Any:
    args = [evaluate(arg, ctx) for arg in node.args]
    state, board = ctx.state, ctx.board
    name = node.function
    if name == "count":
        return len(args[0])
    if name in ("min", "max"):
        return (min if name == "min" else max)(args)
    if name == "parts_left":
        return sum(
            1
            for ref in board.boss_parts()
            if board.quadrant(ref).get("special") == args[0] and board.destructible(ref)
        ) + sum(
            1
            for row in state.boss_rows_pending
            for card in row
            for q in board.card(card)["quadrants"]
            if q.get("special") == args[0] and "energy" in q
        )
    first = _single(args[0]) if isinstance(args[0], tuple) else args[0]
    if first is None:
        return False if name != "counter" and name != "upgrade_level" else 0
    if name == "marked":
        ref = _single(args[1])
        return ref is not None and (ref, first) in state.markers
    if name == "occupied":
        pos = board.pos_of(first)
        return pos is not None and board.player_at(pos) is not None
    if name == "standing_on":
        ref = _single(args[1])
        return ref is not None and state.players[first].position == board.pos_of(ref)
    if name == "is_astral":
        return state.players[first].astral
    if name == "is_enemy":
        return bool(board.kind(first)["enemy"])
    if name == "shows":
        return board.quadrant(first)["object"] == args[1]
    if name == "counter":
        return state.players[first].counter(args[1])
    if name == "upgrade_level":
        return state.players[first].level(args[1])
    raise ValueError(f"unknown function {name}")  # pragma: no cover - the compiler checks


def select(node: Select, ctx: Context) -> tuple[Any, ...]:
    """The players (indexes), quadrants (refs) or cards (ids) a selector gives, in board order."""
    name, args = node.name, {k: v for k, v in node.args.items()}
    state, board = ctx.state, ctx.board
    if name in (
        "player",
        "active_player",
        "shooter",
        "owner",
        "this_quadrant",
        "event_quadrant",
        "chosen",
    ):
        value = ctx.bound(name)
        return () if value is None else (value,)
    if name == "matching_players":
        return tuple(ctx.bound(name) or ())
    if name == "all_players":
        return tuple(range(len(state.players)))
    if name == "players_in_play":
        return tuple(i for i, p in enumerate(state.players) if p.position and not p.astral)
    if name == "player_quadrant":
        player = ctx.bound("player")
        pos = state.players[player].position if player is not None else None
        return (board.ref_at(pos),) if pos and board.inside(pos) else ()
    if name == "this_card":
        host = ctx.frame.host
        return (host[0],) if host else ()
    if name == "boss_parts":
        return tuple(board.boss_parts())
    return _select_with_arguments(name, args, ctx, state, board)


def _positions_of(value: Any, ctx: Context) -> list[tuple[int, int]]:
    refs = evaluate(value, ctx)
    return [p for p in (ctx.board.pos_of(ref) for ref in refs) if p is not None]


def _select_with_arguments(
    name: str, args: dict[str, Any], ctx: Context, state: State, board: Board
) -> tuple[Any, ...]:
    players = [(i, p.position) for i, p in enumerate(state.players) if p.position and not p.astral]
    if name == "players_adjacent":
        spots = _positions_of(args["to"], ctx)
        return tuple(i for i, pos in players if any(board.adjacent(pos, s) for s in spots))
    if name == "players_in_row":
        rows = {s[0] for s in _positions_of(args["of"], ctx)}
        return tuple(i for i, pos in players if pos[0] in rows)
    if name == "players_in_line":
        direction = evaluate(args["direction"], ctx)
        through = bool(evaluate(args.get("through_all", Lit(False)), ctx))
        spots = _positions_of(args["from"], ctx)
        return tuple(
            i
            for i, pos in players
            if any(line_reaches(board, s, direction, pos, through) for s in spots)
        )
    if name == "adjacent_quadrants":
        orthogonal = bool(evaluate(args.get("orthogonal", Lit(False)), ctx))
        spots = _positions_of(args["to"], ctx)
        found = {n for s in spots for n in board.neighbours(s, orthogonal)}
        return tuple(board.ref_at(p) for p in sorted(found))
    if name == "quadrants_of":
        return _quadrants_of(args, ctx, board)
    if name == "adjacent_cards":
        cards = evaluate(args["to"], ctx)
        return tuple(_adjacent_cards(board, cards))
    raise ValueError(f"unknown selector {name}")  # pragma: no cover - the compiler checks


def _quadrants_of(args: dict[str, Any], ctx: Context, board: Board) -> tuple[QuadrantRef, ...]:
    kind = evaluate(args["object"], ctx)
    unoccupied = bool(evaluate(args.get("unoccupied", Lit(False)), ctx))
    except_this = bool(evaluate(args.get("except_this", Lit(False)), ctx))
    near = _positions_of(args["near"], ctx) if "near" in args else None
    found = []
    for pos in board.positions():
        ref = board.ref_at(pos)
        if board.quadrant(ref)["object"] != kind:
            continue
        if unoccupied and board.player_at(pos) is not None:
            continue
        if except_this and ref == ctx.frame.host:
            continue
        if near is not None and not any(board.adjacent(pos, n) for n in near):
            continue
        found.append(ref)
    return tuple(found)


def _adjacent_cards(board: Board, cards: tuple[str, ...]) -> list[str]:
    found: list[str] = []
    for card in cards:
        where = board.card_pos(card)
        if where is None:
            continue
        row, index = where
        for r, i in ((row, index - 1), (row, index + 1), (row - 1, index), (row + 1, index)):
            if 1 <= r <= board.height and 1 <= i <= len(board.state.rows[r - 1]):
                neighbour = board.state.rows[r - 1][i - 1]
                if neighbour not in found and neighbour not in cards:
                    found.append(neighbour)
    return found
