"""The engine's refusals: the game-free ones (kemble_tools.engine.api), which Kemble's rules raise
with Kemble's rule IDs."""

from kemble_tools.engine.api import IllegalAction, SetupError

__all__ = ["IllegalAction", "SetupError"]
