"""A YAML loader that keeps the line and column of every node.

It reads a file (refusing one too large, not UTF-8, or holding a line break readers disagree on)
and has yaml_build.py build plain dicts, lists and scalars from it, iteratively and within limits
on nesting depth and alias expansion (a "billion laughs" file is refused before anything walks
it). Problems become diagnostics, never exceptions.
"""

from __future__ import annotations

import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.reader import ReaderError

from kemble_tools.diagnostics import SOURCES, Diagnostic, Severity, json_pointer
from kemble_tools.load.yaml_build import Abort, build
from kemble_tools.load.yaml_hints import explain
from kemble_tools.load.yaml_nodes import Edge, Path_, Pos, YList, YMap

MAX_FILE_BYTES = 4 * 1024 * 1024


@dataclass
class Document:
    """One loaded YAML file: its data and what is needed to point back into its text."""

    file: str
    data: Any
    lines: list[str] = field(repr=False)
    source: str = ""  # its content name, the same from any folder (load.content.collect_named)
    # The edges (id of a container, key or index) through which a node written elsewhere is
    # reached: an alias, or a key that a merge (<<) brought. A problem of that node is the
    # anchor's, and is reported there once (validate.aliases).
    shared: frozenset[Edge] = field(default=frozenset(), repr=False)
    merged: frozenset[Edge] = field(default=frozenset(), repr=False)  # the merges' keys only

    def position(self, path: Path_) -> Pos:
        """Position of the node at `path`, or of its deepest existing ancestor."""
        node, pos = self.data, _root_pos(self.data)
        for step in path:
            if isinstance(node, YMap) and step in node:
                pos, node = node.value_pos[step], node[step]  # type: ignore[index]
            elif isinstance(node, YList) and isinstance(step, int) and 0 <= step < len(node):
                pos, node = node.item_pos[step], node[step]
            else:
                break
        return pos

    def key_position(self, path: Path_) -> Pos:
        """Position of the mapping key that holds the node at `path` (the key's own text)."""
        if path:
            parent = self.resolve(path[:-1])
            if isinstance(parent, YMap) and path[-1] in parent.key_pos:
                return parent.key_pos[path[-1]]  # type: ignore[index]
        return self.position(path)

    def resolve(self, path: Path_) -> Any:
        node = self.data
        for step in path:
            try:
                node = node[step]
            except (KeyError, IndexError, TypeError):
                return None
        return node

    def diagnostic(
        self,
        path: Path_,
        code: str,
        message: str,
        *,
        hint: str | None = None,
        at_key: bool = False,
        severity: Severity = Severity.ERROR,
    ) -> Diagnostic:
        line, column = self.key_position(path) if at_key else self.position(path)
        return Diagnostic(
            self.file, line, column, json_pointer(path), code, message, severity=severity, hint=hint
        )


def _root_pos(data: Any) -> Pos:
    return data.pos if isinstance(data, (YMap, YList)) else (1, 1)


def load_file(path: Path, display: str | None = None) -> tuple[Document | None, list[Diagnostic]]:
    """Load one YAML file. Returns the document (None if unusable) and its diagnostics."""
    name = display or str(path)
    try:
        status = path.stat()
        if not stat.S_ISREG(status.st_mode):  # a FIFO would block the read forever
            return _unusable(name, 1, 1, "file.not_regular", "not a regular file: skipped")
        size = status.st_size
        if size > MAX_FILE_BYTES:
            return _unusable(
                name,
                1,
                1,
                "file.too_large",
                f"file is {size:,} bytes; the limit is {MAX_FILE_BYTES:,}",
                hint="split the content into several files",
            )
        raw = path.read_bytes()
    except OSError as exc:
        return _unusable(name, 1, 1, "file.unreadable", f"cannot read file: {exc.strerror or exc}")
    return load_bytes(raw, name)


def load_bytes(raw: bytes, name: str) -> tuple[Document | None, list[Diagnostic]]:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        return _unusable(
            name,
            line,
            column,
            "file.encoding",
            "file is not valid UTF-8",
            hint="save the file as UTF-8",
        )
    return load_text(text, name)


def _unusable(
    name: str, line: int, column: int, code: str, message: str, hint: str | None = None
) -> tuple[None, list[Diagnostic]]:
    """The answer for a file that cannot be used at all: no document, one diagnostic."""
    return None, [Diagnostic(name, line, column, "", code, message, hint=hint)]


def load_text(text: str, name: str, fast: bool = True) -> tuple[Document | None, list[Diagnostic]]:
    """Load YAML text; `fast=False` forces ruamel's pure-Python parser.

    libyaml parses when it is installed; a syntax error it reports gets a second opinion from
    ruamel's parser, because libyaml rejects a few valid YAML 1.2 plain scalars such as `[0?]`.
    (On malformed input the two can still differ: libyaml accepts some tabs ruamel refuses.)
    """
    SOURCES[name] = text
    if (odd := _OLD_LINE_BREAKS.search(text)) is not None:
        character = odd.group()
        return _unusable(
            name,
            *_offset_to_pos(text, odd.start()),
            "yaml.character",
            f"U+{ord(character):04X} ({_BREAK_NAMES[character]}) is not allowed: editors and "
            "YAML readers disagree on whether it ends a line",
            hint="use an ordinary line break, or remove the character",
        )
    lines = text.splitlines()
    try:
        try:
            data, shared, merged = build(text, fast)
        except YAMLError as exc:
            if not (fast and _second_opinion_helps(exc, text)):
                raise
            data, shared, merged = build(text, fast=False)
    except Abort as stop:
        return _unusable(name, stop.line, stop.column, stop.code, stop.message, stop.hint)
    except MarkedYAMLError as exc:
        return None, [_syntax_diagnostic(exc, name, lines)]
    except ReaderError as exc:
        character = f"U+{_code_point(exc.character):04X}"
        return _unusable(
            name,
            *_offset_to_pos(text, exc.position),
            "yaml.character",
            f"character {character} is not allowed in YAML",
            hint="remove the control character",
        )
    except YAMLError as exc:  # any other parser complaint without a mark
        return _unusable(name, 1, 1, "yaml.syntax", str(exc))
    if data is None:
        return None, [Diagnostic(name, 1, 1, "", "file.empty", "file contains no YAML document")]
    return Document(name, data, lines, shared=frozenset(shared), merged=frozenset(merged)), []


SECOND_OPINION_CHARS = 1_000_000  # ruamel's own parser reads about 250 kB a second


def _second_opinion_helps(exc: YAMLError, text: str) -> bool:
    """libyaml's false alarms are all about plain scalars in flow collections (`[0?]`,
    `[a:b]`); other errors, and big files (whose second reading would take seconds), keep
    libyaml's answer."""
    context = getattr(exc, "context", None) or ""
    flow = context.startswith(("while parsing a flow", "while scanning a plain scalar"))
    return flow and len(text) <= SECOND_OPINION_CHARS


def _code_point(character: int | str) -> int:
    return character if isinstance(character, int) else ord(character)


def _offset_to_pos(text: str, offset: int) -> Pos:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _syntax_diagnostic(exc: MarkedYAMLError, name: str, lines: list[str]) -> Diagnostic:
    found = explain(exc, lines)
    return Diagnostic(
        name, found.line, found.column, "", "yaml.syntax", found.message, hint=found.hint
    )


# YAML 1.2 reads NEL, LS and PS as ordinary characters, libyaml (YAML 1.1) and most editors as
# line breaks: a file holding one would mean different things to different readers, and put
# diagnostics on the wrong line. Content files may not hold them (an invisible character in card
# text is a mistake anyway).
_OLD_LINE_BREAKS = re.compile("[\x85\u2028\u2029]")
_BREAK_NAMES = {"\x85": "next line", "\u2028": "line separator", "\u2029": "paragraph separator"}
