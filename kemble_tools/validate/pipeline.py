"""The validate stage: kinds, schemas, catalogue and semantic checks over a set of files."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from kemble_tools.core.registry import registry
from kemble_tools.diagnostics import (
    Diagnostic,
    Severity,
    did_you_mean,
    has_errors,
    sort_diagnostics,
)
from kemble_tools.load.content import load_content, project_root
from kemble_tools.load.yaml_loader import Document, YMap
from kemble_tools.validate.aliases import once_per_anchor
from kemble_tools.validate.catalog import Catalog, build_catalog
from kemble_tools.validate.lost import LostFiles
from kemble_tools.validate.schema_check import check_schema
from kemble_tools.validate.schemas import KINDS, schema_file_name
from kemble_tools.validate.semantic import check_all

MODELINE_PREFIX = "# yaml-language-server: $schema="


@dataclass
class Validation:
    """What validation found: the typed files, the catalogue and every diagnostic, sorted."""

    files: list[tuple[Document, str]]
    catalog: Catalog
    diagnostics: list[Diagnostic]
    lost: LostFiles = field(default_factory=LostFiles)

    @property
    def ok(self) -> bool:
        return not has_errors(self.diagnostics)

    @cached_property
    def documents(self) -> dict[str, Document]:
        return {doc.file: doc for doc, _ in self.files}

    def settle(self, found: list[Diagnostic]) -> list[Diagnostic]:
        """A later stage's diagnostics (the effect compiler's), kept as validation keeps its
        own: nothing that only follows from a lost file, nothing twice for an alias."""
        return settle(found, self.documents, self.lost)


def settle(
    found: list[Diagnostic], documents: dict[str, Document], lost: LostFiles
) -> list[Diagnostic]:
    if lost:
        found = [d for d in found if not lost.explains(d, documents.get(d.file))]
    return once_per_anchor(found, documents)


def validate_paths(paths: list[Path], with_base: bool = True) -> Validation:
    content = load_content(paths, with_base)
    checked = [(doc, check_file(doc, path)) for path, doc in content.documents]
    return validate_checked(checked, content.diagnostics)


@dataclass(frozen=True)
class FileCheck:
    """What one file says about itself, whatever the other files hold: its kind, and the
    kind, modeline and schema diagnostics (cached per file by `kemble watch` and the LSP)."""

    kind: str | None
    local: list[Diagnostic]
    schema: list[Diagnostic]


def check_file(doc: Document, path: Path | None = None) -> FileCheck:
    wrong_game = check_game(doc)
    if wrong_game:
        return FileCheck(None, wrong_game, [])
    kind, problems = detect_kind(doc, path or Path(doc.file))
    if kind is None:
        return FileCheck(None, problems, [])
    return FileCheck(kind, [*problems, *check_modeline(doc, kind, path)], check_schema(doc, kind))


def validate_checked(
    checked: list[tuple[Document, FileCheck]], loading: list[Diagnostic]
) -> Validation:
    """The cross-file stages (catalogue and semantic checks) over files checked one by one."""
    found = list(loading)
    files: list[tuple[Document, str]] = []
    schema_found: list[Diagnostic] = []
    unknown_kind: list[Document] = []
    for doc, check in checked:
        found.extend(check.local)
        schema_found.extend(check.schema)
        if check.kind is not None:
            files.append((doc, check.kind))
        else:
            unknown_kind.append(doc)
    found.extend(schema_found)
    catalog = build_catalog(files)
    found.extend(catalog.diagnostics)
    shaped = {(d.file, d.pointer) for d in schema_found}
    # A value the schema already rejected is not reported again by the semantic checks.
    found.extend(d for d in check_all(files, catalog) if (d.file, d.pointer) not in shaped)
    lost = LostFiles.of(loading, unknown_kind, catalog)
    documents = {doc.file: doc for doc, _ in checked}
    return Validation(files, catalog, sort_diagnostics(settle(found, documents, lost)), lost)


def check_game(doc: Document) -> list[Diagnostic]:
    """A file's `game:` must name a registered game whose files these stages check; a file
    without it belongs to the game that claims such files."""
    data = doc.data
    if not isinstance(data, YMap) or "game" not in data:
        return []
    games = registry()
    value = data["game"]
    if not isinstance(value, str) or value not in games.games:
        known = ", ".join(games.ids())
        return [
            doc.diagnostic(
                ("game",),
                "file.game",
                f"unknown game {value!r}",
                hint=(
                    did_you_mean(str(value), tuple(games.ids())) if isinstance(value, str) else None
                )
                or f"the games this installation knows: {known} (`kemble games` lists them)",
            )
        ]
    implicit = games.implicit_game()
    if implicit is None or implicit.info.id != value:
        title = games.games[value].info.title
        return [
            doc.diagnostic(
                ("game",),
                "file.game_unsupported",
                f"{title} is registered, but these commands cannot check its files yet",
                hint="`kemble games` lists which commands each game supports",
            )
        ]
    return []


def detect_kind(doc: Document, path: Path) -> tuple[str | None, list[Diagnostic]]:
    """The file's kind: its `kind` key, or a scenario when it looks like one (formats.md §3)."""
    data = doc.data
    if not isinstance(data, YMap):
        return None, [
            doc.diagnostic(
                (), "file.not_mapping", "a content file must be a mapping of keys to values"
            )
        ]
    kind = data.get("kind")
    if kind is None:
        if path.parent.name == "scenarios" or {"rows", "deck"} <= data.keys():
            return "scenario", []
        return None, [
            doc.diagnostic(
                (),
                "file.kind",
                "the file does not say what it holds",
                hint=f"add 'kind:' with one of: {', '.join(KINDS)}",
            )
        ]
    if not isinstance(kind, str):
        return None, [
            doc.diagnostic(
                ("kind",),
                "file.kind",
                "'kind' must be a single word",
                hint=f"one of: {', '.join(KINDS)}",
            )
        ]
    if kind not in KINDS:
        hint = did_you_mean(kind, tuple(KINDS)) or f"one of: {', '.join(KINDS)}"
        return None, [doc.diagnostic(("kind",), "file.kind", f"unknown kind '{kind}'", hint=hint)]
    return kind, []


def check_modeline(doc: Document, kind: str, path: Path | None = None) -> list[Diagnostic]:
    """Editors autocomplete a file from its first line; warn when it is missing, names the
    wrong schema, or is a path that leads nowhere from the file's folder (an editor would then
    check nothing, in silence)."""
    expected = schema_file_name(kind)
    first = doc.lines[0] if doc.lines else ""
    if not first.startswith(MODELINE_PREFIX):
        return [
            doc.diagnostic(
                (),
                "file.modeline",
                "the first line does not name the schema",
                hint=f"start the file with '{MODELINE_PREFIX}…/schema/{expected}'",
                severity=Severity.WARNING,
            )
        ]
    target = first[len(MODELINE_PREFIX) :].strip()
    named = target.rsplit("/", 1)[-1]
    if named != expected:
        message = f"the first line names '{named}' but this file is of kind '{kind}'"
        return [_at_schema_path(doc, message, f"use {expected}")]
    if path is not None and "://" not in target and not (path.parent / target).is_file():
        message = f"the schema path '{target}' does not lead to a file from this file's folder"
        return [_at_schema_path(doc, message, f"use {schema_path_from(path.parent, expected)}")]
    return []


def _at_schema_path(doc: Document, message: str, hint: str) -> Diagnostic:
    """A warning pointing at the schema path on the first line."""
    column = len(MODELINE_PREFIX) + 1
    return Diagnostic(
        doc.file, 1, column, "", "file.modeline", message, severity=Severity.WARNING, hint=hint
    )


def schema_path_from(folder: Path, schema_name: str) -> str:
    """The relative path from a folder to a shipped schema, for a modeline that resolves."""
    target = project_root() / "schema" / schema_name
    try:
        return Path(os.path.relpath(target, folder.resolve())).as_posix()
    except ValueError:  # another drive
        return target.as_posix()
