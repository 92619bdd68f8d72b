"""Benchmark: `kemble solve` against the plain search (`--naive`) and OpenSpiel's MCTS, single core.

Run from the project root (the MCTS column needs the `openspiel` extra):

    python benchmarks/solver.py [--scenarios solo-01 solo-08] [--naive-seconds 120]
                                [--mcts-simulations 300]

For every shipped scenario, in one run, each method in a fresh child process (one core each, one
after the other, so the machine is otherwise idle):

- solver: `solve()` as `kemble solve` runs it, deciding only (no analysis): verdict, engine
  states generated, seconds to the verdict and to the first witness, peak memory;
- naive: the breadth-first search with no pruning (`kemble solve --naive`), stopped after
  `--naive-seconds` (then its verdict is "unknown" and its figures are lower bounds);
- mcts: OpenSpiel's MCTS bot (UCT, random rollouts) plays whole games, one after another, for
  as long as the solver took (at least one second): did it find a win in that time?
- transition: the cost of one engine transition on the same scenario, from random playouts
  (`apply_action` calls divided by the time spent in them), to express the solver's cost per
  state as a multiple of it.

Peak memory is the child's peak resident size (`ru_maxrss`) minus what it held before the
search began (the bundle and the game loaded), so the figures compare the searches alone.
The goals checked at the end are those of the solver issue: on unwinnable scenarios at most
1/100 of the naive states; the first witness at least 10x faster than naive; a state at most
3x one transition; every shipped scenario decided within 60 s on one core.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import resource
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _bundle() -> dict[str, Any]:
    from kemble_tools.compile.pipeline import compile_validated
    from kemble_tools.validate.pipeline import validate_paths

    result = compile_validated(validate_paths([]))
    assert result.bundle is not None
    return result.bundle


def _game(name: str) -> Any:
    from kemble_tools.games.kembles_cascade.engine import Game

    bundle = _bundle()
    return Game.from_scenario(bundle, bundle["scenarios"][name], True)


def _solo_game(name: str) -> Any:
    """The scenario's game as the solver sees it (its game's solver hooks)."""
    from kemble_tools.solve.hooks import solo_game

    bundle = _bundle()
    return solo_game(bundle, bundle["scenarios"][name], True)


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def run_solver(name: str, options: dict[str, Any]) -> dict[str, Any]:
    from kemble_tools.solve.search import Limits
    from kemble_tools.solve.solver import solve

    return _search(name, lambda game: solve(game, name, Limits(seconds=600), analysis_states=0))


def run_naive(name: str, options: dict[str, Any]) -> dict[str, Any]:
    from kemble_tools.solve.naive import solve_naive
    from kemble_tools.solve.search import Limits

    limits = Limits(seconds=options["naive_seconds"])
    return _search(name, lambda game: solve_naive(game, name, limits))


def _search(name: str, search: Any) -> dict[str, Any]:
    """One search on a fresh game of the scenario, with its figures."""
    game = _solo_game(name)
    before = _peak_mb()
    solution = search(game)
    return {
        "verdict": solution.verdict,
        "states": solution.states,
        "seconds": solution.seconds,
        "first_witness": solution.first_witness_seconds,
        "memory_mb": _peak_mb() - before,
    }


def run_mcts(name: str, options: dict[str, Any]) -> dict[str, Any]:
    try:
        from open_spiel.python.algorithms import mcts

        from kemble_tools.games.kembles_cascade.engine.openspiel import openspiel_game
    except ImportError:
        return {"verdict": "not installed"}
    game = openspiel_game(_game(name))
    rng = random.Random(1)
    bot = mcts.MCTSBot(
        game,
        uct_c=1.4,
        max_simulations=options["mcts_simulations"],
        evaluator=mcts.RandomRolloutEvaluator(1, rng),
        random_state=rng,
        solve=True,
    )
    before, started, games, won = _peak_mb(), time.perf_counter(), 0, None
    budget = options["budget"]
    while time.perf_counter() - started < budget and won is None:
        state = game.new_initial_state()
        while not state.is_terminal() and time.perf_counter() - started < budget:
            state.apply_action(bot.step(state))
        games += state.is_terminal()
        if state.is_terminal() and state.returns() == [1.0]:
            won = time.perf_counter() - started
    return {
        "verdict": "win found" if won is not None else "no win",
        "games": games,
        "seconds": time.perf_counter() - started,
        "first_witness": won,
        "memory_mb": _peak_mb() - before,
    }


def run_transitions(name: str, _: dict[str, Any], games: int = 300) -> dict[str, Any]:
    game, rng = _game(name), random.Random(1)
    spent = calls = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = rng.choice(state.chance_outcomes())[0]
            else:
                action = rng.choice(state.legal_actions())
            began = time.perf_counter()
            state.apply_action(action)
            spent += time.perf_counter() - began
            calls += 1
    return {"transition_us": spent / calls * 1e6}


METHODS = {
    "solver": run_solver,
    "naive": run_naive,
    "mcts": run_mcts,
    "transition": run_transitions,
}


def _child(method: str, name: str, options: dict[str, Any], out: Any) -> None:
    out.send(METHODS[method](name, options))


def measure(method: str, name: str, options: dict[str, Any]) -> dict[str, Any]:
    """One method on one scenario, in a fresh process (its own peak memory)."""
    context = multiprocessing.get_context("spawn")
    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(method, name, options, send))
    child.start()
    result = receive.recv()
    child.join()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenarios", nargs="*", default=None)
    parser.add_argument("--naive-seconds", type=float, default=120.0)
    parser.add_argument("--mcts-simulations", type=int, default=300)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    names = args.scenarios or sorted(_bundle()["scenarios"])
    options = {"naive_seconds": args.naive_seconds, "mcts_simulations": args.mcts_simulations}
    rows = []
    print(HEADER)
    print("|---" * (HEADER.count("|") - 1) + "|")
    for name in names:
        row: dict[str, Any] = {"scenario": name}
        row["solver"] = measure("solver", name, options)
        row["naive"] = measure("naive", name, options)
        budget = max(1.0, row["solver"]["seconds"])
        row["mcts"] = measure("mcts", name, {**options, "budget": budget})
        row.update(measure("transition", name, options))
        rows.append(row)
        print(_line(row), flush=True)
    print()
    print(_goals(rows))
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")


HEADER = (
    "| scenario | verdict | solver states | s | 1st witness s | MB | naive verdict | naive states "
    "| s | MB | states naive/solver | 1st witness naive/solver | MCTS in the same time "
    "| µs/state | µs/transition | state/transition |"
)


def _line(row: dict[str, Any]) -> str:
    solver, naive, mcts = row["solver"], row["naive"], row["mcts"]
    per_state = _per_state(row)
    witness = "–"
    if solver["first_witness"] and naive["first_witness"]:
        witness = f"{naive['first_witness'] / solver['first_witness']:.1f}x"
    elif solver["first_witness"] and naive["verdict"] == "unknown":
        witness = f">{naive['seconds'] / solver['first_witness']:.1f}x"
    mcts_text = mcts["verdict"]
    if "games" in mcts:
        mcts_text += f" ({mcts['games']} games, {mcts['seconds']:.1f} s)"
    ratio = naive["states"] / max(solver["states"], 1)
    return (
        f"| {row['scenario']} | {solver['verdict']} | {solver['states']:,} "
        f"| {solver['seconds']:.2f} | {_fmt(solver['first_witness'])} | {solver['memory_mb']:.0f} "
        f"| {naive['verdict']} | {naive['states']:,} | {naive['seconds']:.1f} "
        f"| {naive['memory_mb']:.0f} | {'≥' if naive['verdict'] == 'unknown' else ''}{ratio:.1f} "
        f"| {witness} | {mcts_text} | {per_state:.1f} | {row['transition_us']:.1f} "
        f"| {per_state / row['transition_us']:.2f} |"
    )


def _per_state(row: dict[str, Any]) -> float:
    """The solver's microseconds per engine state it generated."""
    return row["solver"]["seconds"] / max(row["solver"]["states"], 1) * 1e6


def _fmt(seconds: float | None) -> str:
    return "–" if seconds is None else f"{seconds:.2f}"


def _goals(rows: list[dict[str, Any]]) -> str:
    lost = [r for r in rows if r["solver"]["verdict"] == "unsolvable"]
    won = [r for r in rows if r["solver"]["first_witness"]]
    lines = ["goals:"]
    for r in lost:
        share = r["solver"]["states"] / max(r["naive"]["states"], 1)
        bound = "≤" if r["naive"]["verdict"] == "unknown" else ""
        lines.append(
            f"  {r['scenario']} unwinnable: solver/naive states {bound}{share:.4f} "
            f"({'met' if share <= 0.01 else 'NOT met'}: at most 0.01)"
        )
    for r in won:
        naive_time = r["naive"]["first_witness"] or r["naive"]["seconds"]
        speed = naive_time / r["solver"]["first_witness"]
        bound = "" if r["naive"]["first_witness"] else "≥"
        lines.append(
            f"  {r['scenario']} first witness {bound}{speed:.1f}x faster than naive "
            f"({'met' if speed >= 10 else 'NOT met'}: at least 10x)"
        )
    costs = [_per_state(r) / r["transition_us"] for r in rows]
    lines.append(
        f"  cost per state / one transition: {min(costs):.2f}-{max(costs):.2f} "
        f"({'met' if max(costs) <= 3 else 'NOT met'}: at most 3)"
    )
    slowest = max(rows, key=lambda r: r["solver"]["seconds"])
    decided = all(r["solver"]["verdict"] != "unknown" for r in rows)
    ok = decided and slowest["solver"]["seconds"] < 60
    lines.append(
        f"  every scenario decided: {decided}, slowest {slowest['scenario']} "
        f"{slowest['solver']['seconds']:.1f} s ({'met' if ok else 'NOT met'}: under 60 s)"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    main()
