"""`kemble lsp`: a language server for content files (pygls, over stdio).

Diagnostics as you type (the workspace checks the editor's unsaved text with everything else),
hover on an id or object kind (its rules text as printed, and a small picture of the card),
completion of ids, object kinds, triggers, actions and selectors by the key being written,
and go-to-definition on any reference. The answers are plain functions of the last check, so
they are tested without a server; the server only wires them to LSP messages.

ReportLab is imported on the first hover that shows a card's picture, pygls when the server
starts: the answers and their tests need neither.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from kemble_tools import __version__
from kemble_tools.core.registry import UnknownGame, registry
from kemble_tools.dsl.vocabulary import Vocabulary, vocabulary_of
from kemble_tools.export.sheets import print_cards
from kemble_tools.load.content import base_content_dirs, display_name
from kemble_tools.validate.catalog import Item
from kemble_tools.workbench.hooks import EditorHooks, editor_hooks
from kemble_tools.workbench.workspace import Check, Workspace

WORD = re.compile(r"[A-Za-z0-9_\-]+")
HOVER_DPI = 60  # a small picture: a card 85 mm wide is 200 pixels wide


# --- what a word means ------------------------------------------------------------------------


def word_at(text: str, line: int, character: int) -> str | None:
    """The id-like word under a 0-based position."""
    lines = text.splitlines()
    if not 0 <= line < len(lines):
        return None
    for match in WORD.finditer(lines[line]):
        if match.start() <= character <= match.end():
            return match.group()
    return None


def lookup(check: Check, word: str, game: str | None = None) -> tuple[str, Item] | None:
    """Where an id of `game` (a file's; None: the game of files that name none) is defined:
    its table and catalogue item; a word that stands for an id (EditorHooks.alias) counts."""
    editor = editor_hooks(game)
    if editor is None:
        return None
    for table in editor.tables:
        item = check.catalog.table(table).get(word)
        if item is not None:
            return table, item
    alias = editor.alias(word)
    item = check.catalog.table(alias[0]).get(alias[1]) if alias else None
    return (alias[0], item) if alias and item is not None else None


# --- hover ------------------------------------------------------------------------------------


def hover(check: Check, word: str, game: str | None = None) -> str | None:
    """Markdown for an id: what it is, what its game says of it (EditorHooks.about), its
    printed cards' text and pictures; else for a word of the DSL of `game` (the file's; None:
    the game of files that name none)."""
    editor, found = editor_hooks(game), lookup(check, word, game)
    if editor is None or found is None:
        return _dsl_word(_vocabulary(game), word)
    table, item = found
    lines = [f"**{word}** ({editor.tables[table]}, {item.where()})"]
    bundle = _bundle(check, game)
    if bundle is None:
        return "\n\n".join([*lines, "_fix the errors to see its text and picture_"])
    lines += editor.about(bundle, table, word)
    cards = _cards_of(editor, bundle, table, word)
    lines += [card.text for card in cards if card.text]
    lines += [_picture(card) for card in cards[:2]]
    return "\n\n".join(line for line in lines if line)


def _bundle(check: Check, game: str | None) -> dict[str, Any] | None:
    """The bundle of the file's game, once everything compiles."""
    try:
        return check.bundles.get(registry().game(game).info.id)
    except UnknownGame:
        return None


def _dsl_word(vocabulary: Vocabulary | None, word: str) -> str | None:
    """Triggers, actions and selectors of the effect language explain themselves too."""
    for table, what in _dsl_tables(vocabulary):
        if word in table:
            return f"**{word}** ({what})\n\n{table[word].doc}"
    return None


def _cards_of(editor: EditorHooks, bundle: dict[str, Any], table: str, word: str) -> list[Any]:
    wanted = editor.printed(bundle, table, word)
    return [card for card in print_cards(bundle) if card.id in wanted] if wanted else []


def _picture(card: Any) -> str:
    from kemble_tools.export.images import card_png

    data = base64.b64encode(card_png(card, dpi=HOVER_DPI)).decode("ascii")
    return f"![{card.id}](data:image/png;base64,{data})"


# --- completion -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    label: str
    kind: str  # what it is, shown beside it
    detail: str = ""


def complete(check: Check, text: str, line: int, character: int) -> list[Candidate]:
    """What may be written here, by the key of the line (`object:`, `on:`, `deck:` …) or, in
    a list of actions, the action names; anything else gets every id and DSL word. The DSL
    words and ids are those of the file's game (`game:`; the game of files that name none)."""
    game = file_game(text)
    vocabulary, editor = _vocabulary(game), editor_hooks(game)
    triggers, actions, selectors = _dsl_tables(vocabulary)
    lines = text.splitlines()
    before = lines[line][:character] if 0 <= line < len(lines) else ""
    key = _key_before(before)
    keys = editor.keys if editor else {}
    by_key = {name: _ids(check, editor, tables) for name, tables in keys.items()}
    by_key.update({"on": _dsl(*triggers), "do": _dsl(*actions), "then": _dsl(*actions)})
    if key in by_key:
        return by_key[key]
    if key in selector_keys(vocabulary):
        return _dsl(*selectors)
    if _in_action_list(lines, line, before):
        return _dsl(*actions)
    everything = _ids(check, editor, editor.anywhere) if editor else []
    return [*everything, *_dsl(*triggers), *_dsl(*actions), *_dsl(*selectors)]


def _ids(check: Check, editor: EditorHooks | None, tables: tuple[str, ...]) -> list[Candidate]:
    """The ids of the catalogue's `tables`, each with what it is."""
    if editor is None:
        return []
    return [
        Candidate(item_id, editor.tables[table])
        for table in tables
        for item_id in check.catalog.table(table)
    ]


GAME_LINE = re.compile(r"^game:\s*[\"']?([A-Za-z0-9_\-]+)", re.MULTILINE)


def file_game(text: str) -> str | None:
    """The game a file names at its top level (`game: <id>`), or None."""
    found = GAME_LINE.search(text)
    return found.group(1) if found else None


def _vocabulary(game: str | None) -> Vocabulary | None:
    """The DSL of a game; None for a game that is not installed or has no DSL (no words)."""
    try:
        return vocabulary_of(game)
    except (UnknownGame, LookupError):
        return None


def selector_keys(vocabulary: Vocabulary | None) -> frozenset[str]:
    """The arguments of actions that take a selector: completion offers selectors there."""
    if vocabulary is None:
        return frozenset()
    return frozenset(
        param.name
        for action in vocabulary.actions.values()
        for param in action.params
        if vocabulary.is_selection(param.type)
    )


DslTable = tuple[Mapping[str, Any], str]  # a vocabulary's table, and what its words are


def _dsl_tables(vocabulary: Vocabulary | None) -> tuple[DslTable, DslTable, DslTable]:
    if vocabulary is None:
        return ({}, "trigger"), ({}, "action"), ({}, "selector")
    return (
        (vocabulary.triggers, "trigger"),
        (vocabulary.actions, "action"),
        (vocabulary.selectors, "selector"),
    )


def _dsl(table: Mapping[str, Any], what: str) -> list[Candidate]:
    return [Candidate(name, what, element.doc) for name, element in table.items()]


def _key_before(before: str) -> str | None:
    """The innermost key whose value is being written: `object` in `- {object: fi`."""
    keys = re.findall(r"([A-Za-z_]+):\s*(?:\[|\{|[^,:\[\]{}]*)", before)
    return keys[-1] if keys else None


def _in_action_list(lines: list[str], line: int, before: str) -> bool:
    """A `- ` item under a `do:` or `then:` key (block style)."""
    if not before.strip().startswith("-"):
        return False
    indent = len(before) - len(before.lstrip())
    for previous in reversed(lines[:line]):
        stripped = previous.strip()
        if stripped and len(previous) - len(previous.lstrip()) < indent:
            return bool(re.match(r"(- )?(do|then):\s*$", stripped))
    return False


# --- definition -------------------------------------------------------------------------------


def definition(check: Check, word: str, game: str | None = None) -> tuple[str, int, int] | None:
    """The file, 1-based line and column where an id of `game` (as `lookup`) is defined."""
    found = lookup(check, word, game)
    if found is None:
        return None
    item = found[1]
    line, column = item.doc.key_position(item.path) if item.path else (1, 1)
    return item.doc.file, line, column


# --- the server -------------------------------------------------------------------------------


def content_paths(root: Path) -> list[Path]:
    """The workspace's content besides the base game: the editor's folder, unless it is the
    checkout the base game comes from (then its shipped folders are the content)."""
    bases = {folder.resolve() for folder in base_content_dirs()}
    if any(base.parent == root.resolve() for base in bases):
        return []
    return [root]


def uri_to_path(uri: str) -> Path:
    return Path(unquote(urlparse(uri).path))


def serve() -> None:
    """Speak LSP over stdin and stdout until the editor says exit."""
    from lsprotocol import types as lsp
    from pygls.lsp.server import LanguageServer

    server = LanguageServer(
        "kemble", __version__, text_document_sync_kind=lsp.TextDocumentSyncKind.Full
    )
    state: dict[str, Any] = {"workspace": None, "check": None, "published": set()}

    def workspace() -> Workspace:
        if state["workspace"] is None:
            root = server.workspace.root_path or "."
            state["workspace"] = Workspace(content_paths(Path(root)))
        return state["workspace"]

    def refresh() -> Check:
        buffers = {
            uri_to_path(uri): doc.source for uri, doc in server.workspace.text_documents.items()
        }
        check = workspace().check(buffers)
        state["check"] = check
        by_file: dict[str, list[Any]] = {}
        for d in check.diagnostics:
            by_file.setdefault(d.file, []).append(d)
        open_files = {display_name(path) for path in buffers}
        for shown in state["published"] | set(by_file) | open_files:
            path = workspace().path_of(shown)
            if path is None:
                continue
            server.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(
                    uri=path.as_uri(),
                    diagnostics=[
                        _lsp_diagnostic(lsp, d, workspace().document(path))
                        for d in by_file.get(shown, [])
                    ],
                )
            )
        state["published"] = set(by_file)
        return check

    def current() -> Check:
        return state["check"] or refresh()

    def word(params: Any) -> str | None:
        document = server.workspace.get_text_document(params.text_document.uri)
        return word_at(document.source, params.position.line, params.position.character)

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(_params: lsp.DidOpenTextDocumentParams) -> None:
        refresh()

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(_params: lsp.DidChangeTextDocumentParams) -> None:
        refresh()

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(_params: lsp.DidSaveTextDocumentParams) -> None:
        refresh()

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(_params: lsp.DidCloseTextDocumentParams) -> None:
        refresh()  # unsaved text thrown away: the file on disk is checked again

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def on_hover(params: lsp.HoverParams) -> lsp.Hover | None:
        found = word(params)
        source = server.workspace.get_text_document(params.text_document.uri).source
        text = hover(current(), found, file_game(source)) if found else None
        if text is None:
            return None
        return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text))

    @server.feature(
        lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=[" ", "[", "{"])
    )
    def on_completion(params: lsp.CompletionParams) -> lsp.CompletionList:
        document = server.workspace.get_text_document(params.text_document.uri)
        found = complete(
            current(), document.source, params.position.line, params.position.character
        )
        items = [
            lsp.CompletionItem(label=c.label, detail=c.kind, documentation=c.detail or None)
            for c in found
        ]
        return lsp.CompletionList(is_incomplete=False, items=items)

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    def on_definition(params: lsp.DefinitionParams) -> lsp.Location | None:
        found = word(params)
        source = server.workspace.get_text_document(params.text_document.uri).source
        target = definition(current(), found, file_game(source)) if found else None
        if target is None:
            return None
        path = workspace().path_of(target[0])
        if path is None:
            return None
        start = lsp.Position(line=target[1] - 1, character=target[2] - 1)
        return lsp.Location(uri=path.as_uri(), range=lsp.Range(start=start, end=start))

    server.start_io()


def _lsp_diagnostic(lsp: Any, d: Any, doc: Any) -> Any:
    """The diagnostic's range covers the word it points at (one character if none)."""
    line, column = max(d.line - 1, 0), max(d.column - 1, 0)
    text = doc.lines[line] if doc is not None and line < len(doc.lines) else ""
    match = WORD.match(text, column)
    start = lsp.Position(line=line, character=column)
    end = lsp.Position(line=line, character=match.end() if match else column + 1)
    severity = (
        lsp.DiagnosticSeverity.Error if d.severity == "error" else lsp.DiagnosticSeverity.Warning
    )
    message = d.message + (f"\n{d.hint}" if d.hint else "")
    return lsp.Diagnostic(
        range=lsp.Range(start=start, end=end),
        message=message,
        severity=severity,
        code=d.code,
        source="kemble",
    )
