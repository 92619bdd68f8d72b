"""YAML syntax errors in plain language, with the fix where a common slip explains them.

The parsers (libyaml, or ruamel's own) say what they expected ("mapping values are not allowed
here"); a designer wants to know what to change. Each slip below is recognised from the
parser's message and the text of its line, and answered with a message and a hint that shows
the line as it should be written where the fix is certain. Anything else keeps the parser's own
words. Both parsers' wordings are matched, so the answer is the same with or without libyaml.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ruamel.yaml.error import MarkedYAMLError


@dataclass(frozen=True)
class Explanation:
    line: int  # 1-based
    column: int
    message: str
    hint: str | None = None


@dataclass(frozen=True)
class _Error:
    """The parser's complaint: its words, its marks (0-based) and the file's lines."""

    problem: str
    context: str
    at: tuple[int, int]  # where the parser stopped
    opened: tuple[int, int]  # where what it was reading started (the context mark)
    lines: list[str]

    def line(self, index: int) -> str:
        return self.lines[index] if 0 <= index < len(self.lines) else ""

    def char(self, where: tuple[int, int]) -> str:
        return self.line(where[0])[where[1] : where[1] + 1]

    def said(self, *words: str) -> bool:
        return any(word in self.problem for word in words)

    def explained(self, where: tuple[int, int], message: str, hint: str) -> Explanation:
        return Explanation(where[0] + 1, where[1] + 1, message, hint)


def explain(exc: MarkedYAMLError, lines: list[str]) -> Explanation:
    """What went wrong, where, and how to fix it."""
    mark = exc.problem_mark or exc.context_mark
    at = (mark.line, mark.column) if mark else (0, 0)
    opened = (exc.context_mark.line, exc.context_mark.column) if exc.context_mark else at
    error = _Error(
        (exc.problem or "invalid YAML").strip(), (exc.context or "").strip(), at, opened, lines
    )
    for explainer in _EXPLAINERS:
        if (found := explainer(error)) is not None:
            return found
    suffix = f" ({error.context})" if error.context else ""
    return Explanation(at[0] + 1, at[1] + 1, f"YAML syntax error: {error.problem}{suffix}")


# --- fixing a line -----------------------------------------------------------------------------


def _quoted(text: str) -> str:
    """Text as a YAML quoted scalar: double quotes, or single ones when it holds a double."""
    if '"' in text and "'" not in text:
        return f"'{text}'"
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _shown(character: str) -> str:
    """A character quoted for a message: '[' or "'"."""
    return f'"{character}"' if character == "'" else f"'{character}'"


def _split_comment(text: str) -> tuple[str, str]:
    """A plain value and the comment after it (` #` starts a comment in a plain scalar)."""
    cut = text.find(" #")
    return (text, "") if cut < 0 else (text[:cut].rstrip(), text[cut:])


def _quote_from(line: str, start: int, end: int | None = None) -> str:
    """The line with its text from `start` (to `end`, else to a comment or the end) quoted."""
    if end is not None:
        return (line[:start] + _quoted(line[start:end].rstrip()) + line[end:]).strip()
    value, comment = _split_comment(line[start:].rstrip())
    return (line[:start] + _quoted(value) + comment).strip()


_ITEM_START = re.compile(r"[ \t]*(?:-[ \t]+)*")  # indentation and list dashes before a key
# `key: value` where the value is plain text (not quoted, not a list or mapping, no anchor).
_KEY_VALUE = re.compile(r"(?P<key>[^\s#'\"{}\[\],&*!|>%@`-][^:#{}\[\],]*?):[ \t]+(?P<value>\S)")
# `key: [` / `key: "` / `- {`: a value that opens a list, a mapping or a quoted text.
_OPENING = re.compile(
    r"[ \t]*(?:-[ \t]+)?(?:(?P<key>[^\s:#'\"{}\[\]][^:#]*?):[ \t]+)?(?P<v>[\[{'\"])"
)
_FLOW_PROBLEM = ("expected ',' or", "did not find expected ',' or")


def _key_column(line: str, start: int = 0) -> int:
    """Where the key of a line starts, after its indentation and list dashes."""
    found = _ITEM_START.match(line, start)
    return found.end() if found else start


# --- the slips ---------------------------------------------------------------------------------


def _tab(error: _Error) -> Explanation | None:
    if not error.said("tab") and error.char(error.at) != "\t":
        return None
    return error.explained(
        error.at,
        "a tab character indents this line; YAML indents with spaces only",
        "replace the tab with spaces (set your editor to insert spaces for Tab)",
    )


def _in_flow(error: _Error) -> bool:
    return error.problem.startswith(_FLOW_PROBLEM) and error.context.startswith(
        "while parsing a flow"
    )


def _colon_in_value(error: _Error) -> Explanation | None:
    """`description: A parasite craft: ramming…`: the second ': ' reads as another key."""
    flow = _in_flow(error)
    if not (flow or error.said("mapping values are not allowed")) or error.char(error.at) != ":":
        return None
    line, colon = error.line(error.at[0]), error.at[1]
    start = max(line.rfind(c, 0, colon) for c in ",{[") + 1 if flow else 0
    found = _KEY_VALUE.match(line, _key_column(line, start))
    if found is None or found.start("value") >= colon:
        return None
    end = min((i for i in (line.find(c, colon) for c in ",}]") if i >= 0), default=None)
    return error.explained(
        error.at,
        f"the text of '{found.group('key').strip()}' contains ': ', which YAML reads as the "
        "start of another key",
        f"put the text in quotes: {_quote_from(line, found.start('value'), end if flow else None)}",
    )


def _deeper_key(error: _Error) -> Explanation | None:
    """A key indented deeper than the one above it continues that key's value."""
    if not error.said("mapping values are not allowed"):
        return None
    line = error.line(error.at[0])
    above = next(
        (error.lines[i] for i in range(error.at[0] - 1, -1, -1) if error.lines[i].strip()), ""
    )
    column, above_column = _key_column(line), _key_column(above)
    key = line[column : error.at[1]].strip()
    if not key or ": " in key or column <= above_column or ":" not in above:
        return None
    above_key = above[above_column:].split(":", 1)[0].strip()
    return error.explained(
        (error.at[0], column),
        f"'{key}:' is indented deeper than '{above_key}:' above it, so YAML reads it as part "
        f"of the value of '{above_key}'",
        f"start '{key}:' in column {above_column + 1}, like '{above_key}:'; or, if the line "
        "continues a text, put that text in quotes",
    )


def _unclosed_quote(error: _Error) -> Explanation | None:
    if "quoted scalar" not in error.context:
        return None
    if error.said("escape"):
        return error.explained(
            error.at,
            "a backslash in double quotes starts an escape such as \\n, and this one is unknown",
            "write \\\\ for a backslash, or put the text in single quotes",
        )
    if not error.said("end of stream", "end of document"):
        return None
    quote = error.char(error.opened) or '"'
    doubled = " (a ' inside single quotes is written '')" if quote == "'" else ""
    return error.explained(
        error.opened,
        f"the text quoted with {_shown(quote)} here is never closed",
        f"add the closing {_shown(quote)} where the text ends, for example: "
        f"{error.line(error.opened[0]).strip()}{quote}{doubled}",
    )


def _unclosed_bracket(error: _Error) -> Explanation | None:
    if not _in_flow(error):
        return None
    bracket = error.char(error.opened) or "["
    closer, name = ("}", "mapping") if bracket == "{" else ("]", "list")
    if error.opened[0] < error.at[0]:
        return error.explained(
            error.at,
            f"the '{bracket}' opened on line {error.opened[0] + 1} is not closed before this line",
            f"add the missing '{closer}' where the {name} ends",
        )
    return error.explained(
        error.at,
        f"expected ',' or '{closer}' here, inside the {name} opened with '{bracket}'",
        f"separate items with ', ' and close with '{closer}'; put text that holds ',', ':', "
        "'[', ']', '{' or '}' in quotes",
    )


def _reserved_first_character(error: _Error) -> Explanation | None:
    """Text that starts with a character YAML reserves: @, `, %, * (an alias), & (an anchor)."""
    alias = "while scanning an alias" in error.context or "an anchor" in error.context
    if not (alias or error.said("cannot start any token")):
        return None
    where = error.opened if alias else error.at
    character = error.char(where)
    if not character or character.isspace():
        return None
    meaning = {"*": " (an alias, *name)", "&": " (an anchor, &name)"}.get(character, "")
    return error.explained(
        where,
        f"YAML reserves '{character}'{meaning} at the start of a value",
        f"put the text in quotes: {_quote_from(error.line(where[0]), where[1])}",
    )


def _text_after_value(error: _Error) -> Explanation | None:
    """`name: [draft] Boom` or `name: 'Kemble's ship'`: a quoted text, list or mapping ends
    before the rest of the line."""
    if not error.said("expected key", "expected <block end>"):
        return None
    line = error.line(error.at[0])
    found = _OPENING.match(line)
    if found is None or found.start("v") >= error.at[1] or line[error.at[1] :].startswith("#"):
        return None
    start, opener = found.start("v"), found.group("v")
    text, comment = _split_comment(line[start:].rstrip())
    if opener in "[{" and not any(c.isalnum() for c in line[error.at[1] :]):
        return None  # a stray bracket, not text after a list
    if opener in "'\"" and len(text) > 1 and text.endswith(opener):
        text = text[1:-1]  # `'Kemble's ship'`: the quotes were meant around all of it
    what = {"[": "a list", "{": "a mapping"}.get(opener, "a quoted text")
    whose = f"the value of '{found.group('key')}'" if found.group("key") else "this value"
    return error.explained(
        error.at,
        f"{whose} starts with {opener}, so YAML reads {what} that ends before the rest of the line",
        f"put the whole text in quotes: {(line[:start] + _quoted(text) + comment).strip()}",
    )


def _missing_colon(error: _Error) -> Explanation | None:
    if not error.said("could not find expected ':'"):
        return None
    return error.explained(
        error.opened,
        f"'{error.line(error.opened[0]).strip()}' has no ':' after it, but every line of this "
        "mapping is 'key: value'",
        "add ':' after the key; a long text continues on the next line only when that line is "
        "indented deeper than its key",
    )


def _misaligned(error: _Error) -> Explanation | None:
    if not error.said("expected key", "expected <block end>") or "block" not in error.context:
        return None
    line = error.line(error.at[0])
    if error.at[1] != len(line) - len(line.lstrip()):
        return None  # the parser stopped inside the line: not its indentation
    if line.lstrip().startswith("-"):
        return error.explained(
            error.at,
            "a list item ('- ') where the mapping above expects a key",
            "indent the list under its key, and check for a '-' without a space after it",
        )
    return error.explained(
        error.at,
        "this line does not line up with the keys of the mapping it belongs to",
        f"indent it exactly like the other keys of that mapping (which starts on line "
        f"{error.opened[0] + 1}), with spaces only",
    )


_EXPLAINERS: tuple[Callable[[_Error], Explanation | None], ...] = (
    _tab,
    _unclosed_quote,
    _colon_in_value,
    _deeper_key,
    _unclosed_bracket,
    _reserved_first_character,
    _text_after_value,
    _missing_colon,
    _misaligned,
)
