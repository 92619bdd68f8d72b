"""What `kemble validate` checks of Bossin' Space's printed cards, reported at the card's place
in its file: rules text that overflows its panel even at the smallest body size (7 pt), measured
with the same layout the faces draw (fronts.Text) and the core's text metrics."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kemble_tools.diagnostics import Diagnostic, Severity
from kemble_tools.export.layout import Rect
from kemble_tools.games.bossins_space.export.cards import Sized, card_texts
from kemble_tools.games.bossins_space.export.faces import BODY_SMALLEST, fit_paragraphs
from kemble_tools.validate.catalog import Catalog, Item

Bundle = Mapping[str, Any]
# the catalogue namespace each kind's entries are in (validate/entries.py)
NAMESPACES = ("enemies", "commands", "threats", "boss_threats", "crew", "bosses")


def print_warnings(
    bundle: Bundle, catalog: Catalog, files: set[str] | None = None
) -> list[Diagnostic]:
    """Cards whose text will not fit; with `files`, only the cards written in those files (what
    `kemble watch` re-checks after an edit)."""
    sized, found = Sized(bundle), []
    for card_id, kind, _, text in card_texts(bundle):
        item = source_item(catalog, card_id.split(":")[0], bundle)
        if item is None or (files is not None and item.doc.file not in files):
            continue
        box = text.box(Rect(0, 0, *sized(kind)))
        _, lines, fits = fit_paragraphs(list(text.paragraphs), box)
        if not fits:
            where = card_id.replace(":", " ") + (" side" if ":" in card_id else "")
            found.append(
                item.doc.diagnostic(
                    item.path,
                    "card.text_overflow",
                    f"the text of {where} takes {len(lines)} lines and overflows its card even "
                    f"at {BODY_SMALLEST:g} pt",
                    severity=Severity.WARNING,
                    hint="shorten the text (its flavour first), or split the effect",
                )
            )
    return found


def source_item(catalog: Catalog, card_id: str, bundle: Bundle) -> Item | None:
    """Where a printed card is written: its entry (a Boss Threat card's inside its Boss); the
    boards are the Upgrade board's data and the mat is drawn, so neither has one."""
    for namespace in NAMESPACES:
        found = catalog.table(namespace).get(card_id)
        if found is not None:
            return found
    return None
