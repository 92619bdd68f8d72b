"""English for card text, whatever the game: articles, plurals, verb agreement, lists, and the
phrasing of comparisons, logic and arithmetic over the DSL's IR.

A game's card-text renderer words its own selectors, attributes, calls and actions; the helpers
here take a `say` function (the game's words for any sub-expression) and phrase the operators
around them, so that every game reads "half ... (rounded down)" and "neither ... nor ..." alike.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kemble_tools.dsl.ir import Lit, Op

Say = Callable[[Any], str]  # a game's words for an expression node

COMPARE = {
    "==": "is",
    "!=": "is not",
    "<": "is less than",
    "<=": "is at most",
    ">": "is more than",
    ">=": "is at least",
}
NEGATED = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}
ARITHMETIC = ("+", "-", "*", "//")
LOGIC = ("and", "or")

# --- words ---------------------------------------------------------------------------------------


def sentence(text: str) -> str:
    """A capital letter and a full stop."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def article(noun: str) -> str:
    """'an asteroid', 'a wall': English articles (by the first letter)."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def plural_noun(noun: str) -> str:
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + ("es" if noun.endswith(("s", "x", "ch", "sh", "o")) else "s")


def verb(subject: str, third: str, base: str) -> str:
    """'you gain' but 'that player gains'."""
    return f"{subject} {base}" if subject == "you" else f"{subject} {third}"


def be(subject: str) -> str:
    return "are" if subject == "you" else "is"


def or_list(words: list[str]) -> str:
    """'west', 'west or east', 'north, east or south'."""
    return " or ".join(filter(None, [", ".join(words[:-1]), words[-1]]))


def word(name: str) -> str:
    """An id as words: `moves_left` reads 'moves left'."""
    return name.replace("_", " ")


# --- numbers -------------------------------------------------------------------------------------


def is_number(node: Any, value: int) -> bool:
    return isinstance(node, Lit) and not isinstance(node.value, bool) and node.value == value


def is_twice(node: Op) -> bool:
    return node.op == "*" and any(is_number(arg, 2) for arg in node.args)


def literal(node: Lit) -> str:
    """A number as written, a truth value in lower case."""
    return str(node.value).lower() if isinstance(node.value, bool) else str(node.value)


# --- operators -----------------------------------------------------------------------------------


def logic_text(node: Op, say: Say) -> str:
    """'a and b'; an inner and/or reads 'both ... and' / 'either ... or' ("both a and b, or c")."""
    mixed = any(isinstance(a, Op) and a.op in LOGIC for a in node.args)
    joiner = ", or " if node.op == "or" and mixed else f" {node.op} "
    return joiner.join(junct(arg, node.op, say) for arg in node.args)


def junct(arg: Any, op: str, say: Say) -> str:
    """'a and b or c' is ambiguous: an inner and/or reads 'both ... and' / 'either ... or'."""
    text = say(arg)
    if isinstance(arg, Op) and arg.op in LOGIC and arg.op != op:
        lead = {"and": "both", "or": "either"}[arg.op] if len(arg.args) == 2 else "all of"
        return f"{lead} {text}"
    return text


def comparison(op: str, subject: str, other: str, plural: bool = False) -> str:
    """'that player is at least 3', 'your moves are 3': the verb agrees with the subject."""
    relation = COMPARE[op].replace("is", "are" if plural else be(subject), 1)
    return f"{subject} {relation} {other}"


def negation(inner: Any, say: Say, compare: Callable[..., str]) -> str:
    """`not` over what has no negative words of its own: a comparison turned round (by the
    game's `compare(op, left, right)`), 'neither ... nor ...', else 'it is not true that'."""
    if isinstance(inner, Op) and inner.op in NEGATED:
        return compare(NEGATED[inner.op], *inner.args)
    if isinstance(inner, Op) and inner.op == "or" and len(inner.args) == 2:
        first, second = (junct(arg, "or", say) for arg in inner.args)
        return f"neither {first} nor {second}"
    if isinstance(inner, Op) and inner.op == "and":
        return f"it is not true that {junct(inner, 'or', say)}"  # "... that both a and b"
    return f"it is not true that {say(inner)}"


def minus(node: Op, say: Say) -> str:
    """A negative number or expression: 'minus 2'."""
    return f"minus {operand(node.args[0], 'neg', False, say, prefix=True)}"


def arithmetic_text(node: Op, say: Say) -> str:
    """'half x (rounded down)', 'twice x', 'a plus b', 'a divided by b (rounded down)'."""
    left, right = node.args
    if node.op == "//" and is_number(right, 2):
        return f"half {operand(left, '//', False, say, prefix=True)} (rounded down)"
    if node.op == "*" and (is_number(right, 2) or is_number(left, 2)):
        doubled = left if is_number(right, 2) else right
        return f"twice {operand(doubled, '*', False, say, prefix=True)}"
    a = operand(left, node.op, False, say)
    if node.op == "//":
        return f"{a} divided by {operand(right, node.op, True, say)} (rounded down)"
    name = {"+": "plus", "-": "minus", "*": "times"}[node.op]
    return f"{a} {name} {operand(right, node.op, True, say)}"


def operand(node: Any, parent: str, right: bool, say: Say, prefix: bool = False) -> str:
    """An operand of arithmetic, grouped where reading left to right would mislead: after
    'half', 'twice' or 'minus' as a noun phrase ('half the sum of a and b'), elsewhere in
    parentheses ('(a minus 1) times b')."""
    text = say(node)
    if not (isinstance(node, Op) and node.op in ARITHMETIC):
        return text
    grouped = prefix or parent in ("*", "//") or (parent == "-" and right)
    if not grouped or node.op == "//" or is_twice(node):
        return text
    if not prefix:
        return f"({text})"
    a, b = (say(arg) for arg in node.args)
    noun = {"+": "the sum of", "-": "the difference between", "*": "the product of"}[node.op]
    return f"{noun} {a} and {b}"
