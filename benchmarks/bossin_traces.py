"""Differential check of Bossin' Space's engine: two revisions must play the same random games
through the same states, and their keys must tell the same states apart.

Run from the project root:

    python benchmarks/bossin_traces.py [--baseline REV] [--lines 8] [--full-games 60] [--seed 1]

Random lines (a random legal action at each step) from every shipped scenario as `kemble run`
starts it, from every solo one as the solver starts it (chance open), and whole games from the
rules' setup (every level × Boss in turn). At each step every legal action is also taken as a
child (`child`: a clone, then the action), and one random action further from each child;
then the line goes on in place. Every state met is recorded: a digest of its data (every field
but the rules), its legal actions and their words; a digest of the engine's key
(`State.key`); and of the solver's key (`SoloGame.split`).

Each run checks that clones share nothing they change: taking a child leaves its parent as it
was, and a parent going on in place leaves its children and theirs as they were. With
`--baseline REV`, REV's code (checked out in a temporary worktree) plays the same games with
this script; then the two records must agree state by state, and each key must be equal for
exactly the same pairs of states in both: the engine's key over all the states, the solver's
within each line (a solver keys one game's states). A key's form is the engine's business, what
it tells apart is not: the solver's state counts depend on it. Exit code 1 on any difference.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Callable
from dataclasses import fields
from typing import Any

from engine_games import Bossin, load_engines
from revision import run_at

Keyer = Callable[[Any], Any]


def digest(value: Any) -> str:
    return hashlib.blake2b(repr(value).encode(), digest_size=8).hexdigest()


class Recorder:
    """The states met, and what went wrong."""

    def __init__(self, names: list[str]) -> None:
        self.names = names  # the fields of a state's data
        self.states: list[list[str]] = []
        self.problems: list[str] = []
        self.lines = 0  # lines played: a solver's key is compared within its game only

    def data(self, state: Any) -> str:
        return repr([getattr(state, name) for name in self.names])

    def note(self, state: Any, split: Keyer) -> None:
        legal = state.legal_actions()
        words = [state.action_to_string(action) for action in legal]
        self.states.append(
            [
                digest((self.data(state), legal, words)),
                digest(state.key()),
                f"{self.lines} {digest(split(state))}",
            ]
        )

    def same(self, states: list[Any], before: list[str], what: str) -> None:
        if [self.data(state) for state in states] != before and len(self.problems) < 20:
            self.problems.append(f"{what} (state {len(self.states)})")

    def line(self, state: Any, rng: random.Random, split: Keyer) -> None:
        """One random line from `state`, its children and grandchildren recorded at each step."""
        self.lines += 1
        while not state.is_terminal():
            self.note(state, split)
            legal = state.legal_actions()
            before = [self.data(state)]
            family = [state.child(action) for action in legal]
            for kid in family[:]:
                self.note(kid, split)
                if not kid.is_terminal():
                    family.append(kid.child(rng.choice(kid.legal_actions())))
                    self.note(family[-1], split)
            self.same([state], before, "a child changed its parent")
            kept = [self.data(member) for member in family]
            state.apply_action(rng.choice(legal))
            self.same(family, kept, "a parent going on changed its children")
        self.note(state, split)


def record(options: argparse.Namespace) -> dict[str, Any]:
    from kemble_tools.games.bossins_space.engine.model import Position
    from kemble_tools.games.bossins_space.solve import BossinSoloGame

    engine = next(e for e in load_engines() if isinstance(e, Bossin))
    bundle, scenarios = engine.bundle, engine.bundle["scenarios"]
    recorder = Recorder([f.name for f in fields(Position) if f.name != "rules"])
    seeded = engine.solver_keyer([])
    assert seeded is not None
    starts: list[tuple[Callable[[], Any], Keyer]] = [
        (start, seeded) for start in engine.scenario_starts()
    ]
    for name in sorted(scenarios):
        if scenarios[name].get("variant") == "solo":
            solo = BossinSoloGame(bundle, scenarios[name], True)
            starts.append((solo.new_initial_state, solo.split))
    rng = random.Random(options.seed)
    for start, split in starts:
        for _ in range(options.lines):
            recorder.line(start(), rng, split)
    for start in engine.full_game_starts(options.full_games, options.seed):
        recorder.line(start(), rng, seeded)
    return {"names": recorder.names, "states": recorder.states, "problems": recorder.problems}


def partition_problems(new: list[str], old: list[str], what: str) -> list[str]:
    """Whether two lists of key digests, state by state, are equal for the same pairs."""
    pairs = set(zip(new, old, strict=True))
    if len(pairs) == len(set(new)) == len(set(old)):
        return []
    return [
        f"{what}: {len(set(new)):,} distinct keys here, {len(set(old)):,} there, "
        f"{len(pairs):,} pairs"
    ]


def compare(new: dict[str, Any], old: dict[str, Any]) -> list[str]:
    if new["names"] != old["names"]:
        return [f"the state's fields differ: {new['names']} against {old['names']}"]
    ours, theirs = new["states"], old["states"]
    for index, (mine, other) in enumerate(zip(ours, theirs, strict=False)):
        if mine[0] != other[0]:
            return [f"state {index} differs (data, legal actions or words)"]
    if len(ours) != len(theirs):
        return [f"{len(ours):,} states here, {len(theirs):,} there"]
    problems = []
    for column, what in ((1, "the engine's key"), (2, "the solver's key")):
        mine = [state[column] for state in ours]
        problems += partition_problems(mine, [state[column] for state in theirs], what)
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", metavar="REV", help="compare with this git revision")
    parser.add_argument("--lines", type=int, default=8, help="random lines per start")
    parser.add_argument("--full-games", type=int, default=60, help="random whole games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args()
    now = record(options)
    if options.json:
        print(json.dumps(now))
        return
    problems = now["problems"]
    keys = {state[1] for state in now["states"]}
    print(f"{len(now['states']):,} states, {len(keys):,} distinct engine keys")
    if options.baseline:
        arguments = ["--json", f"--lines={options.lines}", f"--full-games={options.full_games}"]
        before = json.loads(
            run_at(options.baseline, __file__, [*arguments, f"--seed={options.seed}"])
        )
        problems += [f"{options.baseline}: {p}" for p in before["problems"]]
        problems += compare(now, before)
        if not problems:
            print(f"the same states as {options.baseline}, told apart alike by both keys")
    if problems:
        sys.exit("\n".join(problems))


if __name__ == "__main__":
    main()
