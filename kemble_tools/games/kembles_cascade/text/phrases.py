"""Selectors and expressions in Kemble's Cascade's words: "each ship adjacent to this", "that
player's energy is at least 3". The two call each other (a selector's argument may be an
expression, an expression may name a selector), so they live together."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kemble_tools.dsl import english
from kemble_tools.dsl.ir import Attr, Call, Global, Lit, Op, Select
from kemble_tools.dsl.vocabulary import Selector
from kemble_tools.games.kembles_cascade.text.tables import (
    ANY,
    CHOSEN_KIND,
    COUNTERS,
    DIRECTIONS,
    EACH,
    GLOBALS,
    OBJECT_EVENTS,
    OBJECT_NOUNS,
    ONE,
    PLAYER_ATTRIBUTES,
    PLAYER_IS_YOU,
    PLURAL,
    PLURAL_ATTRIBUTES,
    QUADRANT_ATTRIBUTES,
    TRIGGER,
    WORDS,
)

PLAYERS = "players"  # the set type of players (vocabulary/values.py)

# --- selectors -----------------------------------------------------------------------------------


def selector(name: str) -> Selector:
    return WORDS.get().selectors[name]


def selector_text(select: Select, form: str = EACH) -> str:
    """A selector in words: `form` is EACH ("each ship adjacent to this"), ONE ("a ship ..."),
    ANY ("any ship ...") or PLURAL ("ships ..."). A single thing reads the same in each form
    but the plural."""
    name = select.name
    special = _SELECTOR_TEXTS.get(name)
    if special is not None:
        return special(select, form)
    found = selector(name)
    template = found.plural if form == PLURAL else found.phrase
    text = template.format(**{key: arg_text(value, ANY) for key, value in select.args.items()})
    return _determiner(text, form)


def _determiner(text: str, form: str) -> str:
    """Turn an "each ..."/"every ..." phrase into the form wanted."""
    for start in ("each other ", "each ", "every "):
        if text.startswith(start):
            rest = text[len(start) :]
            other = "other " if start == "each other " else ""
            if form == ONE:
                return f"another {rest}" if other else english.article(rest)
            if form == ANY:
                return f"any {other}{rest}"
    return text


def _player(select: Select, form: str) -> str:
    if PLAYER_IS_YOU.get():
        return "you"
    return selector("player").plural if form == PLURAL else "that player"


def _player_quadrant(select: Select, form: str) -> str:
    owner = possessive(Select("player"))
    return f"quadrants under {owner} ship" if form == PLURAL else f"{owner} quadrant"


def _event_quadrant(select: Select, form: str) -> str:
    """On a hit or a destruction the event is about the object there (docs/dsl.md)."""
    if TRIGGER.get() in OBJECT_EVENTS:
        return "objects the event is about" if form == PLURAL else "that object"
    return selector("event_quadrant").plural if form == PLURAL else "that quadrant"


def _chosen(select: Select, form: str) -> str:
    kind = CHOSEN_KIND.get()
    return f"chosen {kind}s" if form == PLURAL else f"the chosen {kind}"


def _adjacent_quadrants(select: Select, form: str) -> str:
    orthogonal, when = flag(select.args.get("orthogonal"))
    words = {"to": arg_text(select.args["to"], ANY), "orthogonally": ""}
    if orthogonal:
        words["orthogonally"] = "orthogonally "
    template = selector("adjacent_quadrants")
    text = (template.plural if form == PLURAL else template.phrase).format(**words)
    if when:
        text += f" (only orthogonally adjacent if {when})"
    return _determiner(text, form)


def _players_in_line(select: Select, form: str) -> str:
    """R-THR-5: a clear line (enemies do not block enemy fire); R-THR-8: through everything."""
    start = arg_text(select.args["from"], ANY)
    direction = select.args["direction"]
    where = (
        f"from {start} in the chosen direction"
        if isinstance(direction, Select)
        else f"{DIRECTIONS[direction.value]} of {start}"
    )
    through, when = flag(select.args.get("through_all"))
    line = "a straight line" if through else "a clear line"
    rest = f"in {line} {where}" + (" (through everything)" if through else "")
    rest += f" (or in any straight line, through everything, if {when})" if when else ""
    return f"ships {rest}" if form == PLURAL else _determiner(f"each ship {rest}", form)


def _quadrants_of(select: Select, form: str) -> str:
    args = select.args
    noun = object_noun(args["object"].value)
    other, other_when = flag(args.get("except_this"))
    free, free_when = flag(args.get("unoccupied"))
    noun = f"{'other ' if other else ''}{'unoccupied ' if free else ''}{noun}"
    details = f" adjacent to {arg_text(args['near'], ANY)}" if "near" in args else ""
    details += f" (only unoccupied ones if {free_when})" if free_when else ""
    details += f" (not this one if {other_when})" if other_when else ""
    if form == PLURAL:
        return f"{english.plural_noun(noun)}{details}"
    return _determiner(f"each {noun}{details}", form)


def first_of(select: Select) -> str:
    """Where an action takes only the first of a set (in board order)."""
    if selector(select.name).single:
        return selector_text(select)
    return f"the first of the {selector_text(select, PLURAL)} (in board order)"


_SELECTOR_TEXTS: dict[str, Callable[[Select, str], str]] = {
    "player": _player,
    "player_quadrant": _player_quadrant,
    "event_quadrant": _event_quadrant,
    "chosen": _chosen,
    "adjacent_quadrants": _adjacent_quadrants,
    "players_in_line": _players_in_line,
    "quadrants_of": _quadrants_of,
}


def flag(value: Any) -> tuple[bool, str]:
    """A yes-or-no argument: its value when written as true or false, else False and the
    condition under which it holds, in words."""
    if value is None:
        return False, ""
    if isinstance(value, Lit):
        return bool(value.value), ""
    return False, expression_text(value)


def arg_text(value: Any, form: str = EACH) -> str:
    if isinstance(value, Select):
        return selector_text(value, form)
    if isinstance(value, Lit):
        return str(value.value).replace("_", " ")
    return expression_text(value)


def possessive(select: Select) -> str:
    phrase = selector_text(select)
    return "your" if phrase == "you" else "its" if phrase == "this" else f"{phrase}'s"


def of(select: Select, noun: str) -> str:
    """'your moves', 'that player's moves', 'the moves of each ship adjacent to this'."""
    if selector(select.name).single:
        return f"{possessive(select)} {noun}"
    return f"the {noun} of {selector_text(select)}"


def object_noun(kind: str) -> str:
    """An object kind as a noun; Bellonium is a proper noun in the rulebook."""
    return OBJECT_NOUNS.get(kind, english.word(kind).replace("bellonium", "Bellonium"))


def selects_players(select: Select) -> bool:
    return selector(select.name).type == PLAYERS


# --- expressions ---------------------------------------------------------------------------------


def expression_text(node: Any) -> str:
    if isinstance(node, Lit):
        return english.literal(node)
    if isinstance(node, Global):
        return GLOBALS[node.name]
    if isinstance(node, Select):
        return selector_text(node)
    if isinstance(node, Attr):
        table = PLAYER_ATTRIBUTES if selects_players(node.target) else QUADRANT_ATTRIBUTES
        return table[node.name].format(p=possessive(node.target))
    if isinstance(node, Call):
        return _call_text(node)
    return _op_text(node)


def _op_text(node: Op) -> str:
    if node.op in english.LOGIC:
        return english.logic_text(node, expression_text)
    if node.op == "not":
        return _not_text(node.args[0])
    if node.op == "neg":
        return english.minus(node, expression_text)
    if node.op in english.COMPARE:
        return compare_text(node.op, *node.args)
    return english.arithmetic_text(node, expression_text)


def compare_text(op: str, left: Any, right: Any) -> str:
    axis = _same_axis(left, right)
    if axis and op in ("==", "!="):
        subject = expression_text(left.target)
        verb = english.be(subject) + (" not" if op == "!=" else "")
        return f"{subject} {verb} in the same {axis} as {expression_text(right.target)}"
    plural = isinstance(left, Attr) and left.name in PLURAL_ATTRIBUTES
    return english.comparison(op, expression_text(left), expression_text(right), plural)


def _same_axis(left: Any, right: Any) -> str:
    """`player.row == this_quadrant.row` reads 'that player is in the same row as this'."""
    if isinstance(left, Attr) and isinstance(right, Attr) and left.name == right.name:
        return left.name if left.name in ("row", "column") else ""
    return ""


def _not_text(inner: Any) -> str:
    if isinstance(inner, Call):
        args = [arg_text(arg) for arg in inner.args]
        negated: dict[str, Callable[[], str]] = {
            "marked": lambda: english.verb(args[0], "has", "have") + f" no marker on {args[1]}",
            "occupied": lambda: f"no ship is on {args[0]}",
            "standing_on": lambda: f"{args[0]} {english.be(args[0])} not on {args[1]}",
            "is_astral": lambda: f"{args[0]} {english.be(args[0])} not astral",
            "is_enemy": lambda: f"{args[0]} is not an enemy",
            "shows": lambda: f"{args[0]} is not {_shows_what(inner.args[1].value)}",
        }
        if inner.function in negated:
            return negated[inner.function]()
    return english.negation(inner, expression_text, compare_text)


def _shows_what(kind: str) -> str:
    return "empty" if kind == "empty" else english.article(object_noun(kind))


def _call_text(node: Call) -> str:
    args = [arg_text(arg) for arg in node.args]
    texts: dict[str, Callable[[], str]] = {
        "count": lambda: f"the number of {arg_text(node.args[0], PLURAL)}",
        "marked": lambda: english.verb(args[0], "has", "have") + f" a marker on {args[1]}",
        "occupied": lambda: f"a ship is on {args[0]}",
        "standing_on": lambda: f"{args[0]} {english.be(args[0])} on {args[1]}",
        "is_astral": lambda: f"{args[0]} {english.be(args[0])} astral",
        "is_enemy": lambda: f"{args[0]} is an enemy",
        "shows": lambda: f"{args[0]} is {_shows_what(node.args[1].value)}",
        "counter": lambda: COUNTERS[node.args[1].value].format(s=args[0]),
        "upgrade_level": lambda: f"{possessive(node.args[0])} {args[1]} level",
        "min": lambda: f"the smaller of {args[0]} and {args[1]}",
        "max": lambda: f"the larger of {args[0]} and {args[1]}",
        "parts_left": lambda: f"the number of {args[0]} parts left",
    }
    return texts[node.function]()
