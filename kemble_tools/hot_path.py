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
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent  # the folder holding kemble_tools/
MANIFEST = Path(__file__).with_name("hot_path.json")


def source(root: Path, module: str) -> Path:
    return root.joinpath(*module.split(".")).with_suffix(".py")


def has_extension(root: Path, module: str) -> bool:
    """Whether the extension of `module` is there (any of the suffixes this Python loads)."""
    stem = root.joinpath(*module.split("."))
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return any(stem.with_name(stem.name + suffix).is_file() for suffix in suffixes)


def read_manifest(path: Path) -> dict[str, Any]:
    """What the build wrote: whether it compiled, the group's library, and the modules of the
    group with their sources' digests at the build ({} when there is none)."""
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return manifest if isinstance(manifest, dict) else {}


def pure_reason(manifest: Mapping[str, Any], root: Path) -> str | None:
    """Why the compiled hot path cannot run, or None when it can."""
    if os.environ.get("KEMBLE_PURE_PYTHON"):
        return "KEMBLE_PURE_PYTHON is set"
    modules = manifest.get("modules") or {}
    if not manifest.get("compiled") or not modules:
        return "the build compiled nothing"
    for module, digest in modules.items():
        if not has_extension(root, module):
            return f"{module} has no compiled extension"
        if hashlib.sha256(source(root, module).read_bytes()).hexdigest() != digest:
            return f"{source(root, module).relative_to(root)} changed since the build"
    if not has_extension(root, f"{manifest.get('group')}__mypyc"):
        return "the compiled group's library is missing"
    return None


class SourcesFirst:
    """Imports the listed modules from their Python sources, past their extensions (a finder
    on sys.meta_path; not derived from importlib.abc, whose import costs more than all this)."""

    def __init__(self, root: Path, modules: Sequence[str]) -> None:
        self.root = root
        self.modules = frozenset(modules)

    def find_spec(
        self, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if name not in self.modules:
            return None
        return importlib.util.spec_from_file_location(name, source(self.root, name))


_MANIFEST = read_manifest(MANIFEST)
PURE_REASON = pure_reason(_MANIFEST, ROOT)  # None: the compiled hot path runs
COMPILED = PURE_REASON is None
if not COMPILED and _MANIFEST.get("modules"):
    sys.meta_path.insert(0, SourcesFirst(ROOT, list(_MANIFEST["modules"])))


def describe() -> str:
    """Which engine this process runs, for benchmarks and reports."""
    return "compiled (mypyc)" if COMPILED else f"pure Python ({PURE_REASON})"
