"""The board part of the solver's key (`BossinSoloGame.split`): the position's values
(engine/keys.py) with every card named by its kind (`Rules.twin`: cards with the same data are
one, a bag is a multiset of kinds), packed. A value's canonical form is worked out the first
time the value is met in its place and numbered (tables per solo game); later it costs one
lookup. Two positions get the same board exactly when their values' forms are equal."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from kemble_tools.engine.keys import Interned, pack_ints
from kemble_tools.games.bossins_space.engine import State
from kemble_tools.games.bossins_space.engine.keys import SHAPES, counts, values
from kemble_tools.games.bossins_space.engine.model import PILES, is_bag

UNORDERED = ("enemy_discard", "threat_used", "command_discard")  # only ever reshuffled
ORDERED = tuple(name for name in PILES if name not in UNORDERED)
Form = Callable[[Any], Hashable]


class Board:
    """The canonical boards of one solo game's positions."""

    def __init__(self, twin: Mapping[str, str], resources: bool) -> None:
        self.twin = twin
        self.resources = resources  # life and heat are in the board (some effect reads them)
        forms = forms_by_shape(twin)
        self.forms = (*(forms[shape] for shape in SHAPES), *[self.ordered] * len(ORDERED))
        self.forms += (self.unordered,) * len(UNORDERED)
        self.known: tuple[dict[Hashable, int], ...] = tuple({} for _ in self.forms)
        self.numbers = Interned()

    def __call__(self, state: State) -> bytes:
        """Every value but life and heat (unless they are read) and the draws counter (unless
        the seed still draws); the piles by kind."""
        piles = map(tuple, map(state.piles.__getitem__, ORDERED + UNORDERED))
        found = self.all((*values(state), *piles))
        found += counts(state)
        rules = state.rules
        if rules.seeded_shuffles or not rules.open_chance:
            found.append(state.draws)
        if self.resources:
            found += [state.life, state.heat]
        return pack_ints(found)

    def all(self, found: tuple[Hashable, ...]) -> list[int]:
        """The numbers of the values in their places: a lookup each, in C, while all are known."""
        numbers = list(map(dict.get, self.known, found))
        while None in numbers:  # a value first met in its place: the number of its form
            place = numbers.index(None)
            form = self.forms[place](found[place])
            numbers[place] = self.known[place][found[place]] = self.numbers(form)
        return numbers  # type: ignore[return-value]

    def ordered(self, pile: tuple[Any, ...]) -> Hashable:
        """A pile's kinds in order, a bag as (its kinds, how many it gives, open): a bag lies
        in the kinds' order (model.bag), so its kinds are sorted."""
        twin = self.twin
        return tuple(
            (tuple(map(twin.__getitem__, s[1])), *s[2:]) if is_bag(s) else twin[s] for s in pile
        )

    def unordered(self, pile: tuple[Any, ...]) -> Hashable:
        """A discard pile: its cards' kinds, sorted (it is only ever reshuffled into a bag)."""
        return tuple(sorted(self.twin[c] for c in pile if isinstance(c, str)))


def forms_by_shape(twin: Mapping[str, str]) -> dict[str, Form]:
    """For each shape of value (engine/keys.py SHAPES), its form with every card id (every
    string that is one) replaced by its kind's first id."""
    get, kinds = twin.get, kind_names(twin)

    def flat(value: tuple[Any, ...]) -> Hashable:
        return tuple(map(get, value, value))

    return {
        "flat": flat,
        "rows": lambda value: tuple(map(flat, value)),
        "cells": lambda value: tuple(cell and flat(cell) for cell in value),
        "any": lambda value: kinds(repr(value)),
    }


def kind_names(twin: Mapping[str, str]) -> Callable[[str], str]:
    """A function that rewrites every card id in a text as its kind's first id."""
    others = sorted((card for card, first in twin.items() if card != first), key=len, reverse=True)
    if not others:
        return lambda text: text
    pattern = re.compile("'(" + "|".join(re.escape(card) for card in others) + ")'")
    return lambda text: pattern.sub(lambda m: f"'{twin[m.group(1)]}'", text)
