"""Replays for the site's viewer: a line of actions played by the engine, one frame per action.

Each frame holds what the viewer draws (every quadrant's object and symbols, the ships, the
players' tracks, the events of that action) and the state as `kemble run --json` prints it
(formats.md §5), so the viewer's last frame can be checked against the command line.
"""

from __future__ import annotations

from typing import Any

from kemble_tools.games.kembles_cascade.engine import board
from kemble_tools.games.kembles_cascade.engine.errors import IllegalAction
from kemble_tools.games.kembles_cascade.engine.game import Game
from kemble_tools.games.kembles_cascade.engine.observer import Observer
from kemble_tools.games.kembles_cascade.engine.state import State
from kemble_tools.games.kembles_cascade.play import (
    autoplay_sensor,
    board_marks,
    script_lines,
    state_json,
)


class ReplayError(Exception):
    """A line the rules refuse: (line number, action, message)."""


def replay_frames(bundle: dict[str, Any], scenario_id: str, text: str) -> list[dict[str, Any]]:
    """The frames of a script (formats.md §4 notation) on a scenario: the start, then one frame
    after each action."""
    state = Game.from_scenario(bundle, bundle["scenarios"][scenario_id]).new_initial_state()
    observer = Observer()
    marks = board_marks(bundle["objects"])
    frames = [_frame(state, marks, "start", [])]
    for number, action in script_lines(text):
        seen = len(observer.events)
        try:
            autoplay_sensor(state, action, observer)
            state.apply_action(state.string_to_action(action), observer)
        except IllegalAction as exc:
            raise ReplayError(f"line {number}: {action}: {exc.message} ({exc.rule})") from None
        frames.append(_frame(state, marks, action, observer.events[seen:]))
    return frames


def _frame(state: State, marks: dict[str, str], action: str, events: list[str]) -> dict:
    return {
        "action": action,
        "events": list(events),
        "cells": _cells(state, marks),
        "state": state_json(state),
    }


def _cells(state: State, marks: dict[str, str]) -> list[list[dict[str, Any]]]:
    """Each quadrant as drawn: object kind and mark, energy, threat, ship, covered."""
    quadrants = state.game.tables.quadrants
    rows = []
    for row in range(state.height):
        cells = []
        for column in range(state.width):
            cell = row * state.width + column
            quadrant = quadrants[state.cells[cell]]
            printed = quadrant.printed
            who = board.player_at(state, cell)
            cells.append(
                {
                    "object": printed["object"],
                    "mark": marks.get(printed["object"], "?"),
                    "energy": printed.get("energy"),
                    "threat": printed.get("threat", 0),
                    "ship": None if who is None else f"p{who + 1}",
                    "covered": bool(quadrant.covered),
                }
            )
        rows.append(cells)
    return rows
