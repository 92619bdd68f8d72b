"""Expressions of the effect language read as intervals: the values each can take.

The bounds (`kemble_tools.games.kembles_cascade.solve.bounds`) need, for every amount an
effect can give, the most it can be. Literals are exact; an attribute of the quadrant carrying
the effect is its printed value; a position, a threat level, a count or an upgrade level has a
known ceiling; anything else (energy, Bellonium, a counter, the damage an object has taken) has
none, and an infinite amount turns the bounds off (`Unbounded`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from kemble_tools.dsl.ir import Attr, Call, Global, Lit, Op, Select

INF = math.inf


class Unbounded(Exception):
    """An effect whose gain the analysis cannot bound: the bounds are off for this content."""

    def __init__(self, reason: str, span: Any = None) -> None:
        where = f" ({span.file}:{span.line}:{span.column})" if span is not None else ""
        super().__init__(f"{reason}{where}")


@dataclass(frozen=True, slots=True)
class Interval:
    low: float
    high: float

    @staticmethod
    def of(value: float) -> Interval:
        return Interval(value, value)


ANY = Interval(-INF, INF)
BOOLEAN = Interval(0, 1)
NATURAL = Interval(0, INF)


@dataclass
class Host:
    """The quadrant carrying the effect, as printed (`this_quadrant`'s attributes, the reward
    `gain_reward` gives); None for an effect no quadrant carries (its attributes unknown)."""

    energy: float | None = None
    threat: float | None = None
    reward_energy: float = 0
    reward_bellonium: float = 0
    reward_glory: float | None = None
    cells: int = 40  # quadrants in the play area, at most


# --- expressions -----------------------------------------------------------------------------


def interval(node: Any, host: Host) -> Interval:
    """The values an expression can take."""
    if isinstance(node, Lit):
        value = node.value
        return Interval.of(float(value)) if isinstance(value, (int, bool)) else ANY
    if isinstance(node, Attr):
        return _attribute(node, host)
    if isinstance(node, Call):
        return _call(node, host)
    if isinstance(node, Op):
        return _operation(node, host)
    if isinstance(node, (Select, Global)):
        return ANY
    return ANY


def _attribute(node: Attr, host: Host) -> Interval:
    name = node.name
    if node.target.name == "this_quadrant" and host.energy is not None:
        exact = {
            "energy": host.energy,
            "threat": host.threat,
            "glory_reward": host.reward_glory,
            "bellonium_reward": host.reward_bellonium,
        }.get(name)
        if exact is not None:
            return Interval.of(exact)
    if name in ("row", "column"):
        return Interval(0, host.cells)
    if name == "threat_level":
        return Interval(0, 7)
    if name == "threat_points":
        return Interval(0, 9)
    # energy, bellonium, glory, damage taken, power-ups held …: no useful ceiling
    return NATURAL


def _call(node: Call, host: Host) -> Interval:
    name = node.function
    args = [interval(arg, host) for arg in node.args if not isinstance(arg, (Select, Lit))]
    if name in ("min", "max"):
        a, b = (interval(arg, host) for arg in node.args)
        if name == "min":
            return Interval(min(a.low, b.low), min(a.high, b.high))
        return Interval(max(a.low, b.low), max(a.high, b.high))
    if name in ("count", "parts_left"):
        return Interval(0, host.cells)
    if name == "upgrade_level":
        return Interval(0, 9)
    if name in ("marked", "occupied", "standing_on", "is_astral", "is_enemy", "shows"):
        return BOOLEAN
    del args
    return NATURAL  # counter(…) and anything else: no ceiling


def _operation(node: Op, host: Host) -> Interval:
    op = node.op
    parts = [interval(arg, host) for arg in node.args]
    if op in ("and", "or", "not") or op in ("==", "!=", "<", "<=", ">", ">="):
        return BOOLEAN
    if op == "neg" or (op == "-" and len(parts) == 1):
        (a,) = parts
        return Interval(-a.high, -a.low)
    a, b = parts
    if op == "+":
        return Interval(a.low + b.low, a.high + b.high)
    if op == "-":
        return Interval(a.low - b.high, a.high - b.low)
    if op == "*":
        corners = [_product(x, y) for x in (a.low, a.high) for y in (b.low, b.high)]
        return Interval(min(corners), max(corners))
    if op == "//":  # a division by zero gives 0; otherwise no larger than the dividend's size
        size = max(abs(a.low), abs(a.high))
        return Interval(-size, size)
    return ANY


def _product(x: float, y: float) -> float:
    return 0.0 if x == 0 or y == 0 else x * y


def upper(node: Any, host: Host) -> float:
    return max(0.0, interval(node, host).high)


def lower(node: Any, host: Host) -> float:
    return max(0.0, interval(node, host).low)
