"""What the language server asks of a game (its registry stage `editor`, docs/games.md).

The core checks the files as `kemble validate` does (workspace.py), completes and explains the
words of the file's game's DSL (its vocabulary) and finds where an id is defined in the
catalogue validation made. The game says which of its catalogue's tables hold the ids people
write, which tables each key of its files takes ids from, and what hovering an id shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from kemble_tools.core.registry import UnknownGame, hooks, registry


class EditorHooks(Protocol):
    """A game's ids in an editor."""

    # the catalogue tables whose ids hover and go-to-definition find, in the order a word is
    # looked up, each with what its ids are in words ("object kind")
    tables: Mapping[str, str]
    # a key whose value is being written (`object:`) and the tables whose ids complete it
    keys: Mapping[str, tuple[str, ...]]
    # the tables whose ids complete a value that no key of `keys` announces
    anywhere: tuple[str, ...]

    def alias(self, word: str) -> tuple[str, str] | None:
        """The table and id a word stands for that is no id itself (Kemble: a boss's Warning
        card `BOSS-X` stands for boss `X`), or None."""
        ...

    def about(self, bundle: Mapping[str, Any], table: str, word: str) -> list[str]:
        """What hovering an id of `table` shows before its printed cards: lines of Markdown
        (its name, its rules as the card text says them); nothing for most ids."""
        ...

    def printed(self, bundle: Mapping[str, Any], table: str, word: str) -> set[str]:
        """The ids of the printed cards (the export stage's) that show the id: hovering it
        shows their text and pictures."""
        ...


def editor_hooks(game: str | None) -> EditorHooks | None:
    """The editor hooks of the game a file names (None: the game of the files that name none);
    None for a game that is not installed or has none: its files get no ids to complete."""
    try:
        plugin = registry().game(game)
    except UnknownGame:
        return None
    return hooks(plugin, "editor")  # type: ignore[no-any-return]
