"""Finding and loading content files: the shipped base game plus any expansion folders."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from kemble_tools.core.registry import hooks, registry
from kemble_tools.diagnostics import Diagnostic, Severity
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
    """The shipped content of every game: `cards/<game>/` and `scenarios/<game>/`, and the
    folders a game installed from a distribution of its own ships (its validation hooks'
    `base_folders`)."""
    root = project_root()
    shipped = [
        folder
        for game in registry().games.values()
        if (validation := hooks(game, "validation")) is not None
        for folder in validation.base_folders
    ]
    return [root / "cards", root / "scenarios", *shipped]


def schema_path(name: str, root: Path | None = None, game: str | None = None) -> Path:
    """A shipped schema of a game (None: the game whose files need not name one):
    `schema/<game>/<name>`, each game's schemas in a folder of their own as its cards and
    scenarios are."""
    game_id = registry().game(game).info.id
    return (root or project_root()) / "schema" / game_id / name


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
    """YAML files under the given paths plus the base content (`collect_named`), sorted."""
    found, problems = collect_named(paths, with_base)
    return sorted(found, key=lambda p: display_name(p)), problems


def collect_named(
    paths: list[Path], with_base: bool = True
) -> tuple[dict[Path, str], list[Diagnostic]]:
    """YAML files under the given paths (files or folders) plus the base content, deduplicated.

    Content comes from pull requests by strangers, so the walk never leaves a given folder: a
    symbolic link is followed only to a file inside the same folder, and everything skipped that
    could hide content (a link out or to a folder, a broken link, an unreadable folder, a FIFO)
    gets a diagnostic, so that nothing is left out in silence.

    Each file comes with its content name: its path from its folder's parent
    (`my-expansion/decks/n1.yaml`; a shipped file's from its base folder's parent,
    `cards/kembles-cascade/objects.yaml`, however it was named), the same from any working folder
    or checkout, for the bundle."""
    roots = ([*base_content_dirs()] if with_base else []) + list(paths)
    found: dict[Path, str] = {}
    problems: list[Diagnostic] = []
    for root in roots:
        if root.is_dir():
            _walk(root, root.resolve(), found, problems)
        elif root.is_file():
            found.setdefault(root.resolve(), f"{root.resolve().parent.name}/{root.name}")
        elif root.exists():
            problems.append(_skipped(root, "file.not_regular", _NOT_REGULAR))
        elif root in paths:
            problems.append(
                Diagnostic(str(root), 1, 1, "", "file.not_found", "no such file or folder")
            )
    return _as_shipped(found), problems


def _as_shipped(found: dict[Path, str]) -> dict[Path, str]:
    """Shipped files keep the names the base content gives them when they are named alone or by
    a folder inside it, so that the scenarios a command names match the bundle's sources."""
    bases = [folder.resolve() for folder in base_content_dirs()]
    for path in found:
        base = next((folder for folder in bases if path.is_relative_to(folder)), None)
        if base is not None:
            found[path] = _name(path, base)
    return found


_NOT_REGULAR = "not a regular file (a FIFO, socket or device): skipped"


def _walk(folder: Path, top: Path, found: dict[Path, str], problems: list[Diagnostic]) -> None:
    """Files and folders whose names start with a dot are skipped (editor and VCS files)."""
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError as exc:
        problems.append(
            _skipped(folder, "file.unreadable", f"cannot read folder: {exc.strerror or exc}")
        )
        return
    for entry in entries:
        path = Path(entry.path)
        if entry.name.startswith("."):
            continue
        if entry.is_symlink():
            _link(path, top, found, problems)
        elif entry.is_dir(follow_symlinks=False):
            _walk(path, top, found, problems)
        elif path.suffix in YAML_SUFFIXES:
            if entry.is_file(follow_symlinks=False):
                found.setdefault(path.resolve(), _name(path.resolve(), top))
            else:
                problems.append(_skipped(path, "file.not_regular", _NOT_REGULAR))


def _link(path: Path, top: Path, found: dict[Path, str], problems: list[Diagnostic]) -> None:
    try:
        target = path.resolve(strict=True)
    except (OSError, RuntimeError):
        problems.append(
            _skipped(path, "file.broken_link", "symbolic link to nothing (dangling, or a loop)")
        )
        return
    if target.is_dir():
        problems.append(
            _skipped(
                path,
                "file.symlink",
                "symbolic link to a folder: not followed",
                "name the folder itself on the command line to check it",
            )
        )
    elif not target.is_relative_to(top):
        problems.append(
            _skipped(path, "file.symlink", "symbolic link out of the content folder: not followed")
        )
    elif path.suffix in YAML_SUFFIXES and target.is_file():
        found.setdefault(target, _name(target, top))


def _name(file: Path, top: Path) -> str:
    return f"{top.name}/{file.relative_to(top).as_posix()}"


def _skipped(path: Path, code: str, message: str, hint: str | None = None) -> Diagnostic:
    """A diagnostic for something the walk did not read; never resolved through a link, so the
    name shown is the one in the folder."""
    name = f"{display_name(path.parent)}/{path.name}"
    severity = Severity.WARNING if code == "file.symlink" else Severity.ERROR
    return Diagnostic(name, 1, 1, "", code, message, severity, hint)


def load_content(paths: list[Path], with_base: bool = True) -> ContentSet:
    found, problems = collect_named(paths, with_base)
    content = ContentSet(diagnostics=problems)
    for path in sorted(found, key=lambda p: display_name(p)):
        doc, diagnostics = load_file(path, display_name(path))
        content.diagnostics.extend(diagnostics)
        if doc is not None:
            doc.source = found[path]
            content.documents.append((path, doc))
    return content
