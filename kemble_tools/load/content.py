"""Finding and loading content files: the shipped base game plus any expansion folders."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.load.yaml_loader import Document, load_file

YAML_SUFFIXES = (".yaml", ".yml")


def project_root() -> Path:
    """Where the shipped content lives: the checkout around the package (editable install or
    source tree), else the data folder a regular install puts it in."""
    checkout = Path(__file__).resolve().parents[2]
    if (checkout / "cards").is_dir():
        return checkout
    return Path(sys.prefix) / "share" / "kemble_tools"


def base_content_dirs() -> list[Path]:
    root = project_root()
    return [root / "cards", root / "scenarios"]


@dataclass
class ContentSet:
    """Every loaded document, in a stable order, with the diagnostics loading produced."""

    documents: list[tuple[Path, Document]] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def display_name(path: Path) -> str:
    """A path relative to the working directory when it is inside it, as users typed it."""
    resolved = path.resolve()
    try:
        return resolved.relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return os.path.relpath(resolved) if _same_drive(resolved) else resolved.as_posix()


def _same_drive(path: Path) -> bool:
    return Path.cwd().anchor == path.anchor


def collect_files(paths: list[Path], with_base: bool = True) -> tuple[list[Path], list[Diagnostic]]:
    """YAML files under the given paths (files or folders) plus the base content, deduplicated."""
    roots = ([*base_content_dirs()] if with_base else []) + list(paths)
    found: dict[Path, None] = {}
    problems: list[Diagnostic] = []
    for root in roots:
        if root.is_dir():
            for file in sorted(root.rglob("*")):
                hidden = any(part.startswith(".") for part in file.relative_to(root).parts)
                if file.suffix in YAML_SUFFIXES and file.is_file() and not hidden:
                    found.setdefault(file.resolve())
        elif root.is_file():
            found.setdefault(root.resolve())
        elif root in paths:
            problems.append(
                Diagnostic(str(root), 1, 1, "", "file.not_found", "no such file or folder")
            )
    return sorted(found, key=lambda p: display_name(p)), problems


def load_content(paths: list[Path], with_base: bool = True) -> ContentSet:
    files, problems = collect_files(paths, with_base)
    content = ContentSet(diagnostics=problems)
    for path in files:
        doc, diagnostics = load_file(path, display_name(path))
        content.diagnostics.extend(diagnostics)
        if doc is not None:
            content.documents.append((path, doc))
    return content
