"""Bossin' Space at the play edges: `kemble run` (scripts, `--json`, the board for people, the
event log, the interactive loop) and the site's replays, through the hooks in hooks.py."""

from kemble_tools.games.bossins_space.play.hooks import PLAY

__all__ = ["PLAY"]
