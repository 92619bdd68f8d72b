"""The effect DSL's built-ins, for the compiler (dsl.py): the selectors an event binds, the
operators, the attributes of players and quadrants, and the predicates.

Each reader is a function of (game, state, frame), or of what a compiled expression passes it;
the compiler looks it up once, so a compiled expression calls it directly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kemble_tools.dsl.operators import OPERATORS
from kemble_tools.games.kembles_cascade.engine import board
from kemble_tools.games.kembles_cascade.engine.content import STAT
from kemble_tools.games.kembles_cascade.engine.rules.queries import damage_taken, seen
from kemble_tools.games.kembles_cascade.engine.state import (
    ACTIVE,
    PLAYER,
    QUADRANT,
    RAMMER,
    SHOOTER,
    State,
)
from kemble_tools.games.kembles_cascade.engine.threat import threat_level

Fn = Callable[[Any, State, Any], Any]
NOTHING: tuple[Any, ...] = ()


def player_quadrant(g: Any, s: State, f: Any) -> tuple[int, ...]:
    """The quadrant under the event's player (`player_quadrant`), if the ship is in play."""
    player = f.bindings[PLAYER]
    if player is None:
        return NOTHING
    pos = s.players[player].pos
    return (g.tables.quadrants[s.cells[pos]].ref,) if 0 <= pos < len(s.cells) else NOTHING


# The selectors that read a slot the event bound (kernel frame bindings), and the selectors
# whose values are players (an attribute of them is a player's).
BOUND = {
    "player": PLAYER,
    "active_player": ACTIVE,
    "shooter": SHOOTER,
    "rammer": RAMMER,
    "event_quadrant": QUADRANT,
}
PLAYER_SELECTORS = frozenset(
    {"player", "active_player", "shooter", "rammer", "owner", "matching_players", "all_players"}
    | {"players_in_play", "players_adjacent", "players_in_row", "players_in_line"}
)


def _compare(test: Callable[[Any, Any], Any]) -> Callable[[Fn, Fn], Fn]:
    def make(a: Fn, b: Fn) -> Fn:
        return lambda g, s, f: test(a(g, s, f), b(g, s, f))

    return make


BINARY: dict[str, Callable[[Fn, Fn], Fn]] = {op: _compare(f) for op, f in OPERATORS.items()}


def _position(s: State, pos: int, axis: int) -> int:
    return pos // s.width + 1 if axis == 0 else pos % s.width + 1


PLAYER_ATTRIBUTES: dict[str, Callable[[Any, State, int], int]] = {
    "energy": lambda g, s, i: s.players[i].energy,
    "max_energy": lambda g, s, i: s.players[i].stats[STAT["max_energy"]],
    "threat_points": lambda g, s, i: s.players[i].threat,
    "threat_level": lambda g, s, i: threat_level(s.players[i].threat),
    "glory": lambda g, s, i: s.players[i].glory,
    "bellonium": lambda g, s, i: s.players[i].bellonium,
    "powerups": lambda g, s, i: len(s.players[i].hand),
    "moves_left": lambda g, s, i: g.moves_left(s, i),
    "row": lambda g, s, i: _position(s, p, 0) if (p := s.players[i].pos) >= 0 else 0,
    "column": lambda g, s, i: _position(s, p, 1) if (p := s.players[i].pos) >= 0 else 0,
}


def _cell_attribute(axis: int) -> Callable[[Any, State, Any, int], int]:
    def read(g: Any, s: State, f: Any, ref: int) -> int:
        cell = g.cell_of(s, ref)
        return _position(s, cell, axis) if cell >= 0 else 0

    return read


# The object's attributes read what the effect sees there (queries.seen): on on_hit and
# on_destroyed, the object hit or destroyed, as printed; row and column are the place's.
QUADRANT_ATTRIBUTES: dict[str, Callable[[Any, State, Any, int], int]] = {
    "energy": lambda g, s, f, ref: seen(g, s, f.bindings, ref).energy,
    "threat": lambda g, s, f, ref: seen(g, s, f.bindings, ref).adjacent_threat,
    "damage_taken": lambda g, s, f, ref: damage_taken(g, s, ref, seen(g, s, f.bindings, ref)),
    "row": _cell_attribute(0),
    "column": _cell_attribute(1),
    "glory_reward": lambda g, s, f, ref: seen(g, s, f.bindings, ref).reward.glory,
    "bellonium_reward": lambda g, s, f, ref: seen(g, s, f.bindings, ref).reward.bellonium,
}


def _first(values: Any) -> Any:
    if isinstance(values, tuple):
        return values[0] if values else None
    return values


def _marked(g: Any, s: State, who: Any, where: Any) -> bool:
    player, ref = _first(who), _first(where)
    return player is not None and ref is not None and (ref, player) in s.markers


def _occupied(g: Any, s: State, where: Any) -> bool:
    ref = _first(where)
    if ref is None:
        return False
    cell = g.cell_of(s, ref)
    return cell >= 0 and board.player_at(s, cell) is not None


def _standing_on(g: Any, s: State, who: Any, where: Any) -> bool:
    player, ref = _first(who), _first(where)
    if player is None or ref is None:
        return False
    cell = g.cell_of(s, ref)
    return cell >= 0 and s.players[player].pos == cell


def _is_astral(g: Any, s: State, who: Any) -> bool:
    player = _first(who)
    return player is not None and s.players[player].astral


PREDICATES: dict[str, Callable[..., bool]] = {
    "marked": _marked,
    "occupied": _occupied,
    "standing_on": _standing_on,
    "is_astral": _is_astral,
}
