"""Which engine runs: the hot path compiled by mypyc (setup.py), or its Python sources.

The build compiles the modules its manifest (`hot_path.json`, written by setup.py) lists into
extensions beside their sources; Python would import those first. They run only when all of
them are there and every source is still the one they were compiled from: a source edited
since the build, an extension missing, or KEMBLE_PURE_PYTHON set, and every listed module is
imported from its source instead (compiled modules call each other directly, so the group is
compiled whole or not at all). Both give the same results to the byte (tests/test_hot_path.py);
the compiled one is faster. `pip install -e .` compiles again after an edit.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent  # the folder holding kemble_tools/
MANIFEST = Path(__file__).with_name("hot_path.json")


def _source(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def _compiled(module: str) -> bool:
    """Whether the extension of `module` is there (any of the suffixes this Python loads)."""
    stem = ROOT.joinpath(*module.split("."))
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return any(stem.with_name(stem.name + suffix).is_file() for suffix in suffixes)


def _read_manifest() -> dict[str, object]:
    """What the build wrote: whether it compiled, the group's library, and the modules of the
    group with their sources' digests at the build."""
    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
        return manifest if isinstance(manifest, dict) else {}
    except (OSError, ValueError):
        return {}


def _why_not(manifest: dict[str, object], modules: dict[str, str]) -> str | None:
    """Why the compiled hot path cannot run, or None when it can."""
    if os.environ.get("KEMBLE_PURE_PYTHON"):
        return "KEMBLE_PURE_PYTHON is set"
    if not manifest.get("compiled") or not modules:
        return "the build compiled nothing"
    for module, digest in modules.items():
        if not _compiled(module):
            return f"{module} has no compiled extension"
        if hashlib.sha256(_source(module).read_bytes()).hexdigest() != digest:
            return f"{_source(module).relative_to(ROOT)} changed since the build"
    if not _compiled(f"{manifest.get('group')}__mypyc"):
        return "the compiled group's library is missing"
    return None


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Imports the listed modules from their Python sources, past their extensions."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.modules = frozenset(modules)

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name not in self.modules:
            return None
        return importlib.util.spec_from_file_location(name, _source(name))


_MANIFEST = _read_manifest()
_MODULES: dict[str, str] = dict(_MANIFEST.get("modules") or {})  # type: ignore[call-overload]
PURE_REASON = _why_not(_MANIFEST, _MODULES)  # None: the compiled hot path runs
COMPILED = PURE_REASON is None
if not COMPILED and _MODULES:
    sys.meta_path.insert(0, _SourcesFirst(list(_MODULES)))


def describe() -> str:
    """Which engine this process runs, for benchmarks and reports."""
    return "compiled (mypyc)" if COMPILED else f"pure Python ({PURE_REASON})"
