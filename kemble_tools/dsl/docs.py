"""`docs/dsl.md`, generated from the DSL's definition so the reference cannot fall behind it."""

from __future__ import annotations

from kemble_tools.dsl import spec

INTRO = """\
# The effect DSL

Everything a card, an object kind, a boss, an upgrade, a sensor card, a power-up, a mission or an
achievement *does* is written as **effects** in YAML and compiled (`kemble compile`) into typed IR
that the engine runs. This page is generated from `kemble_tools/dsl/spec.py` by
`kemble generate`; a test fails when it is out of date. DSL version: {version}.

## Effects

```yaml
effects:
  - on: on_enter                      # a trigger: when this runs
    if: not marked(player, this_quadrant)   # optional condition (an expression)
    do:                               # actions, in order
      - gain_reward: {{}}
      - mark: {{}}
```

An action is a one-key mapping `{{action: arguments}}`. Arguments left out take their defaults;
where an action has a main argument a bare value stands for it (`- damage: 2` is
`- damage: {{amount: 2}}`). Numbers and conditions may be expressions (see Expressions).

### Hosts and what is available

What an effect may refer to depends on what carries it:

- **quadrant** hosts — an object kind's effects (`cards/objects.yaml`) and a boss special rule
  carried by some of the boss's quadrants: `this_quadrant` and `this_card` are available.
- **boss** host — a boss special rule that no card carries: boss-wide, no quadrant.
- **owned** hosts — upgrades, sensor cards, power-ups, missions, achievements: `owner` is
  available. Some triggers only make sense here.

Each trigger lists every name it provides and what that name means there. `choose` adds
`chosen` inside its `then`, and `reveal_sensors` adds `matching_players`. Using a name where it
is not available is a compile error (`dsl.unavailable`), and so is an action a trigger cannot
carry out (`dsl.not_in_trigger`).

A name may be *nobody* in some events (`shooter` when no shot was fired): then it selects no
player, actions on it do nothing, its attributes read 0, and `==` with it is false.
"""


def _param_line(param: spec.Param) -> str:
    default = (
        "required"
        if param.required
        else (f"default `{param.default}`" if param.default is not None else "optional")
    )
    return f"- `{param.name}` ({param.type}, {default}): {param.doc}"


# Where the host's own names exist, by the hosts a trigger runs on.
_HOST_NAMES = (
    ("this_quadrant", spec.QUADRANT_HOST, "on a quadrant"),
    ("this_card", spec.QUADRANT_HOST, "on a quadrant"),
    ("owner", spec.OWNED_HOST, "on a card a player owns"),
)


def _trigger_names(trigger: spec.Trigger) -> list[str]:
    """Every name an effect of this trigger may use, with its meaning there."""
    lines = [f"- `{name}`: {meaning}." for name, meaning in trigger.names.items()]
    for name, host, where in _HOST_NAMES:
        if host in trigger.hosts:
            meaning = spec.HOST_NAMES[name]
            if name == "this_quadrant" and "event_quadrant" in trigger.binds:
                meaning += ", the same as `event_quadrant`"
            lines.append(f"- `{name}` ({where}): {meaning}.")
    heading = "Names:" if lines else "No names of its own."
    notes = ["Only on owned hosts."] if trigger.hosts == spec.OWNED_ONLY else []
    if trigger.refuses:
        refused = ", ".join(f"`{name}`" for name in sorted(trigger.refuses))
        notes.append(f"Refused here (`dsl.not_in_trigger`): {refused}: {trigger.refused_because}.")
    return [heading, "", *lines, *([""] if lines and notes else []), *notes]


def trigger_example(trigger: spec.Trigger) -> str:
    """The reference's example effect for a trigger: its own example, or one threat added."""
    who = "player" if "player" in trigger.binds else "players_in_play"
    actions = trigger.example or f"[add_threat: {{player: {who}, amount: 1}}]"
    return f"- on: {trigger.name}\n  do: {actions}"


def _selector_example(selector: spec.Selector) -> str:
    required = [p for p in selector.params if p.required]
    value = (
        selector.name
        if not required
        else f"{{{selector.name}: {{{', '.join(f'{p.name}: {_sample(p)}' for p in required)}}}}}"
    )
    key = {
        spec.PLAYERS: ("add_threat", "player"),
        spec.QUADRANTS: ("cover", "quadrant"),
        spec.CARDS: ("flip_card", "card"),
    }[selector.type]
    return f"- {key[0]}: {{{key[1]}: {value}}}"


def _sample(param: spec.Param) -> str:
    return {"direction": "S", "object": "wormhole"}.get(param.type, "true")


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


def render() -> str:
    lines = [INTRO.format(version=spec.DSL_VERSION).rstrip(), ""]
    lines += _section(
        "Triggers",
        [
            (
                t.name,
                t.doc,
                _trigger_names(t),
                trigger_example(t),
            )
            for t in spec.TRIGGERS.values()
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
            for a in spec.ACTIONS.values()
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
                _selector_example(s),
            )
            for s in spec.SELECTORS.values()
        ],
    )
    lines += _section(
        "Choices",
        [
            (
                c.name,
                f"{c.doc} Inside `then`, `chosen` is the {c.type} chosen.",
                [],
                f"- choose:\n    {c.example}" + ("" if c.name == "option" else "\n    then: [...]"),
            )
            for c in spec.CHOICES.values()
        ],
    )
    lines += _section(
        "Conditions and functions",
        [
            (f.name, f.doc, [f"Takes {', '.join(f.args)}; gives {f.returns}."], f"expr:{f.example}")
            for f in spec.FUNCTIONS.values()
        ],
    )
    lines += _expressions()
    return "\n".join(lines).rstrip() + "\n"


def _expressions() -> list[str]:
    def table(rows: dict[str, str]) -> list[str]:
        return [f"- `{name}`: {doc}" for name, doc in rows.items()]

    return [
        "## Expressions",
        "",
        "Conditions (`if:`) and numbers may be written as expressions, parsed by a grammar and "
        "type-checked when compiling: numbers, `'text'`, `true`/`false`, selector names, "
        "attributes of a single player or quadrant (`player.energy`), function calls, "
        "`and`/`or`/`not`, comparisons `== != < <= > >=` and `+ - * /` (whole-number "
        "division).",
        "",
        "Game-wide names:",
        "",
        *table({k: v[1] for k, v in spec.GLOBALS.items()}),
        "",
        "Player attributes:",
        "",
        *table(spec.PLAYER_ATTRIBUTES),
        "",
        "Quadrant attributes:",
        "",
        *table(spec.QUADRANT_ATTRIBUTES),
        "",
        "Statistics for `modify`:",
        "",
        *table(spec.STATS),
        "",
        "Counters for `counter(player, 'name')`:",
        "",
        *table(spec.COUNTERS),
        "",
    ]
