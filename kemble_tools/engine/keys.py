"""Packed keys, for any game: a state's values as ints packed into one `bytes` object, which keeps
its hash once computed, so a transposition table looks it up without hashing a tree of tuples
each time. A value that is not a number (a paused stack, a pending choice, a pile) gets a number
from its game's table (`Interned`) the first time it is met."""

from __future__ import annotations

import struct
from collections.abc import Hashable, Sequence


class Interned:
    """Numbers for a game's values that are not numbers. The empty tuple and None are both 0:
    a value is compared with the others of its own place in a key, which hold one or the
    other, never both."""

    def __init__(self) -> None:
        self._numbers: dict[Hashable, int] = {(): 0, None: 0}

    def __call__(self, value: Hashable) -> int:
        number = self._numbers.get(value)
        if number is None:
            number = self._numbers[value] = len(self._numbers)
        return number

    def all(self, values: Sequence[Hashable]) -> list[int]:
        """The numbers of many values at once: one lookup each, in C, while all are known."""
        numbers = list(map(self._numbers.get, values))
        if None in numbers:
            numbers = [self(v) if n is None else n for n, v in zip(numbers, values, strict=True)]
        return numbers  # type: ignore[return-value]


def pack_ints(values: Sequence[int]) -> bytes:
    """2 bytes a value, or 4 for every value when one is past 32,767; a leading byte says which,
    so equal bytes always mean equal values."""
    try:
        return _struct("h", len(values)).pack(0, *values)
    except struct.error:
        return _struct("i", len(values)).pack(1, *values)


def _struct(code: str, count: int) -> struct.Struct:
    made = _STRUCTS.get((code, count))
    if made is None:
        made = _STRUCTS[code, count] = struct.Struct(f"=B{count}{code}")  # B: which width
    return made


_STRUCTS: dict[tuple[str, int], struct.Struct] = {}
