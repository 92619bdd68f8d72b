"""The board for people: the Boss, the 3 x 4 grid with damage tokens, the Ship's row, the
Ship's life, heat and XP, the Timeline, the cards in hand and what is asked."""

from __future__ import annotations

from typing import Any

from kemble_tools.games.bossins_space.engine import State
from kemble_tools.games.bossins_space.engine.model import BOSS_ROWS, PILES, ROWS, pile_count
from kemble_tools.games.bossins_space.play.snapshot import pending, step

WIDTH = 10


def render_board(state: State) -> str:
    lines = [headline(state), boss_line(state), "     " + "".join(f"{c:<{WIDTH}}" for c in "1234")]
    for r, name in enumerate(ROWS):
        closed = r < state.boss_row
        cells = [cell_text(state, cell, closed) for cell in state.grid[r]]
        lines.append(f"  {name}  " + "".join(f"{c:<{WIDTH}}" for c in cells).rstrip())
    ship = ["^Ship" if c == state.ship else "." for c in range(1, 5)]
    lines.append("  D  " + "".join(f"{c:<{WIDTH}}" for c in ship).rstrip())
    lines += [ship_line(state), *timeline_lines(state), hand_line(state), piles_line(state)]
    asked = pending(state)
    if asked is not None:
        lines.append(f"Asked: {asked['what']}: " + " | ".join(asked["options"]))
    return "\n".join(lines) + "\n"


def headline(state: State) -> str:
    where = step(state)
    at = f", column {where['column']}" if where["column"] else ""
    end = f" ({state.reason})" if state.reason else ""
    return f"Round {state.round}: {where['phase']}{at}; {state.outcome}{end}"


def boss_line(state: State) -> str:
    boss = state.rules.boss
    head = f"Boss {boss['name']} ({state.rules.boss_id}): {state.boss_status}"
    if state.boss_status not in ("in_play", "defeated"):
        return f"{head}, row {BOSS_ROWS[state.boss_row]}"
    return (
        f"{head} in column {state.boss_column}, row {BOSS_ROWS[state.boss_row]}, "
        f"life {state.boss_life}/{boss['life']}, {state.boss_side} side"
    )


def cell_text(state: State, cell: tuple[str, int] | None, closed: bool) -> str:
    if cell is None:
        return "#" if closed else "."
    return cell[0] + (f"+{cell[1]}" if cell[1] else "")


def ship_line(state: State) -> str:
    levels = ", ".join(f"{p} {n}" for p, n in state.levels.items() if n) or "none"
    return (
        f"Ship: life {state.life}/{state.max_life}, heat {state.heat}/{state.rules.heat_limit}, "
        f"XP {state.xp} (next upgrade at {state.next_cost()}, {state.yellow_left()} cubes "
        f"left); upgrades: {levels}"
    )


def timeline_lines(state: State) -> list[str]:
    lines = []
    for k in range(4):
        laid = state.laid[k] if k < len(state.laid) else None
        command = f"{laid[0]} {laid[1]}" if laid else "-"
        threat = state.threats[k] or "-"
        if state.threat_done[k]:
            threat += f" ({state.threat_done[k]})"
        boss = state.boss_threats[k]
        boss_text = (
            f" | {boss}" + (f" ({state.boss_threat_done[k]})" if state.boss_threat_done[k] else "")
            if boss
            else ""
        )
        lines.append(f"  column {k + 1}: {command} | {threat}{boss_text}")
    return ["Timeline (command | threat | boss threat):", *lines]


def hand_line(state: State) -> str:
    kept = " ".join(state.kept) or "-"
    drawn = f"; drawn: {' '.join(state.drawn)}" if state.drawn else ""
    if len(state.rules.players) == 1:
        return f"Kept: {kept}{drawn}"
    seats = []
    for seat, player in enumerate(state.rules.players):
        role = state.rules.crews[seat] or "no crew card"
        mark = " (Captain" + (", ability used)" if state.ability_used else ")")
        captain = mark if seat == state.captain else ""
        seats.append(f"{player} {role}{captain}: {len(state.hands[seat])} cards")
    down = len(state.played)
    return f"Crew: {'; '.join(seats)}\nFace down: {down} of 4; revealed: {kept}"


def piles_line(state: State) -> str:
    counts = ", ".join(
        f"{name.replace('_', ' ')} {pile_count(state.piles[name])}" for name in PILES
    )
    return f"Piles: {counts}"


def view(state: State, notes: list[tuple[Any, ...]]) -> dict[str, Any]:
    """The replay viewer's frame: the board as text and what the action did."""
    where = step(state)
    column = f", column {where['column']}" if where["column"] else ""
    return {
        "text": render_board(state),
        "events": [n[1] for n in notes if n[0] == "event"],
        "where": f"round {state.round} · {where['phase']}{column}",
    }
