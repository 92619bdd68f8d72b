"""What the DSL's binary operators compute (dsl/expr.py compiles `/` to `//`): one table every
game's interpreter reads, so `7 / 0` is 0 in every game. `and`, `or`, `not` and unary minus are
the interpreters' own, since `and` and `or` must not evaluate their right side needlessly."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "//": lambda x, y: x // y if y else 0,  # a division by zero gives 0, never an error
}
