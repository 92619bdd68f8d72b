"""A YAML loader that keeps the line and column of every node.

It builds plain dicts, lists and scalars from ruamel.yaml's event stream, iteratively, so that
deeply nested input cannot exhaust the Python stack, and it enforces limits on file size, nesting
depth and alias expansion (a "billion laughs" file is refused before anything walks it).
Problems become diagnostics, never exceptions.
"""

from __future__ import annotations

import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml import events as ev
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.reader import ReaderError
from ruamel.yaml.resolver import VersionedResolver

try:  # libyaml, from ruamel.yaml's "libyaml" extra
    from ruamel.yaml.cyaml import CParser
except ImportError:  # pragma: no cover - depends on the platform's wheels
    CParser = None

from kemble_tools.diagnostics import SOURCES, Diagnostic, Severity, json_pointer
from kemble_tools.load.yaml_hints import explain

MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_NUMBER_CHARS = 20  # an integer longer than this is an error (and int() stays cheap)
MAX_DEPTH = 64
# Values in one document, aliases' repetitions included: a billion-laughs guard, and a bound on
# the time every later stage takes (the largest shipped file has about 650).
MAX_NODES = 100_000

Pos = tuple[int, int]  # 1-based line, column
Path_ = tuple[str | int, ...]
Edge = tuple[int, str | int]  # id() of a container, and a key or index in it

_YAML_TAG = "tag:yaml.org,2002:"
_INT, _FLOAT, _BOOL, _NULL, _STR = (_YAML_TAG + t for t in ("int", "float", "bool", "null", "str"))
_MERGE = _YAML_TAG + "merge"
_resolver = VersionedResolver()


class YMap(dict[str, Any]):
    """A mapping that remembers where it, its keys and its values are in the source."""

    __slots__ = ("key_pos", "pos", "value_pos")

    def __init__(self, pos: Pos) -> None:
        super().__init__()
        self.pos = pos
        self.key_pos: dict[str, Pos] = {}
        self.value_pos: dict[str, Pos] = {}


class YList(list[Any]):
    """A sequence that remembers where it and each of its items are in the source."""

    __slots__ = ("item_pos", "pos")

    def __init__(self, pos: Pos) -> None:
        super().__init__()
        self.pos = pos
        self.item_pos: list[Pos] = []


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


class _Abort(Exception):
    """Stops loading one file with a diagnostic."""

    def __init__(self, line: int, column: int, code: str, message: str, hint: str | None = None):
        super().__init__(message)
        self.line, self.column, self.code, self.message, self.hint = (
            line,
            column,
            code,
            message,
            hint,
        )


@dataclass
class _Frame:
    container: YMap | YList
    anchor: str | None
    size: int = 1
    key: str | None = None
    key_pos: Pos | None = None
    merge_next: bool = False
    merges: list[YMap] = field(default_factory=list)


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
            data, shared, merged = _build(text, fast)
        except YAMLError as exc:
            if not (fast and _second_opinion_helps(exc, text)):
                raise
            data, shared, merged = _build(text, fast=False)
    except _Abort as stop:
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


def _pos(event: ev.Event) -> Pos:
    return event.start_mark.line + 1, event.start_mark.column + 1


# YAML 1.2 reads NEL, LS and PS as ordinary characters, libyaml (YAML 1.1) and most editors as
# line breaks: a file holding one would mean different things to different readers, and put
# diagnostics on the wrong line. Content files may not hold them (an invisible character in card
# text is a mistake anyway).
_OLD_LINE_BREAKS = re.compile("[\x85\u2028\u2029]")
_BREAK_NAMES = {"\x85": "next line", "\u2028": "line separator", "\u2029": "paragraph separator"}


def _events(text: str, fast: bool) -> Iterator[ev.Event]:
    """The YAML event stream: libyaml's C parser when installed, ruamel's own parser otherwise.
    Both report the same marks; the C parser is about 25 times faster."""
    # libyaml counts NEL, LS and PS as line breaks (YAML 1.1), ruamel does not (YAML 1.2); the
    # pure parser keeps positions consistent with how editors number lines.
    if not (fast and CParser is not None):
        yield from YAML(typ="safe", pure=True).parse(text)
        return
    parser = CParser(text)
    try:
        while True:
            event = parser.get_event()
            yield event
            if isinstance(event, ev.StreamEndEvent):
                return
    finally:
        parser.dispose()


def _build(text: str, fast: bool = True) -> tuple[Any, set[Edge], set[Edge]]:
    """Turn the event stream into data, its shared edges and its merged keys (see
    Document.shared); raises _Abort or ruamel errors."""
    stack: list[_Frame] = []
    shared: set[Edge] = set()
    merged: set[Edge] = set()
    anchors: dict[str, tuple[Any, int]] = {}
    root: Any = None
    documents = 0
    total = aliased = 0

    def attach(value: Any, pos: Pos, size: int, is_scalar: bool, alias: bool = False) -> None:
        nonlocal root, total, aliased
        total += size
        aliased += size if alias else 0
        if total > MAX_NODES:
            raise _Abort(
                *pos,
                "yaml.too_many_nodes",
                f"the document holds more than {MAX_NODES:,} values, counting what aliases repeat",
                hint="aliases that repeat aliases multiply; remove the alias chain"
                if aliased > total // 2
                else "split the content into several files",
            )
        if not stack:
            root = value
            return
        frame = stack[-1]
        frame.size += size
        container = frame.container
        if isinstance(container, YList):
            container.append(value)
            container.item_pos.append(pos)
        elif frame.key is None:
            _take_key(frame, value, pos, is_scalar)
        else:
            _set_value(frame, value, pos)

    for event in _events(text, fast):
        if isinstance(event, ev.DocumentStartEvent):
            documents += 1
            if documents > 1:
                raise _Abort(
                    *_pos(event),
                    "yaml.multiple_documents",
                    "file holds more than one YAML document",
                    hint="use one file each",
                )
        elif isinstance(event, ev.ScalarEvent):
            value = _scalar(event)
            _remember(anchors, event.anchor, value, 1)
            attach(value, _pos(event), 1, True)
        elif isinstance(event, (ev.MappingStartEvent, ev.SequenceStartEvent)):
            if len(stack) >= MAX_DEPTH:
                raise _Abort(
                    *_pos(event), "yaml.too_deep", f"nesting is deeper than {MAX_DEPTH} levels"
                )
            if stack and isinstance(stack[-1].container, YMap) and stack[-1].key is None:
                raise _Abort(
                    *_pos(event),
                    "yaml.complex_key",
                    "a mapping key must be a plain value, not a list or mapping",
                )
            cls = YMap if isinstance(event, ev.MappingStartEvent) else YList
            _check_collection_tag(event)
            stack.append(_Frame(cls(_pos(event)), event.anchor))
        elif isinstance(event, (ev.MappingEndEvent, ev.SequenceEndEvent)):
            frame = stack.pop()
            _apply_merges(frame, merged)
            _remember(anchors, frame.anchor, frame.container, frame.size)
            total -= frame.size - 1  # children were counted as they arrived
            attach(frame.container, frame.container.pos, frame.size, False)
        elif isinstance(event, ev.AliasEvent):
            if event.anchor not in anchors:
                raise _Abort(
                    *_pos(event),
                    "yaml.unknown_alias",
                    f"alias *{event.anchor} refers to no anchor defined before it",
                    hint="define &name before the first *name; text that starts with '*' "
                    "goes in quotes",
                )
            value, size = anchors[event.anchor]
            if stack:
                _note_shared(shared, stack[-1])
            attach(value, _pos(event), size, not isinstance(value, (YMap, YList)), alias=True)
    return root, shared | merged, merged


def _note_shared(shared: set[Edge], frame: _Frame) -> None:
    """The edge an alias is about to fill (a merge's source is noted key by key instead)."""
    container = frame.container
    if isinstance(container, YList):
        shared.add((id(container), len(container)))
    elif frame.key is not None and not frame.merge_next:
        shared.add((id(container), frame.key))


_COLLECTION_TAGS = {None, "!", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq", "!!map", "!!seq"}


def _check_collection_tag(event: ev.CollectionStartEvent) -> None:
    tag = event.tag
    if tag is not None and str(tag) not in _COLLECTION_TAGS:
        raise _Abort(
            *_pos(event),
            "yaml.tag",
            f"tag '{tag}' is not supported here",
            hint="remove the tag; card files use plain YAML values",
        )


def _remember(
    anchors: dict[str, tuple[Any, int]], anchor: str | None, value: Any, size: int
) -> None:
    if anchor is not None:
        anchors[anchor] = (value, size)


def _take_key(frame: _Frame, key: Any, pos: Pos, is_scalar: bool) -> None:
    if not is_scalar:
        raise _Abort(
            *pos, "yaml.complex_key", "a mapping key must be a plain value, not a list or mapping"
        )
    name = key if isinstance(key, str) else _key_text(key)
    if key is MERGE_KEY:  # a plain <<; a quoted "<<" is an ordinary key
        frame.merge_next = True
    elif name in frame.container:
        first = frame.container.key_pos[name]  # type: ignore[union-attr]
        raise _Abort(
            *pos,
            "yaml.duplicate_key",
            f"key '{name}' appears twice in this mapping (first on line {first[0]})",
            hint="remove or rename one of them",
        )
    frame.key, frame.key_pos = name, pos


def _set_value(frame: _Frame, value: Any, pos: Pos) -> None:
    container = frame.container
    assert isinstance(container, YMap) and frame.key is not None and frame.key_pos is not None
    if frame.merge_next:
        sources = value if isinstance(value, YList) else [value]
        if not all(isinstance(s, YMap) for s in sources):
            raise _Abort(
                *pos, "yaml.merge", "a merge key '<<' needs a mapping or a list of mappings"
            )
        frame.merges.extend(sources)
        frame.merge_next = False
    else:
        container[frame.key] = value
        container.key_pos[frame.key] = frame.key_pos
        container.value_pos[frame.key] = pos
    frame.key = frame.key_pos = None


def _apply_merges(frame: _Frame, merged: set[Edge]) -> None:
    """YAML merge keys: keys written in the mapping win, then earlier sources over later ones."""
    target = frame.container
    for source in frame.merges:
        assert isinstance(target, YMap)
        for key, value in source.items():
            if key not in target:
                merged.add((id(target), key))
                target[key] = value
                target.key_pos[key] = source.key_pos[key]
                target.value_pos[key] = source.value_pos[key]


def _key_text(key: Any) -> str:
    if key is None:
        return "null"
    if isinstance(key, bool):
        return "true" if key else "false"
    return str(key)


class _Merge(str):
    """The one plain `<<` key (YAML's merge): told apart from a quoted "<<" by identity."""


MERGE_KEY = _Merge("<<")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _scalar(event: ev.ScalarEvent) -> Any:
    value: str = event.value
    if (lone := _SURROGATE.search(value)) is not None:  # from an escape such as "\ud800"
        raise _Abort(
            *_pos(event),
            "yaml.character",
            f"U+{ord(lone.group()):04X} is half of a UTF-16 pair, not a character",
            hint="write the character itself, or its \\U escape",
        )
    tag = event.tag
    if tag is None or tag == "!":
        if event.style or not event.implicit[0] or tag == "!":
            return value
        tag = _plain_tag(value)
    elif tag.startswith("!!"):
        tag = _YAML_TAG + tag[2:]
    if tag == _MERGE:
        return MERGE_KEY
    if tag == _STR:
        return value
    if tag == _NULL:
        return None
    if tag == _BOOL:
        return value.lower() == "true"
    if tag == _INT and len(value) > MAX_NUMBER_CHARS:
        raise _Abort(
            *_pos(event),
            "yaml.number_too_large",
            f"a number of {len(value):,} characters is past anything the game can mean",
            hint="counts in the game stay below 1,000",
        )
    try:
        if tag == _INT:
            return _yaml_int(value)
        if tag == _FLOAT:
            return _yaml_float(value)
    except ValueError as exc:
        raise _Abort(*_pos(event), "yaml.scalar", f"'{value}' is not a valid {tag[18:]}") from exc
    if tag.startswith(_YAML_TAG) and tag[18:] in ("timestamp", "binary", "omap", "set", "pairs"):
        return value  # keep dates and the like as the text the author wrote
    raise _Abort(
        *_pos(event),
        "yaml.tag",
        f"tag '{event.tag}' is not supported here",
        hint="remove the tag; card files use plain YAML values",
    )


@lru_cache(maxsize=8192)
def _plain_tag(value: str) -> str:
    """The tag a plain scalar resolves to. Cached: content repeats the same few values
    (`empty`, `1`, `true`), and ruamel's resolver is most of the time spent loading."""
    return str(_resolver.resolve(ScalarNode, value, (True, False)))


def _yaml_int(text: str) -> int:
    """YAML 1.2 core integers: decimal, 0o octal, 0x hex (underscores allowed as ruamel does)."""
    digits = text.replace("_", "")
    sign = -1 if digits.startswith("-") else 1
    digits = digits.lstrip("+-")
    base = {"0x": 16, "0o": 8, "0b": 2}.get(digits[:2].lower(), 10)
    return sign * int(digits[2:] if base != 10 else digits, base)


def _yaml_float(text: str) -> float:
    lowered = text.lower().replace("_", "")
    special = {".inf": "inf", "+.inf": "inf", "-.inf": "-inf", ".nan": "nan"}
    return float(special.get(lowered, lowered))
