"""Replays for the site's viewer: a line of actions played by the engine, one frame per action.

Each frame holds what the viewer draws (the game's `view` hook: for Kemble's Cascade every
quadrant's object and symbols, the ships, the events of that action) and the state as `kemble
run --json` prints it (formats.md §5), so the viewer's last frame can be checked against the
command line.
"""

from __future__ import annotations

from typing import Any

from kemble_tools.engine.edges import ScriptError, script_lines
from kemble_tools.session import Session, open_bundle


class ReplayError(Exception):
    """A line the rules refuse: (line number, action, message)."""


def replay_frames(bundle: dict[str, Any], scenario_id: str, text: str) -> list[dict[str, Any]]:
    """The frames of a script (formats.md §4 notation) on a scenario: the start, then one frame
    after each action (with the action the script left out before it, if any)."""
    session = open_bundle(bundle, scenario_id)
    frames = [_frame(session, "start", [])]
    for number, action in script_lines(text):
        try:
            done = session.play(action, number)
        except ScriptError as exc:
            raise ReplayError(f"line {number}: {action}: {exc.message} ({exc.rule})") from None
        frames.append(_frame(session, action, [note for record in done for note in record.notes]))
    return frames


def _frame(session: Session, action: str, notes: list[tuple[Any, ...]]) -> dict[str, Any]:
    hooks, state = session.hooks, session.state
    turn = {"turn": True} if action in hooks.turn_words else {}  # Page Up/Down stop after it
    return {"action": action, **turn, **hooks.view(state, notes), "state": hooks.state_json(state)}
