"""Action scripts (CONTRACT §4) and the state as JSON (CONTRACT §5) or as a board in text."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kemble_tools.engine.board import Board
from kemble_tools.engine.game import Game
from kemble_tools.engine.player_stats import stat
from kemble_tools.engine.rules import IllegalAction
from kemble_tools.engine.threat import threat_level


@dataclass
class ScriptError(Exception):
    """An action the rules refuse, at a line of the script."""

    line: int
    action: str
    rule: str
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: '{self.action}': {self.message} ({self.rule})"


def script_lines(text: str) -> list[tuple[int, str]]:
    """(line number, action) for every action line; `#` starts a comment."""
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        action = " ".join(raw.split("#", 1)[0].split())
        if action:
            lines.append((number, action))
    return lines


def run_script(game: Game, text: str) -> Game:
    """Play every line; raises ScriptError at the first one the rules refuse."""
    for number, action in script_lines(text):
        _autoplay_sensor(game, action)
        try:
            game.apply_action(action)
        except IllegalAction as exc:
            raise ScriptError(number, action, exc.rule, exc.message) from None
    return game


def _autoplay_sensor(game: Game, action: str) -> None:
    """With one player the sensor line is optional: the first card in hand is played."""
    state = game.state
    if (
        state.phase == "sensor"
        and state.choice is None
        and len(state.players) == 1
        and not action.startswith("sensor")
    ):
        game.apply_action(f"sensor {state.players[0].hand_sensors[0]}")


def state_json(game: Game) -> dict[str, Any]:
    state, bundle = game.state, game.engine.bundle
    board = Board(bundle, state)
    players = []
    for index, player in enumerate(state.players):
        players.append(
            {
                "id": player.id,
                "energy": player.energy,
                "max_energy": stat(bundle, state, index, "max_energy"),
                "threat_points": player.threat_points,
                "threat_level": threat_level(player.threat_points),
                "glory": player.glory,
                "bellonium": player.bellonium,
                "position": list(player.position)
                if player.position and not player.astral
                else None,
                "astral": player.astral,
                "facing": player.facing,
                "upgrades": dict(player.upgrades),
                "powerups": len(player.hand),
            }
        )
    rows = [
        [f"{card}:{'back' if card in state.flipped else 'front'}" for card in row]
        for row in state.rows
    ]
    covered = sorted(list(pos) for pos in (board.pos_of(ref) for ref in state.covered) if pos)
    boss = {"id": state.boss, "defeated": state.boss_defeated} if state.boss else None
    choice = state.choice
    return {
        "round": state.round,
        "outcome": state.outcome,
        "players": players,
        "rows": rows,
        "covered": covered,
        "boss": boss,
        "phase": state.phase,
        "choice": {
            "player": f"p{choice.player + 1}",
            "kind": choice.kind,
            "options": list(choice.options),
        }
        if choice
        else None,
    }


_SHORT = {
    "empty": ".",
    "fighter": "F",
    "cruiser": "C",
    "turret": "T",
    "asteroid": "A",
    "wall": "#",
    "mine": "*",
    "black_hole": "@",
    "wormhole": "O",
    "power_up": "P",
    "recharge_drone": "+",
    "merchant": "$",
    "singularity": "X",
    "space_maze": "Z",
    "space_mosquito": "Q",
    "space_bomb": "B",
    "boss_part": "W",
}


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


def render_board(game: Game) -> str:
    """The play area as text: one cell per quadrant, ships as 1-5, then the players."""
    state = game.state
    board = Board(game.engine.bundle, state)
    lines = [f"round {state.round} - {state.phase} - {state.outcome}"]
    for row in range(1, board.height + 1):
        cells = []
        for column in range(1, board.width + 1):
            who = board.player_at((row, column))
            quadrant = board.quadrant_at((row, column))
            mark = str(who + 1) if who is not None else _SHORT.get(quadrant["object"], "?")
            cells.append(_cell(mark, quadrant))
        cards = " | ".join(state.rows[row - 1])
        lines.append(f"{row} {' '.join(cells)}  {cards}")
    for index, player in enumerate(state.players):
        where = player.position if player.position and not player.astral else "outside"
        lines.append(
            f"p{index + 1}: energy {player.energy}, threat {player.threat_points}, "
            f"glory {player.glory}, Bellonium {player.bellonium}, at {where}, "
            f"facing {player.facing}"
        )
    if state.choice:
        lines.append(f"choice for p{state.choice.player + 1}: {', '.join(state.choice.options)}")
    lines.append(
        "key: "
        + " ".join(
            f"{mark}={kind.replace('_', ' ')}" for kind, mark in _SHORT.items() if kind != "empty"
        )
        + "; after a mark: energy, ! threat, arrows: distant threat (γ: gamma), Ω omni; 1-5 ships"
    )
    return "\n".join(lines) + "\n"
