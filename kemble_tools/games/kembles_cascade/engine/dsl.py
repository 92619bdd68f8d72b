"""The effect DSL's IR compiled to Python closures, once per bundle.

An expression becomes a function of (game, state, frame); a selector gives a tuple of players
(indexes), quadrants (refs: card * 2 + half, which move with their card) or cards (indexes), in
board order. An action becomes a kernel Step whose handler is the rules' implementation of that
action (rules/effects.py) and whose arguments are compiled the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kemble_tools.dsl.ir import Act, Attr, Call, Global, Lit, Op, Select
from kemble_tools.dsl.ir import Effect as IREffect
from kemble_tools.engine.kernel import Effect, Registry, Step
from kemble_tools.games.kembles_cascade.engine import board
from kemble_tools.games.kembles_cascade.engine.content import COUNTER, STAT, Hooks
from kemble_tools.games.kembles_cascade.engine.rules.queries import damage_taken, seen
from kemble_tools.games.kembles_cascade.engine.state import (
    ACTIVE,
    MATCHING,
    PLAYER,
    QUADRANT,
    RAMMER,
    SHOOTER,
    State,
)
from kemble_tools.games.kembles_cascade.engine.threat import line_reaches, threat_level
from kemble_tools.games.kembles_cascade.vocabulary import PLAYERS, VOCABULARY

Fn = Callable[[Any, State, Any], Any]
NOTHING: tuple[Any, ...] = ()


class Compiler:
    """Compiles one bundle's IR; `kinds` maps object kind ids to their index."""

    def __init__(self, registry: Registry, kinds: dict[str, int], upgrades: dict[str, int]):
        self.registry, self.kinds, self.upgrades = registry, kinds, upgrades
        self._chosen = ""  # what `chosen` selects inside the choice being compiled

    def hooks(self, effects: list[IREffect]) -> Hooks:
        found: dict[str, list[Effect]] = {}
        for effect in effects:
            found.setdefault(effect.trigger, []).append(self.effect(effect))
        return {trigger: tuple(items) for trigger, items in found.items()}

    def effect(self, effect: IREffect) -> Effect:
        condition = None if effect.condition is None else self.expr(effect.condition)
        return Effect(condition, self.steps(effect.actions), effect.trigger)

    def condition(self, node: Any) -> Fn:
        return self.expr(node)

    def steps(self, acts: Any) -> tuple[Step, ...]:
        return tuple(self.step(act) for act in acts)

    def step(self, act: Act) -> Step:
        handler = self.registry.actions[act.action]
        action = VOCABULARY.actions[act.action]
        args: dict[str, Any] = {}
        for name, value in act.args.items():
            if act.action == "choose" and name == "then":
                kind = next(k for k in VOCABULARY.choices if k in act.args)
                outer, self._chosen = self._chosen, VOCABULARY.choices[kind].type
                args[name] = self._argument(value)
                self._chosen = outer
                continue
            args[name] = self._argument(value)
            param = action.param(name)
            if param is not None and param.type == "target":
                # players and quadrants are both numbers: the selector's type tells them apart
                args[f"{name}:players"] = self._selects(value) == PLAYERS
        return Step(act.action, handler, args, act.span)

    def _selects(self, node: Any) -> str:
        if isinstance(node, Select):
            return self._chosen if node.name == "chosen" else VOCABULARY.selectors[node.name].type
        return ""

    def _argument(self, value: Any) -> Any:
        if isinstance(value, dict):  # a choice's named options
            return tuple((name, self.steps(acts)) for name, acts in value.items())
        if isinstance(value, (list, tuple)):
            if value and all(isinstance(item, Act) for item in value):
                return self.steps(value)
            return tuple(self.expr(item) for item in value)
        return self.expr(value)

    # --- expressions -----------------------------------------------------------------------------

    def expr(self, node: Any) -> Fn:
        if isinstance(node, Lit):
            value = node.value
            return lambda g, s, f: value
        if isinstance(node, Global):
            if node.name == "round":
                return lambda g, s, f: s.round
            return lambda g, s, f: len(s.players)
        if isinstance(node, Select):
            return self.select(node)
        if isinstance(node, Attr):
            return self._attribute(node)
        if isinstance(node, Call):
            return self._call(node)
        if isinstance(node, Op):
            return self._operator(node)
        return lambda g, s, f: node

    def _operator(self, node: Op) -> Fn:
        args = [self.expr(arg) for arg in node.args]
        op = node.op
        if op == "and":
            return lambda g, s, f: all(a(g, s, f) for a in args)
        if op == "or":
            return lambda g, s, f: any(a(g, s, f) for a in args)
        if op == "not":
            (a,) = args
            return lambda g, s, f: not a(g, s, f)
        if op == "neg":
            (a,) = args
            return lambda g, s, f: -a(g, s, f)
        left, right = args
        return _BINARY[op](left, right)

    def _attribute(self, node: Attr) -> Fn:
        target = self.select(node.target)
        name = node.name
        if node.target.name in _PLAYER_SELECTORS:
            read = _PLAYER_ATTRIBUTES[name]

            def player_attribute(g: Any, s: State, f: Any) -> int:
                found = target(g, s, f)
                return read(g, s, found[0]) if found else 0

            return player_attribute
        read_quadrant = _QUADRANT_ATTRIBUTES[name]

        def quadrant_attribute(g: Any, s: State, f: Any) -> int:
            found = target(g, s, f)
            return read_quadrant(g, s, f, found[0]) if found else 0

        return quadrant_attribute

    def _call(self, node: Call) -> Fn:
        name = node.function
        if name in ("shows", "counter", "upgrade_level"):
            return self._call_with_name(name, self.expr(node.args[0]), node.args[1].value)
        args = [self.expr(arg) for arg in node.args]
        if name == "count":
            (a,) = args
            return lambda g, s, f: len(a(g, s, f))
        if name in ("min", "max"):
            pick = min if name == "min" else max
            a, b = args
            return lambda g, s, f: pick(a(g, s, f), b(g, s, f))
        if name == "parts_left":
            (rule,) = args
            return lambda g, s, f: g.parts_left(s, rule(g, s, f))
        if name == "is_enemy":
            (where,) = args
            return lambda g, s, f: (
                bool(q := where(g, s, f)) and seen(g, s, f.bindings, q[0]).kind.enemy
            )
        test = _PREDICATES[name]
        return lambda g, s, f: test(g, s, *(a(g, s, f) for a in args))

    def _call_with_name(self, name: str, first: Fn, text: str) -> Fn:
        if name == "shows":
            kind = self.kinds[text]

            def shows(g: Any, s: State, f: Any) -> bool:
                found = first(g, s, f)
                return bool(found) and seen(g, s, f.bindings, found[0]).kind.index == kind

            return shows
        if name == "counter":
            slot = COUNTER[text]
            return lambda g, s, f: s.players[p[0]].counters[slot] if (p := first(g, s, f)) else 0
        upgrade = self.upgrades.get(text, -1)
        return lambda g, s, f: (
            s.players[p[0]].upgrades[upgrade] if (p := first(g, s, f)) and upgrade >= 0 else 0
        )

    # --- selectors -----------------------------------------------------------------------------

    def select(self, node: Select) -> Fn:
        name = node.name
        slot = _BOUND.get(name)
        if slot is not None:
            return lambda g, s, f: NOTHING if (v := f.bindings[slot]) is None else (v,)
        if name == "matching_players":
            return lambda g, s, f: f.bindings[MATCHING] or NOTHING
        if name == "chosen":
            return lambda g, s, f: NOTHING if f.chosen is None else (f.chosen,)
        if name == "owner":
            return lambda g, s, f: (f.owner,) if f.owner >= 0 else NOTHING
        if name == "this_quadrant":
            return lambda g, s, f: (f.host,) if f.host >= 0 else NOTHING
        if name == "this_card":
            return lambda g, s, f: (f.host // 2,) if f.host >= 0 else NOTHING
        if name == "all_players":
            return lambda g, s, f: tuple(range(len(s.players)))
        if name == "players_in_play":
            return lambda g, s, f: tuple(i for i, p in enumerate(s.players) if p.pos >= 0)
        if name == "player_quadrant":
            return _player_quadrant
        if name == "boss_parts":
            return lambda g, s, f: g.boss_parts(s)
        args = {key: self.expr(value) for key, value in node.args.items()}
        return getattr(self, f"_select_{name}")(args, node.args)

    def _select_players_adjacent(self, args: dict[str, Fn], raw: dict[str, Any]) -> Fn:
        to = args["to"]

        def players_adjacent(g: Any, s: State, f: Any) -> tuple[int, ...]:
            spots = g.cells_of(s, to(g, s, f))
            return tuple(
                i
                for i, p in enumerate(s.players)
                if p.pos >= 0 and any(board.adjacent(s, p.pos, c) for c in spots)
            )

        return players_adjacent

    def _select_players_in_row(self, args: dict[str, Fn], raw: dict[str, Any]) -> Fn:
        of = args["of"]

        def players_in_row(g: Any, s: State, f: Any) -> tuple[int, ...]:
            rows = {c // s.width for c in g.cells_of(s, of(g, s, f))}
            return tuple(
                i for i, p in enumerate(s.players) if p.pos >= 0 and p.pos // s.width in rows
            )

        return players_in_row

    def _select_players_in_line(self, args: dict[str, Fn], raw: dict[str, Any]) -> Fn:
        start, direction = args["from"], args["direction"]
        through = args.get("through_all")

        def players_in_line(g: Any, s: State, f: Any) -> tuple[int, ...]:
            way = direction(g, s, f)
            if isinstance(way, tuple):  # a chosen direction
                way = way[0] if way else None
            everything = bool(through(g, s, f)) if through else False
            spots = g.cells_of(s, start(g, s, f))
            return tuple(
                i
                for i, p in enumerate(s.players)
                if p.pos >= 0 and any(line_reaches(g, s, c, way, p.pos, everything) for c in spots)
            )

        return players_in_line

    def _select_adjacent_quadrants(self, args: dict[str, Fn], raw: dict[str, Any]) -> Fn:
        to, orthogonal = args["to"], args.get("orthogonal")

        def adjacent_quadrants(g: Any, s: State, f: Any) -> tuple[int, ...]:
            only = bool(orthogonal(g, s, f)) if orthogonal else False
            found = {
                n for c in g.cells_of(s, to(g, s, f)) for n in board.neighbours(g.geo, s, c, only)
            }
            return tuple(g.tables.quadrants[s.cells[c]].ref for c in sorted(found))

        return adjacent_quadrants

    def _select_quadrants_of(self, args: dict[str, Fn], raw: dict[str, Any]) -> Fn:
        kind = self.kinds[raw["object"].value]
        unoccupied, except_this = args.get("unoccupied"), args.get("except_this")
        near = args.get("near")

        def quadrants_of(g: Any, s: State, f: Any) -> tuple[int, ...]:
            free = bool(unoccupied(g, s, f)) if unoccupied else False
            not_this = bool(except_this(g, s, f)) if except_this else False
            spots = g.cells_of(s, near(g, s, f)) if near else None
            quadrants = g.tables.quadrants
            found = []
            for cell, q in enumerate(s.cells):
                quadrant = quadrants[q]
                if quadrant.kind.index != kind:
                    continue
                if free and board.player_at(s, cell) is not None:
                    continue
                if not_this and quadrant.ref == f.host:
                    continue
                if spots is not None and not any(board.adjacent(s, cell, n) for n in spots):
                    continue
                found.append(quadrant.ref)
            return tuple(found)

        return quadrants_of

    def _select_adjacent_cards(self, args: dict[str, Fn], raw: dict[str, Any]) -> Fn:
        to = args["to"]
        return lambda g, s, f: g.adjacent_cards(s, to(g, s, f))


def _player_quadrant(g: Any, s: State, f: Any) -> tuple[int, ...]:
    player = f.bindings[PLAYER]
    if player is None:
        return NOTHING
    pos = s.players[player].pos
    return (g.tables.quadrants[s.cells[pos]].ref,) if 0 <= pos < len(s.cells) else NOTHING


_BOUND = {
    "player": PLAYER,
    "active_player": ACTIVE,
    "shooter": SHOOTER,
    "rammer": RAMMER,
    "event_quadrant": QUADRANT,
}
_PLAYER_SELECTORS = frozenset(
    {"player", "active_player", "shooter", "rammer", "owner", "matching_players", "all_players"}
    | {"players_in_play", "players_adjacent", "players_in_row", "players_in_line"}
)


def _compare(test: Callable[[Any, Any], bool]) -> Callable[[Fn, Fn], Fn]:
    def make(a: Fn, b: Fn) -> Fn:
        return lambda g, s, f: test(a(g, s, f), b(g, s, f))

    return make


_BINARY: dict[str, Callable[[Fn, Fn], Fn]] = {
    "==": _compare(lambda x, y: x == y),
    "!=": _compare(lambda x, y: x != y),
    "<": _compare(lambda x, y: x < y),
    "<=": _compare(lambda x, y: x <= y),
    ">": _compare(lambda x, y: x > y),
    ">=": _compare(lambda x, y: x >= y),
    "+": _compare(lambda x, y: x + y),
    "-": _compare(lambda x, y: x - y),
    "*": _compare(lambda x, y: x * y),
    "//": _compare(lambda x, y: x // y if y else 0),
}


def _position(s: State, pos: int, axis: int) -> int:
    return pos // s.width + 1 if axis == 0 else pos % s.width + 1


_PLAYER_ATTRIBUTES: dict[str, Callable[[Any, State, int], int]] = {
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
_QUADRANT_ATTRIBUTES: dict[str, Callable[[Any, State, Any, int], int]] = {
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


_PREDICATES: dict[str, Callable[..., bool]] = {
    "marked": _marked,
    "occupied": _occupied,
    "standing_on": _standing_on,
    "is_astral": _is_astral,
}
