"""The catalogue: every thing a game's files define (a card, a deck, a kind, …), indexed by its
namespace and id. Each game builds its own from its schema-checked files (its validation hooks,
validate/hooks.py); the later stages look ids up in it (the effect compiler, the LSP, the
printing checks). An id defined twice is a diagnostic of the catalogue.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YList, YMap

Path_ = tuple[str | int, ...]


@dataclass(frozen=True)
class Item:
    """One defined thing and where it was written."""

    namespace: str
    id: str
    doc: Document
    path: Path_
    data: YMap
    deck: str | None = None  # for cards: the deck they belong to

    def where(self) -> str:
        line, _ = self.doc.position(self.path)
        return f"{self.doc.file}:{line}"


@dataclass
class Catalog:
    items: dict[str, dict[str, Item]] = field(default_factory=dict)
    decks: dict[str, list[Item]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def table(self, namespace: str) -> dict[str, Item]:
        return self.items.setdefault(namespace, {})

    def add(self, item: Item, what: str) -> None:
        table = self.table(item.namespace)
        first = table.get(item.id)
        if first is not None:
            self.diagnostics.append(
                item.doc.diagnostic(
                    (*item.path, "id") if "id" in item.data else item.path,
                    "id.duplicate",
                    f"{what} id '{item.id}' is already defined at {first.where()}",
                    hint="ids must be unique across all files",
                )
            )
            return
        table[item.id] = item
        if item.deck is not None:
            self.decks.setdefault(item.deck, []).append(item)


def mappings_in(value: Any, path: Path_) -> Iterator[tuple[Path_, YMap]]:
    """The mapping items of a list, with their paths; anything else is skipped (the schema check
    reports it)."""
    if isinstance(value, YList):
        for i, item in enumerate(value):
            if isinstance(item, YMap):
                yield (*path, i), item
