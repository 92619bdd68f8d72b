"""The validate stage: each file's game and kind, its schema, then each game's catalogue and
checks across its files (the game's validation hooks, validate/hooks.py), in one run."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property, partial
from pathlib import Path

from kemble_tools.core.registry import GamePlugin, hooks, registry
from kemble_tools.diagnostics import (
    Diagnostic,
    Severity,
    did_you_mean,
    has_errors,
    sort_diagnostics,
)
from kemble_tools.load.content import load_content, schema_path
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YMap
from kemble_tools.validate.aliases import once_per_anchor
from kemble_tools.validate.catalog import Catalog
from kemble_tools.validate.hooks import Files, GameFiles, GameValidation
from kemble_tools.validate.lost import LostFiles
from kemble_tools.validate.schema_check import check_schema

MODELINE_PREFIX = "# yaml-language-server: $schema="


@dataclass
class Validation:
    """What validation found: the typed files, every diagnostic (sorted), and each game's share
    of the files with its catalogue. `catalog` is the catalogue of the files that name no game
    (else of the one game there is), what the stages that serve one game read."""

    files: list[tuple[Document, str]]
    catalog: Catalog
    diagnostics: list[Diagnostic]
    lost: LostFiles = field(default_factory=LostFiles)
    games: dict[str, GameFiles] = field(default_factory=dict)  # by game id, in order of files

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
    """What one file says about itself, whatever the other files hold: its game and kind, and
    the game, kind, modeline and schema diagnostics (cached per file by `kemble watch` and the
    LSP)."""

    kind: str | None
    local: list[Diagnostic]
    schema: list[Diagnostic]
    game: GamePlugin | None = None  # the game whose hooks check it, when its kind is known


def check_file(doc: Document, path: Path | None = None) -> FileCheck:
    game, problems = game_of(doc)
    if game is None:
        return FileCheck(None, problems, [])
    validation: GameValidation = hooks(game, "validation")
    kind, problems = kind_in(doc, path or Path(doc.file), validation)
    if kind is None:
        return FileCheck(None, problems, [])
    modeline = check_modeline(doc, kind, _schema_name(validation, kind), path, game.info.id)
    return FileCheck(kind, [*problems, *modeline], check_schema(doc, kind, validation), game)


def validate_checked(
    checked: list[tuple[Document, FileCheck]], loading: list[Diagnostic]
) -> Validation:
    """The cross-file stages (each game's catalogue and checks) over files checked one by one."""
    found = list(loading)
    files: list[tuple[Document, str]] = []
    schema_found: list[Diagnostic] = []
    unknown_kind: list[Document] = []
    by_game: dict[str, tuple[GamePlugin, Files]] = {}
    for doc, check in checked:
        found.extend(check.local)
        schema_found.extend(check.schema)
        if check.kind is not None and check.game is not None:
            files.append((doc, check.kind))
            by_game.setdefault(check.game.info.id, (check.game, []))[1].append((doc, check.kind))
        else:
            unknown_kind.append(doc)
    found.extend(schema_found)
    lost = LostFiles.of(loading, unknown_kind)
    games = {game_id: check_game_files(game_id, *share, lost) for game_id, share in by_game.items()}
    shaped = {(d.file, d.pointer) for d in schema_found}
    for share in games.values():
        found.extend(share.catalog.diagnostics)
        # A value the schema already rejected is not reported again by the semantic checks.
        checked_found = share.validation.check(share.files, share.catalog)
        found.extend(d for d in checked_found if (d.file, d.pointer) not in shaped)
    documents = {doc.file: doc for doc, _ in checked}
    diagnostics = sort_diagnostics(settle(found, documents, lost))
    return Validation(files, main_catalog(games), diagnostics, lost, games)


def check_game_files(game_id: str, game: GamePlugin, files: Files, lost: LostFiles) -> GameFiles:
    """One game's share: its files' catalogue, and its word on what lost files explain."""
    validation: GameValidation = hooks(game, "validation")
    catalog = validation.catalog(files)
    names = partial(validation.lost_names, catalog=catalog)
    lost.names.update((doc.file, names) for doc, _ in files)
    return GameFiles(game_id, validation, files, catalog)


def main_catalog(games: dict[str, GameFiles]) -> Catalog:
    """The catalogue of the files that name no game, else of the first game's files."""
    implicit = registry().implicit_game()
    main = games.get(implicit.info.id) if implicit is not None else None
    return main.catalog if main else next((g.catalog for g in games.values()), Catalog())


def game_of(doc: Document) -> tuple[GamePlugin | None, list[Diagnostic]]:
    """The game whose hooks check a file: the one its `game:` names, which must be registered
    and check its files; without `game:`, the game that claims such files."""
    data = doc.data
    games = registry()
    named = isinstance(data, YMap) and "game" in data
    value = data["game"] if named else None
    if named and (not isinstance(value, str) or value not in games.games):
        known = ", ".join(games.ids())
        near = did_you_mean(str(value), tuple(games.ids())) if isinstance(value, str) else None
        hint = near or f"the games this installation knows: {known} (`kemble games` lists them)"
        return None, [doc.diagnostic(("game",), "file.game", f"unknown game {value!r}", hint=hint)]
    game = games.games[value] if named else games.implicit_game()
    if game is None:
        message = "the file names no game, and no registered game claims such files"
        return None, [doc.diagnostic((), "file.game", message, hint="add 'game:' with its id")]
    if hooks(game, "validation") is None:
        return None, [
            doc.diagnostic(
                ("game",) if named else (),
                "file.game_unsupported",
                f"{game.info.title} is registered, but these commands cannot check its files yet",
                hint="`kemble games` lists which commands each game supports",
            )
        ]
    return game, []


def check_game(doc: Document) -> list[Diagnostic]:
    """Why no game's hooks check a file (its `game:` is unknown, or a game that cannot check
    its files); nothing when one does."""
    return game_of(doc)[1]


def detect_kind(doc: Document, path: Path) -> tuple[str | None, list[Diagnostic]]:
    """The file's kind in its game, or why it has none (formats.md §3)."""
    game, problems = game_of(doc)
    if game is None:
        return None, problems
    return kind_in(doc, path, hooks(game, "validation"))


def kind_in(
    doc: Document, path: Path, validation: GameValidation
) -> tuple[str | None, list[Diagnostic]]:
    """The file's kind among its game's: its `kind` key, or what the game makes of a file that
    says none."""
    data = doc.data
    if not isinstance(data, YMap):
        return None, [
            doc.diagnostic(
                (), "file.not_mapping", "a content file must be a mapping of keys to values"
            )
        ]
    kinds = tuple(validation.kinds)
    kind = data.get("kind")
    if kind is None:
        implied = validation.kind_of(data, path)
        if implied is not None:
            return implied, []
        return None, [
            doc.diagnostic(
                (),
                "file.kind",
                "the file does not say what it holds",
                hint=f"add 'kind:' with one of: {', '.join(kinds)}",
            )
        ]
    if not isinstance(kind, str):
        return None, [
            doc.diagnostic(
                ("kind",),
                "file.kind",
                "'kind' must be a single word",
                hint=f"one of: {', '.join(kinds)}",
            )
        ]
    if kind not in kinds:
        hint = did_you_mean(kind, kinds) or f"one of: {', '.join(kinds)}"
        return None, [doc.diagnostic(("kind",), "file.kind", f"unknown kind '{kind}'", hint=hint)]
    return kind, []


def _schema_name(validation: GameValidation, kind: str) -> str:
    return {**validation.kinds, **validation.tool_kinds}[kind]


def check_modeline(
    doc: Document, kind: str, expected: str, path: Path | None = None, game: str | None = None
) -> list[Diagnostic]:
    """Editors autocomplete a file from its first line; warn when it is missing, names the
    wrong schema (not `expected`, its kind's), or is a path that leads nowhere from the file's
    folder (an editor would then check nothing, in silence)."""
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
        shipped = schema_path(expected, game=game)
        hint = schema_path_from(path.parent, expected, game) if shipped.is_file() else None
        return [_at_schema_path(doc, message, f"use {hint or expected + ' where it is'}")]
    return []


def _at_schema_path(doc: Document, message: str, hint: str) -> Diagnostic:
    """A warning pointing at the schema path on the first line."""
    column = len(MODELINE_PREFIX) + 1
    return Diagnostic(
        doc.file, 1, column, "", "file.modeline", message, severity=Severity.WARNING, hint=hint
    )


def schema_path_from(folder: Path, schema_name: str, game: str | None = None) -> str:
    """The relative path from a folder to a shipped schema, for a modeline that resolves."""
    target = schema_path(schema_name, game=game)
    try:
        return Path(os.path.relpath(target, folder.resolve())).as_posix()
    except ValueError:  # another drive
        return target.as_posix()
