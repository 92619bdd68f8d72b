"""`kemble build`'s solution cache: a scenario's answer kept under a hash of all it depends on.

The key hashes the scenario's reach (reach.py: the scenario and the parts of the bundle its game
can read), the solver's version (the package's version, the sources of its engine kernel, DSL
and solver, and those of the game's plugin package, its rules and solver hooks included, so an
edited rule re-solves) and the analysis budget. The decision's state limit is not in the
key: a verdict the search reached in N states is the same under any limit above N, so an entry
records what it needed and is used only under a limit that allows it (an unknown, only under
the limit that stopped it). An answer from the cache is then the very answer a cold build
writes, byte for byte.

Entries are JSON files written atomically (write, then rename), so builds running at the same
time or killed midway never leave a torn entry; an entry that does not read back as one of ours
is ignored and solved again. The folder keeps the most recently used entries (`KEEP`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import time
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

from kemble_tools.core.registry import GamePlugin
from kemble_tools.fileio import write_atomic
from kemble_tools.solve.hooks import game_of
from kemble_tools.solve.reach import key as reach_key

FOLDER = Path(".cache") / "solutions"  # inside the build's output folder
FORMAT = 1  # of an entry
KEEP = 500  # entries kept; the least recently used go first
# The code of the core a solution depends on: the engine's kernel, the solver, and the DSL's
# vocabulary types and IR; and the game's whole package, its vocabulary too (`game_sources`).
SOURCES = ("engine", "solve", "dsl/vocabulary.py", "dsl/ir.py")


def game_sources(game: GamePlugin) -> Path:
    """The folder of the package that defines the game's plugin (Kemble's:
    kemble_tools/games/kembles_cascade), or its module's file for a plugin that is a module."""
    module = sys.modules[type(game).__module__]
    path = Path(module.__file__ or "").resolve()
    return path.parent if module.__package__ else path


@cache
def solver_version(game_folder: Path) -> str:
    """The package's version and a hash of the sources that decide a solution: the core's
    and those in `game_folder` (`game_sources`)."""
    root = Path(__file__).resolve().parents[1]
    sources = [*((root, root / source) for source in SOURCES), (game_folder.parent, game_folder)]
    digest = hashlib.sha256()
    for base, found in sources:
        for path in sorted(found.rglob("*.py")) if found.is_dir() else [found]:
            digest.update(path.relative_to(base).as_posix().encode())
            digest.update(path.read_bytes())
    try:
        version = metadata.version("kemble_tools")
    except metadata.PackageNotFoundError:
        version = "unknown"
    return f"{version}+{digest.hexdigest()[:16]}"


def entry_key(bundle: dict[str, Any], name: str, analysis_states: int, memory_mb: Any) -> str:
    extra = {
        "format": FORMAT,
        "solver": solver_version(game_sources(game_of(bundle))),
        "analysis_states": analysis_states,
        "memory_mb": memory_mb,
    }
    return reach_key(bundle, name, extra)


class SolutionCache:
    """Solutions by key in `folder`; with no folder, a cache that never holds anything."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.hits = 0

    def get(self, key: str, limit_states: int | None) -> dict[str, Any] | None:
        """The cached solution, if one was solved under a limit that gives the same answer."""
        if self.folder is None:
            return None
        path = self.folder / f"{key}.json"
        try:
            entry = json.loads(path.read_text(encoding="utf-8"))
            solution, needed = entry["solution"], entry["needed"]
            valid = entry["key"] == key and isinstance(solution, dict)
        except (OSError, ValueError, KeyError, TypeError):
            return None  # missing, torn by hand, or not ours: solve again
        if not valid or not _allowed(needed, entry.get("limit"), limit_states):
            return None
        _touch(path)
        self.hits += 1
        return solution

    def put(
        self, key: str, solution: dict[str, Any], needed: int | None, limit: int | None
    ) -> None:
        """Keep a solution: `needed` is the states its decision took (None: undecided, stopped
        by `limit`). A folder that cannot be written leaves the build as it is, uncached."""
        if self.folder is None:
            return
        entry = {"key": key, "needed": needed, "limit": limit, "solution": solution}
        with contextlib.suppress(OSError):
            write_atomic(self.folder / f"{key}.json", json.dumps(entry) + "\n")

    def prune(self, keep: int = KEEP) -> None:
        """Remove all but the `keep` most recently used entries, and the temporary files of
        writes killed midway (an hour old: a write in progress is never that old)."""
        if self.folder is None or not self.folder.is_dir():
            return
        entries = sorted(self.folder.glob("*.json"), key=_mtime, reverse=True)
        stale = [p for p in self.folder.glob(".*.tmp") if _mtime(p) < time.time() - 3600]
        for path in [*entries[keep:], *stale]:
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)


def _allowed(needed: int | None, limit: int | None, limit_states: int | None) -> bool:
    if needed is None:  # an unknown is the answer of its own limit only
        return limit == limit_states
    return limit_states is None or needed < limit_states


def _touch(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.utime(path)  # recently used: kept by `prune`


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0
