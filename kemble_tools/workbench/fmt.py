"""`kemble fmt`: one canonical layout for content files, through ruamel.yaml's round trip.

What the author chose is kept: comments, blank lines, anchors and aliases, key order, quotes,
flow or block style, folded text. What is made canonical: indentation (2 spaces; list items
`  - ` under their key), spacing inside flow collections, a one-pair mapping inside a flow list
written without braces (the DSL's `do: [damage: 1]`), and line length: a flow collection
longer than WIDTH is wrapped between its items, its next lines aligned after its opening
bracket, nested collections in turn (ruamel's own wrapping can split a key from its value and
leave trailing spaces).
Nothing is written unless the formatted text loads to exactly the same data.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from kemble_tools.compile.pipeline import plain
from kemble_tools.diagnostics import Diagnostic
from kemble_tools.load.content import collect_named, display_name
from kemble_tools.load.yaml_loader import load_text
from kemble_tools.validate.pipeline import detect_kind

WIDTH = 100
_OPEN, _CLOSE = "{[", "}]"


class FormatError(Exception):
    """The text cannot be formatted; `diagnostic` says where and why."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


def _yaml() -> YAML:
    yaml = YAML()  # round trip
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = 4096  # lines are wrapped by wrap_flow, between items only
    yaml.preserve_quotes = True
    return yaml


def format_text(text: str, name: str = "<text>") -> str:
    """The canonical layout of one YAML document; the same data, comments and anchors."""
    before, problems = load_text(text, name)
    if before is None:
        raise FormatError(problems[0])
    yaml = _yaml()
    try:
        data = yaml.load(text)
    except YAMLError as exc:  # our loader accepted it: a corner ruamel's round trip refuses
        raise FormatError(
            _whole_file(name, f"the round trip cannot read this file: {exc}")
        ) from None
    out = io.StringIO()
    yaml.dump(data, out)
    lines = [wrapped for line in out.getvalue().splitlines() for wrapped in wrap_flow(line)]
    formatted = "\n".join(line.rstrip() for line in lines) + "\n"
    after, _ = load_text(formatted, name)
    if after is None or plain(after.data) != plain(before.data):
        raise FormatError(_whole_file(name, "formatting would change the data: left as it is"))
    return formatted


def _whole_file(name: str, message: str) -> Diagnostic:
    return Diagnostic(name, 1, 1, "", "fmt.unchanged", message)


def wrap_flow(line: str, width: int = WIDTH) -> list[str]:
    """A line longer than `width` whose value is a flow collection, wrapped between the
    collection's own items (greedily), each next line aligned after its opening bracket. A
    collection of one item is looked into: its first inner collection is wrapped instead."""
    if len(line) <= width:
        return [line]
    offset = 0
    while (span := _outer_flow(line, offset)) is not None:
        start, end = span
        items = _split_items(line[start + 1 : end])
        if len(items) >= 2:
            return _fill(line, start, end, items, width)
        offset = start + 1
    return [line]


def _fill(line: str, start: int, end: int, items: list[str], width: int) -> list[str]:
    lines, current = [], line[: start + 1] + items[0]
    for item in items[1:]:
        if len(current) + 2 + len(item) + 1 > width:
            lines.append(current + ",")
            current = " " * (start + 1) + item
        else:
            current += ", " + item
    lines.append(current + line[end:])
    if len(lines) == 1:  # it is what follows the collection that is long: leave it
        return lines
    return [part for wrapped in lines for part in wrap_flow(wrapped, width)]


def _outer_flow(line: str, offset: int = 0) -> tuple[int, int] | None:
    """Where the first flow collection from `offset` that closes on this line opens and
    closes, outside quotes."""
    depth, start, quote = 0, -1, ""
    for i in range(offset, len(line)):
        char = line[i]
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"" and (i == 0 or line[i - 1] in " ,[{:"):
            quote = char
        elif char == "#" and depth == 0 and (i == 0 or line[i - 1] == " "):
            return None
        elif char in _OPEN:
            start = i if depth == 0 else start
            depth += 1
        elif char in _CLOSE and depth:
            depth -= 1
            if depth == 0:
                return start, i
    return _outer_flow(line, start + 1) if depth else None  # unclosed here: look inside


def _split_items(inner: str) -> list[str]:
    """The items of a flow collection's inside, split at its own commas."""
    items, depth, quote, current = [], 0, "", []
    for i, char in enumerate(inner):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"" and (i == 0 or inner[i - 1] in " ,[{:"):
            quote = char
        elif char in _OPEN:
            depth += 1
        elif char in _CLOSE:
            depth -= 1
        elif char == "," and depth == 0:
            items.append("".join(current).strip())
            current = []
            continue
        current.append(char)
    items.append("".join(current).strip())
    return [item for item in items if item]


@dataclass
class Formatted:
    path: Path
    display: str
    changed: bool
    text: str


def format_files(paths: list[Path]) -> tuple[list[Formatted], list[Diagnostic]]:
    """Every content file under the paths (files that are no registered game's content are left
    alone), formatted in memory; nothing is written here."""
    found, problems = collect_named(paths, with_base=False)
    results: list[Formatted] = []
    for path in sorted(found, key=display_name):
        shown = display_name(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            problems.append(Diagnostic(shown, 1, 1, "", "file.unreadable", str(exc)))
            continue
        doc, errors = load_text(text, shown)
        if doc is None:
            problems.extend(errors)
            continue
        if detect_kind(doc, path)[0] is None:
            continue  # another YAML file (a CI workflow, a pre-commit config): not ours
        try:
            formatted = format_text(text, shown)
        except FormatError as exc:
            problems.append(exc.diagnostic)
            continue
        results.append(Formatted(path, shown, formatted != text, formatted))
    return results, problems
