"""Checks of Kemble's Cascade's cards beyond the schema: object kinds, special rules, flip
backs, art, card ids and their decks, and a boss's numbering and rules."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kemble_tools.diagnostics import Diagnostic, Severity
from kemble_tools.games.kembles_cascade.validate.refs import reference, whole
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YMap
from kemble_tools.validate.art import MAX_ART_BYTES, art_file
from kemble_tools.validate.catalog import Catalog, Path_, mappings_in


def check_card(
    doc: Document, path: Path_, card: YMap, catalog: Catalog, boss: str | None
) -> Iterator[Diagnostic]:
    """Object kinds, special rules and flip backs of one card (space or boss card)."""
    flip, back = card.get("flip") is True, card.get("back")
    if flip and back is None:
        yield doc.diagnostic(
            (*path, "flip"),
            "card.flip_without_back",
            "a flip card needs a 'back' with the quadrants of its other side",
            hint="add 'back: {quadrants: [...]}' (R-SYM-12)",
        )
    if back is not None and not flip:
        yield doc.diagnostic(
            (*path, "back"),
            "card.back_without_flip",
            "this card has a 'back' but is not marked 'flip: true'",
            hint="add 'flip: true' or remove 'back'",
        )
    sides = [((*path, "quadrants"), card.get("quadrants"))]
    if isinstance(back, YMap):
        sides.append(((*path, "back", "quadrants"), back.get("quadrants")))
    for side_path, quadrants in sides:
        for q_path, quadrant in mappings_in(quadrants, side_path):
            yield from reference(
                doc, (*q_path, "object"), quadrant.get("object"), catalog, "objects", "object kind"
            )
            yield from _check_special(doc, q_path, quadrant, catalog, boss)
            if isinstance(quadrant.get("art"), str):
                yield from _check_art(doc, (*q_path, "art"), quadrant["art"])


def _check_art(doc: Document, path: Path_, art: str) -> Iterator[Diagnostic]:
    target = art_file(doc, art)
    if target is None:
        yield doc.diagnostic(
            path,
            "card.art",
            f"no PNG or SVG file '{art}' inside the folder of this card file",
            hint="give a path relative to this file, to a .png or .svg beside it or below it",
        )
    elif target.stat().st_size > MAX_ART_BYTES:
        yield doc.diagnostic(
            path, "card.art", f"'{art}' is larger than {MAX_ART_BYTES // 1024 // 1024} MiB"
        )


def _check_special(
    doc: Document, path: Path_, quadrant: YMap, catalog: Catalog, boss: str | None
) -> Iterator[Diagnostic]:
    special = quadrant.get("special")
    if not isinstance(special, str):
        return
    if boss is None:
        yield doc.diagnostic(
            (*path, "special"),
            "ref.special_outside_boss",
            "only a boss's cards can carry a Special Effect (R-SYM-13)",
        )
    else:
        yield from reference(
            doc, (*path, "special"), special, catalog, f"special:{boss}", f"special rule of {boss}"
        )


def check_deck_file(doc: Document, catalog: Catalog) -> Iterator[Diagnostic]:
    deck = doc.data.get("deck")
    code = deck.get("code") if isinstance(deck, YMap) else None
    if isinstance(code, str) and code in catalog.table("boss"):
        yield doc.diagnostic(
            ("deck", "code"), "id.deck_is_boss", f"deck code '{code}' is already a boss id"
        )
    for path, card in mappings_in(doc.data.get("cards"), ("cards",)):
        yield from check_card_id(doc, path, card, code)
        yield from check_card(doc, path, card, catalog, None)


def check_card_id(doc: Document, path: Path_, card: YMap, deck: Any) -> Iterator[Diagnostic]:
    card_id, own_deck = card.get("id"), card.get("deck")
    if isinstance(own_deck, str) and isinstance(deck, str) and own_deck != deck:
        yield doc.diagnostic(
            (*path, "deck"),
            "id.deck_mismatch",
            f"card says deck '{own_deck}' but the file is deck '{deck}'",
            hint="leave 'deck' out: cards belong to their file's deck",
        )
        return
    expected_deck = own_deck if isinstance(own_deck, str) else deck
    if isinstance(card_id, str) and isinstance(expected_deck, str):
        prefix = card_id.rsplit("-", 1)[0]
        if prefix != expected_deck:
            yield doc.diagnostic(
                (*path, "id"),
                "id.form",
                f"card id '{card_id}' does not start with its deck code '{expected_deck}'",
                hint=f"name it {expected_deck}-NN",
            )


def check_boss(doc: Document, catalog: Catalog) -> Iterator[Diagnostic]:
    data, boss = doc.data, doc.data.get("id")
    if not isinstance(boss, str):
        return
    rows = whole(data.get("rows"))
    numbers = []
    for path, card in mappings_in(data.get("cards"), ("cards",)):
        yield from check_card(doc, path, card, catalog, boss)
        if (number := whole(card.get("number"))) is not None:
            numbers.append(number)
    if rows in (1, 2) and numbers:
        expected = set(range(1, 4 * rows + 1))
        missing, extra = sorted(expected - set(numbers)), sorted(set(numbers) - expected)
        if missing or extra:
            parts = ([f"missing {', '.join(map(str, missing))}"] if missing else []) + (
                [f"unexpected {', '.join(map(str, extra))}"] if extra else []
            )
            yield doc.diagnostic(
                ("cards",),
                "boss.numbering",
                f"a {rows}-row boss has cards numbered 1–{4 * rows}: {'; '.join(parts)}",
                hint="R-COMP-2",
            )
    used = _special_refs(data)
    for path, rule in mappings_in(data.get("special_rules"), ("special_rules",)):
        if isinstance(rule.get("id"), str) and rule["id"] not in used:
            yield doc.diagnostic(
                (*path, "id"),
                "boss.unused_rule",
                f"special rule '{rule['id']}' is not used by any card of the boss",
                severity=Severity.WARNING,
                hint="boss-wide rules are fine; check for a typo on the cards",
            )


def _special_refs(boss: YMap) -> set[str]:
    refs: set[str] = set()
    for _, card in mappings_in(boss.get("cards"), ()):
        back = card.get("back")
        for quadrants in (
            card.get("quadrants"),
            back.get("quadrants") if isinstance(back, YMap) else None,
        ):
            refs.update(q.get("special") for _, q in mappings_in(quadrants, ()) if q.get("special"))
    return refs
