"""The syntax of expressions inside effects: their bounds, the generated parser (lark's
standalone parser, `dsl/grammar.py`), and syntax errors positioned in the expression's text."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from kemble_tools.dsl.expr_parser import (
    Lark,
    Lark_StandAlone,
    Tree,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)


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


def within_bounds(text: str) -> None:
    """Refuse an expression too long, of too many parts, or with too large a number."""
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


@lru_cache(maxsize=4096)  # content repeats its conditions; the check depends on the scope
def syntax_tree(text: str, call_example: str) -> Tree:
    """The parse tree of `text`; `call_example` shows a call in the hint of a syntax error."""
    try:
        return parser().parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, text, call_example) from None


def _syntax_error(exc: UnexpectedInput, text: str, call_example: str) -> ExprError:
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
        f"+ - * /, and calls like {call_example}",
    )
