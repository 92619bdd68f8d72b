"""Files whose content is lost, and the diagnostics that only follow from that.

A file that cannot be read or parsed, or whose kind is unknown, defines nothing: every card
that names an object kind it held would get "unknown object kind", and its deck would run
short. Those are not new mistakes, only echoes of the one already reported (which fails the run
by itself), so they are left out.

The rule, sound and simple: a diagnostic that a missing definition can cause (an unknown
reference, a deck that runs short, an unused object kind, …) is left out when the name it is
about is written in the text of a lost file, so that the lost file could define it. A name no
lost file mentions is a real mistake and is still reported. A lost file whose text is not known
(unreadable, too large, not UTF-8) could define anything: every such diagnostic is left out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from kemble_tools.diagnostics import SOURCES, Diagnostic, Severity
from kemble_tools.load.yaml_loader import Document, YList, YMap
from kemble_tools.validate.catalog import Catalog

_WORD = re.compile(r"\w+(?:-\w+)*")  # ids as written: fighter, S1-07, BOSS-KRAKEN-2, 120
_BOSS_CARD = re.compile(r"BOSS-(\w+)")  # BOSS-KRAKEN-2 is defined by the boss KRAKEN's file
_QUOTED = re.compile(r"'([^']+)'")
NOT_LOST = {"file.empty"}  # an empty file defines nothing, and nothing is lost


@dataclass
class LostFiles:
    """The texts of the files whose content is lost (None when the text is not known)."""

    texts: dict[str, str | None] = field(default_factory=dict)
    catalog: Catalog | None = None
    _words: set[str] | None = None

    @classmethod
    def of(
        cls, loading: list[Diagnostic], unknown_kind: list[Document], catalog: Catalog
    ) -> LostFiles:
        lost = cls(catalog=catalog)
        for diagnostic in loading:
            if diagnostic.severity is Severity.ERROR and diagnostic.code not in NOT_LOST:
                parsed = diagnostic.code.startswith("yaml.")  # the loader read its text
                lost.texts[diagnostic.file] = SOURCES.get(diagnostic.file) if parsed else None
        for doc in unknown_kind:
            lost.texts[doc.file] = "\n".join(doc.lines)
        return lost

    def __bool__(self) -> bool:
        return bool(self.texts)

    def could_define(self, name: str) -> bool:
        if any(text is None for text in self.texts.values()):
            return True
        if self._words is None:
            self._words = {w for text in self.texts.values() for w in _WORD.findall(text or "")}
        boss = _BOSS_CARD.match(name)
        return name in self._words or (boss is not None and boss.group(1) in self._words)

    def explains(self, diagnostic: Diagnostic, doc: Document | None) -> bool:
        """Whether the diagnostic may only follow from a lost file."""
        subjects = _SUBJECTS.get(diagnostic.code)
        if not self.texts or subjects is None:
            return False
        return any(self.could_define(name) for name in subjects(diagnostic, doc, self.catalog))


def _at(doc: Document | None, pointer: str) -> Any:
    if doc is None:
        return None
    steps = [s.replace("~1", "/").replace("~0", "~") for s in pointer.split("/")[1:]]
    return doc.resolve(tuple(int(s) if s.isdigit() else s for s in steps))


def _reference(d: Diagnostic, doc: Document | None, catalog: Catalog | None) -> Iterator[str]:
    """The name a reference could not find: quoted in the message, else the value itself."""
    quoted = _QUOTED.findall(d.message)
    if quoted:
        yield quoted[0]
    elif isinstance(value := _at(doc, d.pointer), (str, int)):
        yield str(value)


def _deck_part(d: Diagnostic, doc: Document | None, catalog: Catalog | None) -> Iterator[str]:
    part = _at(doc, d.pointer)
    if isinstance(part, YMap):
        yield from (part[key] for key in ("deck", "top_up") if isinstance(part.get(key), str))


def _value(d: Diagnostic, doc: Document | None, catalog: Catalog | None) -> Iterator[str]:
    if isinstance(value := _at(doc, d.pointer), str):
        yield value


def _vacant(d: Diagnostic, doc: Document | None, catalog: Catalog | None) -> Iterator[str]:
    """A lost file could hold the `vacant: true` that is missing; it cannot make two."""
    if not d.pointer.endswith("/vacant"):
        yield "vacant"


def _scenario_cards(d: Diagnostic, doc: Document | None, catalog: Catalog | None) -> Iterator[str]:
    """A scenario's boss checks read its cards: the ones no file defines may be lost ones."""
    data = doc.data if doc is not None else None
    if not isinstance(data, YMap) or catalog is None:
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


_SUBJECTS = {
    "ref.unknown": _reference,
    "count.deck_short": _deck_part,
    "object.unused": _value,
    "object.vacant": _vacant,
    "scenario.no_boss": _scenario_cards,
    "scenario.deck_rows": _scenario_cards,
}
