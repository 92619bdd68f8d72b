"""A scenario's verdict and metrics as the site shows them, from its entry in solutions.json.

A count found by an analysis that stopped at its budget (`analysis["complete"]` false) is a
lower bound: it reads "≥ N", explained on hover and under the table, never as an exact number.
The metrics of a win (the effort to the first one, its rounds, the game's margin…) are left out
when no win was found: they would describe nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

BOUND = "at least {}: the analysis stopped at its budget"
PARTIAL = "of the winning lines found: the analysis stopped at its budget"
SOME = "these at least: the analysis stopped at its budget"


@dataclass(frozen=True)
class Metric:
    label: str
    value: str
    note: str = ""  # why the value is not exact (a tooltip, and the note under the table)
    id: str = ""


def wins(solution: dict[str, Any]) -> bool:
    """Whether a win was found: a winning line, or a chance of one."""
    analysis = solution.get("analysis") or {}
    return bool(
        solution.get("witness")
        or (analysis.get("winning_lines") or 0) > 0
        or (solution.get("win_probability") or 0) > 0
    )


def bounded(solution: dict[str, Any]) -> bool:
    """Whether the counts are lower bounds: a win was found but not every winning line."""
    return wins(solution) and not (solution.get("analysis") or {}).get("complete", True)


def count(solution: dict[str, Any], value: int | None) -> Metric | None:
    """A count of winning lines or turns: "≥ N" with its reason when it is a lower bound."""
    if value is None:
        return None
    if bounded(solution):
        return Metric("", f"≥ {value}", BOUND.format(value))
    return Metric("", str(value))


def metrics(solution: dict[str, Any]) -> list[Metric]:
    """The rows of the verdict table, in order."""
    analysis = solution.get("analysis") or {}
    rows = [Metric("Verdict", str(solution.get("verdict")), id="verdict-value")]
    if analysis.get("difficulty"):
        rows.append(Metric("Difficulty", str(analysis["difficulty"]), id="difficulty"))
    lines = count(solution, solution.get("winning_lines"))
    if lines is not None:
        rows.append(Metric("Winning lines", lines.value, lines.note, "winning-lines"))
    if wins(solution):
        rows += _win_metrics(solution, analysis)
    if solution.get("win_probability") is not None:
        rows.append(Metric("Win probability", f"{solution['win_probability']:.3f}"))
    rows.append(Metric("States searched", f"{solution.get('states', 0):,}"))
    return rows


def _win_metrics(solution: dict[str, Any], analysis: dict[str, Any]) -> list[Metric]:
    """What only a win has: how it starts, where it must pass, what it took to find it."""
    cut = bounded(solution)
    rows = []
    first = count(solution, analysis.get("winning_first_turns"))
    if first is not None:
        rows.append(Metric("Winning first turns", first.value, first.note))
    if solution.get("critical_rounds"):
        rounds = ", ".join(map(str, solution["critical_rounds"]))
        rows.append(Metric("Critical rounds", rounds, SOME if cut else ""))
    if analysis.get("effort") is not None:
        rows.append(Metric("Effort (states to the first win)", f"{analysis['effort']:,}"))
    for key, value in analysis.items():  # the game's margin, `<SoloGame.margin_name>_margin`
        if key.endswith("_margin") and value is not None:
            name = key.removesuffix("_margin").replace("_", " ")
            rows.append(Metric(f"{name[:1].upper()}{name[1:]} margin", str(value)))
    shortest, longest = analysis.get("shortest_win_rounds"), analysis.get("longest_win_rounds")
    if shortest is not None:
        span = str(shortest) if longest in (None, shortest) else f"{shortest}–{longest}"
        rows.append(Metric("Rounds to win", span, PARTIAL if cut else ""))
    return rows
