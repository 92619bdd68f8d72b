"""Benchmark: the solver's search on shipped scenarios, this tree against a git revision, one core.

Run from the project root:

    python benchmarks/solve_speed.py [--baseline REV] [--rounds 5] [--family] [--naive] [SCENARIO …]

Each scenario (default: bs-solo-03, the unwinnable one-round rung, and bs-solo-10, a two-round
one; `family-N` is the generated scenario N of tests/scenario_family.py, and `--family` adds all
of them) is decided as `kemble solve --analysis-states 0` decides it (chance open, no
analysis), each run in a fresh process, which also gives the search's peak memory (the
process's peak resident size less what it held before the search). With `--baseline REV`, REV
is checked out in a temporary worktree and its runs take turns with this tree's, `--rounds`
times each: the machine's speed changes by phases, so each tree's figure is its best run and a
slow phase costs both alike. Prints per
scenario and tree the verdict, the engine states (the same search must count the same), the
best CPU seconds of the search alone (the process's time, so that what others run on the
machine counts little) and the states per second, and the speed-up: REV's seconds divided by
the tree's. With `--naive`, a first table gives this tree's states on each scenario as a share
of the plain search's (`kemble solve --naive`; "n/a" when that gives up after 5,000,000 states).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from revision import ROOT, run_in, worktree

SCENARIOS = ("bs-solo-03", "bs-solo-10")
FAMILY = "family-"


def decide(name: str) -> dict[str, Any]:
    """Scenario `name` of the shipped content (or of the generated family) decided here, the
    search alone timed."""
    import resource

    from kemble_tools.solve.hooks import solo_game
    from kemble_tools.solve.search import Limits
    from kemble_tools.solve.solver import solve

    bundle, scenario = _scenario(name)
    game = solo_game(bundle, scenario, True)
    held = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB
    began = time.process_time()  # the process's own time: others' load on the machine aside
    solution = solve(game, name, Limits(), 0)
    seconds = time.process_time() - began
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {
        "verdict": solution.verdict,
        "states": solution.states,
        "seconds": seconds,
        "mb": (peak - held) / 1024,
    }


def _scenario(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    from kemble_tools.compile.pipeline import compile_validated
    from kemble_tools.validate.pipeline import validate_paths

    bundles = compile_validated(validate_paths([])).bundles
    if name.startswith(FAMILY):  # the generator of this tree's tests, for either revision
        sys.path.insert(0, str(ROOT / "tests"))
        from scenario_family import family_scenario

        bundle = next(b for b in bundles.values() if "solo-01" in b.get("scenarios", {}))
        return bundle, family_scenario(int(name.removeprefix(FAMILY)))
    bundle = next(b for b in bundles.values() if name in b.get("scenarios", {}))
    return bundle, bundle["scenarios"][name]


def plain_states(name: str) -> dict[str, Any]:
    """The plain search's verdict and states on scenario `name` (`kemble solve --naive`),
    given up after 5,000,000 states."""
    from kemble_tools.solve.hooks import solo_game
    from kemble_tools.solve.naive import solve_naive
    from kemble_tools.solve.search import Limits

    bundle, scenario = _scenario(name)
    found = solve_naive(solo_game(bundle, scenario, True), name, Limits(states=5_000_000))
    return {"verdict": found.verdict, "states": found.states}


def against_plain(names: list[str]) -> None:
    """This tree's states on each scenario as a share of the plain search's."""
    print(f"{'':26}{'verdict':>12}{'states':>10}{'plain':>11}{'share':>9}")
    for name in names:
        solved = json.loads(run_in(ROOT, __file__, ["--one", name]))
        plain = json.loads(run_in(ROOT, __file__, ["--one-naive", name]))
        share = solved["states"] / plain["states"] if plain["verdict"] != "unknown" else None
        shown = "n/a" if share is None else f"{share:.4f}"
        print(
            f"{name:26}{solved['verdict']:>12}{solved['states']:>10,}{plain['states']:>11,}{shown:>9}"
        )
    print()


def family() -> list[str]:
    sys.path.insert(0, str(ROOT / "tests"))
    from scenario_family import UNWINNABLE, WINNABLE

    return [f"{FAMILY}{seed}" for seed in (*WINNABLE, *UNWINNABLE)]


def measure(trees: dict[str, Path], names: list[str], rounds: int) -> dict[str, dict[str, Any]]:
    """Each tree's best run of each scenario, the trees taking turns."""
    best: dict[str, dict[str, Any]] = {}
    for _ in range(rounds):
        for name in names:
            for label, tree in trees.items():
                found = json.loads(run_in(tree, __file__, ["--one", name]))
                kept = best.setdefault(f"{name} {label}", found)
                if found["seconds"] < kept["seconds"]:
                    best[f"{name} {label}"] = found
    return best


def report(best: dict[str, dict[str, Any]], names: list[str], labels: list[str]) -> None:
    print(
        f"{'':26}{'verdict':>12}{'states':>10}{'CPU s':>9}{'states/s':>11}{'speed-up':>10}{'MB':>7}"
    )
    for name in names:
        first = best[f"{name} {labels[0]}"]
        for label in labels:
            found = best[f"{name} {label}"]
            rate = found["states"] / found["seconds"]
            gain = first["seconds"] / found["seconds"]
            print(
                f"{name + ' ' + label:26}{found['verdict']:>12}{found['states']:>10,}"
                f"{found['seconds']:>9.3f}{rate:>11,.0f}{gain:>9.2f}x{found.get('mb', 0):>7.1f}"
            )
        if len({best[f"{name} {label}"]["states"] for label in labels}) > 1:
            first, last = (best[f"{name} {label}"]["states"] for label in (labels[0], labels[-1]))
            print(f"  {name}: states {last / max(first, 1):.3f} of {labels[0]}'s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", default=list(SCENARIOS))
    parser.add_argument("--baseline", metavar="REV", help="also time this git revision")
    parser.add_argument("--rounds", type=int, default=5, help="runs of each tree, in turns")
    parser.add_argument("--family", action="store_true", help="add every family scenario")
    parser.add_argument(
        "--naive", action="store_true", help="also count the plain search's states (this tree)"
    )
    parser.add_argument("--one", help=argparse.SUPPRESS)  # a child run: one scenario, as JSON
    parser.add_argument("--one-naive", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.family:
        options.scenarios = [*options.scenarios, *family()]
    if options.one:
        print(json.dumps(decide(options.one)))
        return
    if options.one_naive:
        print(json.dumps(plain_states(options.one_naive)))
        return
    if options.naive:
        against_plain(options.scenarios)
    if not options.baseline:
        best = measure({"this tree": ROOT}, options.scenarios, options.rounds)
        report(best, options.scenarios, ["this tree"])
        return
    with worktree(options.baseline) as old:
        trees = {options.baseline: old, "this tree": ROOT}
        best = measure(trees, options.scenarios, options.rounds)
    report(best, options.scenarios, list(trees))


if __name__ == "__main__":
    main()
