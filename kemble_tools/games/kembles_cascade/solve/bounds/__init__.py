"""Sound bounds for Kemble's solo scenarios: what the rest of a game can still give, read from
the compiled effects, and the states it proves lost (prune.py says how)."""

from kemble_tools.games.kembles_cascade.solve.bounds.prune import Bounds
from kemble_tools.games.kembles_cascade.solve.bounds.sources import Sources

__all__ = ["Bounds", "Sources"]
