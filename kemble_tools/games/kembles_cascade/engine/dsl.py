"""The effect DSL's IR compiled to Python closures, once per bundle.

An expression becomes a function of (game, state, frame); a selector gives a tuple of players
(indexes), quadrants (refs: card * 2 + half, which move with their card) or cards (indexes), in
board order. An action becomes a kernel Step whose handler is the rules' implementation of that
action (rules/effects.py) and whose arguments are compiled the same way. The language's
built-in operators, attributes and predicates are in dsl_builtins.py.
"""

from __future__ import annotations

from typing import Any

from kemble_tools.dsl.ir import Act, Attr, Call, Global, Lit, Op, Select
from kemble_tools.dsl.ir import Effect as IREffect
from kemble_tools.engine.kernel import Effect, Registry, Step
from kemble_tools.games.kembles_cascade.engine import board
from kemble_tools.games.kembles_cascade.engine.content import COUNTER, Hooks
from kemble_tools.games.kembles_cascade.engine.dsl_builtins import (
    BINARY,
    BOUND,
    NOTHING,
    PLAYER_ATTRIBUTES,
    PLAYER_SELECTORS,
    PREDICATES,
    QUADRANT_ATTRIBUTES,
    Fn,
    player_quadrant,
)
from kemble_tools.games.kembles_cascade.engine.rules.queries import seen
from kemble_tools.games.kembles_cascade.engine.state import MATCHING, State
from kemble_tools.games.kembles_cascade.engine.threat import line_reaches
from kemble_tools.games.kembles_cascade.vocabulary import PLAYERS, VOCABULARY


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
        return BINARY[op](left, right)

    def _attribute(self, node: Attr) -> Fn:
        target = self.select(node.target)
        name = node.name
        if node.target.name in PLAYER_SELECTORS:
            read = PLAYER_ATTRIBUTES[name]

            def player_attribute(g: Any, s: State, f: Any) -> int:
                found = target(g, s, f)
                return read(g, s, found[0]) if found else 0

            return player_attribute
        read_quadrant = QUADRANT_ATTRIBUTES[name]

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
        test = PREDICATES[name]
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
        slot = BOUND.get(name)
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
            return player_quadrant
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
