"""The reference interpreter of the rules (RULES.md): one transition function for everything.

`kernel/` is game-independent (frames, choices, chance, hook dispatch, the handler registry);
`content_build.py` compiles a bundle into the typed tables of `content.py`; `rules/` holds
Kemble's rules by area; `game.py` is the OpenSpiel-style API. The engine reads only compiled
bundles: it imports neither the loader nor the validator.
"""

from kemble_tools.games.kembles_cascade.engine.errors import IllegalAction, SetupError
from kemble_tools.games.kembles_cascade.engine.game import Game
from kemble_tools.games.kembles_cascade.engine.observer import Observer
from kemble_tools.games.kembles_cascade.engine.state import State

__all__ = ["Game", "IllegalAction", "Observer", "SetupError", "State"]
