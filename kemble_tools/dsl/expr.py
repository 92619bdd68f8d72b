"""Expressions inside effects (`if: "player.energy <= 2"`): a lark grammar and a type checker.

Parsing and checking happen at compile time; what comes out is IR (`kemble_tools.dsl.ir`), typed,
so the engine never meets a malformed or ill-typed expression.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kemble_tools.diagnostics import did_you_mean
from kemble_tools.dsl.expr_parser import Token, Tree
from kemble_tools.dsl.expr_syntax import ExprError, syntax_tree, within_bounds
from kemble_tools.dsl.ir import Attr, Call, Global, Lit, Op, Select
from kemble_tools.dsl.vocabulary import ANY_SET, BOOL, INT, TEXT, Selector, Vocabulary

Typed = tuple[Any, str]  # IR node and its type


@dataclass
class Scope:
    """The names an expression may use: the game's vocabulary, the selectors available here and
    what `chosen` is."""

    vocabulary: Vocabulary
    available: frozenset[str]
    bound_types: dict[str, str]

    def selector_type(self, name: str) -> str:
        return self.bound_types.get(name, self.vocabulary.selectors[name].type)


def parse(text: str, scope: Scope, expected: str) -> Any:
    """Parse and type-check `text`; its type must be `expected` (int or bool)."""
    within_bounds(text)
    tree = syntax_tree(text, scope.vocabulary.prose.call_example)
    node, kind = _check(tree, scope)
    if kind != expected:
        raise ExprError(
            "dsl.type",
            f"this expression is {_describe(scope, kind)}, but {_describe(scope, expected)} is "
            "needed here",
            0,
        )
    return node


_PLAIN = {INT: "a number", BOOL: "a condition (true or false)", TEXT: "text"}


def _describe(scope: Scope, kind: str) -> str:
    found = scope.vocabulary.set_types.get(kind)
    return found.description if found is not None else _PLAIN.get(kind, kind)


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
            "dsl.type",
            f"{role} must be {_describe(scope, kind)}, not {_describe(scope, got)}",
            _offset(tree),
        )
    return node


def _int(tree: Tree, scope: Scope) -> Typed:
    return Lit(int(tree.children[0])), INT


def _string(tree: Tree, scope: Scope) -> Typed:
    return Lit(str(tree.children[0])[1:-1]), TEXT


def _logic(op: str) -> Any:
    def check(tree: Tree, scope: Scope) -> Typed:
        args = tuple(_expect(child, scope, BOOL, f"each side of '{op}'") for child in tree.children)
        return Op(op, args), BOOL

    return check


def _not(tree: Tree, scope: Scope) -> Typed:
    return Op("not", (_expect(tree.children[0], scope, BOOL, "what follows 'not'"),)), BOOL


def _neg(tree: Tree, scope: Scope) -> Typed:
    return Op("neg", (_expect(tree.children[0], scope, INT, "what follows '-'"),)), INT


def _compare(tree: Tree, scope: Scope) -> Typed:
    left, comp, right = tree.children
    op = str(comp)
    (lnode, ltype), (rnode, rtype) = _check(left, scope), _check(right, scope)
    if op in ("==", "!=") and ltype == rtype and ltype != BOOL:
        sets = scope.vocabulary.set_types
        if ltype in sets and not (_single(left, scope) and _single(right, scope)):
            raise ExprError(
                "dsl.type",
                f"only single {_with_attributes(scope, plural=True)} can be compared with "
                f"'{op}'; use count(...) for sets",
                _offset(tree),
            )
        return Op(op, (lnode, rnode)), BOOL
    for kind, side in ((ltype, left), (rtype, right)):
        if kind != INT:
            raise ExprError(
                "dsl.type", f"'{op}' compares numbers, not {_describe(scope, kind)}", _offset(side)
            )
    return Op(op, (lnode, rnode)), BOOL


def _single(tree: Tree | Token, scope: Scope) -> bool:
    if not (isinstance(tree, Tree) and tree.data == "name"):
        return False
    found = scope.vocabulary.selectors.get(str(tree.children[0]))
    return found is not None and found.single


def _with_attributes(scope: Scope, plural: bool = False) -> str:
    """'player or quadrant': the things that have attributes, as the messages name them."""
    sets = [s for s in scope.vocabulary.set_types.values() if s.attributes]
    return " or ".join(s.name if plural else s.noun for s in sets)


def _arith(tree: Tree, scope: Scope) -> Typed:
    left, op, right = tree.children
    args = (
        _expect(left, scope, INT, f"the left of '{op}'"),
        _expect(right, scope, INT, f"the right of '{op}'"),
    )
    return Op("//" if str(op) == "/" else str(op), args), INT


def _name(tree: Tree, scope: Scope) -> Typed:
    token = tree.children[0]
    name = str(token)
    words = scope.vocabulary
    if name in words.globals:
        return Global(name), words.globals[name][0]
    _require_selector(name, token, scope)
    selector = words.selectors[name]
    if any(p.required for p in selector.params):
        raise ExprError(
            "dsl.arguments",
            f"selector '{name}' needs arguments; use it in an action argument instead",
            _offset(token),
        )
    return Select(name, _defaults(selector, token, scope)), scope.selector_type(name)


def _defaults(selector: Selector, token: Token, scope: Scope) -> dict[str, Any]:
    """A bare selector takes its parameters' defaults, as in an action argument
    (`players_adjacent` is adjacent to `this_quadrant`); an unavailable default is an error."""
    args: dict[str, Any] = {}
    for param in selector.params:
        if param.default is None:
            continue
        if param.type not in scope.vocabulary.set_types:
            args[param.name] = Lit(param.default)
            continue
        needs = scope.vocabulary.selectors[str(param.default)].needs
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
    words = scope.vocabulary
    if name not in words.selectors:
        known = [*words.selectors, *words.globals]
        raise ExprError(
            "dsl.unknown_selector",
            f"unknown name '{name}'",
            _offset(token),
            hint=did_you_mean(name, known) or _attribute_hint(words, name),
        )
    needs = words.selectors[name].needs
    if needs is not None and needs not in scope.available:
        raise ExprError(
            "dsl.unavailable",
            f"'{name}' is not available here",
            _offset(token),
            hint=unavailable_hint(scope, needs),
        )


def _attribute_hint(vocabulary: Vocabulary, name: str) -> str | None:
    """`energy` alone is probably someone's energy."""
    for kind in vocabulary.set_types.values():
        if name in kind.attributes and kind.attribute_hint:
            return kind.attribute_hint.format(name=name)
    return None


def unavailable_hint(scope: Scope, needs: str | None = None) -> str:
    """What is available, and which triggers give the missing name (`shooter`: on_hit and
    on_destroyed), so a designer sees where it means something."""
    words = scope.vocabulary
    names = sorted(
        s.name for s in words.selectors.values() if s.needs is None or s.needs in scope.available
    )
    givers = [t.name for t in words.triggers.values() if needs in t.binds]
    given = f"'{needs}' is given by {', '.join(givers)} only; " if givers else ""
    return f"{given}available here: {', '.join(names)}"


def _attr(tree: Tree, scope: Scope) -> Typed:
    target_token, attr_token = tree.children
    target, attribute = str(target_token), str(attr_token)
    _require_selector(target, target_token, scope)
    selector = scope.vocabulary.selectors[target]
    table = scope.vocabulary.attributes(scope.selector_type(target))
    if not selector.single or not table:
        raise ExprError(
            "dsl.type",
            f"'{target}' is not a single {_with_attributes(scope)}, so it has no attributes",
            _offset(target_token),
        )
    if attribute not in table:
        raise ExprError(
            "dsl.unknown_attribute",
            f"unknown attribute '{attribute}' of '{target}'",
            _offset(attr_token),
            hint=did_you_mean(attribute, tuple(table)) or f"attributes: {', '.join(table)}",
        )
    return Attr(Select(target), attribute), INT


def _call(tree: Tree, scope: Scope) -> Typed:
    token, *args = tree.children
    name = str(token)
    functions = scope.vocabulary.functions
    function = functions.get(name)
    if function is None:
        raise ExprError(
            "dsl.unknown_function",
            f"unknown function '{name}'",
            _offset(token),
            hint=did_you_mean(name, tuple(functions)) or f"functions: {', '.join(functions)}",
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
        if kind != wanted and not (wanted == ANY_SET and kind in scope.vocabulary.set_types):
            raise ExprError(
                "dsl.type",
                f"{name}() needs {_describe(scope, wanted)} here, not {_describe(scope, kind)}",
                _offset(arg),
            )
        nodes.append(node)
    _check_text_argument(scope, function.text, args, nodes)
    return Call(name, tuple(nodes)), function.returns


def _check_text_argument(
    scope: Scope, kind: str | None, args: list[Tree], nodes: list[Any]
) -> None:
    """A text argument from a closed list (counter names) is checked here; ids of content are
    checked by the compiler, which has the catalogue."""
    words = scope.vocabulary.words.get(kind or "")
    if words is None or words.table or not (args and isinstance(nodes[-1], Lit)):
        return
    if nodes[-1].value not in words.values:
        choices = tuple(words.values)
        raise ExprError(
            words.code,
            f"unknown {words.what} '{nodes[-1].value}'",
            _offset(args[-1]),
            hint=did_you_mean(str(nodes[-1].value), choices)
            or f"{words.what}s: {', '.join(choices)}",
        )


def _true(tree: Tree, scope: Scope) -> Typed:
    return Lit(True), BOOL


def _false(tree: Tree, scope: Scope) -> Typed:
    return Lit(False), BOOL


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
