"""`kemble build`'s solve step: every scenario decided within a limit of engine states (never
seconds, so the verdicts and `solutions.json` are the same on an idle or a busy machine), its
answer taken from the cache when nothing it depends on changed (cache.py), and the build failed
when a scenario's verdict or difficulty contradicts what it states, or could not be checked."""

from __future__ import annotations

import json
import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from kemble_tools.fileio import write_atomic
from kemble_tools.solve import ANALYSIS_STATES
from kemble_tools.solve.cache import FOLDER, SolutionCache, entry_key
from kemble_tools.solve.checks import check, report, scenario_files
from kemble_tools.solve.hooks import NoSolver, not_solvable
from kemble_tools.solve.named import selected, solve_named
from kemble_tools.solve.search import Limits
from kemble_tools.solve.solver import Solution

# The most any shipped scenario needs to be decided is 379,503 states (solo-05; the others
# 0 to 184,464): the limit leaves ten times that, for expansions' harder ones.
BUILD_LIMITS = Limits(states=4_000_000)
BUILD_ANALYSIS_STATES = ANALYSIS_STATES


def build_solutions(
    bundle: dict[str, Any],
    out: Path,
    paths: list[Path] | None = None,
    with_base: bool = True,
    shown: Path | None = None,
    limit_states: int | None = None,
    cache: Path | None = None,
) -> bool:
    """Solve the given content's scenarios (and the shipped ones with the base game), write
    OUT/solutions.json, and say whether every scenario agrees with what it states. `cache` is
    the cache's folder (None: no cache); `shown` is where OUT will be, for the messages."""
    names = set(selected(bundle, paths)) if paths else set()
    names |= set(selected(bundle, [])) if with_base else set()
    limits = replace(BUILD_LIMITS, states=limit_states or BUILD_LIMITS.states)
    store = SolutionCache(cache)
    try:
        refused = not_solvable(bundle, sorted(names))
        for name, why in refused.items():  # said once, not an error: `kemble run` plays them
            sys.stdout.write(f"solve: {name} is left out: {why}\n")
        data = solutions(bundle, sorted(names - set(refused)), limits, store)
    except NoSolver as exc:  # a game that does not take part in solving: said, not fatal
        sys.stdout.write(f"solve: {exc}\n")
        data = []
    target = out / "solutions.json"
    write_atomic(target, json.dumps(data, indent=2) + "\n")  # byte for byte the same
    store.prune()
    sys.stdout.write(_summary(data, (shown or out) / target.name, store))
    problems = check(data, bundle, limits.states)
    if problems:
        report(problems, scenario_files(bundle, paths or [], with_base))
    return not problems


def solutions(
    bundle: dict[str, Any], names: list[str], limits: Limits, store: SolutionCache
) -> list[dict[str, Any]]:
    """Each scenario's answer as `solutions.json` holds it: from the cache, or solved (on its
    reach, as the cache's key assumes) and kept there."""
    keys = {name: entry_key(bundle, name, ANALYSIS_STATES, limits.memory_mb) for name in names}
    found = {name: store.get(keys[name], limits.states) for name in names}
    missing = [name for name in names if found[name] is None]
    for solution in solve_named(bundle, missing, limits, ANALYSIS_STATES, None, on_reach=True):
        name = solution.scenario
        found[name] = solution.to_json(timings=False)
        store.put(keys[name], found[name], _needed(solution), limits.states)
    return [found[name] for name in names]


def _needed(solution: Solution) -> int | None:
    """The states the decision took (the analysis's come after it), or None if undecided."""
    if solution.verdict == "unknown":
        return None
    return int(solution.analysis.get("effort", solution.states))


def _summary(data: list[dict[str, Any]], target: Path, store: SolutionCache) -> str:
    counts = {v: sum(s["verdict"] == v for s in data) for v in ("solvable", "unsolvable")}
    unknown = len(data) - sum(counts.values())
    cached = f" ({store.hits} from the cache)" if store.hits else ""
    return (
        f"solve: {len(data)} scenarios, {counts['solvable']} solvable, "
        f"{counts['unsolvable']} unsolvable, {unknown} unknown -> {target}{cached}\n"
    )


def cache_folder(out: Path) -> Path:
    """OUT/.cache/solutions, or the folder KEMBLE_SOLUTION_CACHE names: builds of several
    output folders (a CI's jobs, a test suite) then share their solved scenarios. Entries are
    keyed by all they depend on, code included (cache.py), so sharing never serves a stale one."""
    shared = os.environ.get("KEMBLE_SOLUTION_CACHE")
    return Path(shared) if shared else out / FOLDER
