"""What a scenario states about itself (`expect`, `difficulty`) against what the solver found,
reported at the line of the scenario file that states it."""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.dsl.operators import OPERATORS
from kemble_tools.load.content import collect_named, display_name
from kemble_tools.load.yaml_loader import load_file
from kemble_tools.report import render_text
from kemble_tools.solve.graph import PERFECTION_LINES


@dataclass(frozen=True)
class Problem:
    scenario: str
    key: str  # the scenario's key that the solver contradicts or could not check
    code: str
    message: str
    hint: str | None = None


def check(
    solutions: list[dict[str, Any]], bundle: dict[str, Any], undecided_limit: int | None = None
) -> list[Problem]:
    """A proved verdict that contradicts `expect`, a measured band that contradicts
    `difficulty`, and, given the limit that stopped it (`kemble build`), a scenario that states
    either but was left undecided."""
    problems = []
    for data in solutions:
        name, verdict = data["scenario"], data["verdict"]
        scenario = bundle["scenarios"].get(name) or {}
        expect, band = scenario.get("expect"), scenario.get("difficulty")
        analysis = data.get("analysis") or {}
        bands = _possible_bands(analysis)
        wanted, bound = expected(expect)
        if wanted and verdict != "unknown" and wanted != verdict:
            message = f"{name}: expect says {wanted}, but it is proved {verdict}"
            problems.append(Problem(name, "expect", "solve.expect", message))
        found = data.get("win_probability")
        if bound and verdict != "unknown" and found is not None and not holds(found, bound):
            message = f"{name}: expect says win_probability {bound}, but it is {found}"
            problems.append(Problem(name, "expect", "solve.expect", message))
        if band and bands and band not in bands:
            message = (
                f"{name}: difficulty says {band}, but the analysis measures "
                f"{analysis['difficulty']} (docs/solver.md)"
            )
            problems.append(Problem(name, "difficulty", "solve.difficulty", message))
        if verdict == "unknown" and undecided_limit is not None and (expect or band):
            problems.append(_undecided(name, "expect" if expect else "difficulty", undecided_limit))
    return problems


def expected(expect: Any) -> tuple[str | None, str | None]:
    """`expect` as a verdict (`solvable`), or a mapping with a verdict and a win probability
    bound (`{verdict: solvable, win_probability: ">= 1/3"}`)."""
    if isinstance(expect, dict):
        return expect.get("verdict"), expect.get("win_probability")
    return expect, None


def holds(probability: float, bound: str) -> bool:
    """Whether a probability meets a bound such as ">= 1/3" (to 6 decimals, as reported)."""
    match = re.fullmatch(r"\s*(>=|<=|==|>|<)\s*([0-9.]+)\s*(?:/\s*([0-9.]+))?\s*", bound)
    if match is None:
        return False
    op, top, bottom = match.groups()
    limit = round(float(Fraction(top) / Fraction(bottom or 1)), 6)
    return OPERATORS[op](round(probability, 6), limit)  # type: ignore[no-any-return]


def _possible_bands(analysis: dict[str, Any]) -> set[str]:
    """The bands the scenario may have: the one measured, and "perfection" too when an
    analysis cut short found at most 5 winning lines (the rest may hold no more): stating
    either is no contradiction."""
    measured = analysis.get("difficulty")
    if not measured:
        return set()
    lines = analysis.get("winning_lines")
    open_ = not analysis.get("complete") and lines is not None and lines <= PERFECTION_LINES
    return {measured, "perfection"} if open_ else {measured}


def _undecided(name: str, key: str, limit: int) -> Problem:
    message = (
        f"{name}: the search stopped at the build's limit of {limit:,} states without a "
        f"verdict, so its `{key}` cannot be checked"
    )
    hint = f"raise the limit: kemble build … --limit-states {limit * 2}"
    return Problem(name, key, "solve.undecided", message, hint)


def report(problems: list[Problem], files: dict[str, Path]) -> None:
    """Print each problem on stderr, at `file:line:column` of its key when the scenario's file
    is known (`files`: scenario id -> file), like the other diagnostics."""
    for problem in problems:
        diagnostic = _locate(problem, files.get(problem.scenario))
        if diagnostic is None:
            hint = f"\n  = hint: {problem.hint}" if problem.hint else ""
            sys.stderr.write(f"error: {problem.message} [{problem.code}]{hint}\n")
        else:  # render_text ends with a summary line of its own: not wanted here
            sys.stderr.write("".join(render_text([diagnostic], 1).splitlines(True)[:-1]))


def _locate(problem: Problem, path: Path | None) -> Diagnostic | None:
    if path is None:
        return None
    doc, _ = load_file(path, display_name(path))
    if doc is None:
        return None
    key = (problem.key,)
    return doc.diagnostic(key, problem.code, problem.message, hint=problem.hint, at_key=True)


def scenario_files(bundle: dict[str, Any], paths: list[Path], with_base: bool) -> dict[str, Path]:
    """The file each scenario of the bundle was compiled from, among the given content."""
    found, _ = collect_named(paths, with_base)
    by_name = {name: path for path, name in found.items()}
    return {
        sid: by_name[source]
        for sid, scenario in bundle["scenarios"].items()
        if (source := scenario.get("source")) in by_name
    }
