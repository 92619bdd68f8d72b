"""Compiled expressions and selectors on a Position. A target is a grid space (row * 4 + column
- 1) or BOSS_SPACE; a column is 1-4. The context says whose effect runs (Ctx: host, card,
printed slot, what was chosen)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kemble_tools.dsl.ir import Attr, Call, Global, Lit, Op, Select
from kemble_tools.dsl.operators import OPERATORS
from kemble_tools.games.bossins_space.engine import board
from kemble_tools.games.bossins_space.engine.model import BOSS_SPACE, ROWS, Ctx, Position
from kemble_tools.games.bossins_space.engine.programs import printed

PRINTED = "printed"
THIS_CARD = Select("this_card")
STEP = {"left": -1, "right": 1}
DEFAULTS = {"amount": 1, "distance": 1, "damage": 1, "count": 1}  # 3b-BS: left out, 1


def value(pos: Position, expr: Any, ctx: Ctx) -> Any:
    """An expression's value; a selector gives a list."""
    if isinstance(expr, Lit):
        return expr.value
    if isinstance(expr, Select):
        return select(pos, expr, ctx)
    if isinstance(expr, Global):
        return GLOBALS[expr.name](pos)
    if isinstance(expr, Attr):
        found = select(pos, expr.target, ctx)
        return attribute(pos, found[0], expr.name) if found else 0
    if isinstance(expr, Call):
        return FUNCTIONS[expr.function](pos, ctx, *expr.args)
    return operation(pos, expr, ctx)


def operation(pos: Position, expr: Op, ctx: Ctx) -> Any:
    op, args = expr.op, expr.args
    if op == "and":
        return all(value(pos, a, ctx) for a in args)
    if op == "or":
        return any(value(pos, a, ctx) for a in args)
    if op == "not":
        return not value(pos, args[0], ctx)
    if op == "neg":
        return -value(pos, args[0], ctx)
    return OPERATORS[op](value(pos, args[0], ctx), value(pos, args[1], ctx))


def printed_field(pos: Position, ctx: Ctx, name: str) -> Any:
    host, card_id, slot, _ = ctx
    return printed(pos.rules, host, card_id, slot).get(name, DEFAULTS.get(name))


def this_target(pos: Position, ctx: Ctx) -> list[int]:
    """On an Enemy card, its space; on a Boss Threat card or a Boss side, the marker
    (D-BS-BOSS-9); nothing once the card has left the board (D-BS-ENE-6)."""
    host, card_id = ctx[0], ctx[1]
    if host in ("boss_threat", "boss"):
        return [BOSS_SPACE] if pos.boss_status == "in_play" else []
    at = board.where(pos, card_id) if host == "enemy" else None
    return [] if at is None else [board.space(*at)]


def this_column(pos: Position, ctx: Ctx) -> list[int]:
    if ctx[0] in ("threat", "command"):
        return [pos.column]  # a Timeline card's column
    return [t % 4 + 1 if t != BOSS_SPACE else pos.boss_column or 0 for t in this_target(pos, ctx)]


def columns_arg(pos: Position, expr: Select, ctx: Ctx) -> list[int]:
    column = expr.args.get("column")
    return ship_column(pos, ctx) if column is None else list(value(pos, column, ctx))


def ship_column(pos: Position, ctx: Ctx) -> list[int]:
    """The Ship's column; for a Command card the Gunner aims beside it (R-BS-CREW-4), the
    column its printed slot says (engine/crew.py: 2 left, 3 right)."""
    step = {2: -1, 3: 1}.get(ctx[2], 0) if ctx[0] == "command" else 0
    return [pos.ship + step]


def marked(pos: Position, ctx: Ctx) -> list[int]:
    data = printed(pos.rules, *ctx[:3])
    return list(data["columns"]) if "columns" in data else [int(data["column"])]


def offset(pos: Position, expr: Select, ctx: Ctx) -> list[int]:
    args = expr.args
    start = value(pos, args["from"], ctx) if "from" in args else [pos.ship]
    by = int(value(pos, args["by"], ctx))
    return [c + by for c in start if 1 <= c + by <= 4]  # R-BS-GEO-3: no wrap


def select(pos: Position, expr: Select, ctx: Ctx) -> list[Any]:
    name = expr.name
    if name == "targets":
        return [t for c in columns_arg(pos, expr, ctx) for t in board.targets(pos, c)]
    if name == "nearest_enemy":
        return [found[0] for c in columns_arg(pos, expr, ctx) if (found := board.targets(pos, c))]
    if name == "enemies_in_row":
        row = ROWS.index(value(pos, expr.args["row"], ctx))
        return [board.space(row, c) for c in range(1, 5) if pos.grid[row][c - 1] is not None]
    if name == "column_offset":
        return offset(pos, expr, ctx)
    if name == "column":
        return [int(value(pos, expr.args["number"], ctx))]
    if name == "chosen":
        return [] if ctx[3] is None else [ctx[3]]
    return SIMPLE[name](pos, ctx)


def arg(pos: Position, args: dict[str, Any], name: str, ctx: Ctx, default: Any = None) -> Any:
    return value(pos, args[name], ctx) if name in args else default


def word(pos: Position, args: dict[str, Any], name: str, ctx: Ctx, field: str) -> Any:
    """A closed word argument; `printed` reads the card's own field (dir, to, prefer)."""
    found = arg(pos, args, name, ctx)
    if isinstance(found, list):  # `chosen`: the one word chosen
        found = found[0] if found else None
    if found == "printed":
        data_field = printed_field(pos, ctx, field)
        if data_field is None and field == "dir":  # a Move Toward/Away prints `to`, not `dir`;
            data_field = printed_field(pos, ctx, "to")  # no `prefer` printed is none (R-BS-ENE-12)
        return data_field
    return found


def select_this(pos: Position, ctx: Ctx) -> list[int]:
    return select(pos, THIS_CARD, ctx)


SIMPLE: dict[str, Callable[[Position, Ctx], list[Any]]] = {
    "this_card": this_target,
    "boss": lambda pos, ctx: [BOSS_SPACE] if pos.boss_status == "in_play" else [],
    "all_enemies": lambda pos, ctx: [
        board.space(r, c) for r in range(3) for c in range(1, 5) if pos.grid[r][c - 1]
    ],
    "ship_column": ship_column,
    "this_column": this_column,
    "timeline_column": lambda pos, ctx: [pos.column],
    "marked_columns": marked,
    "all_columns": lambda pos, ctx: [1, 2, 3, 4],
}


def attribute(pos: Position, target: int, name: str) -> int:
    """A target's attribute (vocabulary/values.py TARGET_ATTRIBUTES)."""
    if target == BOSS_SPACE:
        boss = {
            "life": pos.boss_life,
            "damage": 0,
            "damage_taken": int(pos.rules.boss["life"]) - pos.boss_life,
            "xp": 0,
            "shield": int(board.shielded(pos, board.BOSS)),
            "row": pos.boss_row,
            "column": pos.boss_column or 0,
        }
        return boss[name]
    cell = pos.grid[target // 4][target % 4]
    if cell is None:
        return 0
    card = pos.card(cell[0])
    fields = {"damage_taken": cell[1], "row": target // 4 + 1, "column": target % 4 + 1}
    return int(fields[name] if name in fields else card.get(name, 0))


def call_count(pos: Position, ctx: Ctx, arg: Any) -> int:
    return len(value(pos, arg, ctx))


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "count": call_count,
    "upgrade_level": lambda pos, ctx, path: pos.levels.get(value(pos, path, ctx), 0),
    "printed": lambda pos, ctx, name: int(printed_field(pos, ctx, value(pos, name, ctx)) or 0),
    "ship_in": lambda pos, ctx, cols: pos.ship in value(pos, cols, ctx),
    "enemies_in": lambda pos, ctx, cols: sum(
        1 for c in value(pos, cols, ctx) for r in range(3) if pos.grid[r][c - 1] is not None
    ),
    "min": lambda pos, ctx, a, b: min(value(pos, a, ctx), value(pos, b, ctx)),
    "max": lambda pos, ctx, a, b: max(value(pos, a, ctx), value(pos, b, ctx)),
}

GLOBALS: dict[str, Callable[[Position], int]] = {
    "round": lambda pos: pos.round,
    "players_count": lambda pos: 1,
    "ship_life": lambda pos: pos.life,
    "heat": lambda pos: pos.heat,
    "xp": lambda pos: pos.xp,
}
