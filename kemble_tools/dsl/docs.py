"""A game's DSL reference (Kemble's Cascade's is `docs/dsl.md`), generated from its vocabulary so
the reference cannot fall behind it."""

from __future__ import annotations

from collections.abc import Mapping

from kemble_tools.dsl.vocabulary import OPTION, Param, Selector, Trigger, Vocabulary


def _param_line(param: Param) -> str:
    default = (
        "required"
        if param.required
        else (f"default `{param.default}`" if param.default is not None else "optional")
    )
    return f"- `{param.name}` ({param.type}, {default}): {param.doc}"


def _trigger_names(vocabulary: Vocabulary, trigger: Trigger) -> list[str]:
    """Every name an effect of this trigger may use, with its meaning there: the event's, then
    those of each host it runs on."""
    lines = [f"- `{name}`: {meaning}." for name, meaning in trigger.names.items()]
    for host in vocabulary.hosts.values():
        if host.name not in trigger.hosts:
            continue
        for name, meaning in host.names.items():
            same = host.same_as.get(name)
            if same in trigger.binds:
                meaning += f", the same as `{same}`"
            lines.append(f"- `{name}` ({host.where}): {meaning}.")
    heading = "Names:" if lines else "No names of its own."
    only = [host for host in vocabulary.hosts if host in trigger.hosts]
    notes = [f"Only on {' and '.join(only)} hosts."] if len(only) < len(vocabulary.hosts) else []
    if trigger.refuses:
        refused = ", ".join(f"`{name}`" for name in sorted(trigger.refuses))
        notes.append(f"Refused here (`dsl.not_in_trigger`): {refused}: {trigger.refused_because}.")
    return [heading, "", *lines, *([""] if lines and notes else []), *notes]


def trigger_example(trigger: Trigger) -> str:
    """The reference's example effect for a trigger."""
    return f"- on: {trigger.name}\n  do: {trigger.example}"


def _selector_example(vocabulary: Vocabulary, selector: Selector) -> str:
    required = ", ".join(
        f"{p.name}: {_sample(vocabulary, p)}" for p in selector.params if p.required
    )
    value = f"{{{selector.name}: {{{required}}}}}" if required else selector.name
    action, argument = vocabulary.set_types[selector.type].example
    return f"- {action}: {{{argument}: {value}}}"


def _sample(vocabulary: Vocabulary, param: Param) -> str:
    words = vocabulary.words.get(param.type)
    return words.sample if words is not None and words.sample else "true"


def _section(title: str, entries: list[tuple[str, str, list[str], str]]) -> list[str]:
    lines = [f"## {title}", ""]
    for name, doc, details, example in entries:
        lines += [f"### `{name}`", "", doc, ""]
        if details:
            lines += [*details, ""]
        lines += [
            "```yaml" if not example.startswith("expr:") else "```",
            example.removeprefix("expr:"),
            "```",
            "",
        ]
    return lines


def render(vocabulary: Vocabulary) -> str:
    """The whole reference of a game's DSL, in Markdown."""
    lines = [vocabulary.prose.intro.format(version=vocabulary.version).rstrip(), ""]
    lines += _section(
        "Triggers",
        [
            (
                t.name,
                t.doc,
                _trigger_names(vocabulary, t),
                trigger_example(t),
            )
            for t in vocabulary.triggers.values()
        ],
    )
    lines += _section(
        "Actions",
        [
            (
                a.name,
                a.doc,
                ([f"Needs `{a.needs}` in scope."] if a.needs else [])
                + [_param_line(p) for p in a.params]
                + ([f"A bare value stands for `{a.primary}`."] if a.primary else []),
                a.example,
            )
            for a in vocabulary.actions.values()
        ],
    )
    lines += _section(
        "Selectors",
        [
            (
                s.name,
                f"{s.doc} Gives {s.type}" + (" (at most one)." if s.single else "."),
                ([f"Needs `{s.needs}` in scope."] if s.needs else [])
                + [_param_line(p) for p in s.params],
                _selector_example(vocabulary, s),
            )
            for s in vocabulary.selectors.values()
        ],
    )
    lines += _section(
        "Choices",
        [
            (
                c.name,
                f"{c.doc} Inside `then`, `chosen` is the {c.type} chosen.",
                [],
                f"- choose:\n    {c.example}" + ("" if c.type == OPTION else "\n    then: [...]"),
            )
            for c in vocabulary.choices.values()
        ],
    )
    lines += _section(
        "Conditions and functions",
        [
            (f.name, f.doc, [f"Takes {', '.join(f.args)}; gives {f.returns}."], f"expr:{f.example}")
            for f in vocabulary.functions.values()
        ],
    )
    lines += _expressions(vocabulary)
    return "\n".join(lines).rstrip() + "\n"


def _expressions(vocabulary: Vocabulary) -> list[str]:
    def table(heading: str, rows: Mapping[str, str]) -> list[str]:
        return [heading, "", *(f"- `{name}`: {doc}" for name, doc in rows.items()), ""]

    owners = " or ".join(s.noun for s in vocabulary.set_types.values() if s.attributes)
    lines = [
        "## Expressions",
        "",
        "Conditions (`if:`) and numbers may be written as expressions, parsed by a grammar and "
        "type-checked when compiling: numbers, `'text'`, `true`/`false`, selector names, "
        f"attributes of a single {owners} (`{vocabulary.prose.attribute_example}`), function "
        "calls, `and`/`or`/`not`, comparisons `== != < <= > >=` and `+ - * /` (whole-number "
        "division).",
        "",
        *table("Game-wide names:", {k: v[1] for k, v in vocabulary.globals.items()}),
    ]
    for kind in vocabulary.set_types.values():
        if kind.attributes:
            lines += table(f"{kind.noun.capitalize()} attributes:", kind.attributes)
    for words in vocabulary.words.values():
        if words.heading:
            lines += table(words.heading, words.values)
    return lines
