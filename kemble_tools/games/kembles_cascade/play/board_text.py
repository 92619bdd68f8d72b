"""Kemble's Cascade's play area as text for people (`kemble run`, the solver's report) and as
the cells the site's replay viewer draws."""

from __future__ import annotations

from typing import Any

from kemble_tools.games.kembles_cascade.engine import board
from kemble_tools.games.kembles_cascade.engine.state import OUTCOMES, PHASES, State
from kemble_tools.games.kembles_cascade.play.snapshot import card_rows


def board_marks(objects: dict[str, Any]) -> dict[str, str]:
    """One character per object kind for text boards: its `mark`, else the first letter of its
    name that no other kind has taken (an expansion's kinds need no code), else '?'."""
    marks = {kind: data["mark"] for kind, data in objects.items() if data.get("mark")}
    taken = set(marks.values()) | set("12345")  # digits are ships
    for kind, data in objects.items():
        if kind in marks:
            continue
        name = str(data.get("name") or kind)
        free = [c for c in name.upper() + name.lower() if c.isalpha() and c not in taken]
        marks[kind] = free[0] if free else "?"
        taken.add(marks[kind])
    return marks


_ARROWS = {"N": "↑", "NE": "↗", "E": "→", "SE": "↘", "S": "↓", "SW": "↙", "W": "←", "NW": "↖"}


def _cell(mark: str, quadrant: dict[str, Any]) -> str:
    """One quadrant in a few characters: object, energy, threat symbols and their directions."""
    text = mark + str(quadrant.get("energy", "")) + "!" * int(quadrant.get("threat", 0))
    for key, prefix in (("distant_threat", ""), ("gamma_distant_threat", "γ")):
        if key in quadrant:
            line = quadrant[key]
            text += prefix + _ARROWS[line["direction"]] * int(line["count"])
    text += "Ω" * int(quadrant.get("omni_threat", 0))
    return text.ljust(6)


def render_board(state: State, this_turn: dict[int, tuple[int, int]] | None = None) -> str:
    """The play area as text: one cell per quadrant, ships as 1-5, then the players, with the
    energy each lost and the threat each received this turn when `this_turn` gives them."""
    game = state.game
    quadrants = game.tables.quadrants
    lines = [f"round {state.round} - {PHASES[state.phase]} - {OUTCOMES[state.outcome]}"]
    rows = card_rows(state)
    objects = game.bundle["objects"]
    marks = board_marks(objects)
    for row in range(state.height):
        cells = []
        for column in range(state.width):
            cell = row * state.width + column
            who = board.player_at(state, cell)
            printed = quadrants[state.cells[cell]].printed
            mark = str(who + 1) if who is not None else marks.get(printed["object"], "?")
            cells.append(_cell(mark, printed))
        cards = " | ".join(card for card, _ in rows[row])
        lines.append(f"{row + 1} {' '.join(cells)}  {cards}")
    for index, player in enumerate(state.players):
        where = (
            board.position(state, player.pos)
            if player.pos >= 0 and not player.astral
            else "outside"
        )
        lines.append(
            f"p{index + 1}: energy {player.energy}, threat {player.threat}, "
            f"glory {player.glory}, Bellonium {player.bellonium}, at {where}, "
            f"facing {player.facing}" + _turn_damage((this_turn or {}).get(index))
        )
    if state.choice:
        options = [game.actions.option_word(state, i) for i in range(len(state.choice.values))]
        lines.append(f"choice for p{state.choice.player + 1}: {', '.join(options)}")
    lines.append(
        "key: "
        + " ".join(
            f"{mark}={str(objects[kind].get('name') or kind).lower()}"
            for kind, mark in marks.items()
            if not objects[kind].get("vacant")
        )
        + "; after a mark: energy, ! threat, arrows: distant threat (γ: gamma), Ω omni; 1-5 ships"
    )
    return "\n".join(lines) + "\n"


def _turn_damage(taken: tuple[int, int] | None) -> str:
    if taken is None:
        return ""
    lost, threat = taken
    return f"; this turn: lost {lost} energy, received {threat} threat"


def view(state: State, notes: list[tuple[Any, ...]]) -> dict[str, Any]:
    """What the site's replay viewer draws: the engine's events (as the golden traces hold
    them), and each quadrant's object and mark, energy, threat, ship and cover."""
    marks = board_marks(state.game.bundle["objects"])
    events = [note[1] for note in notes if note[0] == "event"]
    return {"events": events, "cells": _cells(state, marks)}


def _cells(state: State, marks: dict[str, str]) -> list[list[dict[str, Any]]]:
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
