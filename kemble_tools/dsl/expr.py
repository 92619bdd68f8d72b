"""Expressions inside effects (`if: "player.energy <= 2"`): a lark grammar and a type checker.

Parsing and checking happen at compile time; what comes out is IR (`kemble_tools.dsl.ir`), typed,
so the engine never meets a malformed or ill-typed expression.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from kemble_tools.diagnostics import did_you_mean
from kemble_tools.dsl import spec
from kemble_tools.dsl.expr_parser import (
    Lark,
    Lark_StandAlone,
    Token,
    Tree,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)
from kemble_tools.dsl.ir import Attr, Call, Global, Lit, Op, Select

Typed = tuple[Any, str]  # IR node and its type


@dataclass
class Scope:
    """The names an expression may use: selectors available here and what `chosen` is."""

    available: frozenset[str]
    bound_types: dict[str, str]

    def selector_type(self, name: str) -> str:
        return self.bound_types.get(name, spec.SELECTORS[name].type)


class ExprError(Exception):
    """A problem at `offset` (0-based) in the expression text."""

    def __init__(self, code: str, message: str, offset: int, hint: str | None = None):
        super().__init__(message)
        self.code, self.message, self.offset, self.hint = code, message, offset, hint


@cache
def parser() -> Lark:
    """The expression parser, made once."""
    # The LALR tables come generated (`kemble generate`, from dsl/grammar.py): building them from
    # the grammar on every run cost 25 ms, and importing lark itself 35 ms more.
    return Lark_StandAlone()


# Bounds on one expression, far above what a card needs (the longest shipped one has 164
# characters): content comes from strangers, and parsing, checking and the engine's closures all
# recurse over the expression, so its size and depth must stay small.
MAX_CHARS, MAX_TOKENS, MAX_NUMBER = 500, 100, 999
_TOKEN = re.compile(r"'[^']*'|[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[=!<>]=|\S")


def _within_bounds(text: str) -> None:
    if len(text) > MAX_CHARS:
        raise ExprError(
            "dsl.too_complex",
            f"expression is {len(text):,} characters long; the limit is {MAX_CHARS}",
            MAX_CHARS,
            hint="split the condition, or use a named function",
        )
    tokens = list(_TOKEN.finditer(text))
    if len(tokens) > MAX_TOKENS:
        raise ExprError(
            "dsl.too_complex",
            f"expression has {len(tokens)} parts; the limit is {MAX_TOKENS}",
            tokens[MAX_TOKENS].start(),
            hint="split the condition, or use a named function",
        )
    for token in tokens:
        if token.group().isdigit() and int(token.group()) > MAX_NUMBER:
            raise ExprError(
                "dsl.number_too_large",
                f"{token.group()} is past what the game can mean: at most {MAX_NUMBER} here",
                token.start(),
            )


def parse(text: str, scope: Scope, expected: str) -> Any:
    """Parse and type-check `text`; its type must be `expected` (int or bool)."""
    _within_bounds(text)
    tree = _tree(text)
    node, kind = _check(tree, scope)
    if kind != expected:
        raise ExprError(
            "dsl.type",
            f"this expression is {_describe(kind)}, but {_describe(expected)} is needed here",
            0,
        )
    return node


@lru_cache(maxsize=4096)  # content repeats its conditions; the check depends on the scope
def _tree(text: str) -> Tree:
    try:
        return parser().parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text) from None


def _syntax_error(exc: UnexpectedInput, text: str) -> ExprError:
    offset = max(0, (exc.column or 1) - 1) if not isinstance(exc, UnexpectedEOF) else len(text)
    if isinstance(exc, UnexpectedCharacters):
        found = f"'{text[offset]}'" if offset < len(text) else "end of expression"
    elif isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        found = f"'{exc.token}'"
    else:
        found, offset = "end of expression", len(text)
    return ExprError(
        "dsl.expression",
        f"expression syntax error: unexpected {found}",
        offset,
        hint="expressions use names, numbers, 'text', and/or/not, == != < <= > >=, "
        "+ - * /, and calls like count(boss_parts)",
    )


def _describe(kind: str) -> str:
    return {
        "int": "a number",
        "bool": "a condition (true or false)",
        "text": "text",
        spec.PLAYERS: "a set of players",
        spec.QUADRANTS: "a set of quadrants",
        spec.CARDS: "a set of cards",
    }.get(kind, kind)


def _offset(node: Tree | Token) -> int:
    if isinstance(node, Token):
        return (node.column or 1) - 1
    return (node.meta.column or 1) - 1 if not node.meta.empty else 0


def _check(tree: Tree | Token, scope: Scope) -> Typed:
    """Type-check one parse-tree node and build its IR."""
    rule = tree.data if isinstance(tree, Tree) else tree.type
    handler = _HANDLERS.get(str(rule))
    if handler is None:  # pragma: no cover - the grammar and the handlers are written together
        raise ExprError("dsl.expression", f"unsupported expression ({rule})", _offset(tree))
    return handler(tree, scope)


def _expect(tree: Tree | Token, scope: Scope, kind: str, role: str) -> Any:
    node, got = _check(tree, scope)
    if got != kind:
        raise ExprError(
            "dsl.type", f"{role} must be {_describe(kind)}, not {_describe(got)}", _offset(tree)
        )
    return node


def _int(tree: Tree, scope: Scope) -> Typed:
    return Lit(int(tree.children[0])), spec.INT


def _string(tree: Tree, scope: Scope) -> Typed:
    return Lit(str(tree.children[0])[1:-1]), spec.TEXT


def _logic(op: str) -> Any:
    def check(tree: Tree, scope: Scope) -> Typed:
        args = tuple(
            _expect(child, scope, spec.BOOL, f"each side of '{op}'") for child in tree.children
        )
        return Op(op, args), spec.BOOL

    return check


def _not(tree: Tree, scope: Scope) -> Typed:
    return Op(
        "not", (_expect(tree.children[0], scope, spec.BOOL, "what follows 'not'"),)
    ), spec.BOOL


def _neg(tree: Tree, scope: Scope) -> Typed:
    return Op("neg", (_expect(tree.children[0], scope, spec.INT, "what follows '-'"),)), spec.INT


def _compare(tree: Tree, scope: Scope) -> Typed:
    left, comp, right = tree.children
    op = str(comp)
    (lnode, ltype), (rnode, rtype) = _check(left, scope), _check(right, scope)
    if op in ("==", "!=") and ltype == rtype and ltype != spec.BOOL:
        if ltype in spec.SET_TYPES and not (_single(left, scope) and _single(right, scope)):
            raise ExprError(
                "dsl.type",
                "only single players or quadrants can be compared with "
                f"'{op}'; use count(...) for sets",
                _offset(tree),
            )
        return Op(op, (lnode, rnode)), spec.BOOL
    for kind, side in ((ltype, left), (rtype, right)):
        if kind != spec.INT:
            raise ExprError(
                "dsl.type", f"'{op}' compares numbers, not {_describe(kind)}", _offset(side)
            )
    return Op(op, (lnode, rnode)), spec.BOOL


def _single(tree: Tree | Token, scope: Scope) -> bool:
    return (
        isinstance(tree, Tree)
        and tree.data == "name"
        and spec.SELECTORS.get(str(tree.children[0]), spec.SELECTORS["all_players"]).single
    )


def _arith(tree: Tree, scope: Scope) -> Typed:
    left, op, right = tree.children
    args = (
        _expect(left, scope, spec.INT, f"the left of '{op}'"),
        _expect(right, scope, spec.INT, f"the right of '{op}'"),
    )
    return Op("//" if str(op) == "/" else str(op), args), spec.INT


def _name(tree: Tree, scope: Scope) -> Typed:
    token = tree.children[0]
    name = str(token)
    if name in spec.GLOBALS:
        return Global(name), spec.GLOBALS[name][0]
    _require_selector(name, token, scope)
    selector = spec.SELECTORS[name]
    if any(p.required for p in selector.params):
        raise ExprError(
            "dsl.arguments",
            f"selector '{name}' needs arguments; use it in an action argument instead",
            _offset(token),
        )
    return Select(name, _defaults(selector, token, scope)), scope.selector_type(name)


def _defaults(selector: spec.Selector, token: Token, scope: Scope) -> dict[str, Any]:
    """A bare selector takes its parameters' defaults, as in an action argument
    (`players_adjacent` is adjacent to `this_quadrant`); an unavailable default is an error."""
    args: dict[str, Any] = {}
    for param in selector.params:
        if param.default is None:
            continue
        if param.type not in spec.SET_TYPES:
            args[param.name] = Lit(param.default)
            continue
        needs = spec.SELECTORS[str(param.default)].needs
        if needs is not None and needs not in scope.available:
            raise ExprError(
                "dsl.unavailable",
                f"'{selector.name}' alone means {param.name}: {param.default}, which is not "
                "available here",
                _offset(token),
                hint=unavailable_hint(scope, needs),
            )
        args[param.name] = Select(str(param.default))
    return args


def _require_selector(name: str, token: Token, scope: Scope) -> None:
    if name not in spec.SELECTORS:
        known = [*spec.SELECTORS, *spec.GLOBALS]
        raise ExprError(
            "dsl.unknown_selector",
            f"unknown name '{name}'",
            _offset(token),
            hint=did_you_mean(name, known) or _attribute_hint(name),
        )
    needs = spec.SELECTORS[name].needs
    if needs is not None and needs not in scope.available:
        raise ExprError(
            "dsl.unavailable",
            f"'{name}' is not available here",
            _offset(token),
            hint=unavailable_hint(scope, needs),
        )


def _attribute_hint(name: str) -> str | None:
    """`energy` alone is probably someone's energy."""
    if name in spec.PLAYER_ATTRIBUTES:
        return f"attributes belong to someone: write player.{name} or owner.{name}"
    if name in spec.QUADRANT_ATTRIBUTES:
        return f"attributes belong to a quadrant: write this_quadrant.{name}"
    return None


def unavailable_hint(scope: Scope, needs: str | None = None) -> str:
    """What is available, and which triggers give the missing name (`shooter`: on_hit and
    on_destroyed), so a designer sees where it means something."""
    names = sorted(
        s.name for s in spec.SELECTORS.values() if s.needs is None or s.needs in scope.available
    )
    givers = [t.name for t in spec.TRIGGERS.values() if needs in t.binds]
    given = f"'{needs}' is given by {', '.join(givers)} only; " if givers else ""
    return f"{given}available here: {', '.join(names)}"


def _attr(tree: Tree, scope: Scope) -> Typed:
    target_token, attr_token = tree.children
    target, attribute = str(target_token), str(attr_token)
    _require_selector(target, target_token, scope)
    selector = spec.SELECTORS[target]
    kind = scope.selector_type(target)
    table = {spec.PLAYERS: spec.PLAYER_ATTRIBUTES, spec.QUADRANTS: spec.QUADRANT_ATTRIBUTES}
    if not selector.single or kind not in table:
        raise ExprError(
            "dsl.type",
            f"'{target}' is not a single player or quadrant, so it has no attributes",
            _offset(target_token),
        )
    if attribute not in table[kind]:
        raise ExprError(
            "dsl.unknown_attribute",
            f"unknown attribute '{attribute}' of '{target}'",
            _offset(attr_token),
            hint=did_you_mean(attribute, tuple(table[kind]))
            or f"attributes: {', '.join(table[kind])}",
        )
    return Attr(Select(target), attribute), spec.INT


def _call(tree: Tree, scope: Scope) -> Typed:
    token, *args = tree.children
    name = str(token)
    function = spec.FUNCTIONS.get(name)
    if function is None:
        raise ExprError(
            "dsl.unknown_function",
            f"unknown function '{name}'",
            _offset(token),
            hint=did_you_mean(name, tuple(spec.FUNCTIONS))
            or f"functions: {', '.join(spec.FUNCTIONS)}",
        )
    if len(args) != len(function.args):
        raise ExprError(
            "dsl.arguments",
            f"{name}() takes {len(function.args)} argument"
            f"{'s' if len(function.args) != 1 else ''}, not {len(args)}",
            _offset(token),
        )
    nodes = []
    for arg, wanted in zip(args, function.args, strict=True):
        node, kind = _check(arg, scope)
        if kind != wanted and not (wanted == "set" and kind in spec.SET_TYPES):
            raise ExprError(
                "dsl.type",
                f"{name}() needs {_describe(wanted)} here, not {_describe(kind)}",
                _offset(arg),
            )
        nodes.append(node)
    _check_text_argument(name, args, nodes)
    return Call(name, tuple(nodes)), function.returns


_TEXT_CHOICES = {"counter": spec.COUNTERS, "upgrade_level": None, "shows": None}


def _check_text_argument(name: str, args: list[Tree], nodes: list[Any]) -> None:
    """Counter names are a closed list; check them here (ids are checked by the compiler)."""
    choices = _TEXT_CHOICES.get(name)
    if choices is not None and isinstance(nodes[-1], Lit) and nodes[-1].value not in choices:
        raise ExprError(
            "dsl.unknown_counter",
            f"unknown counter '{nodes[-1].value}'",
            _offset(args[-1]),
            hint=did_you_mean(str(nodes[-1].value), tuple(choices))
            or f"counters: {', '.join(choices)}",
        )


def _true(tree: Tree, scope: Scope) -> Typed:
    return Lit(True), spec.BOOL


def _false(tree: Tree, scope: Scope) -> Typed:
    return Lit(False), spec.BOOL


_HANDLERS = {
    "int_": _int,
    "string": _string,
    "true_": _true,
    "false_": _false,
    "or_": _logic("or"),
    "and_": _logic("and"),
    "not_": _not,
    "neg": _neg,
    "compare": _compare,
    "arith": _arith,
    "name": _name,
    "attr": _attr,
    "call": _call,
}


def text_ids(node: Any, function: str) -> list[str]:
    """The text literals passed to `function` anywhere in an expression (for reference checks)."""
    found: list[str] = []
    if isinstance(node, Call):
        if node.function == function and node.args and isinstance(node.args[-1], Lit):
            found.append(str(node.args[-1].value))
        for arg in node.args:
            found.extend(text_ids(arg, function))
    elif isinstance(node, Op):
        for arg in node.args:
            found.extend(text_ids(arg, function))
    return found
