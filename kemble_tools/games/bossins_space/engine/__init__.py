"""Bossin' Space's engine, solo play (R-BS-SOLO-*): a plain State after engine/api.py."""

from kemble_tools.games.bossins_space.engine.model import Rules
from kemble_tools.games.bossins_space.engine.state import State, full_game, new_game

__all__ = ["Rules", "State", "full_game", "new_game"]
