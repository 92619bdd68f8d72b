"""Kemble's Cascade's validation hooks (validate/hooks.py): its kinds and their schemas, the
scenario a file without `kind:` may be, its catalogue and its checks across files."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.games.kembles_cascade.validate import lost, schemas
from kemble_tools.games.kembles_cascade.validate.catalog import build_catalog
from kemble_tools.games.kembles_cascade.validate.semantic import check_all
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YMap
from kemble_tools.validate.catalog import Catalog
from kemble_tools.validate.hooks import Files, Schema


class KembleValidation:
    kinds: Mapping[str, str] = {kind: schemas.schema_file_name(kind) for kind in schemas.KINDS}
    tool_kinds: Mapping[str, str] = {
        kind: schemas.schema_file_name(kind) for kind in schemas.TOOL_KINDS
    }
    base_folders: Sequence[Path] = ()  # its shipped content is this project's

    def schema(self, kind: str) -> Schema:
        return schemas.schema_for(kind)

    def kind_of(self, data: YMap, path: Path) -> str | None:
        """A scenario by its folder (`scenarios/`, `scenarios/<game>/`) or its keys (formats.md
        §3: a board and a deck, or a shuffled deck)."""
        if "scenarios" in path.parent.parts[-2:] or {"rows", "deck"} <= data.keys():
            return "scenario"
        deck = data.get("deck")
        return "scenario" if isinstance(deck, YMap) and "shuffle" in deck else None

    def catalog(self, files: Files) -> Catalog:
        return build_catalog(files)

    def check(self, files: Files, catalog: Catalog) -> Iterable[Diagnostic]:
        return check_all(files, catalog)

    def lost_names(
        self, diagnostic: Diagnostic, doc: Document | None, catalog: Catalog
    ) -> Iterable[str]:
        return lost.lost_names(diagnostic, doc, catalog)


VALIDATION = KembleValidation()
