"""Checks of Kemble's Cascade's variants and object kinds as a whole: references, the vacant
kind, and whether every setup can be dealt from the decks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.games.kembles_cascade.validate.refs import check_rule_refs, reference, whole
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YList, YMap
from kemble_tools.validate.catalog import Catalog, Item, Path_, mappings_in


def check_variants(doc: Document, catalog: Catalog) -> Iterator[Diagnostic]:
    variants = catalog.table("variants")
    for path, variant in mappings_in(doc.data.get("variants"), ("variants",)):
        yield from reference(
            doc, (*path, "extends"), variant.get("extends"), catalog, "variants", "variant"
        )
        for s_path, setup in mappings_in(variant.get("setups"), (*path, "setups")):
            for p_path, part in mappings_in(setup.get("space_deck"), (*s_path, "space_deck")):
                for key in ("deck", "top_up"):
                    yield from reference(
                        doc, (*p_path, key), part.get(key), catalog, "deck", "deck"
                    )
        if isinstance(variant.get("rules"), YMap):
            yield from check_rule_refs(doc, (*path, "rules"), variant["rules"], catalog)
        if variant.get("extends") == variant.get("id") and variant.get("id") in variants:
            yield doc.diagnostic((*path, "extends"), "ref.cycle", "a variant cannot extend itself")


def check_vacant_kind(catalog: Catalog) -> Iterator[Diagnostic]:
    """Exactly one object kind is what a covered quadrant shows (`vacant`)."""
    kinds = list(catalog.table("objects").values())
    vacant = [item for item in kinds if item.data.get("vacant") is True]
    for item in vacant[1:]:
        yield item.doc.diagnostic(
            (*item.path, "vacant"),
            "object.vacant",
            f"object kind '{item.id}' is vacant, but so is '{vacant[0].id}' ({vacant[0].where()})",
            hint="one kind shows a covered quadrant; keep `vacant: true` on one of them",
        )
    if kinds and not vacant:
        first = kinds[0]
        yield first.doc.diagnostic(
            first.path,
            "object.vacant",
            "no object kind is vacant: nothing says what a covered quadrant shows",
            hint="mark the empty-space kind with `vacant: true`",
        )


def setups_of(variant: YMap, variants: dict[str, Item]) -> list[tuple[Path_, YMap, Item]]:
    """A variant's own setups, or those of the variant it extends (following the chain)."""
    seen: set[str] = set()
    current: YMap | None = variant
    while current is not None:
        if isinstance(current.get("setups"), YList):
            owner = variants.get(str(current.get("id")))
            setups = mappings_in(current["setups"], ("setups",))
            return [(path, setup, owner) for path, setup in setups] if owner else []
        parent = current.get("extends")
        if not isinstance(parent, str) or parent in seen or parent not in variants:
            return []
        seen.add(parent)
        current = variants[parent].data
    return []


def check_deck_counts(catalog: Catalog) -> Iterator[Diagnostic]:
    """Every setup of every variant can be dealt from the decks (R-SET-4, R-VAR-TUN-1)."""
    sizes = {code: len(cards) for code, cards in catalog.decks.items()}
    for item in catalog.table("variants").values():
        for s_path, setup, owner in setups_of(item.data, catalog.table("variants")):
            if owner.id != item.id:
                continue  # checked once, on the variant that defines it
            yield from _check_setup(owner, s_path, setup, sizes)


def _check_setup(
    owner: Item, s_path: Path_, setup: YMap, sizes: dict[str, int]
) -> Iterator[Diagnostic]:
    """Deal the setup's parts in order; report a part that runs out."""
    width = whole(setup.get("row_width"))
    players = setup.get("players")
    if width is None or not isinstance(players, YList):
        return
    parts = short_parts(setup.get("space_deck"), (*s_path, "space_deck"), width, dict(sizes))
    for p_path, deck, needed, have in parts:
        counts = ", ".join(str(p) for p in players)
        yield owner.doc.diagnostic(
            (*owner.path, *p_path),
            "count.deck_short",
            f"variant '{owner.id}' ({counts} players) needs {needed} {deck} cards here; "
            f"{have} left",
            hint="add cards to the deck, lower the count, or name a 'top_up' deck",
        )


def short_parts(
    parts: Any, base: Path_, width: int, left: dict[str, int]
) -> Iterator[tuple[Path_, str, int, str]]:
    """Deal space-deck parts (R-SET-4) in order from what is `left` of each deck (a deck used
    by two parts, or as a top-up, is shared between them): each part that runs out, as (its
    path, its deck, the cards it needs, what its decks had left)."""
    for p_path, part in mappings_in(parts, base):
        deck, top_up = part.get("deck"), part.get("top_up")
        if not isinstance(deck, str) or deck not in left:
            continue  # unknown decks are reported as references
        rows, cards = whole(part.get("rows")), whole(part.get("cards"))
        needed = cards if cards is not None else (rows or 0) * width
        sources = [deck] + ([top_up] if isinstance(top_up, str) and top_up in left else [])
        have = ", ".join(f"{source} has {left[source]}" for source in sources)
        missing = needed
        for source in sources:
            taken = min(missing, left[source])
            left[source] -= taken
            missing -= taken
        if missing:
            yield p_path, deck, needed, have
