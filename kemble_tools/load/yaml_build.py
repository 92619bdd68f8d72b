"""YAML text turned into nodes (yaml_nodes.py) that keep the line and column of every value.

The tree is built from ruamel.yaml's event stream, iteratively, so that deeply nested input cannot
exhaust the Python stack, within limits on nesting depth and alias expansion (a "billion laughs"
file is refused before anything walks it). A problem stops the build with `Abort`, which the
loader (yaml_loader.py) turns into a diagnostic.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml import events as ev
from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.resolver import VersionedResolver

try:  # libyaml, from ruamel.yaml's "libyaml" extra
    from ruamel.yaml.cyaml import CParser
except ImportError:  # pragma: no cover - depends on the platform's wheels
    CParser = None

from kemble_tools.load.yaml_nodes import Edge, Pos, YList, YMap

MAX_NUMBER_CHARS = 20  # an integer longer than this is an error (and int() stays cheap)
MAX_DEPTH = 64
# Values in one document, aliases' repetitions included: a billion-laughs guard, and a bound on
# the time every later stage takes (the largest shipped file has about 650).
MAX_NODES = 100_000

_YAML_TAG = "tag:yaml.org,2002:"
_INT, _FLOAT, _BOOL, _NULL, _STR = (_YAML_TAG + t for t in ("int", "float", "bool", "null", "str"))
_MERGE = _YAML_TAG + "merge"
_resolver = VersionedResolver()


class Abort(Exception):
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


def _pos(event: ev.Event) -> Pos:
    return event.start_mark.line + 1, event.start_mark.column + 1


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


def build(text: str, fast: bool = True) -> tuple[Any, set[Edge], set[Edge]]:
    """Turn the event stream into data, its shared edges and its merged keys (see
    Document.shared); raises Abort or ruamel errors."""
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
            raise Abort(
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
                raise Abort(
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
                raise Abort(
                    *_pos(event), "yaml.too_deep", f"nesting is deeper than {MAX_DEPTH} levels"
                )
            if stack and isinstance(stack[-1].container, YMap) and stack[-1].key is None:
                raise Abort(
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
                raise Abort(
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
        raise Abort(
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
        raise Abort(
            *pos, "yaml.complex_key", "a mapping key must be a plain value, not a list or mapping"
        )
    name = key if isinstance(key, str) else _key_text(key)
    if key is MERGE_KEY:  # a plain <<; a quoted "<<" is an ordinary key
        frame.merge_next = True
    elif name in frame.container:
        first = frame.container.key_pos[name]  # type: ignore[union-attr]
        raise Abort(
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
            raise Abort(
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
        raise Abort(
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
        raise Abort(
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
        raise Abort(*_pos(event), "yaml.scalar", f"'{value}' is not a valid {tag[18:]}") from exc
    if tag.startswith(_YAML_TAG) and tag[18:] in ("timestamp", "binary", "omap", "set", "pairs"):
        return value  # keep dates and the like as the text the author wrote
    raise Abort(
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
