"""The rules text each printed card carries, in the game's own words (../text.py, through
`VOCABULARY.text`): its kind's compiled effects (bs_kinds) with the card's printed values put in.

A kind reads what a card prints as `printed('amount')` and the word `printed` (kinds.yaml); a
card's text must say the value instead ("move the Ship 2 columns left", not "as printed"). So
the effects are bound to the card first: each printed value becomes a literal, a printed word
the card does not give is left out (a Move Toward / Away with no preferred side), a condition on
printed values alone is decided (the XP kind's gain or loss), and a Threat card's one marked
column is named. What is left is rendered by the game's renderer, unchanged.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any

from kemble_tools.dsl.ir import Act, Attr, Call, Effect, Lit, Op, Select, from_json
from kemble_tools.games.bossins_space.vocabulary import VOCABULARY

Bundle = Mapping[str, Any]
Printed = Mapping[str, Any]

# The card field a bare `printed` word stands for, by the argument it is given to.
PRINTED_WORDS = {"dir": ("dir",), "to": ("to", "dir"), "prefer": ("prefer",)}
# A printed number a card leaves out: one (a Heat of 1, a single Move; kinds.yaml).
PRINTED_DEFAULT = 1
# Threat kinds with no effect of their own: the engine runs them (kinds.yaml).
NO_EFFECTS = {
    "activation": "When this resolves: every Enemy card on the grid with the activation icon "
    "activates, in reading order.",  # R-BS-THR-5, D-BS-THR-4
    "empty": "Nothing happens.",  # R-BS-THR-7
}
FOLD: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": operator.floordiv,
    ">": operator.gt,
    ">=": operator.ge,
    "<": operator.lt,
    "<=": operator.le,
    "==": operator.eq,
    "!=": operator.ne,
}
KIND_SECTIONS = {
    "command": ("commands",),
    "threat": ("threat_effects",),
    "enemy": ("enemy_effects",),
    "boss_threat": ("enemy_effects", "boss_effects"),
}


def kind_of(bundle: Bundle, host: str, kind: str) -> Mapping[str, Any]:
    """A kind's entry in the bundle's `kinds` (a Boss Threat card's may be an Enemy effect
    kind or a Boss special)."""
    for section in KIND_SECTIONS[host]:
        found = bundle["kinds"][section].get(kind)
        if found is not None:
            return found  # type: ignore[no-any-return]
    raise KeyError(f"no {host} kind '{kind}'")


def effect_text(bundle: Bundle, host: str, printed: Printed) -> str:
    """The text of one printed kind (`printed` holds its `kind` and its values) on a card of
    `host`."""
    kind = kind_of(bundle, host, printed["kind"])
    if kind.get("variants"):
        effects = kind["variants"][printed[kind["variant_param"]]]
    else:
        effects = kind.get("effects") or []
    if not effects:
        return NO_EFFECTS.get(printed["kind"], "")
    binder = Binder(printed)
    bound = [b for e in from_json(list(effects)) if (b := binder.effect(e, host)) is not None]
    return VOCABULARY.text(bound, host)


def command_text(bundle: Bundle, card: Mapping[str, Any]) -> str:
    return effect_text(bundle, "command", card)


def threat_text(bundle: Bundle, card: Mapping[str, Any]) -> str:
    return effect_text(bundle, "threat", card["effect"])


def activation_texts(bundle: Bundle, card: Mapping[str, Any]) -> list[str]:
    """An Enemy card's activation effects, one text each, in printed order (R-BS-ENE-1)."""
    return [effect_text(bundle, "enemy", effect) for effect in card.get("activation") or []]


def boss_threat_texts(bundle: Bundle, card: Mapping[str, Any]) -> list[str]:
    """A Boss Threat card's effects, left then right, with the Boss as "this card"."""
    return [effect_text(bundle, "boss_threat", effect) for effect in card["effects"]]


def boss_side_text(side: Mapping[str, Any]) -> str:
    """A Boss side's own effects (the DSL written on the side itself), if any."""
    return VOCABULARY.text(from_json(list(side.get("effects") or [])), "boss")


class Binder:
    """Puts a card's printed values into its kind's effects (module docstring)."""

    def __init__(self, printed: Printed) -> None:
        self.printed = printed
        marked = printed.get("columns") or ([printed["column"]] if "column" in printed else [])
        self.marked = list(marked)

    def effect(self, effect: Effect, host: str) -> Effect | None:
        condition = self.value(effect.condition) if effect.condition is not None else None
        if condition == Lit(False):
            return None
        # an Enemy effect kind printed on a Boss Threat card runs when the card resolves
        trigger = "on_timeline" if host == "boss_threat" else effect.trigger
        return Effect(
            trigger,
            None if condition == Lit(True) else condition,
            tuple(self.acts(effect.actions)),
            effect.span,
        )

    def acts(self, acts: Any) -> list[Act]:
        found: list[Act] = []
        for act in acts:
            bound = self.act(act)
            found.extend(bound if isinstance(bound, list) else [bound])
        return found

    def act(self, act: Act) -> Act | list[Act]:
        args: dict[str, Any] = {}
        for name, value in act.args.items():
            if value == Lit("printed"):
                fields = [k for k in PRINTED_WORDS.get(name, ()) if k in self.printed]
                if fields:  # a word the card does not print is left out
                    word = self.printed[fields[0]]
                    args[name] = Lit(word)
                continue
            args[name] = self.value(value)
        if act.action == "if" and isinstance(args["condition"], Lit):
            return args["then"] if args["condition"].value else args.get("else", [])
        return Act(act.action, args, act.span)

    def value(self, node: Any) -> Any:
        if isinstance(node, list | tuple) and node and isinstance(node[0], Act):
            return self.acts(node)
        if isinstance(node, dict):
            return {key: self.value(item) for key, item in node.items()}
        if isinstance(node, Call):
            if node.function == "printed":
                return Lit(self.printed.get(node.args[0].value, PRINTED_DEFAULT))
            return Call(node.function, tuple(self.value(a) for a in node.args))
        if isinstance(node, Op):
            return fold(Op(node.op, tuple(self.value(a) for a in node.args)))
        if isinstance(node, Select):
            if node.name == "marked_columns" and len(self.marked) == 1:
                return Select("column", {"number": Lit(self.marked[0])})
            return Select(node.name, {k: self.value(v) for k, v in node.args.items()})
        if isinstance(node, Attr):
            return Attr(self.value(node.target), node.name)
        return node


def fold(node: Op) -> Any:
    """An operator on literals alone, computed (`0 - 1`, `1 > 0`); anything else as it is."""
    if node.op in FOLD and all(isinstance(a, Lit) for a in node.args) and len(node.args) == 2:
        left, right = (a.value for a in node.args)
        return Lit(FOLD[node.op](left, right))
    if node.op == "neg" and isinstance(node.args[0], Lit):
        return Lit(-node.args[0].value)
    return node


def boss_side_words(boss: Mapping[str, Any], side: str) -> list[str]:
    """What one side of a Boss card says: its own effects, then reminders of what its Shield
    and preferred side do (R-BS-DMG-4, D-BS-BOSS-4, D-BS-BOSS-10) and how it turns over."""
    data = boss["sides"].get(side) or {}
    words = [boss_side_text(data)] if data.get("effects") else []
    if data.get("shield"):
        words.append("Shield: each Command card deals it 1 damage less.")
    else:
        words.append("No Shield: every hit counts.")
    prefer = data.get("prefer") or boss.get("prefer")
    if prefer:
        words.append(f"Moving away with a side to choose, it goes {prefer}.")
    words.append("A Flip turns this card over.")  # D-BS-BOSS-6
    return words
