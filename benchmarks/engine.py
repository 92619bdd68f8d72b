"""Benchmark: the reference interpreter as a search substrate, single core.

Run from the project root:

    python benchmarks/engine.py [--games 400] [--full-games 40] [--seed 1] [--baseline REV]
                                [--profile]

Plays uniformly random games (a random legal action at every step) on every shipped scenario
and whole games of every variant, and measures, in this one run:

- transitions per second: `apply_action` calls divided by the time spent in them;
- legal-action generation per second: `legal_actions` calls divided by their time;
- clone and key per second, over the states the games went through;
- bytes per state: the memory of a state without the content it shares with every other
  state (the compiled cards, rules and tables); "alone" counts one state by itself, "in a
  table" divides the memory of all visited states (each object counted once, as a
  transposition table holding them would) by their number; the same for keys.

With `--baseline REV`, git revision REV is checked out in a temporary worktree and measured by
this same script in a second process (the script adapts to the engine's API of that revision),
then both are printed with the ratio new / old. `--profile` prints the functions where
transitions spend most of their time.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import pstats
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
FULL_GAMES = [
    ("solo", 1),
    ("standard", 2),
    ("standard", 3),
    ("standard", 5),
    ("tunnel_vision", 3),
    ("wingmen", 4),
    ("star_cards", 3),
    ("tunnel_deck", 4),
]
METRICS = (
    ("transitions_per_s", "transitions per second", "{:,.0f}"),
    ("legal_per_s", "legal-action lists per second", "{:,.0f}"),
    ("clone_per_s", "clones per second", "{:,.0f}"),
    ("key_per_s", "keys per second", "{:,.0f}"),
    ("state_bytes", "bytes per state, alone", "{:,.0f}"),
    ("state_bytes_table", "bytes per state, in a table", "{:,.0f}"),
    ("key_bytes", "bytes per key, alone", "{:,.0f}"),
    ("key_bytes_table", "bytes per key, in a table", "{:,.0f}"),
)


# --- the engine's API, old or new ------------------------------------------------------------


class Api:
    """What the benchmark needs from an engine, over the string API (before integer actions)
    or the integer one."""

    def __init__(self, bundle: dict[str, Any]) -> None:
        try:  # the engine in Kemble's plugin package, or where it was before the game registry
            from kemble_tools.games.kembles_cascade.engine import game as module
        except ImportError:
            from kemble_tools.engine import game as module  # type: ignore[no-redef]

        self.bundle = bundle
        self.module = module
        self.new = hasattr(module.Game, "from_variant")
        self._games: dict[tuple[str, int], Any] = {}

    def scenario_games(self) -> list[Callable[[], Any]]:
        Game, bundle = self.module.Game, self.bundle
        names = sorted(bundle["scenarios"])
        if self.new:
            games = [Game.from_scenario(bundle, bundle["scenarios"][name]) for name in names]
            return [game.new_initial_state for game in games]
        return [
            (lambda name=name: Game.from_scenario(bundle, bundle["scenarios"][name]))
            for name in names
        ]

    def full_game(self, variant: str, players: int, seed: int) -> Any:
        Game = self.module.Game
        if self.new:  # a Game holds the fixed rules: one per variant and player count
            key = (variant, players)
            if key not in self._games:
                self._games[key] = Game.from_variant(self.bundle, variant, players)
            return self._games[key].new_initial_state(seed)
        return Game.new(self.bundle, variant, players, seed)

    def state(self, game: Any) -> Any:
        """The state now, kept as it is: `apply_action` changes the new API's state in place."""
        return game.clone() if self.new else game.state

    def clone(self, state: Any) -> Any:
        return state.clone()

    def key(self, state: Any) -> Any:
        """A key computed afresh (the new API keeps a state's key once computed)."""
        return state.game.key(state) if self.new else state.key()

    def shared(self, states: list[Any]) -> Any:
        """What states share with every other state of their game: the content and rules."""
        games = {id(state.game): state.game for state in states} if self.new else {}
        return (self.bundle, *games.values())


def play(
    api: Api,
    start: Callable[[], Any],
    rng: random.Random,
    timing: dict[str, float],
    profiler: cProfile.Profile | None,
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


def replay(api: Api, start: Callable[[], Any], actions: list[Any]) -> Iterator[Any]:
    """The states a game went through, replayed after the timing: keeping them costs the
    timed games nothing."""
    game = start()
    for action in actions:
        game.apply_action(action)
        yield api.state(game)


def measure(games: int, full_games: int, seed: int, profile: bool) -> dict[str, Any]:
    try:  # the compile driver, or the compiler before the game registry
        from kemble_tools.compile.pipeline import compile_validated
    except ImportError:
        from kemble_tools.compile.compiler import compile_validated  # type: ignore[no-redef]
    from kemble_tools.validate.pipeline import validate_paths

    bundle = compile_validated(validate_paths([])).bundle
    assert bundle is not None, "the shipped content must compile"
    api = Api(bundle)
    rng = random.Random(seed)
    results: dict[str, Any] = {}
    starts = api.scenario_games()
    setups = {
        "scenarios": [starts[n % len(starts)] for n in range(games)],
        "full games": [
            (lambda v=v, p=p, n=n: api.full_game(v, p, seed + n))
            for n in range(full_games)
            for v, p in [FULL_GAMES[n % len(FULL_GAMES)]]
        ],
    }
    profiler = cProfile.Profile() if profile else None
    for label, games_to_play in setups.items():
        timing = {"legal": 0.0, "apply": 0.0, "transitions": 0}
        visited: list[Any] = []
        played = [(start, play(api, start, rng, timing, profiler)) for start in games_to_play]
        for start, actions in played:
            if len(visited) < 20_000:
                visited += replay(api, start, actions)
        shared = api.shared(visited)
        results[label] = {
            "transitions": timing["transitions"],
            "transitions_per_s": timing["transitions"] / timing["apply"],
            "legal_per_s": timing["transitions"] / timing["legal"],
            "clone_per_s": 1 / _per_call(api.clone, visited),
            "key_per_s": 1 / _per_call(lambda s: hash(api.key(s)), visited),  # key and hash
            **_sizes(visited[:2000], shared, api),
        }
    if profiler:
        stats = pstats.Stats(profiler)
        stats.sort_stats("tottime")
        rows = sorted(stats.stats.items(), key=lambda item: item[1][2], reverse=True)[:15]
        total = sum(v[2] for v in stats.stats.values())
        results["profile"] = [
            f"{v[2] / total:5.1%}  {Path(f).name}:{line}({name})" for (f, line, name), v in rows
        ]
    return results


def _per_call(action: Callable[[Any], Any], states: list[Any]) -> float:
    best = float("inf")
    for _ in range(3):
        began = time.perf_counter()
        for state in states:
            action(state)
        best = min(best, (time.perf_counter() - began) / len(states))
    return best


# --- memory --------------------------------------------------------------------------------


def _objects(root: Any, skip: set[int]) -> dict[int, Any]:
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


def _sizes(states: list[Any], shared: Any, api: Api) -> dict[str, float]:
    content = set(_objects(shared, set()))
    keys = [api.key(state) for state in states]
    alone = sum(_size(_objects(s, content)) for s in states) / len(states)
    key_alone = sum(_size(_objects(k, content)) for k in keys) / len(keys)
    table = _size(_objects(tuple(states), content)) / len(states)
    key_table = _size(_objects(tuple(keys), content)) / len(keys)
    return {
        "state_bytes": alone,
        "state_bytes_table": table,
        "key_bytes": key_alone,
        "key_bytes_table": key_table,
    }


def _size(objects: dict[int, Any]) -> int:
    return sum(sys.getsizeof(item) for item in objects.values())


# --- the run and its report ------------------------------------------------------------------


def baseline(rev: str, options: argparse.Namespace) -> dict[str, Any]:
    """Measure revision `rev` with this script, from a temporary worktree."""
    with tempfile.TemporaryDirectory(prefix="kemble-baseline-") as folder:
        tree = Path(folder) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), rev],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        try:
            command = [
                sys.executable,
                str(Path(__file__).resolve()),
                "--json",
                f"--games={options.games}",
                f"--full-games={options.full_games}",
                f"--seed={options.seed}",
            ] + (["--profile"] if options.profile else [])
            env = {**os.environ, "PYTHONPATH": str(tree)}
            done = subprocess.run(
                command, cwd=tree, env=env, check=True, capture_output=True, text=True
            )
            return json.loads(done.stdout)
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True
            )


def report(now: dict[str, Any], before: dict[str, Any] | None, rev: str | None) -> None:
    for label in ("scenarios", "full games"):
        print(f"\nRandom play, {label} ({now[label]['transitions']:,} transitions):")
        header = f"  {'':32}{'this tree':>14}"
        if before:
            header += f"{rev:>14}{'ratio':>9}"
        print(header)
        for key, name, fmt in METRICS:
            line = f"  {name:32}{fmt.format(now[label][key]):>14}"
            if before:
                old = before[label][key]
                line += f"{fmt.format(old):>14}{now[label][key] / old:>8.2f}x"
            print(line)
    for title, result in (("this tree", now), (rev, before)):
        if result and "profile" in result:
            print(f"\nWhere transitions spend their time ({title}), share of own time:")
            print("\n".join(f"  {row}" for row in result["profile"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="random games on the scenarios")
    parser.add_argument("--full-games", type=int, default=40, help="random whole games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", metavar="REV", help="also measure this git revision")
    parser.add_argument("--profile", action="store_true", help="show where the time goes")
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    now = measure(options.games, options.full_games, options.seed, options.profile)
    if options.json:
        print(json.dumps(now))
        return
    before = baseline(options.baseline, options) if options.baseline else None
    report(now, before, options.baseline)


if __name__ == "__main__":
    main()
