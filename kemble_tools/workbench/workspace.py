"""Content kept in memory between edits, for `kemble watch` and the language server.

Each file's parse and its file-local checks (kind, modeline, schema: most of the work) are
cached by the file's text, so an edit re-reads and re-checks only the edited file. The
cross-file stages (catalogue, semantic checks, effect compiler) are cheap and run whole, so
a change that breaks a reference in another file is still reported there. Print checks (text
that overflows, crowded quadrants) run only for the cards of edited files.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.diagnostics import Diagnostic, sort_diagnostics
from kemble_tools.export.check import print_warnings
from kemble_tools.load.content import collect_named, display_name
from kemble_tools.load.yaml_loader import Document, load_file, load_text
from kemble_tools.validate.catalog import Catalog
from kemble_tools.validate.pipeline import FileCheck, check_file, validate_checked


@dataclass
class _Entry:
    """One file as last checked: what it was read from, and what it says about itself."""

    stamp: object  # (mtime, size) of the file, or the text of an unsaved buffer
    doc: Document | None
    loading: list[Diagnostic]
    check: FileCheck | None
    printing: list[Diagnostic] = field(default_factory=list)


@dataclass
class Check:
    """The result of one pass: every diagnostic, the bundles when the content compiles (that
    of the files that name no game, and every game's by id), and which files were read again."""

    diagnostics: list[Diagnostic]
    bundle: dict[str, Any] | None
    catalog: Catalog
    files: int
    changed: list[str]  # display names of the files read again in this pass
    bundles: dict[str, Any] = field(default_factory=dict)


class Workspace:
    def __init__(self, paths: list[Path], with_base: bool = True) -> None:
        self.paths = paths
        self.with_base = with_base
        self.entries: dict[Path, _Entry] = {}
        self.names: dict[Path, str] = {}

    def check(self, buffers: dict[Path, str] | None = None) -> Check:
        """Validate and compile everything; `buffers` are texts that replace files on disk
        (an editor's unsaved changes)."""
        buffers = {path.resolve(): text for path, text in (buffers or {}).items()}
        found, walk_problems = collect_named(self.paths, self.with_base)
        for path in buffers:
            found.setdefault(path, f"{path.parent.name}/{path.name}")
        self.names = found
        changed: list[str] = []
        entries: dict[Path, _Entry] = {}
        for path in sorted(found, key=display_name):
            entry = self._entry(path, buffers.get(path))
            if entry is not self.entries.get(path):
                changed.append(display_name(path))
            entries[path] = entry
        self.entries = entries
        checked = [(e.doc, e.check) for e in entries.values() if e.doc and e.check]
        loading = [*walk_problems, *(d for e in entries.values() for d in e.loading)]
        validation = validate_checked(checked, loading)
        result = compile_validated(validation)
        diagnostics = result.diagnostics
        if result.bundle is not None:
            diagnostics = [
                *diagnostics,
                *self._printing(result.bundle, validation.catalog, changed),
            ]
        return Check(
            sort_diagnostics(diagnostics),
            result.bundle,
            validation.catalog,
            len(validation.files),
            changed,
            dict(result.bundles),
        )

    def _entry(self, path: Path, buffer: str | None) -> _Entry:
        cached = self.entries.get(path)
        stamp: object
        if buffer is not None:
            stamp = buffer
        else:
            try:
                status = path.stat()
                stamp = (status.st_mtime_ns, status.st_size)
            except OSError:
                stamp = None
        if cached is not None and stamp is not None and cached.stamp == stamp:
            return cached
        shown = display_name(path)
        doc, loading = load_file(path, shown) if buffer is None else load_text(buffer, shown)
        if doc is None:
            return _Entry(stamp, None, loading, None)
        doc.source = self.names.get(path, shown)
        return _Entry(stamp, doc, loading, check_file(doc, path))

    def _printing(self, bundle: dict[str, Any], catalog: Catalog, changed: list[str]) -> list:
        """Print checks of the edited files' cards; the others keep their last results."""
        fresh = print_warnings(bundle, catalog, set(changed)) if changed else []
        by_file: dict[str, list[Diagnostic]] = {}
        for diagnostic in fresh:
            by_file.setdefault(diagnostic.file, []).append(diagnostic)
        for path, entry in self.entries.items():
            if display_name(path) in changed:
                entry.printing = by_file.get(display_name(path), [])
        return [d for entry in self.entries.values() for d in entry.printing]

    def document(self, path: Path) -> Document | None:
        entry = self.entries.get(path.resolve())
        return entry.doc if entry else None

    def path_of(self, shown: str) -> Path | None:
        """The file a diagnostic or a span names (by display name or content name)."""
        for path, name in self.names.items():
            if shown in (name, display_name(path)):
                return path
        return None
