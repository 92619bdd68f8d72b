"""Compiling the values of effects: arguments, selectors, closed words, references to content
and expressions, each checked in its context, with a positioned diagnostic per problem. The
effect compiler (effects.py) builds on it; nested lists of actions are its to compile.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kemble_tools.diagnostics import Diagnostic, did_you_mean
from kemble_tools.dsl.expr import ExprError, Scope, parse, text_ids, unavailable_hint
from kemble_tools.dsl.ir import Act, Lit, Select, Span
from kemble_tools.dsl.vocabulary import (
    ACTIONS,
    BOOL,
    CHOSEN,
    INT,
    Action,
    Param,
    Selector,
    Vocabulary,
)
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YMap
from kemble_tools.validate.catalog import Catalog, Path_

EXPRESSION_TYPES = {INT: int, BOOL: bool}
MAX_LITERAL = 999  # a number written in an effect (MAX_COUNT of the content schemas)


class Skip(Exception):
    """An argument could not be compiled; its diagnostic has been recorded."""


@dataclass
class Context:
    """Where an effect is being compiled: the game's vocabulary, the effect's trigger and the
    names in scope."""

    vocabulary: Vocabulary
    trigger: str
    available: frozenset[str]
    bound: dict[str, str] = field(default_factory=dict)

    def scope(self) -> Scope:
        return Scope(self.vocabulary, self.available, self.bound)

    def with_binds(self, names: dict[str, str]) -> Context:
        available = self.available | frozenset(names)
        return Context(self.vocabulary, self.trigger, available, {**self.bound, **names})


@dataclass
class ValueCompiler:
    """Compiles the values of one document's effects in a game's vocabulary, collecting
    diagnostics."""

    vocabulary: Vocabulary
    doc: Document
    catalog: Catalog
    span_file: str
    # the id of the file's own item whose tables its references look in first (a boss: its
    # special rules); see Words.table
    owner: str | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def actions(self, path: Path_, value: Any, context: Context) -> list[Act] | None:
        """A nested list of actions (`then`, `else`): the effect compiler's to compile."""
        raise NotImplementedError

    # --- arguments ---------------------------------------------------------------------------

    def arguments(
        self,
        path: Path_,
        action: Action,
        given: dict[str, Any],
        context: Context,
        skip: tuple[str, ...] = (),
    ) -> dict[str, Any]:
        args: dict[str, Any] = {}
        failed = False
        for param in action.params:
            if param.name in skip:
                continue
            try:
                value = self.argument(path, action, param, given, context)
            except Skip:
                failed = True
                continue
            if value is not None:
                args[param.name] = value
        if failed:
            raise Skip
        return args

    def argument(
        self,
        path: Path_,
        action: Action,
        param: Param,
        given: dict[str, Any],
        context: Context,
    ) -> Any:
        if param.name in given:
            inner = (
                context.with_binds(self.bound_types(action)) if param.type == ACTIONS else context
            )
            return self.value((*path, param.name), param.type, given[param.name], inner)
        if param.required:
            self.report(
                path,
                "dsl.missing_argument",
                f"'{action.name}' needs '{param.name}' ({param.doc.rstrip('.')})",
            )
            raise Skip
        if param.default is None:
            return None
        if isinstance(param.default, str) and self.vocabulary.is_selection(param.type):
            selector = self.vocabulary.selectors[param.default]
            if selector.needs is not None and selector.needs not in context.available:
                self.report(
                    path,
                    "dsl.missing_argument",
                    f"'{action.name}' needs '{param.name}' here: its default "
                    f"'{param.default}' is not available in '{context.trigger}'",
                    hint=unavailable_hint(context.scope(), selector.needs),
                )
                raise Skip
            return Select(param.default, self._default_selector_args(selector))
        return Lit(param.default)

    def _default_selector_args(self, selector: Selector) -> dict[str, Any]:
        sets = self.vocabulary.set_types
        return {
            p.name: Select(p.default) if p.type in sets else Lit(p.default)
            for p in selector.params
            if p.default is not None
        }

    # --- values ------------------------------------------------------------------------------

    def value(self, path: Path_, kind: str, raw: Any, context: Context) -> Any:
        if kind in EXPRESSION_TYPES:
            return self.expression(path, raw, kind, context)
        if self.vocabulary.is_selection(kind):
            return self.selector(path, raw, kind, context)
        if kind == ACTIONS:
            actions = self.actions(path, raw, context)
            if actions is None:
                raise Skip
            return actions
        return self.word(path, kind, raw, context)

    def word(self, path: Path_, kind: str, raw: Any, context: Context) -> Any:
        """Closed words and references (Words): a direction, a statistic, an object kind; or
        `chosen`, where a choice gave a word of this kind."""
        words = self.vocabulary.words.get(kind)
        if words is None:
            return Lit(raw)
        if raw == CHOSEN and context.bound.get(CHOSEN) == kind:
            return Select(CHOSEN)
        if words.table:
            known = self._table(words.table)
            if raw not in known:
                self.report(
                    path,
                    words.code,
                    f"unknown {words.what} '{raw}'",
                    hint=did_you_mean(str(raw), tuple(known)),
                )
                raise Skip
            return Lit(raw)
        return self._one_of(path, raw, tuple(words.values), words.code, words.what)

    def _one_of(self, path: Path_, raw: Any, choices: tuple[str, ...], code: str, what: str) -> Lit:
        if raw not in choices:
            self.report(
                path,
                code,
                f"unknown {what} '{raw}'",
                hint=did_you_mean(str(raw), choices) or f"one of: {', '.join(choices)}",
            )
            raise Skip
        return Lit(raw)

    def expression(self, path: Path_, raw: Any, kind: str, context: Context) -> Any:
        if isinstance(raw, EXPRESSION_TYPES[kind]) and not (kind == INT and isinstance(raw, bool)):
            if kind == INT and abs(raw) > MAX_LITERAL:
                self.report(
                    path,
                    "dsl.number_too_large",
                    f"{raw:,} is past what the game can mean: at most {MAX_LITERAL:,} here",
                )
                raise Skip
            return Lit(raw)
        if not isinstance(raw, str):
            wanted = "a number" if kind == INT else "a condition"
            self.report(path, "dsl.type", f"expected {wanted}, not {raw!r}")
            raise Skip
        try:
            node = parse(raw, context.scope(), kind)
        except ExprError as exc:
            self.report_in_text(path, exc)
            raise Skip from None
        self._check_text_refs(path, node)
        return node

    def _check_text_refs(self, path: Path_, node: Any) -> None:
        """Ids written as text inside expressions must exist like any other reference."""
        functions = self.vocabulary.functions.values()
        for words in self.vocabulary.words.values():
            if not words.table:
                continue
            known = self._table(words.table)
            for function in (f for f in functions if f.text == words.name):
                for name in text_ids(node, function.name):
                    if name not in known:
                        self.report(
                            path,
                            words.code,
                            f"unknown {words.what} '{name}' in the expression",
                            hint=did_you_mean(name, tuple(known)),
                        )
                        raise Skip

    def _table(self, name: str) -> dict[str, Any]:
        """A catalogue table; a name ending in ':' is one table per owner: the file owner's
        own (a boss's special rules in its file), else all of them together."""
        if not name.endswith(":"):
            return self.catalog.table(name)
        if self.owner is not None:
            return self.catalog.table(f"{name}{self.owner}")
        tables = [t for key, t in self.catalog.items.items() if key.startswith(name)]
        return {item_id: item for table in tables for item_id, item in table.items()}

    def selector(self, path: Path_, raw: Any, kind: str, context: Context) -> Select:
        if isinstance(raw, str):
            name, given = raw, {}
        elif isinstance(raw, YMap) and len(raw) == 1:
            name, params = next(iter(raw.items()))
            given = dict(params) if isinstance(params, dict) else {} if params is None else None
            if given is None:
                self.report((*path, name), "dsl.type", "selector arguments must be a mapping")
                raise Skip
            path = (*path, name)
        else:
            example = next(iter(self.vocabulary.selectors), "name")
            self.report(
                path,
                "dsl.type",
                f"a selector is a name such as '{example}' or {{name: {{arguments}}}}",
            )
            raise Skip
        selectors = self.vocabulary.selectors
        selector = selectors.get(name)
        if selector is None:
            self.report(
                path,
                "dsl.unknown_selector",
                f"unknown selector '{name}'",
                at_key=not isinstance(raw, str),
                hint=did_you_mean(name, tuple(selectors)),
            )
            raise Skip
        if selector.needs is not None and selector.needs not in context.available:
            self.report(
                path,
                "dsl.unavailable",
                f"'{name}' is not available in '{context.trigger}' here",
                at_key=not isinstance(raw, str),
                hint=unavailable_hint(context.scope(), selector.needs),
            )
            raise Skip
        got = context.bound.get(name, selector.type)
        allowed = self.vocabulary.selection_types(kind)
        if got not in allowed:
            self.report(
                path,
                "dsl.type",
                f"'{name}' selects {got}, but {' or '.join(allowed)} are needed here",
                at_key=not isinstance(raw, str),
            )
            raise Skip
        as_action = Action(name, selector.doc, selector.params, "")
        return Select(name, self.arguments(path, as_action, given, context))

    def bound_types(self, action: Action) -> dict[str, str]:
        return {name: self.vocabulary.selectors[name].type for name in action.binds}

    # --- diagnostics ---------------------------------------------------------------------------

    def span(self, path: Path_) -> Span:
        line, column = self.doc.position(path)
        return Span(self.span_file, line, column)

    def report(
        self, path: Path_, code: str, message: str, hint: str | None = None, at_key: bool = False
    ) -> None:
        self.diagnostics.append(self.doc.diagnostic(path, code, message, hint=hint, at_key=at_key))

    def report_in_text(self, path: Path_, exc: ExprError) -> None:
        """Point inside the expression: the string's column plus the offset (after a quote)."""
        line, column = self.doc.position(path)
        source = self.doc.lines[line - 1] if 0 < line <= len(self.doc.lines) else ""
        quoted = column - 1 < len(source) and source[column - 1] in "'\""
        base = self.doc.diagnostic(path, exc.code, exc.message, hint=exc.hint)
        self.diagnostics.append(
            Diagnostic(
                base.file,
                line,
                column + quoted + exc.offset,
                base.pointer,
                exc.code,
                exc.message,
                hint=exc.hint,
            )
        )
