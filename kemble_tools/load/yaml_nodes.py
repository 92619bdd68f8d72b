"""The nodes a loaded YAML file is made of: plain dicts and lists that remember where they, their
keys and their items are in the source (the loader's builder makes them, yaml_build.py)."""

from __future__ import annotations

from typing import Any

Pos = tuple[int, int]  # 1-based line, column
Path_ = tuple[str | int, ...]
Edge = tuple[int, str | int]  # id() of a container, and a key or index in it


class YMap(dict[str, Any]):
    """A mapping that remembers where it, its keys and its values are in the source."""

    __slots__ = ("key_pos", "pos", "value_pos")

    def __init__(self, pos: Pos) -> None:
        super().__init__()
        self.pos = pos
        self.key_pos: dict[str, Pos] = {}
        self.value_pos: dict[str, Pos] = {}


class YList(list[Any]):
    """A sequence that remembers where it and each of its items are in the source."""

    __slots__ = ("item_pos", "pos")

    def __init__(self, pos: Pos) -> None:
        super().__init__()
        self.pos = pos
        self.item_pos: list[Pos] = []
