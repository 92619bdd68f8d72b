"""What `kemble validate` checks of the printed cards: rules text that would overflow its card
even at the smallest body size (7 pt), reported at the card's place in its file."""

from __future__ import annotations

from typing import Any

from kemble_tools.diagnostics import Diagnostic, Severity
from kemble_tools.export.faces import BODY_SMALLEST, fit_text, text_box
from kemble_tools.export.layout import Rect
from kemble_tools.export.sheets import print_cards
from kemble_tools.validate.catalog import Catalog, Item


def print_warnings(bundle: dict[str, Any], catalog: Catalog) -> list[Diagnostic]:
    found = []
    for card in print_cards(bundle):
        if not card.text:
            continue
        box = text_box(Rect(0, 0, *card.size), card.footer)
        _, lines, fits = fit_text(card.text, box.width, box.height)
        item = _item(catalog, card.id, bundle)
        if not fits and item is not None:
            found.append(
                item.doc.diagnostic(
                    item.path,
                    "card.text_overflow",
                    f"the rules text of {card.id} takes {len(lines)} lines and overflows its "
                    f"card even at {BODY_SMALLEST:g} pt",
                    severity=Severity.WARNING,
                    hint="shorten the text, or split the effect",
                )
            )
    return found


def _item(catalog: Catalog, card_id: str, bundle: dict[str, Any]) -> Item | None:
    """Where a printed card comes from: its entry, its upgrade, its sensor or its boss."""
    for namespace in ("powerups", "missions", "achievements"):
        if card_id in catalog.table(namespace):
            return catalog.table(namespace)[card_id]
    if card_id.startswith("sensor-"):
        return catalog.table("sensor").get(card_id.removeprefix("sensor-"))
    for boss_id, boss in bundle["bosses"].items():
        if boss["warning_card"] == card_id:
            return catalog.table("boss").get(boss_id)
    upgrade = card_id.rsplit("-", 1)[0]
    return catalog.table("upgrades").get(upgrade)
