"""The state as `kemble run --json` prints it (the state format of docs/bossins-space/rules.md):
piles as counts, never a hidden order; the pending choice with exactly the answers the rules
take."""

from __future__ import annotations

from typing import Any

from kemble_tools.games.bossins_space.engine import State
from kemble_tools.games.bossins_space.engine.model import BOSS_ROWS, PILES, ROWS, pile_count
from kemble_tools.games.bossins_space.engine.words import value_word

PENDING = {"column": "column", "space": "space", "side": "side", "option": "help_bonus"}


def state_json(state: State) -> dict[str, Any]:
    boss_in = state.boss_status in ("in_play", "defeated")
    return {
        "game": "bossins-space",
        "scenario": state.rules.scenario_id,
        "round": state.round,
        "outcome": state.outcome,
        "reason": state.reason,
        "step": step(state),
        "ship": {
            "column": state.ship,
            "life": state.life,
            "max_life": state.max_life,
            "heat": state.heat,
        },
        "xp": {
            "cube": state.xp,
            "next_cost": state.next_cost(),
            "yellow_left": state.yellow_left(),
        },
        "upgrades": dict(state.levels),
        "grid": {
            name: [None if c is None else {"card": c[0], "damage": c[1]} for c in state.grid[r]]
            for r, name in enumerate(ROWS)
        },
        "boss": {
            "card": state.rules.boss_id,
            "status": state.boss_status,
            "column": state.boss_column if boss_in else None,
            "row": BOSS_ROWS[state.boss_row],
            "life": state.boss_life if boss_in else None,
            "max_life": int(state.rules.boss["life"]),
            "side": state.boss_side,
        },
        "timeline": timeline(state),
        "kept": list(state.kept),
        "drawn": list(state.drawn),
        "piles": {name: pile_count(state.piles[name]) for name in PILES},
        "pending": pending(state),
        "players": [
            {
                "id": player,
                "crew": state.rules.crews[seat],
                "hand": len(state.hands[seat]) if seat < len(state.hands) else 0,
                "ability_used": state.ability_used and seat == state.captain,
            }
            for seat, player in enumerate(state.rules.players)
        ],
        "captain": state.rules.players[state.captain],
    }


def step(state: State) -> dict[str, Any]:
    phase = "over" if state.is_terminal() else state.phase
    if phase in ("end", "start", "drawing") and len(state.rules.players) > 1:
        phase = "timeline" if phase == "end" else "plays"
    elif phase in ("end", "start", "drawing"):
        phase = "timeline" if phase == "end" else "draft1" if phase == "start" else "draft2"
    column = state.column if phase == "timeline" else None
    return {"phase": phase, "column": column, "part": state.part if column else None}


def timeline(state: State) -> list[dict[str, Any]]:
    found = []
    for k in range(4):
        laid = state.laid[k] if k < len(state.laid) else (None, None)
        found.append(
            {
                "column": k + 1,
                "command": laid[0],
                "mode": laid[1],
                "threat": state.threats[k],
                "threat_done": state.threat_done[k],
                "boss_threat": state.boss_threats[k],
                "boss_threat_done": state.boss_threat_done[k],
            }
        )
    return found


def pending(state: State) -> dict[str, Any] | None:
    if state.is_terminal():
        return None
    if state.pending is not None:
        what, options, _ = state.pending
        words = [value_word(state, a) for a in options]
        return {"what": PENDING.get(what, what), "options": words}
    if state.phase in ("draft1", "draft2"):
        return {"what": "keep", "options": list(state.drawn)}
    if state.phase == "plays":  # the face-down plays (and the exchange, the Hacker's look)
        return {
            "what": "plays",
            "options": [state.action_to_string(a) for a in state.legal_actions()],
        }
    return None
