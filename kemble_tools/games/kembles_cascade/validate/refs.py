"""What Kemble's Cascade's checks share: whole numbers, and references by id to what the
catalogue holds (an unknown one is `ref.unknown`, with the nearest known id as a hint)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kemble_tools.diagnostics import Diagnostic, did_you_mean
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YList, YMap
from kemble_tools.validate.catalog import Catalog, Item, Path_


def whole(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def unresolved(
    doc: Document,
    path: Path_,
    what: str,
    name: str,
    known: dict[str, Item],
) -> Diagnostic:
    hint = did_you_mean(name, tuple(known)) or (
        f"known: {', '.join(sorted(known))}" if 0 < len(known) <= 12 else None
    )
    return doc.diagnostic(path, "ref.unknown", f"unknown {what} '{name}'", hint=hint)


def reference(
    doc: Document, path: Path_, value: Any, catalog: Catalog, namespace: str, what: str
) -> Iterator[Diagnostic]:
    """A reference by id to something in the catalogue."""
    known = catalog.table(namespace)
    if isinstance(value, str) and value not in known:
        yield unresolved(doc, path, what, value, known)


def check_rule_refs(
    doc: Document, path: Path_, rules: YMap, catalog: Catalog
) -> Iterator[Diagnostic]:
    """Rule switches that name upgrades or decks name ones that exist."""
    upgrades = catalog.table("upgrades")
    for key in ("upgrade_prices", "start_upgrades"):
        table = rules.get(key)
        for name in table if isinstance(table, YMap) else ():
            if name not in upgrades:
                yield unresolved(doc, (*path, key, name), "upgrade", name, upgrades)
    listed = (("not_for_sale", "upgrades", "upgrade"), ("insert_decks", "deck", "deck"))
    for key, namespace, what in listed:
        items = rules.get(key)
        for i, name in enumerate(items if isinstance(items, YList) else ()):
            yield from reference(doc, (*path, key, i), name, catalog, namespace, what)
