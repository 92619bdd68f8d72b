"""The committed expression parser (lark's standalone generator, `kemble generate`) is the parser
that lark builds from the grammar today: the same trees, positions and errors on every
expression the shipped content holds and on hand-made edge cases."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from kemble_tools.dsl import expr_parser, grammar
from kemble_tools.generated import PARSER, grammar_digest, parser_source

ROOT = Path(__file__).resolve().parent.parent
FRESH = Lark(grammar.GRAMMAR, **grammar.OPTIONS)
COMMITTED = expr_parser.Lark_StandAlone()

EDGE_CASES = [
    "1",
    "-3 + 4 * 2 - 1 / 2",
    "not (a or b) and c",
    "player.energy <= 2 and count(adjacent_quadrants(), 'mine') > 1",
    "shows(event_quadrant, 'asteroid')",
    "f()",
    "x == 'y'",
    # errors: an unexpected character, token and the end of the text
    "player.energy <= ",
    "a ++ b",
    "a $ b",
    "(a",
    "'open",
    "",
]


def _shipped_expressions() -> list[str]:
    """Every `if:` condition and every quoted or bare expression after `amount:` in the content."""
    found: set[str] = set()
    pattern = re.compile(r"\b(?:if|amount):\s*(\"[^\"]*\"|[^,{}\[\]\n]+)")
    for path in [*ROOT.glob("cards/**/*.yaml"), *ROOT.glob("scenarios/**/*.yaml")]:
        for match in pattern.finditer(path.read_text(encoding="utf-8")):
            found.add(match.group(1).strip().strip('"'))
    return sorted(found)


def _shape(node: Any) -> Any:
    """A tree as plain tuples, with every token's type and column (positions give diagnostics)."""
    if isinstance(node, (Token, expr_parser.Token)):
        return (node.type, str(node), node.column)
    if isinstance(node, (Tree, expr_parser.Tree)):
        column = None if node.meta.empty else node.meta.column
        return (node.data, column, [_shape(child) for child in node.children])
    return node


def _outcome(parser: Any, errors: tuple[type[Exception], ...], text: str) -> Any:
    try:
        return _shape(parser.parse(text))
    except errors as exc:
        return (type(exc).__name__, getattr(exc, "column", None))


def test_the_content_has_expressions_to_compare() -> None:
    assert len(_shipped_expressions()) >= 20


@pytest.mark.parametrize("text", [*_shipped_expressions(), *EDGE_CASES])
def test_committed_parser_parses_as_lark_does(text: str) -> None:
    fresh = _outcome(FRESH, (UnexpectedInput,), text)
    committed = _outcome(COMMITTED, (expr_parser.UnexpectedInput,), text)
    assert committed == fresh


def test_committed_parser_is_from_the_current_grammar() -> None:
    assert (ROOT / PARSER).read_text(encoding="utf-8").splitlines()[1].endswith(grammar_digest())
    assert parser_source(ROOT / PARSER) == (ROOT / PARSER).read_text(encoding="utf-8")


def test_a_changed_grammar_regenerates_the_parser(tmp_path: Path, monkeypatch: Any) -> None:
    stale = tmp_path / "expr_parser.py"
    stale.write_text(parser_source(ROOT / PARSER), encoding="utf-8")
    monkeypatch.setattr(grammar, "GRAMMAR", grammar.GRAMMAR.replace('"!="', '"!=" | "<>"'))
    fresh = parser_source(stale)
    assert fresh != stale.read_text(encoding="utf-8")
    assert grammar_digest() in fresh.splitlines()[1]
