"""Benchmark: the reference interpreters as search substrates, single core, both games.

Run from the project root:

    python benchmarks/engine.py [--games 400] [--full-games 40] [--bossin-full-games 200]
                                [--seed 1] [--rounds 5] [--baseline REV] [--repeat N] [--profile]

For Kemble's Cascade and Bossin' Space (benchmarks/engine_games.py), plays uniformly random
games (a random legal action at every step) on every shipped scenario of the game, and whole
games from the rules' setup (Kemble: every variant; Bossin': every level × Boss, more of them:
they are about a tenth as long), and measures, in this one run and process:

- transitions per second: `apply_action` calls divided by the time spent in them;
- legal-action generation per second: `legal_actions` calls divided by their time;
- clone, key and solver key per second, over the states the games went through (the solver key
  is `SoloGame.split`, the canonical key the search stores; the plain key is the engine's);
- bytes per state: the memory of a state without the content it shares with every other
  state (the compiled cards, rules and tables); "alone" counts one state by itself, "in a
  table" divides the memory of all visited states (each object counted once, as a
  transposition table holding them would) by their number; the same for keys.

The games are played in rounds that take turns between the games and setups, and each figure
is the best round's (for the per-state measures, the best pass's): the machine's speed changes
by phases of a few seconds, and this way a slow phase costs both games alike. Both games are
printed side by side with the ratio Bossin' / Kemble. With `--baseline REV`, git revision REV
is checked out in a temporary worktree and measured by this same script in a second process
(the script adapts to the engine's API of that revision; a revision without Bossin' Space has
no rows for it), then each game is printed with the ratio new / old. On a machine others load,
`--repeat N` measures this tree (and REV) N times each in fresh processes, the trees taking
turns, and prints the median of each figure. `--profile` prints, for each game, the functions
where transitions spend most of their time (the figures of a profiled run are the profiler's,
not the engine's).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from engine_games import TITLES, Engine, Start, load_engines
from revision import ROOT, run_at, run_in, worktree

SETUPS = ("scenarios", "full games")
METRICS = (
    ("transitions_per_s", "transitions per second", "{:,.0f}"),
    ("legal_per_s", "legal-action lists per second", "{:,.0f}"),
    ("clone_per_s", "clones per second", "{:,.0f}"),
    ("key_per_s", "keys per second", "{:,.0f}"),
    ("solver_key_per_s", "solver keys per second", "{:,.0f}"),
    ("state_bytes", "bytes per state, alone", "{:,.0f}"),
    ("state_bytes_table", "bytes per state, in a table", "{:,.0f}"),
    ("key_bytes", "bytes per key, alone", "{:,.0f}"),
    ("key_bytes_table", "bytes per key, in a table", "{:,.0f}"),
    ("solver_key_bytes", "bytes per solver key, alone", "{:,.0f}"),
)


# --- the games -------------------------------------------------------------------------------


def play(
    start: Start, rng: random.Random, timing: dict[str, float], profiler: cProfile.Profile | None
) -> list[Any]:
    """One random game, timed (and profiled) from its first state on; returns its actions."""
    game = start()
    actions = []
    if profiler:
        profiler.enable()
    while not game.is_terminal():
        began = time.perf_counter()
        legal = game.legal_actions()
        middle = time.perf_counter()
        action = rng.choice(legal)
        game.apply_action(action)
        timing["legal"] += middle - began
        timing["apply"] += time.perf_counter() - middle
        timing["transitions"] += 1
        actions.append(action)
    if profiler:
        profiler.disable()
    return actions


def replay(engine: Engine, start: Start, actions: list[Any]) -> Iterator[Any]:
    """The states a game went through, replayed after the timing: keeping them costs the
    timed games nothing."""
    game = start()
    for action in actions:
        game.apply_action(action)
        yield engine.state(game)


class Run:
    """One engine on one setup: its games played round by round, each round timed apart; the
    states they went through; the best figure of each timed measure."""

    def __init__(self, engine: Engine, starts: list[Start], seed: int) -> None:
        self.engine = engine
        self.starts = starts
        self.rng = random.Random(seed)
        self.played: list[tuple[Start, list[Any]]] = []
        self.transitions = 0
        self.best: dict[str, float] = {}
        self.visited: list[Any] = []

    def play_round(self, index: int, rounds: int, profiler: cProfile.Profile | None) -> None:
        """The index-th of `rounds` consecutive slices of the games (each covers every setup
        alike: the starts cycle through them)."""
        count = len(self.starts)
        share = self.starts[index * count // rounds : (index + 1) * count // rounds]
        timing = {"legal": 0.0, "apply": 0.0, "transitions": 0}
        self.played += [(start, play(start, self.rng, timing, profiler)) for start in share]
        if timing["transitions"]:
            self.transitions += int(timing["transitions"])
            self.keep_best("transitions_per_s", timing["transitions"] / timing["apply"])
            self.keep_best("legal_per_s", timing["transitions"] / timing["legal"])

    def keep_best(self, metric: str, rate: float) -> None:
        self.best[metric] = max(rate, self.best.get(metric, 0.0))

    def replay(self) -> None:
        for start, actions in self.played:
            if len(self.visited) < 20_000:
                self.visited += replay(self.engine, start, actions)

    def per_call(self) -> None:
        """One timed pass of each per-state measure, each with a fresh function (Kemble's
        solver key interns the parts of its keys: a warm table would flatter it); a key is
        hashed too, as a table storing it would."""
        engine, states = self.engine, self.visited
        split = engine.solver_keyer(states)  # None: the revision's solver has no such key
        measures: dict[str, Callable[[Any], Any]] = {
            "clone_per_s": engine.clone,
            "key_per_s": lambda s: hash(engine.key(s)),
        }
        if split is not None:
            measures["solver_key_per_s"] = lambda s: hash(split(s))
        for metric, action in measures.items():
            began = time.perf_counter()
            for state in states:
                action(state)
            self.keep_best(metric, len(states) / (time.perf_counter() - began))

    def results(self) -> dict[str, Any]:
        figures = {"games": len(self.starts), "transitions": self.transitions, **self.best}
        return figures | sizes(self.engine, self.visited[:2000])


def measure(options: argparse.Namespace) -> dict[str, Any]:
    """Every engine of this revision on the same seed. The games are played in rounds that
    take turns between the engines and setups, and each figure is the best round's (the
    per-state measures, the best pass's): a slow phase of the machine costs every engine alike,
    so the ratio holds."""
    engines = load_engines()
    full_games = {"kemble": options.full_games, "bossin": options.bossin_full_games}
    runs: dict[tuple[str, str], Run] = {}
    for engine in engines:
        starts = engine.scenario_starts()
        setups = {
            "scenarios": [starts[n % len(starts)] for n in range(options.games)],
            "full games": engine.full_game_starts(full_games[engine.name], options.seed),
        }
        for label, games in setups.items():
            runs[engine.name, label] = Run(engine, games, options.seed)
    profilers = {e.name: cProfile.Profile() if options.profile else None for e in engines}
    for index in range(options.rounds):
        for (name, _), run in runs.items():
            run.play_round(index, options.rounds, profilers[name])
    for run in runs.values():
        run.replay()
    for _ in range(options.rounds):
        for run in runs.values():
            run.per_call()
    results: dict[str, Any] = {engine.name: {} for engine in engines}
    for (name, label), run in runs.items():
        results[name][label] = run.results()
    for name, profiler in profilers.items():
        if profiler:
            results[name]["profile"] = top_functions(profiler, 15)
    return results


def solver_key_bytes(engine: Engine, states: list[Any]) -> dict[str, float]:
    keyer = engine.solver_keyer(states)
    if keyer is None:
        return {}
    keys = [keyer(state) for state in states]
    return {"solver_key_bytes": sum(size(objects(k, set())) for k in keys) / len(keys)}


def top_functions(profiler: cProfile.Profile, count: int) -> list[str]:
    """The functions with the most own time: their share of own time, then of the time spent
    in them and in what they call."""
    stats = pstats.Stats(profiler).stats  # type: ignore[attr-defined]
    rows = sorted(stats.items(), key=lambda item: item[1][2], reverse=True)[:count]
    total = sum(v[2] for v in stats.values())
    return [
        f"{v[2] / total:6.1%} {v[3] / total:7.1%}  {Path(f).name}:{line}({name})"
        for (f, line, name), v in rows
    ]


# --- memory --------------------------------------------------------------------------------


def objects(root: Any, skip: set[int]) -> dict[int, Any]:
    """Every object reachable from `root` that is not in `skip`: containers, and the engine's
    own data objects; code, types and modules are never counted."""
    found: dict[int, Any] = {}
    pending = [root]
    while pending:
        item = pending.pop()
        if id(item) in found or id(item) in skip or item is None or isinstance(item, bool):
            continue
        if isinstance(item, int) and -5 <= item <= 256:
            continue  # small ints are shared by the interpreter
        found[id(item)] = item
        if isinstance(item, dict):
            pending += [*item.keys(), *item.values()]
        elif isinstance(item, (list, tuple, set, frozenset)):
            pending += list(item)
        elif type(item).__module__.startswith("kemble_tools") and not callable(item):
            pending += [r for r in gc.get_referents(item) if not isinstance(r, type)]
    return found


def sizes(engine: Engine, states: list[Any]) -> dict[str, float]:
    content = set(objects(engine.shared(states), set()))
    keys = [engine.key(state) for state in states]
    alone = sum(size(objects(s, content)) for s in states) / len(states)
    key_alone = sum(size(objects(k, content)) for k in keys) / len(keys)
    table = size(objects(tuple(states), content)) / len(states)
    key_table = size(objects(tuple(keys), content)) / len(keys)
    return {
        "state_bytes": alone,
        "state_bytes_table": table,
        "key_bytes": key_alone,
        "key_bytes_table": key_table,
        **solver_key_bytes(engine, states),
    }


def size(found: dict[int, Any]) -> int:
    return sum(sys.getsizeof(item) for item in found.values())


# --- the run and its report ------------------------------------------------------------------


def child(options: argparse.Namespace) -> list[str]:
    """The arguments of a run of this script in a second process, with these options."""
    return [
        "--json",
        f"--games={options.games}",
        f"--full-games={options.full_games}",
        f"--bossin-full-games={options.bossin_full_games}",
        f"--seed={options.seed}",
        f"--rounds={options.rounds}",
    ] + (["--profile"] if options.profile else [])


def baseline(rev: str, options: argparse.Namespace) -> dict[str, Any]:
    """Measure revision `rev` with this script, from a temporary worktree."""
    return json.loads(run_at(rev, __file__, child(options)))  # type: ignore[no-any-return]


def repeated(options: argparse.Namespace) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """`--repeat` runs of this tree and of the baseline, each in a fresh process, the trees
    taking turns; each figure the median of its runs."""
    with ExitStack() as stack:
        trees = {"now": ROOT}
        if options.baseline:
            trees["old"] = stack.enter_context(worktree(options.baseline))
        found: dict[str, list[Any]] = {label: [] for label in trees}
        for _ in range(options.repeat):
            for label, tree in trees.items():
                found[label].append(json.loads(run_in(tree, __file__, child(options))))
    return median(found["now"]), median(found["old"]) if "old" in found else None


def median(runs: list[Any]) -> Any:
    """Each number the median of the runs' (anything else, the first run's)."""
    first = runs[0]
    if isinstance(first, dict):
        return {key: median([run[key] for run in runs]) for key in first}
    if isinstance(first, (int, float)) and not isinstance(first, bool):
        return statistics.median_low(runs)  # a figure one run measured
    return first


def figure(results: dict[str, Any], key: str, fmt: str) -> str:
    return fmt.format(results[key]) if key in results else "—"


def ratio(new: dict[str, Any], old: dict[str, Any], key: str) -> str:
    return f"{new[key] / old[key]:.2f}x" if key in new and key in old and old[key] else "—"


def side_by_side(now: dict[str, Any]) -> None:
    """Both games of this run, with Bossin' / Kemble for each metric."""
    kemble, bossin = now["kemble"], now.get("bossin")
    for label in SETUPS:
        k = kemble[label]
        counts = f"{TITLES['kemble']}: {k['games']:,} games, {k['transitions']:,} transitions"
        if bossin:
            b = bossin[label]
            counts += f"; {TITLES['bossin']}: {b['games']:,} games, {b['transitions']:,}"
        print(f"\nRandom play, {label} ({counts}):")
        header = f"  {'':32}{'Kemble':>14}"
        print(header + (f"{'Bossin':>14}{'Bossin/Kemble':>15}" if bossin else ""))
        for key, name, fmt in METRICS:
            line = f"  {name:32}{figure(k, key, fmt):>14}"
            if bossin:
                b = bossin[label]
                line += f"{figure(b, key, fmt):>14}{ratio(b, k, key):>15}"
            print(line)


def against(now: dict[str, Any], before: dict[str, Any], rev: str) -> None:
    """Each game of this tree against revision `rev`, with the ratio new / old."""
    for game, results in now.items():
        if game not in before:
            print(f"\n{TITLES[game]}: not in {rev}")
            continue
        for label in SETUPS:
            print(f"\n{TITLES[game]}, {label}, this tree against {rev}:")
            print(f"  {'':32}{'this tree':>14}{rev:>14}{'ratio':>9}")
            new, old = results[label], before[game][label]
            for key, name, fmt in METRICS:
                print(
                    f"  {name:32}{figure(new, key, fmt):>14}{figure(old, key, fmt):>14}"
                    f"{ratio(new, old, key):>9}"
                )


def report(now: dict[str, Any], before: dict[str, Any] | None, rev: str | None) -> None:
    side_by_side(now)
    if before is not None and rev is not None:
        against(now, before, rev)
    for where, results in (("this tree", now), (rev, before or {})):
        for game, result in results.items():
            if "profile" in result:
                print(f"\nWhere {TITLES[game]}'s transitions spend their time ({where}),")
                print("  share of own time, of time in the function and what it calls:")
                print("\n".join(f"  {row}" for row in result["profile"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="random games on the scenarios")
    parser.add_argument("--full-games", type=int, default=40, help="random whole games")
    parser.add_argument(
        "--bossin-full-games", type=int, default=200, help="random whole games of Bossin' Space"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rounds", type=int, default=5, help="rounds the games and measures are split into"
    )
    parser.add_argument("--baseline", metavar="REV", help="also measure this git revision")
    parser.add_argument("--profile", action="store_true", help="show where the time goes")
    parser.add_argument(
        "--repeat", type=int, default=1, help="runs of each tree, in turns (figures: medians)"
    )
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.repeat > 1 and not options.json:
        report(*repeated(options), options.baseline)
        return
    now = measure(options)
    if options.json:
        print(json.dumps(now))
        return
    before = baseline(options.baseline, options) if options.baseline else None
    report(now, before, options.baseline)


if __name__ == "__main__":
    main()
