"""`kemble new`: a game's commented skeletons of its content, valid as written.

The game (its registry stage `scaffold`, docs/games.md) says what it can make and plans the
files: each path with its whole new text (an existing file with the item appended). The command
writes them. This package holds what every game's skeletons share: the error, an id as a
display name, the `$schema=` line that resolves from where a file is written, and an item
appended to a file's block list.
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Protocol

from kemble_tools.core.registry import hooks, registry
from kemble_tools.load.content import project_root
from kemble_tools.load.yaml_loader import load_text
from kemble_tools.load.yaml_nodes import YMap
from kemble_tools.validate.pipeline import MODELINE_PREFIX


class ScaffoldError(Exception):
    """What the user asked for cannot be written; the message says why."""


class ScaffoldHooks(Protocol):
    """What `kemble new KIND ID` can make of a game, and the files it writes for it."""

    kinds: Sequence[str]  # the KINDs, in the order an unknown kind's message lists them
    folder_kinds: Collection[str]  # those that make a whole folder named ID under --in

    def plan(self, kind: str, item_id: str, folder: Path) -> list[tuple[Path, str]]:
        """The files to write under `folder` (--in), each with its whole text; raises
        ScaffoldError, before anything is written, for an id that would not validate."""
        ...


class NoScaffold(LookupError):
    """The game has no skeletons."""


def scaffold_hooks(game_id: str | None) -> ScaffoldHooks:
    """The skeletons of a game (None: the game of the files that name none); raises
    registry.UnknownGame with the known ids, or NoScaffold."""
    game = registry().game(game_id)
    found = hooks(game, "scaffold")
    if found is None:
        raise NoScaffold(f"{game.info.title} has no skeletons for `kemble new` yet")
    return found  # type: ignore[no-any-return]


def display_name(item_id: str) -> str:
    """'shield_drone' -> 'Shield drone', 'KRAKEN' -> 'Kraken', 'nebula-01' -> 'Nebula 01'."""
    return re.sub(r"[_-]+", " ", item_id).strip().capitalize()


def fill(text: str, **values: str) -> str:
    """A template with each `{{KEY}}` replaced by its value."""
    for key, value in values.items():
        text = text.replace("{{" + key + "}}", value)
    return text


def modeline(target: Path, game_id: str | None, kind: str) -> str:
    """The `$schema=` line of a `kind` file written at `target`: the relative path to the
    game's shipped schema (schema/<game>/), so that an editor finds it from there."""
    game = registry().game(game_id)
    schema = project_root() / "schema" / game.info.id / game.content_kinds()[kind]
    try:
        relative = Path(os.path.relpath(schema, target.parent.resolve())).as_posix()
    except ValueError:  # another drive: an absolute path still resolves
        relative = schema.as_posix()
    return f"{MODELINE_PREFIX}{relative}"


def append_item(
    target: Path, kind: str, key: str, item_id: str, item: str, id_keys: Sequence[str] = ("id",)
) -> str:
    """The text of `target`, a `kind` file, with `item` (a list entry's text, indented by two)
    added at the end of its list `key`; an entry's id is its first key of `id_keys`. Only a
    list that is the file's last key and written in block style is extended: anything else
    would need the file rewritten, and that is the author's layout to choose."""
    text = target.read_text(encoding="utf-8")
    doc, _ = load_text(text, str(target))
    data = doc.data if doc is not None else None
    if not isinstance(data, YMap) or data.get("kind") != kind:
        raise ScaffoldError(f"{target} is not a '{kind}' file: cannot add to it")
    entries = [entry for entry in data.get(key) or [] if isinstance(entry, YMap)]
    ids = {next((entry[k] for k in id_keys if k in entry), None) for entry in entries}
    if item_id in ids or (item_id.isdigit() and int(item_id) in ids):
        raise ScaffoldError(f"{target} already has '{item_id}'")
    lines = text.splitlines()
    key_line = next((i for i, line in enumerate(lines) if line.startswith(f"{key}:")), None)
    after_key = lines[key_line][len(key) + 1 :].split("#")[0].strip()
    if list(data)[-1] != key or after_key not in ("", "[]"):
        raise ScaffoldError(
            f"{target}: '{key}' is not a block list at the end of the file; add '{item_id}' by hand"
        )
    if after_key == "[]":
        lines[key_line] = f"{key}:"
    indent = next(
        (
            len(line) - len(line.lstrip())
            for line in lines[key_line + 1 :]
            if line.lstrip().startswith("- ")
        ),
        2,
    )
    shifted = [line[2:] if line.startswith("  ") else line for line in item.splitlines()]
    return "\n".join([*lines, *(" " * indent + line for line in shifted)]) + "\n"
