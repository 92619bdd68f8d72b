"""What Kemble's Cascade's diagnostics are about, for the files whose content is lost
(validate/lost.py): a diagnostic that a missing definition can cause (an unknown reference, a
deck that runs short, an unused object kind, …) names what a lost file might have defined."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YList, YMap
from kemble_tools.validate.catalog import Catalog

_BOSS_CARD = re.compile(r"BOSS-(\w+)")  # BOSS-KRAKEN-2 is defined by the boss KRAKEN's file
_QUOTED = re.compile(r"'([^']+)'")

Subjects = Callable[[Diagnostic, Document | None, Catalog], Iterator[str]]


def lost_names(diagnostic: Diagnostic, doc: Document | None, catalog: Catalog) -> Iterable[str]:
    """The names the diagnostic is about; a boss card's name its boss's id too."""
    subjects = _SUBJECTS.get(diagnostic.code)
    for name in subjects(diagnostic, doc, catalog) if subjects is not None else ():
        yield name
        if boss := _BOSS_CARD.match(name):
            yield boss.group(1)


def _at(doc: Document | None, pointer: str) -> Any:
    if doc is None:
        return None
    steps = [s.replace("~1", "/").replace("~0", "~") for s in pointer.split("/")[1:]]
    return doc.resolve(tuple(int(s) if s.isdigit() else s for s in steps))


def _reference(d: Diagnostic, doc: Document | None, catalog: Catalog) -> Iterator[str]:
    """The name a reference could not find: quoted in the message, else the value itself."""
    quoted = _QUOTED.findall(d.message)
    if quoted:
        yield quoted[0]
    elif isinstance(value := _at(doc, d.pointer), (str, int)):
        yield str(value)


def _deck_part(d: Diagnostic, doc: Document | None, catalog: Catalog) -> Iterator[str]:
    part = _at(doc, d.pointer)
    if isinstance(part, YMap):
        yield from (part[key] for key in ("deck", "top_up") if isinstance(part.get(key), str))


def _value(d: Diagnostic, doc: Document | None, catalog: Catalog) -> Iterator[str]:
    if isinstance(value := _at(doc, d.pointer), str):
        yield value


def _vacant(d: Diagnostic, doc: Document | None, catalog: Catalog) -> Iterator[str]:
    """A lost file could hold the `vacant: true` that is missing; it cannot make two."""
    if not d.pointer.endswith("/vacant"):
        yield "vacant"


def _scenario_cards(d: Diagnostic, doc: Document | None, catalog: Catalog) -> Iterator[str]:
    """A scenario's boss checks read its cards: the ones no file defines may be lost ones."""
    data = doc.data if doc is not None else None
    if not isinstance(data, YMap):
        return
    local = {c.get("id") for c in _items(data.get("cards")) if isinstance(c, YMap)}
    known = catalog.table("card")
    rows = [row for row in _items(data.get("rows")) if isinstance(row, YList)]
    for ref in [*_items(data.get("deck")), *(ref for row in rows for ref in row)]:
        card = ref.get("card") if isinstance(ref, YMap) else ref
        if isinstance(card, str) and card not in known and card not in local:
            yield card


def _items(value: Any) -> list[Any]:
    return value if isinstance(value, YList) else []


_SUBJECTS: dict[str, Subjects] = {
    "ref.unknown": _reference,
    "count.deck_short": _deck_part,
    "object.unused": _value,
    "object.vacant": _vacant,
    "scenario.no_boss": _scenario_cards,
    "scenario.deck_rows": _scenario_cards,
}
