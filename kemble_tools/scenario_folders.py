"""When a scenario file names cards its folder defines but the command was not given the folder
(`kemble solve expansions/foo/scenarios/x.yaml` without `expansions/foo`), say which folder to
add. Only folders around the scenario file are looked in, nearest first, never the working folder
or above it (when the file is inside it), never more than a few levels up, and never a folder of
more than a few hundred YAML files: a hint must stay cheap and never wander the disk."""

from __future__ import annotations

import os
import re
from dataclasses import replace
from functools import cache
from pathlib import Path

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.load.content import display_name
from kemble_tools.validate.pipeline import validate_paths

UNKNOWN = re.compile(r"^unknown (?P<what>[\w -]+) '(?P<id>[^']+)'$")
MOST_LEVELS = 4
MOST_FILES = 200


def with_folder_hints(
    diagnostics: list[Diagnostic], given: list[Path], command: str, rest: str = ""
) -> list[Diagnostic]:
    """The diagnostics, with an unknown id in a given scenario file hinted at the folder around
    the file that defines it: `kemble COMMAND SCENARIO [the other paths] FOLDER REST`."""
    files = {display_name(path): path for path in given if path.is_file()}
    hinted = []
    for diagnostic in diagnostics:
        match = UNKNOWN.match(diagnostic.message) if diagnostic.code == "ref.unknown" else None
        scenario = files.get(diagnostic.file)
        if match is None or scenario is None:
            hinted.append(diagnostic)
            continue
        what, item = match["what"], match["id"]
        folder = defining_folder(scenario, item)
        if folder is None:
            hinted.append(diagnostic)
            continue
        others = " ".join(display_name(p) for p in given if p != scenario)
        where = display_name(folder)
        words = ["kemble", command, diagnostic.file, others, where, rest]
        command_line = " ".join(filter(None, words))
        hint = f"the {what} '{item}' is defined in {where}/ — add that folder: {command_line}"
        hinted.append(replace(diagnostic, hint=hint))
    return hinted


def defining_folder(scenario: Path, item: str) -> Path | None:
    """The nearest folder around `scenario` whose content defines `item` (module docstring)."""
    for folder in _around(scenario.resolve().parent):
        ids = _defined(folder)
        if ids is None:
            return None  # too much to read: no hint rather than a slow one
        if item in ids:
            return folder
    return None


@cache
def _defined(folder: Path) -> frozenset[str] | None:
    """Every id the folder's content defines (None: more YAML files than MOST_FILES)."""
    if _count_yaml(folder) > MOST_FILES:
        return None
    catalog = validate_paths([folder], with_base=False).catalog
    return frozenset(item for table in catalog.items.values() for item in table)


def _around(start: Path) -> list[Path]:
    """`start` and the folders above it, up to the working folder when inside it."""
    cwd = Path.cwd().resolve()
    folders = [start, *start.parents][:MOST_LEVELS]
    if start.is_relative_to(cwd):
        folders = [f for f in folders if f != cwd and f.is_relative_to(cwd)]
    return [f for f in folders if f.parent != f]  # never the file system's root


def _count_yaml(folder: Path) -> int:
    """YAML files under `folder` as the loader walks it (no dot names, no links followed),
    counted up to one past MOST_FILES."""
    seen = 0
    for _, folders, names in os.walk(folder):
        folders[:] = [f for f in folders if not f.startswith(".")]
        seen += sum(1 for n in names if not n.startswith(".") and n.endswith((".yaml", ".yml")))
        if seen > MOST_FILES:
            break
    return seen
