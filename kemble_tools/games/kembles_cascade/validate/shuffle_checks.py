"""Checks of a scenario whose deck is shuffled (`deck: {shuffle: [...], boss: ID}`, formats.md
§3): a whole game dealt by the rules, so its parts must be dealable, its boss must exist, and
what only a fixed position can say (a board, a verdict, cards of its own) is refused."""

from __future__ import annotations

from collections.abc import Iterator

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.games.kembles_cascade.validate.refs import reference, whole
from kemble_tools.games.kembles_cascade.validate.variant_checks import short_parts
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YList, YMap
from kemble_tools.validate.catalog import Catalog, mappings_in

BOARD_ROWS = 5  # R-GEO-1

# Keys only a fixed position can have, and why a whole game cannot.
FIXED_ONLY = {
    "rows": "a shuffled deck deals the board itself (R-SET-5): leave 'rows' out",
    "expect": "a whole game has no single verdict: `kemble solve` estimates how often it is won",
    "difficulty": "a whole game has no single verdict: `kemble solve` estimates how often it is "
    "won",
    "cards": "a shuffled deck deals only cards of the decks it names: put a new card in a deck "
    "(a space-card file in an expansion folder)",
}


def check_shuffled(doc: Document, catalog: Catalog, width: int | None) -> Iterator[Diagnostic]:
    """The checks of the module docstring; `width` is a solo row's cards (None: unknown)."""
    data = doc.data
    deck = data["deck"]
    for key, why in FIXED_ONLY.items():
        if key in data:
            yield doc.diagnostic((key,), "scenario.shuffled", why, at_key=True)
    bosses = catalog.table("boss")
    for p_path, part in mappings_in(deck.get("shuffle"), ("deck", "shuffle")):
        for key in ("deck", "top_up"):
            code = part.get(key)
            if isinstance(code, str) and code in bosses:
                yield doc.diagnostic(
                    (*p_path, key),
                    "scenario.shuffled",
                    f"'{code}' is a boss's deck: its cards come when its Warning card is dealt",
                    hint=f"name the boss with 'boss: {code}'",
                )
            else:
                yield from reference(doc, (*p_path, key), code, catalog, "deck", "deck")
    yield from reference(doc, ("deck", "boss"), deck.get("boss"), catalog, "boss", "boss")
    if width is not None:
        yield from _check_counts(doc, catalog, deck, width)


def _check_counts(doc: Document, catalog: Catalog, deck: YMap, width: int) -> Iterator[Diagnostic]:
    """Every part can be dealt, and the deck fills the board and then whole rows."""
    parts = deck.get("shuffle")
    bosses = catalog.table("boss")
    sizes = {code: len(cards) for code, cards in catalog.decks.items() if code not in bosses}
    for p_path, code, needed, have in short_parts(parts, ("deck", "shuffle"), width, sizes):
        yield doc.diagnostic(
            p_path,
            "count.deck_short",
            f"the shuffle needs {needed} {code} cards here; {have} left",
            hint="lower the count, or name a 'top_up' deck",
        )
    total = 0
    for _, part in mappings_in(parts, ("deck", "shuffle")):
        rows, cards = whole(part.get("rows")), whole(part.get("cards"))
        total += cards if cards is not None else (rows or 0) * width
    board = BOARD_ROWS * width
    if isinstance(parts, YList) and (total < board or total % width):
        yield doc.diagnostic(
            ("deck", "shuffle"),
            "scenario.deck_rows",
            f"the shuffle deals {total} space cards; the board takes {board} and then whole "
            f"rows of {width}",
            hint=f"deal at least {board} cards, a multiple of {width}",
        )
