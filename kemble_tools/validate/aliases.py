"""A problem inside a node that aliases repeat is one mistake: it is reported once, at the anchor.

Every stage checks the data as the loader built it, where an alias (`*ramming`) or a merge key
(`<<: *base`) makes one written node appear at several paths; each path would report the same
problem again, at the same spot. Diagnostics are grouped by the node they are about (its place
in the source, not its path) and code; a group keeps the diagnostics reached without an alias,
else those of the first path that reached it.
"""

from __future__ import annotations

from typing import Any

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import Pos, YList, YMap

Origin = tuple[Pos, tuple[str, ...]]  # the node's place in the source, and any unresolved steps


def once_per_anchor(diagnostics: list[Diagnostic], docs: dict[str, Document]) -> list[Diagnostic]:
    kept: list[Diagnostic] = []
    walkers: dict[str, _Walker] = {}
    groups: dict[tuple[str, Origin, str], list[tuple[bool, Diagnostic]]] = {}
    for diagnostic in diagnostics:
        doc = docs.get(diagnostic.file)
        if doc is None or not doc.shared:  # most files have no alias: nothing to look up
            kept.append(diagnostic)
            continue
        walker = walkers.get(doc.file) or walkers.setdefault(doc.file, _Walker(doc))
        origin, shared = walker.origin(diagnostic)
        groups.setdefault((diagnostic.file, origin, diagnostic.code), []).append(
            (shared, diagnostic)
        )
    for members in groups.values():
        direct = [d for shared, d in members if not shared]
        if not direct:  # the anchor itself was not checked (under a key no schema reads)
            first = min((d for _, d in members), key=lambda d: (d.line, d.column, d.pointer))
            direct = [d for _, d in members if d.pointer == first.pointer]
        kept.extend(direct)
    return kept


Found = tuple[Any, Pos, bool]  # a node, where its parent holds it, whether an alias led there


class _Walker:
    """Resolves a document's pointers, each prefix once (an alias can repeat thousands of
    problems, whose pointers share most of their steps)."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        root = doc.data.pos if isinstance(doc.data, (YMap, YList)) else (1, 1)
        self.found: dict[str, Found | None] = {"": (doc.data, root, False)}

    def resolve(self, pointer: str) -> Found | None:
        if pointer in self.found:
            return self.found[pointer]
        parent_pointer, _, raw = pointer.rpartition("/")
        parent = self.resolve(parent_pointer)
        result = None if parent is None else self._step(parent, _unescape(raw))
        self.found[pointer] = result
        return result

    def _step(self, parent: Found, raw: str) -> Found | None:
        node, _, shared = parent
        step: str | int
        if isinstance(node, YMap) and raw in node:
            step, pos = raw, node.value_pos[raw]
        elif isinstance(node, YList) and raw.isdigit() and int(raw) < len(node):
            step = int(raw)
            pos = node.item_pos[step]
        else:
            return None
        return node[step], pos, shared or (id(node), step) in self.doc.shared

    def origin(self, diagnostic: Diagnostic) -> tuple[Origin, bool]:
        """Where the node a diagnostic is about was written, and whether its path passes an
        alias."""
        pointer, tail = diagnostic.pointer, ()
        while (found := self.resolve(pointer)) is None:  # the deepest node that exists
            pointer, _, raw = pointer.rpartition("/")
            tail = (_unescape(raw), *tail)
        node, pos, shared = found
        at_value = (diagnostic.line, diagnostic.column) == pos
        if pointer and not tail and not at_value and (key := self._key_origin(pointer, diagnostic)):
            return key
        written = node.pos if isinstance(node, (YMap, YList)) else pos
        return (written, tail), shared

    def _key_origin(self, pointer: str, diagnostic: Diagnostic) -> tuple[Origin, bool] | None:
        """A diagnostic shown at a key is about the key: written where its mapping is, unless
        a merge brought it (an unknown key holding an alias is the key's own mistake)."""
        parent_pointer, _, raw = pointer.rpartition("/")
        mapping, _, shared = self.resolve(parent_pointer) or (None, None, False)
        key = _unescape(raw)
        if (
            not isinstance(mapping, YMap)
            or (diagnostic.line, diagnostic.column) != mapping.key_pos[key]
        ):
            return None
        return (mapping.key_pos[key], ("",)), shared or (id(mapping), key) in self.doc.merged


def _unescape(step: str) -> str:
    """One step of an RFC 6901 pointer."""
    return step.replace("~1", "/").replace("~0", "~")
