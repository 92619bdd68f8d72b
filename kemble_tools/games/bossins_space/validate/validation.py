"""Bossin' Space's validation hooks (validate/hooks.py): its kinds and their schemas, the
scenario a file without `kind:` is, its catalogue of ids and its checks across files."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.games.bossins_space.validate import schemas
from kemble_tools.games.bossins_space.validate.checks import check_all
from kemble_tools.games.bossins_space.validate.entries import add_entries
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YMap
from kemble_tools.validate.catalog import Catalog, Item
from kemble_tools.validate.hooks import Files, Schema


class BossinValidation:
    kinds: Mapping[str, str] = {
        k: name for k, name in schemas.FILE_NAMES.items() if k not in schemas.TOOL_KINDS
    }
    tool_kinds: Mapping[str, str] = {k: schemas.FILE_NAMES[k] for k in schemas.TOOL_KINDS}
    base_folders: Sequence[Path] = ()  # its content ships in this project's cards/bossins-space

    def schema(self, kind: str) -> Schema:
        return schemas.schema_for(kind)

    def kind_of(self, data: YMap, path: Path) -> str | None:
        """A scenario by its folder or its keys (§3-BS: scenarios say no kind)."""
        if "scenarios" in path.parent.parts[-2:] or {"variant", "level", "boss"} <= data.keys():
            return "scenario"
        return None

    def catalog(self, files: Files) -> Catalog:
        catalog = Catalog()
        for doc, kind in files:
            add_entries(catalog, doc, kind, ())
            if kind == "scenario" and isinstance(doc.data.get("id"), str):
                catalog.add(Item("scenarios", doc.data["id"], doc, (), doc.data), "scenario")
        return catalog

    def check(self, files: Files, catalog: Catalog) -> Iterable[Diagnostic]:
        return check_all(files, catalog)

    def lost_names(
        self, diagnostic: Diagnostic, doc: Document | None, catalog: Catalog
    ) -> Iterable[str]:
        """An unknown id (`bs.ref.unknown`, `bs.kind.unknown`) may be a lost file's."""
        if diagnostic.code in ("bs.ref.unknown", "bs.kind.unknown"):
            return diagnostic.message.split("'")[1::2][:1]
        return ()


VALIDATION = BossinValidation()
