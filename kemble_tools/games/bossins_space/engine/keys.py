"""A position's values in the two forms its keys pack (kemble_tools/engine/keys.py): `counts`,
the numbers, as they are; `values`, everything else but the piles, as a few hashable values that
a table numbers (the engine's key by value, the solver's by the value with cards named by kind,
solve.py). Every value keeps its place and the grid, the Timeline and the piles have a fixed
shape, so two positions pack alike exactly when their values are equal."""

from __future__ import annotations

from collections.abc import Hashable

from kemble_tools.engine.keys import Interned, pack_ints
from kemble_tools.games.bossins_space.engine.model import Position

# One table for every game: keys compare across games as the values do (a whole game's seed
# shows in its key). It holds each distinct value once, as long as the process lives.
INTERNED = Interned()


def counts(pos: Position) -> tuple[int, ...]:
    """The numbers but life, heat and the draws counter (the solver keys those apart)."""
    return (
        pos.round,
        pos.column,
        pos.ship,
        pos.max_life,
        pos.xp,
        *pos.levels.values(),  # every path, in PATHS order
        pos.boss_row,
        pos.boss_life,
        pos.emp,
        pos.captain,
        pos.exchanged,
        pos.ability_used,
    )


def values(pos: Position) -> tuple[Hashable, ...]:
    """Every other value but the piles, lists as tuples (the grid's 3 rows of 4 and the
    Timeline's four lists of 4 flattened), each of the shape SHAPES says."""
    grid = pos.grid
    return (
        (
            pos.phase,
            pos.part,
            pos.boss_status,
            pos.boss_column,
            pos.boss_side,
            pos.boss_emp,
            pos.chance,
            pos.outcome,
            pos.reason,
        ),
        (*grid[0], *grid[1], *grid[2]),
        (*pos.threats, *pos.threat_done, *pos.boss_threats, *pos.boss_threat_done),
        tuple(pos.drawn),
        tuple(pos.kept),
        tuple(pos.laid),
        tuple(pos.hits.items()),
        tuple(pos.moving),
        tuple(map(tuple, pos.hands)),
        tuple(pos.played),
        tuple(pos.stack),
        pos.pending,
    )


# What each of `values` is made of (canonical.py names the cards in each by kind): "flat", a
# tuple of words, card ids, numbers or None; "rows", a tuple of flat tuples; "cells", grid cells
# (None or a flat pair); "any", anything else (the paused stack, a pending choice).
SHAPES = ("flat", "cells", "flat", "flat", "flat", "rows", "rows", "flat", "rows", "rows")
SHAPES += ("any", "any")


def key(pos: Position) -> bytes:
    """Every value that decides the position's future (the piles in PILES order)."""
    named = INTERNED.all((*values(pos), *map(tuple, pos.piles.values())))
    return pack_ints((*counts(pos), pos.life, pos.heat, pos.draws, *named))
