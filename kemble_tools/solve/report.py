"""What `kemble solve` prints for people: one table for every scenario, and for one scenario its
winning line told turn by turn, with the board at the critical rounds."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from kemble_tools.solve.checks import expected
from kemble_tools.solve.hooks import TURN, SoloGame, won
from kemble_tools.solve.solver import Solution


def table(solutions: list[Solution]) -> Table:
    grid = Table(title="Solvability", title_justify="left")
    for column in (
        "scenario",
        "expect",
        "verdict",
        "band",
        "lines",
        "1st turns",
        "critical",
        "witness",
        "states",
        "s",
    ):
        grid.add_column(column, justify="left" if column in ("scenario", "verdict") else "right")
    for solution in solutions:
        analysis = solution.analysis
        lower = "" if analysis.get("complete", True) else "≥"
        verdict = solution.verdict
        if solution.chance and solution.win_probability is not None:
            verdict += f" p={solution.win_probability:.3f}"
        if solution.limit_hit and solution.verdict == "unknown":
            verdict += f" ({solution.limit_hit})"
        grid.add_row(
            solution.scenario,
            expected(solution.expect)[0] or "",
            verdict,
            str(analysis.get("difficulty", "")),
            f"{lower}{analysis['winning_lines']}" if "winning_lines" in analysis else "",
            f"{lower}{analysis.get('winning_first_turns', '')}",
            _rounds(analysis),
            str(len(solution.witness)) if solution.witness else "",
            f"{solution.states:,}",
            f"{solution.seconds:.1f}",
        )
    return grid


def _rounds(analysis: dict[str, Any]) -> str:
    if not analysis:
        return ""
    if analysis.get("critical_rounds") is None:  # the analysis was cut short
        return "?"
    return ", ".join(map(str, analysis["critical_rounds"])) or "none"


def narrate(solution: Solution, game: SoloGame) -> str:
    """The witness, turn by turn, played on a fresh game of the scenario as `kemble run` plays
    it (the game lays the lines out: `SoloGame.line_start`), with the position drawn before
    the turn of every critical round."""
    if not solution.witness:
        return ""
    state = game.seeded_state()
    critical = set(solution.analysis.get("critical_rounds") or ())
    lines = [f"A winning line ({len(solution.witness)} actions):"]
    turn: list[str] = []
    for words in solution.witness:
        game.prepare(state, words)
        start = game.line_start(state, words)
        if start is not None:
            if turn:
                lines.append("  " + ", ".join(turn))
                turn = []
            round_ = game.round_of(state)
            if round_ in critical and start == TURN:
                lines.append(f"  -- round {round_} is critical: every winning line is here")
                lines += ["     " + row for row in game.draw(state)]
            turn.append(f"round {round_}: {words}")
        else:
            turn.append(words)
        state.apply_action(state.string_to_action(words))
    if turn:
        lines.append("  " + ", ".join(turn))
    lines.append(f"  -> {'won' if won(state) else 'not won'}")
    return "\n".join(lines) + "\n"


def summary(solution: Solution) -> str:
    analysis = solution.analysis
    parts = [f"{solution.scenario}: {solution.verdict}"]
    if solution.chance and solution.win_probability is not None:
        parts.append(f"win probability {solution.win_probability:.3f} under the best play")
    if "difficulty" in analysis:
        parts.append(f"difficulty {analysis['difficulty']}")
    margin = next((k for k in analysis if k.endswith("_margin")), None)  # the game's: energy
    for key, value in analysis.items():
        if key.endswith("_margin") and value is not None:
            name = key.removesuffix("_margin")
            said = f"least {name} along the line" if key == margin else f"{name} margin"
            parts.append(f"{said} {value}")
    if analysis.get("winning_share") is not None and analysis.get("winning_nodes"):
        parts.append(f"{analysis['winning_share']:.0%} of the options keep a win possible")
    if not analysis.get("complete", True):
        parts.append("analysis cut short: counts are lower bounds")
    if solution.bounds == "on":
        parts.append(f"bounds on: {solution.bounded:,} states proved lost without search")
    elif solution.bounds == "off":
        parts.append(f"bounds off: {solution.bounds_off}")
    return "; ".join(parts) + "\n"


def show(console: Console, solutions: list[Solution]) -> None:
    console.print(table(solutions))
