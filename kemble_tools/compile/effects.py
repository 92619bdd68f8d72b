"""Compiling effects: YAML mappings in, typed IR out, with a positioned diagnostic per problem.

The schema has already checked the shape (known triggers and actions, argument names, value
kinds). This pass checks meaning in context: which selectors exist and are available where the
effect runs, argument types, expressions, references to other content, and choices.
"""

from __future__ import annotations

from typing import Any

from kemble_tools.compile.values import Context, Skip, ValueCompiler
from kemble_tools.dsl.expr import unavailable_hint
from kemble_tools.dsl.ir import Act, Effect
from kemble_tools.dsl.vocabulary import ACTIONS, BOOL, CHOOSE, CHOSEN, OPTION, Action
from kemble_tools.load.yaml_nodes import YList, YMap
from kemble_tools.validate.catalog import Path_


class EffectCompiler(ValueCompiler):
    """Compiles the effects of one document in a game's vocabulary, collecting diagnostics."""

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
        context = Context(self.vocabulary, "condition", available)
        try:
            return self.expression(path, text, BOOL, context)
        except Skip:
            return None

    # --- effects and actions ---------------------------------------------------------------

    def _effect(self, path: Path_, item: YMap, host: str) -> Effect | None:
        """Every part of an effect is checked even when an earlier part is wrong, so one run
        shows all of its mistakes; the effect compiles only when every part did."""
        words = self.vocabulary
        trigger = item.get("on")
        known = trigger in words.triggers
        ok = known and host in words.triggers[trigger].hosts
        if known and not ok:
            hosts = [words.hosts[h].doc for h in words.hosts if h in words.triggers[trigger].hosts]
            self.report(
                (*path, "on"),
                "dsl.trigger_not_here",
                f"'{trigger}' only runs on {' or '.join(hosts)}",
                hint=f"triggers here: {', '.join(words.host_triggers(host))}",
            )
        # An unknown trigger (reported by the schema) binds every name a trigger can bind,
        # so that the rest of the effect is checked without false 'not available' errors.
        binds = words.triggers[trigger].binds if known else words.every_bind()
        context = Context(words, str(trigger), words.hosts[host].binds | binds)
        condition = None
        if "if" in item:
            try:
                condition = self.expression((*path, "if"), item["if"], BOOL, context)
            except Skip:
                ok = False
        actions = self.actions((*path, "do"), item.get("do"), context)
        check = words.triggers[trigger].check if known else None
        if check is not None and actions is not None and ok:
            problems = check(path, item, actions)
            for problem in problems:
                self.report(problem.path, problem.code, problem.message, hint=problem.hint)
            ok = not problems
        if actions is None or not ok:
            return None
        return Effect(trigger, condition, tuple(actions), self.span(path))

    def actions(self, path: Path_, value: Any, context: Context) -> list[Act] | None:
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
        action = self.vocabulary.actions.get(name)
        if action is None:
            return None  # reported by the schema
        arg_path = (*path, name)
        trigger = self.vocabulary.triggers.get(context.trigger)
        if trigger is not None and name in trigger.refuses:
            self.report(
                arg_path,
                "dsl.not_in_trigger",
                f"'{name}' cannot run in '{context.trigger}': {trigger.refused_because}",
                at_key=True,
                hint=f"refused in '{context.trigger}': {', '.join(sorted(trigger.refuses))}",
            )
            return None
        if action.needs is not None and action.needs not in context.available:
            self.report(
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
        compile_args = self._choose if name == CHOOSE else self._exclusive
        try:
            args = compile_args(arg_path, action, given, context)
        except Skip:
            return None
        return Act(name, args, self.span(path))

    @staticmethod
    def _normalise(action: Action, raw: Any) -> dict[str, Any] | None:
        """Arguments as a mapping: `- damage: 2` stands for `- damage: {amount: 2}`."""
        if raw is None:
            return {}
        if isinstance(raw, dict):
            return dict(raw)
        return {action.primary: raw} if action.primary else None

    # --- special actions -----------------------------------------------------------------------

    def _choose(
        self, path: Path_, action: Action, given: dict[str, Any], context: Context
    ) -> dict[str, Any]:
        choices = self.vocabulary.choices
        kinds = [k for k in choices if k in given]
        if len(kinds) != 1:
            self.report(
                path,
                "dsl.choice",
                "a choice names exactly one of: "
                f"{', '.join(choices)} (found {len(kinds) or 'none'})",
            )
            raise Skip
        kind = kinds[0]
        chosen_type = choices[kind].type
        options = self._choice_options((*path, kind), kind, given[kind], context)
        if chosen_type != OPTION and "then" not in given:
            self.report(
                path,
                "dsl.missing_argument",
                "'choose' needs 'then': the actions to run with what was chosen",
            )
            raise Skip
        inner = context.with_binds({CHOSEN: chosen_type}) if chosen_type != OPTION else context
        args = self.arguments(path, action, given, context, skip=(*choices, "then"))
        args[kind] = options
        if "then" in given:
            args["then"] = self.value((*path, "then"), ACTIONS, given["then"], inner)
        return args

    def _choice_options(self, path: Path_, kind: str, raw: Any, context: Context) -> Any:
        chosen = self.vocabulary.choices[kind].type
        if chosen in self.vocabulary.words:  # a list of words to choose from
            if not isinstance(raw, YList) or not raw:
                self.report(
                    path, "dsl.empty_choice", f"a {kind} choice needs at least one {chosen}"
                )
                raise Skip
            return [self.word((*path, i), chosen, d, context) for i, d in enumerate(raw)]
        if chosen == OPTION:
            if not isinstance(raw, YMap) or not raw:
                self.report(
                    path, "dsl.empty_choice", "an option choice needs at least one named option"
                )
                raise Skip
            return {
                name: self.value((*path, name), ACTIONS, acts, context)
                for name, acts in raw.items()
            }
        return self.selector(path, raw, chosen, context)

    def _exclusive(
        self, path: Path_, action: Action, given: dict[str, Any], context: Context
    ) -> dict[str, Any]:
        """The arguments, where exactly one of the action's `one_of` must be given."""
        if action.one_of and sum(name in given for name in action.one_of) != 1:
            names = " and ".join(f"'{name}'" for name in action.one_of)
            self.report(path, "dsl.arguments", f"'{action.name}' takes exactly one of {names}")
            raise Skip
        return self.arguments(path, action, given, context)
