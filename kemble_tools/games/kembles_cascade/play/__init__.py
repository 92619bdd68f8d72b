"""Playing Kemble's Cascade at the edges: a scenario set up as a game (scenario.py), the action
words of formats.md §4 (words.py), the state described with ids and as JSON (snapshot.py, §5),
as text and as the replay viewer's cells (board_text.py), the event log (log.py), and the hooks
that give them to the game-free stages (hooks.py). Words and ids live here; the engine inside
works with integers."""

from kemble_tools.games.kembles_cascade.play.board_text import render_board
from kemble_tools.games.kembles_cascade.play.hooks import PLAY, run_script
from kemble_tools.games.kembles_cascade.play.snapshot import (
    PlayerView,
    Snapshot,
    describe,
    state_json,
)
from kemble_tools.games.kembles_cascade.play.words import ACTION_WORDS, autoplay_sensor, suggest

__all__ = [
    "ACTION_WORDS",
    "PLAY",
    "PlayerView",
    "Snapshot",
    "autoplay_sensor",
    "describe",
    "render_board",
    "run_script",
    "state_json",
    "suggest",
]
