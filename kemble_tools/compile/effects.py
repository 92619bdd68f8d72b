"""Compiling effects: YAML mappings in, typed IR out, with a positioned diagnostic per problem.

The schema has already checked the shape (known triggers and actions, argument names, value
kinds). This pass checks meaning in context: which selectors exist and are available where the
effect runs, argument types, expressions, references to other content, and choices.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kemble_tools.diagnostics import Diagnostic, did_you_mean
from kemble_tools.dsl import spec
from kemble_tools.dsl.expr import ExprError, Scope, parse, text_ids, unavailable_hint
from kemble_tools.dsl.ir import Act, Effect, Lit, Select, Span
from kemble_tools.load.yaml_loader import Document, YList, YMap
from kemble_tools.validate.catalog import Catalog, Path_

HOST_BINDS = {
    spec.QUADRANT_HOST: frozenset({"this_quadrant"}),
    spec.BOSS_HOST: frozenset(),
    spec.OWNED_HOST: frozenset({"owner"}),
}
EXPRESSION_TYPES = {spec.INT: int, spec.BOOL: bool}
MAX_LITERAL = 999  # a number written in an effect (MAX_COUNT of the content schemas)


class Skip(Exception):
    """An argument could not be compiled; its diagnostic has been recorded."""


@dataclass
class Context:
    """Where an effect is being compiled: its host, trigger and the names in scope."""

    host: str
    trigger: str
    available: frozenset[str]
    bound: dict[str, str] = field(default_factory=dict)

    def scope(self) -> Scope:
        return Scope(self.available, self.bound)

    def with_binds(self, names: dict[str, str]) -> Context:
        return Context(
            self.host, self.trigger, self.available | frozenset(names), {**self.bound, **names}
        )


@dataclass
class EffectCompiler:
    """Compiles the effects of one document, collecting diagnostics."""

    doc: Document
    catalog: Catalog
    span_file: str
    boss: str | None = None  # set while compiling a boss's own file
    diagnostics: list[Diagnostic] = field(default_factory=list)

    # --- entry points ----------------------------------------------------------------------

    def effects(self, path: Path_, host: str) -> list[Effect]:
        value = self.doc.resolve(path)
        compiled = []
        for i, item in enumerate(value if isinstance(value, YList) else []):
            if isinstance(item, YMap):
                effect = self._effect((*path, i), item, host)
                if effect is not None:
                    compiled.append(effect)
        return compiled

    def condition(self, path: Path_, available: frozenset[str]) -> Any:
        """A stand-alone condition, such as a boss's defeat condition."""
        text = self.doc.resolve(path)
        context = Context(spec.QUADRANT_HOST, "condition", available)
        try:
            return self._expression(path, text, spec.BOOL, context)
        except Skip:
            return None

    # --- effects and actions ---------------------------------------------------------------

    def _effect(self, path: Path_, item: YMap, host: str) -> Effect | None:
        """Every part of an effect is checked even when an earlier part is wrong, so one run
        shows all of its mistakes; the effect compiles only when every part did."""
        trigger = item.get("on")
        known = trigger in spec.TRIGGERS
        ok = known and host in spec.TRIGGERS[trigger].hosts
        if known and not ok:
            allowed = ", ".join(spec.host_triggers(host))
            self._report(
                (*path, "on"),
                "dsl.trigger_not_here",
                f"'{trigger}' only runs on cards a player owns (power-ups, sensors, "
                "upgrades, missions, achievements)",
                hint=f"triggers here: {allowed}",
            )
        # An unknown trigger (reported by the schema) binds every name a trigger can bind,
        # so that the rest of the effect is checked without false 'not available' errors.
        binds = spec.TRIGGERS[trigger].binds if known else _every_bind()
        context = Context(host, str(trigger), HOST_BINDS[host] | binds)
        condition = None
        if "if" in item:
            try:
                condition = self._expression((*path, "if"), item["if"], spec.BOOL, context)
            except Skip:
                ok = False
        actions = self._actions((*path, "do"), item.get("do"), context)
        if trigger == "passive" and actions is not None and ok:
            ok = self._passive(path, item, actions)
        if actions is None or not ok:
            return None
        return Effect(trigger, condition, tuple(actions), self._span(path))

    def _passive(self, path: Path_, item: YMap, actions: list[Act]) -> bool:
        """The engine keeps an upgrade level's passive changes in its owner's statistics
        (engine/content.py): anything else written as passive would print and do nothing."""
        problems = []
        if path[0] != "upgrades":
            problems.append(((*path, "on"), "only an upgrade level's effects can be passive"))
        if "if" in item:
            problems.append(((*path, "if"), "a passive effect is always in effect: no condition"))
        for i, act in enumerate(actions):
            problem = _passive_problem(act)
            if problem:
                problems.append(((*path, "do", i), problem))
        for where, message in problems:
            self._report(
                where,
                "dsl.passive",
                message,
                hint="passive: modify {stat, by or set: a number, scope: while_owned} of the "
                "owner; use a trigger (on_turn_start, …) for anything else",
            )
        return not problems

    def _actions(self, path: Path_, value: Any, context: Context) -> list[Act] | None:
        if not isinstance(value, YList):
            return None
        compiled: list[Act] = []
        ok = True
        for i, item in enumerate(value):
            act = self._action((*path, i), item, context) if isinstance(item, YMap) else None
            ok = ok and act is not None
            if act is not None:
                compiled.append(act)
        return compiled if ok else None

    def _action(self, path: Path_, item: YMap, context: Context) -> Act | None:
        if len(item) != 1:
            return None  # reported by the schema
        name, raw = next(iter(item.items()))
        action = spec.ACTIONS.get(name)
        if action is None:
            return None  # reported by the schema
        arg_path = (*path, name)
        trigger = spec.TRIGGERS.get(context.trigger)
        if trigger is not None and name in trigger.refuses:
            self._report(
                arg_path,
                "dsl.not_in_trigger",
                f"'{name}' cannot run in '{context.trigger}': {trigger.refused_because}",
                at_key=True,
                hint=f"refused in '{context.trigger}': {', '.join(sorted(trigger.refuses))}",
            )
            return None
        if action.needs is not None and action.needs not in context.available:
            self._report(
                arg_path,
                "dsl.unavailable",
                f"'{name}' needs '{action.needs}', which is not available in "
                f"'{context.trigger}' here: {action.doc}",
                at_key=True,
                hint=unavailable_hint(context.scope(), action.needs),
            )
            return None
        given = self._normalise(action, raw)
        if given is None:
            return None  # reported by the schema
        special = {"choose": self._choose, "modify": self._modify}.get(name)
        try:
            args = (special or self._arguments)(arg_path, action, given, context)
        except Skip:
            return None
        return Act(name, args, self._span(path))

    @staticmethod
    def _normalise(action: spec.Action, raw: Any) -> dict[str, Any] | None:
        """Arguments as a mapping: `- damage: 2` stands for `- damage: {amount: 2}`."""
        if raw is None:
            return {}
        if isinstance(raw, dict):
            return dict(raw)
        return {action.primary: raw} if action.primary else None

    def _arguments(
        self,
        path: Path_,
        action: spec.Action,
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
                value = self._argument(path, action, param, given, context)
            except Skip:
                failed = True
                continue
            if value is not None:
                args[param.name] = value
        if failed:
            raise Skip
        return args

    def _argument(
        self,
        path: Path_,
        action: spec.Action,
        param: spec.Param,
        given: dict[str, Any],
        context: Context,
    ) -> Any:
        if param.name in given:
            inner = context.with_binds(_bound_types(action)) if param.type == "actions" else context
            return self._value((*path, param.name), param.type, given[param.name], inner)
        if param.required:
            self._report(
                path,
                "dsl.missing_argument",
                f"'{action.name}' needs '{param.name}' ({param.doc.rstrip('.')})",
            )
            raise Skip
        if param.default is None:
            return None
        if isinstance(param.default, str) and param.type in (*spec.SET_TYPES, "target"):
            selector = spec.SELECTORS[param.default]
            if selector.needs is not None and selector.needs not in context.available:
                self._report(
                    path,
                    "dsl.missing_argument",
                    f"'{action.name}' needs '{param.name}' here: its default "
                    f"'{param.default}' is not available in '{context.trigger}'",
                    hint=unavailable_hint(context.scope(), selector.needs),
                )
                raise Skip
            return Select(param.default, self._default_selector_args(selector))
        return Lit(param.default)

    def _default_selector_args(self, selector: spec.Selector) -> dict[str, Any]:
        return {
            p.name: Select(p.default) if p.type in spec.SET_TYPES else Lit(p.default)
            for p in selector.params
            if p.default is not None
        }

    # --- values ------------------------------------------------------------------------------

    def _value(self, path: Path_, kind: str, raw: Any, context: Context) -> Any:
        if kind in EXPRESSION_TYPES:
            return self._expression(path, raw, kind, context)
        if kind in (*spec.SET_TYPES, "target"):
            return self._selector(path, raw, kind, context)
        if kind == "actions":
            actions = self._actions(path, raw, context)
            if actions is None:
                raise Skip
            return actions
        return self._word(path, kind, raw, context)

    def _word(self, path: Path_, kind: str, raw: Any, context: Context) -> Any:
        """Closed words and references: directions, statistics, scopes, object kinds."""
        if kind == "direction":
            if raw == "chosen" and context.bound.get("chosen") == "direction":
                return Select("chosen")
            return self._one_of(path, raw, spec.DIRECTIONS, "dsl.direction", "direction")
        if kind == "object":
            known = self.catalog.table("objects")
            if raw not in known:
                self._report(
                    path,
                    "ref.unknown",
                    f"unknown object kind '{raw}'",
                    hint=did_you_mean(str(raw), tuple(known)),
                )
                raise Skip
            return Lit(raw)
        if kind == "stat":
            return self._one_of(path, raw, tuple(spec.STATS), "dsl.unknown_stat", "statistic")
        if kind == "scope":
            return self._one_of(path, raw, spec.SCOPES, "schema.enum", "scope")
        return Lit(raw)

    def _one_of(self, path: Path_, raw: Any, choices: tuple[str, ...], code: str, what: str) -> Lit:
        if raw not in choices:
            self._report(
                path,
                code,
                f"unknown {what} '{raw}'",
                hint=did_you_mean(str(raw), choices) or f"one of: {', '.join(choices)}",
            )
            raise Skip
        return Lit(raw)

    def _expression(self, path: Path_, raw: Any, kind: str, context: Context) -> Any:
        if isinstance(raw, EXPRESSION_TYPES[kind]) and not (
            kind == spec.INT and isinstance(raw, bool)
        ):
            if kind == spec.INT and abs(raw) > MAX_LITERAL:
                self._report(
                    path,
                    "dsl.number_too_large",
                    f"{raw:,} is past what the game can mean: at most {MAX_LITERAL:,} here",
                )
                raise Skip
            return Lit(raw)
        if not isinstance(raw, str):
            wanted = "a number" if kind == spec.INT else "a condition"
            self._report(path, "dsl.type", f"expected {wanted}, not {raw!r}")
            raise Skip
        try:
            node = parse(raw, context.scope(), kind)
        except ExprError as exc:
            self._report_in_text(path, exc)
            raise Skip from None
        self._check_text_refs(path, node)
        return node

    def _check_text_refs(self, path: Path_, node: Any) -> None:
        """Ids written as text inside expressions must exist like any other reference."""
        for function, known, what in (
            ("upgrade_level", self.catalog.table("upgrades"), "upgrade"),
            ("shows", self.catalog.table("objects"), "object kind"),
            ("parts_left", self._special_rules(), "boss special rule"),
        ):
            for name in text_ids(node, function):
                if name not in known:
                    self._report(
                        path,
                        "ref.unknown",
                        f"unknown {what} '{name}' in the expression",
                        hint=did_you_mean(name, tuple(known)),
                    )
                    raise Skip

    def _special_rules(self) -> dict[str, Any]:
        """The special rules of this file's boss, or of every boss elsewhere."""
        if self.boss is not None:
            return self.catalog.table(f"special:{self.boss}")
        tables = [t for name, t in self.catalog.items.items() if name.startswith("special:")]
        return {rule: item for table in tables for rule, item in table.items()}

    def _selector(self, path: Path_, raw: Any, kind: str, context: Context) -> Select:
        if isinstance(raw, str):
            name, given = raw, {}
        elif isinstance(raw, YMap) and len(raw) == 1:
            name, params = next(iter(raw.items()))
            given = dict(params) if isinstance(params, dict) else {} if params is None else None
            if given is None:
                self._report((*path, name), "dsl.type", "selector arguments must be a mapping")
                raise Skip
            path = (*path, name)
        else:
            self._report(
                path, "dsl.type", "a selector is a name such as 'player' or {name: {arguments}}"
            )
            raise Skip
        selector = spec.SELECTORS.get(name)
        if selector is None:
            self._report(
                path,
                "dsl.unknown_selector",
                f"unknown selector '{name}'",
                at_key=not isinstance(raw, str),
                hint=did_you_mean(name, tuple(spec.SELECTORS)),
            )
            raise Skip
        if selector.needs is not None and selector.needs not in context.available:
            self._report(
                path,
                "dsl.unavailable",
                f"'{name}' is not available in '{context.trigger}' here",
                at_key=not isinstance(raw, str),
                hint=unavailable_hint(context.scope(), selector.needs),
            )
            raise Skip
        got = context.bound.get(name, selector.type)
        allowed = (spec.PLAYERS, spec.QUADRANTS) if kind == "target" else (kind,)
        if got not in allowed:
            self._report(
                path,
                "dsl.type",
                f"'{name}' selects {got}, but {' or '.join(allowed)} are needed here",
                at_key=not isinstance(raw, str),
            )
            raise Skip
        as_action = spec.Action(name, selector.doc, selector.params, "")
        return Select(name, self._arguments(path, as_action, given, context))

    # --- special actions -----------------------------------------------------------------------

    def _choose(
        self, path: Path_, action: spec.Action, given: dict[str, Any], context: Context
    ) -> dict[str, Any]:
        kinds = [k for k in spec.CHOICES if k in given]
        if len(kinds) != 1:
            self._report(
                path,
                "dsl.choice",
                "a choice names exactly one of: "
                f"{', '.join(spec.CHOICES)} (found {len(kinds) or 'none'})",
            )
            raise Skip
        kind = kinds[0]
        options = self._choice_options((*path, kind), kind, given[kind], context)
        if kind != "option" and "then" not in given:
            self._report(
                path,
                "dsl.missing_argument",
                "'choose' needs 'then': the actions to run with what was chosen",
            )
            raise Skip
        chosen_type = spec.CHOICES[kind].type
        inner = context.with_binds({"chosen": chosen_type}) if kind != "option" else context
        args = self._arguments(path, action, given, context, skip=(*spec.CHOICES, "then"))
        args[kind] = options
        if "then" in given:
            args["then"] = self._value((*path, "then"), "actions", given["then"], inner)
        return args

    def _choice_options(self, path: Path_, kind: str, raw: Any, context: Context) -> Any:
        if kind == "direction":
            if not isinstance(raw, YList) or not raw:
                self._report(
                    path, "dsl.empty_choice", "a direction choice needs at least one direction"
                )
                raise Skip
            return [self._word((*path, i), "direction", d, context) for i, d in enumerate(raw)]
        if kind == "option":
            if not isinstance(raw, YMap) or not raw:
                self._report(
                    path, "dsl.empty_choice", "an option choice needs at least one named option"
                )
                raise Skip
            return {
                name: self._value((*path, name), "actions", acts, context)
                for name, acts in raw.items()
            }
        return self._selector(path, raw, spec.CHOICES[kind].type, context)

    def _modify(
        self, path: Path_, action: spec.Action, given: dict[str, Any], context: Context
    ) -> dict[str, Any]:
        if ("by" in given) == ("set" in given):
            self._report(path, "dsl.arguments", "'modify' takes exactly one of 'by' and 'set'")
            raise Skip
        return self._arguments(path, action, given, context)

    # --- diagnostics ---------------------------------------------------------------------------

    def _span(self, path: Path_) -> Span:
        line, column = self.doc.position(path)
        return Span(self.span_file, line, column)

    def _report(
        self, path: Path_, code: str, message: str, hint: str | None = None, at_key: bool = False
    ) -> None:
        self.diagnostics.append(self.doc.diagnostic(path, code, message, hint=hint, at_key=at_key))

    def _report_in_text(self, path: Path_, exc: ExprError) -> None:
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


def _passive_problem(act: Act) -> str:
    """Why a passive action would not do what its text says, or ''."""
    if act.action != "modify":
        return f"'{act.action}' cannot be passive: only 'modify' is"
    args = act.args
    if args["player"] not in (Select("player"), Select("owner")):
        return "a passive change is the owner's: 'player' must be left out (or 'owner')"
    if args["scope"] != Lit("while_owned"):
        return "a passive change lasts while owned: 'scope' must be while_owned"
    value = args.get("set", args.get("by"))
    if not (isinstance(value, Lit) and isinstance(value.value, int)):
        return "a passive change is a number: it cannot depend on the game (an expression)"
    return ""


def _every_bind() -> frozenset[str]:
    return frozenset().union(*(trigger.binds for trigger in spec.TRIGGERS.values()))


def _bound_types(action: spec.Action) -> dict[str, str]:
    return {name: spec.SELECTORS[name].type for name in action.binds}
