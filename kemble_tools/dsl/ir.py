"""The compiled form of effects: small tagged dataclasses, serialised to and from JSON.

Every node has a `tag` in JSON (its class name in snake case) so the bundle can be read back
without guessing. Source spans lead back to the YAML that produced a node.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any


@dataclass(frozen=True)
class Span:
    file: str
    line: int
    column: int


# --- expressions ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Lit:
    """A literal number, truth value or text."""

    value: int | bool | str


@dataclass(frozen=True)
class Global:
    """A game-wide value such as `round`."""

    name: str


@dataclass(frozen=True)
class Select:
    """A selector: the players, quadrants or cards an effect is about."""

    name: str
    args: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Attr:
    """An attribute of a single player or quadrant: `player.energy`."""

    target: Select
    name: str


@dataclass(frozen=True)
class Call:
    """A function call: `count(boss_parts)`."""

    function: str
    args: tuple[Any, ...]


@dataclass(frozen=True)
class Op:
    """An operator: and, or, not, comparisons, + - * / (integer division) and unary minus."""

    op: str
    args: tuple[Any, ...]


# --- effects -------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Act:
    """One action with its compiled arguments (values, selectors, expressions, nested actions).
    Compared and hashed by identity: the engine's states hold the bundle's own actions."""

    action: str
    args: dict[str, Any]
    span: Span


@dataclass(frozen=True, eq=False)
class Effect:
    """When `trigger` fires and `condition` holds, run `actions` in order."""

    trigger: str
    condition: Any
    actions: tuple[Act, ...]
    span: Span


NODE_TYPES: tuple[type, ...] = (Span, Lit, Global, Select, Attr, Call, Op, Act, Effect)
_TAGS: dict[str, type] = {}
_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def tag_of(cls: type) -> str:
    return _CAMEL.sub("_", cls.__name__).lower()


for _cls in NODE_TYPES:
    _TAGS[tag_of(_cls)] = _cls


def to_json(value: Any) -> Any:
    """Plain JSON data for a node tree (dict keys keep field order, so output is stable)."""
    if is_dataclass(value) and not isinstance(value, type):
        data: dict[str, Any] = {"tag": tag_of(type(value))}
        for f in fields(value):
            data[f.name] = to_json(getattr(value, f.name))
        return data
    if isinstance(value, dict):
        return {key: to_json(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(item) for item in value]
    return value


def from_json(data: Any) -> Any:
    """The node tree back from `to_json`'s output."""
    if isinstance(data, dict):
        if "tag" in data and data["tag"] in _TAGS:
            cls = _TAGS[data["tag"]]
            values = {f.name: from_json(data[f.name]) for f in fields(cls)}
            return cls(
                **{
                    k: tuple(v) if isinstance(v, list) and _is_tuple(cls, k) else v
                    for k, v in values.items()
                }
            )
        return {key: from_json(item) for key, item in data.items()}
    if isinstance(data, list):
        return [from_json(item) for item in data]
    return data


_TUPLE_FIELDS = frozenset({("call", "args"), ("op", "args"), ("effect", "actions")})


def _is_tuple(cls: type, name: str) -> bool:
    return (tag_of(cls), name) in _TUPLE_FIELDS
