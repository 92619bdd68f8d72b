"""What the validate stage asks of a game (its registry stage `validation`, docs/games.md).

The core loads the files, finds each one's game (its `game:` key; none: the game that claims
such files), reads the kind a file says (`kind:`), checks it against the game's JSON Schema and
positions every diagnostic. The game gives the rest: its kinds and their schemas, the kind of a
file that says none, the ids its files define and the checks across files. Its diagnostic codes
are namespaced by the game (`bs.…`, `sa.…`; Kemble's, the first game's, have no prefix).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YMap
from kemble_tools.validate.catalog import Catalog

Schema = dict[str, Any]
Files = list[tuple[Document, str]]  # the schema-checked files of one game, each with its kind


class GameValidation(Protocol):
    """A game's content kinds, their schemas and its checks across files."""

    # each content kind (what a file's `kind:` says) and the name of its schema file
    kinds: Mapping[str, str]
    # files its tools read that are not content (a balance sweep's): checked by their schema,
    # never detected as content nor compiled
    tool_kinds: Mapping[str, str]
    # the folders of content the game ships outside this project's cards/ and scenarios/ (a
    # game in a distribution of its own): read as the base content, as the shipped files are
    base_folders: Sequence[Path]

    def schema(self, kind: str) -> Schema:
        """The complete, self-contained JSON Schema of a kind (of `kinds` or `tool_kinds`);
        it allows the `game` key with the game's id."""
        ...

    def kind_of(self, data: YMap, path: Path) -> str | None:
        """The kind of a file that does not say one, or None if the file must say it."""
        ...

    def catalog(self, files: Files) -> Catalog:
        """Every id the files define, by namespace; an id defined twice is a diagnostic of
        the catalogue."""
        ...

    def check(self, files: Files, catalog: Catalog) -> Iterable[Diagnostic]:
        """The checks beyond the schema: references, counts, boards, …"""
        ...

    def lost_names(
        self, diagnostic: Diagnostic, doc: Document | None, catalog: Catalog
    ) -> Iterable[str]:
        """The names a diagnostic of `check` is about that a file which could not be read
        might have defined (an unknown reference's name): when a lost file's text holds one,
        the diagnostic only follows from that loss and is left out. Nothing: it never does."""
        ...


@dataclass
class GameFiles:
    """One game's share of a validation: its hooks, its schema-checked files and what they
    define (what the game's compiler reads)."""

    game: str  # the game's id
    validation: GameValidation
    files: Files
    catalog: Catalog
