"""Benchmark: the reference interpreter's speed, single core.

Run from the project root:   python benchmarks/engine.py [--games 200] [--seed 1]

Plays whole random solo games (a uniformly random legal action at every step) on every shipped
scenario and reports, measured in this one run:
- transitions per second (`apply_action`, which clones the state, counted over all games);
- whole random games per second;
- the cost of one transition as a ratio of the cost of one `clone()` and of one `key()` on the
  same states, the two operations a solver does most besides transitions.
"""

from __future__ import annotations

import argparse
import random
import time

from kemble_tools.compile.compiler import compile_validated
from kemble_tools.engine.game import Game
from kemble_tools.validate.pipeline import validate_paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    bundle = compile_validated(validate_paths([])).bundle
    assert bundle is not None, "the shipped content must compile"
    names = sorted(bundle["scenarios"])
    rng = random.Random(options.seed)
    transitions, visited = 0, []
    start = time.perf_counter()
    for number in range(options.games):
        game = Game.from_scenario(bundle, bundle["scenarios"][names[number % len(names)]])
        while not game.is_terminal():
            game.apply_action(rng.choice(game.legal_actions()))
            transitions += 1
            if len(visited) < 20_000:
                visited.append(game.state)
    elapsed = time.perf_counter() - start
    clone = _per_call(lambda s: s.clone(), visited)
    key = _per_call(lambda s: hash(s.key()), visited)
    per_transition = elapsed / transitions
    print(
        f"{options.games} random games on {len(names)} scenarios, {transitions:,} transitions, "
        f"{elapsed:.2f} s"
    )
    print(f"  transitions per second: {transitions / elapsed:,.0f}")
    print(f"  games per second:       {options.games / elapsed:,.1f}")
    print(
        f"  one transition = {per_transition / clone:,.0f} x clone() "
        f"({clone * 1e6:.2f} µs) = {per_transition / key:,.0f} x key() ({key * 1e6:.2f} µs)"
    )


def _per_call(action, states) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    for state in states:
        action(state)
    return (time.perf_counter() - start) / len(states)


if __name__ == "__main__":
    main()
