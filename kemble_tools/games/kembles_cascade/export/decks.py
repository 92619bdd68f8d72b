"""The colours of the space decks' and bosses' backs: what the cards' backs and the reference
cards' deck key share."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kemble_tools.games.kembles_cascade.export.faces import DECK_PALETTE
from kemble_tools.games.kembles_cascade.stats import deck_order

# The base game's backs as printed: pinned, so that loading an expansion, whose decks take the
# palette's other colours, never repaints the cards players already own.
PRINTED_DECK_COLOURS = {
    "S1": "energy", "A1": "distant", "W1": "special", "F1": "gamma", "STAR": "bellonium",
    "T1": "blue", "BANSHEE": "pink", "BEHEMOTH": "tan", "CANNONRAM": "teal",
    "TUNDRAGEIST": "lavender",
}  # fmt: skip


def deck_colours(bundle: Mapping[str, Any]) -> dict[str, str]:
    """The back colour of every space deck and boss, in deck order: the base game's as printed,
    then the palette's unused colours in turn (past its end they repeat; the code tells them)."""
    order = deck_order(bundle)
    colours = {code: PRINTED_DECK_COLOURS[code] for code in order if code in PRINTED_DECK_COLOURS}
    free = [c for c in DECK_PALETTE if c not in colours.values()] or list(DECK_PALETTE)
    others = [code for code in order if code not in colours]
    colours.update({code: free[i % len(free)] for i, code in enumerate(others)})
    return {code: colours[code] for code in order}
