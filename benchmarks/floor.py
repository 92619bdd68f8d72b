"""The floor under a transition: a bare Python loop doing the array work a transition does.

benchmarks/engine.py measures it in the same run as the engine, on the states its games went
through, and reports a transition's cost as a multiple of it. Run alone, from the project root:

    python benchmarks/floor.py [--games 200] [--rounds 5]

A state is flattened once (untimed) into plain containers shaped like it, from its key (every
value that decides its future): a list of its scalar slots, a tuple of its quadrants, a list of
numbers per player. Each step then does what any transition must, and nothing a rule decides:
a shallow copy of the slots (State.copy), a copy of every player's numbers (State.own), one
quadrant replaced in the tuple, three values updated in place, and the new key packed, two
bytes a value (key.pack). No lookups, calls or branches of the rules: an engine in Python cannot
do a transition for less, so the ratio to it is what the rules' own logic costs.
"""

from __future__ import annotations

import argparse
import random
import struct
import time
from dataclasses import dataclass
from typing import Any

SLOTS = 27  # a Kemble State's slots
PACKERS: dict[int, struct.Struct] = {}


@dataclass
class Arrays:
    """One state's numbers in plain containers."""

    fields: list[int]
    cells: tuple[int, ...]
    players: list[list[int]]


def arrays(state: Any) -> Arrays | None:
    """`state` flattened (None for an engine whose key is not the packed bytes of its values)."""
    if not hasattr(state, "cells") or not hasattr(state, "players"):
        return None
    key = state.key()
    if not isinstance(key, bytes) or key[0] != 0:  # 0: two bytes a value
        return None
    values = struct.unpack(f"={(len(key) - 1) // 2}h", key[1:])
    cells = len(state.cells)
    rest = values[SLOTS + cells :]
    each = max(1, len(rest) // max(1, len(state.players)))
    players = [list(rest[at : at + each]) for at in range(0, len(rest), each)]
    return Arrays(list(values[:SLOTS]), tuple(values[SLOTS : SLOTS + cells]), players)


def step(a: Arrays, at: int) -> bytes:
    """The array work of one transition on `a`, changing the quadrant `at`."""
    fields = a.fields.copy()
    players = [player.copy() for player in a.players]
    cells = (*a.cells[:at], -1, *a.cells[at + 1 :])
    fields[0] += 1
    players[0][0] -= 1
    players[0][1] = at
    values = (*fields, len(cells), *cells, *(value for player in players for value in player))
    packer = PACKERS.get(len(values))
    if packer is None:  # one compiled format per length, as key.pack keeps them
        packer = PACKERS[len(values)] = struct.Struct(f"=B{len(values)}h")
    return packer.pack(0, *values)


def steps_per_second(flat: list[Arrays]) -> float:
    """One timed pass over `flat`, each state stepped once."""
    spots = [len(a.cells) // 2 for a in flat]
    began = time.perf_counter()
    for a, at in zip(flat, spots, strict=True):
        step(a, at)
    return len(flat) / (time.perf_counter() - began)


def main() -> None:
    from engine_games import load_engines  # the games of benchmarks/engine.py

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random games on the scenarios")
    parser.add_argument("--rounds", type=int, default=5, help="timed passes (the best counts)")
    options = parser.parse_args()
    kemble = load_engines()[0]
    rng, states = random.Random(1), []
    starts = kemble.scenario_starts()
    for n in range(options.games):
        game = starts[n % len(starts)]()
        while not game.is_terminal():
            game.apply_action(rng.choice(game.legal_actions()))
            states.append(kemble.state(game))
    flat = [a for a in map(arrays, states) if a is not None]
    best = max(steps_per_second(flat) for _ in range(options.rounds))
    print(f"{len(flat):,} states; floor: {best:,.0f} steps per second, {1e6 / best:.2f} µs a step")


if __name__ == "__main__":
    main()
