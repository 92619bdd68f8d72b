"""Checks of the object kinds as a whole: the marks that show them on text boards, and kinds
that nothing uses."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from string import ascii_letters
from typing import Any

from kemble_tools.diagnostics import Diagnostic, Severity
from kemble_tools.load.content import base_content_dirs
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YList, YMap
from kemble_tools.validate.catalog import Catalog, Item, mappings_in

SHIP_MARKS = "12345"  # text boards show ships as their seat numbers
NO_MARK = "?"  # what a text board shows for a kind with no free letter
_SPARE_MARKS = ascii_letters + "6789!%&=~^<>"


# --- marks -------------------------------------------------------------------------------------


def board_marks(kinds: list[Item]) -> dict[str, str]:
    """Each kind's mark on a text board, as `kemble run` draws it (play.board_marks): its own
    `mark`, else the first letter of its name that no other kind has taken, else '?'."""
    marks = {item.id: item.data["mark"] for item in kinds if _own_mark(item)}
    taken = set(marks.values()) | set(SHIP_MARKS)
    for item in kinds:
        if item.id not in marks:
            name = str(item.data.get("name") or item.id)
            free = [c for c in name.upper() + name.lower() if c.isalpha() and c not in taken]
            marks[item.id] = free[0] if free else NO_MARK
            taken.add(marks[item.id])
    return marks


def _own_mark(item: Item) -> bool:
    mark = item.data.get("mark")
    return isinstance(mark, str) and len(mark) == 1


def check_marks(catalog: Catalog) -> Iterator[Diagnostic]:
    """Two kinds with one mark, or a mark that is a ship's number, make a text board ambiguous:
    reported at the later kind's `mark` (at its id when its mark is derived)."""
    kinds = list(catalog.table("objects").values())
    marks = board_marks(kinds)
    first: dict[str, Item] = {}
    for item in _base_first(kinds):
        mark = marks[item.id]
        if not _own_mark(item):
            if mark == NO_MARK:
                message = (
                    f"object kind '{item.id}' has no mark, and every letter of its name is "
                    "another kind's mark: text boards would show it as '?'"
                )
                yield _mark_problem(item, "id", message, marks)
            continue
        other = first.setdefault(mark, item)
        if mark in SHIP_MARKS:
            message = f"mark '{mark}' is how text boards show player {mark}'s ship"
        elif other is not item:
            message = (
                f"object kind '{item.id}' has mark '{mark}', already the mark of '{other.id}' "
                f"({other.where()}): text boards could not tell them apart"
            )
        else:
            continue
        yield _mark_problem(item, "mark", message, marks)


def _base_first(kinds: list[Item]) -> list[Item]:
    """The base game's kinds, then the others: files load in name order, so an expansion's
    may come first, but a clash is the expansion's to fix."""
    base: dict[str, bool] = {}
    for item in kinds:
        if item.doc.file not in base:
            base[item.doc.file] = _in_base_game(item.doc)
    return sorted(kinds, key=lambda item: not base[item.doc.file])


@cache
def _base_folders() -> tuple[Path, ...]:
    return tuple(folder.resolve() for folder in base_content_dirs())


def _in_base_game(doc: Document) -> bool:
    path = Path(doc.file).resolve()
    return any(path.is_relative_to(folder) for folder in _base_folders())


def _mark_problem(item: Item, key: str, message: str, marks: dict[str, str]) -> Diagnostic:
    taken = {*marks.values(), *SHIP_MARKS, NO_MARK}
    name = str(item.data.get("name") or item.id)
    letters = [c for c in name.upper() + name.lower() if c.isalpha()]
    free = next((c for c in [*letters, *_SPARE_MARKS] if c not in taken), None)
    written = free if free and free.isalnum() else f'"{free}"'  # YAML reads `*` and `#` apart
    hint = f"use a character no other kind has, such as 'mark: {written}'" if free else None
    return item.doc.diagnostic((*item.path, key), "object.mark", message, hint=hint)


# --- kinds nothing uses ------------------------------------------------------------------------

CARD_KINDS = ("space_cards", "boss", "scenario")  # the file kinds that hold cards
_ID_WORD = re.compile(r"[a-z_][a-z0-9_]*")


def check_unused(files: list[tuple[Document, str]], catalog: Catalog) -> Iterator[Diagnostic]:
    """A kind that no card shows and no effect names (a boss may `spawn` it) is likely a
    slip: a warning. Only kinds from a content folder whose cards were loaded are checked:
    a kinds file validated alone, or a library of kinds, has its users elsewhere."""
    with_cards = {_folder(doc) for doc, kind in files if kind in CARD_KINDS}
    kinds = catalog.table("objects")
    unused = {
        name
        for name, item in kinds.items()
        if _folder(item.doc) in with_cards and item.data.get("vacant") is not True
    }
    unused -= _shown_on_cards(files) if unused else set()
    unused -= _named_in_effects(files, unused) if unused else set()
    for name in (n for n in kinds if n in unused):
        item = kinds[name]
        yield item.doc.diagnostic(
            (*item.path, "id") if "id" in item.data else item.path,
            "object.unused",
            f"object kind '{name}' is on no card and named by no effect",
            severity=Severity.WARNING,
            hint="put it on a card (a quadrant's 'object:'), or remove it",
        )


def _folder(doc: Document) -> str:
    """The content folder a file came from: the first part of its content name."""
    return (doc.source or doc.file).split("/", 1)[0]


def _shown_on_cards(files: list[tuple[Document, str]]) -> set[str]:
    """The kinds on any side of any space, boss or scenario card."""
    shown: set[str] = set()
    for doc, kind in files:
        if kind not in CARD_KINDS:
            continue
        for _, card in mappings_in(doc.data.get("cards"), ()):
            back = card.get("back")
            for side in (card, back) if isinstance(back, YMap) else (card,):
                for _, quadrant in mappings_in(side.get("quadrants"), ()):
                    shown.add(quadrant.get("object"))
    return shown


def _named_in_effects(files: list[tuple[Document, str]], wanted: set[str]) -> set[str]:
    """The wanted kinds that an effect or a boss's defeat condition names, as a value or
    inside an expression; a kind's own effects do not count for it."""
    named: set[str] = set()
    for doc, kind in files:
        owners = mappings_in(doc.data.get("objects"), ()) if kind == "objects" else [((), doc.data)]
        for _, owner in owners:
            own = owner.get("id") if kind == "objects" else None
            for text in _effect_texts(owner):
                named.update(w for w in _ID_WORD.findall(text) if w in wanted and w != own)
    return named


def _effect_texts(node: Any, inside: bool = False) -> Iterator[str]:
    """Every text under an `effects` or `defeat` key (keys are action and argument names)."""
    if isinstance(node, str):
        if inside:
            yield node
    elif isinstance(node, YMap):
        for key, value in node.items():
            yield from _effect_texts(value, inside or key in ("effects", "defeat"))
    elif isinstance(node, YList):
        for item in node:
            yield from _effect_texts(item, inside)
