"""Comet Run's content: its three kinds with their schemas, its checks and its compiler (the
validate and compile hooks)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.load.yaml_loader import Document
from kemble_tools.load.yaml_nodes import YMap
from kemble_tools.validate.catalog import Catalog, Item, mappings_in
from kemble_tools.validate.hooks import Files, GameFiles, Schema

GAME = "comet-run"
CONTENT = Path(__file__).parent / "content"
ID = {"type": "string", "pattern": "^[a-z][a-z0-9_-]*$"}
COUNT = {"type": "integer", "minimum": 0, "maximum": 9}
HEAD = {"game": {"const": GAME}, "$schema": {"type": "string"}}


def _listing(kind: str, fields: Mapping[str, Any]) -> Schema:
    entry = {
        "type": "object",
        "required": ["id", "name", *fields],
        "additionalProperties": False,
        "properties": {"id": ID, "name": {"type": "string"}, **fields},
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "required": ["kind", kind],
        "additionalProperties": False,
        "properties": {**HEAD, "kind": {"const": kind}, kind: {"type": "array", "items": entry}},
    }


SCHEMAS: dict[str, Schema] = {
    "ships": _listing("ships", {"hull": COUNT, "fuel": COUNT, "guns": COUNT}),
    "hazards": _listing("hazards", {"armour": COUNT, "damage": COUNT, "salvage": COUNT}),
    "scenario": {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "required": ["kind", "id", "name", "ship", "deck", "target"],
        "additionalProperties": False,
        "properties": {
            **HEAD,
            "kind": {"const": "scenario"},
            "id": ID,
            "name": {"type": "string"},
            "ship": ID,
            "deck": {"type": "array", "items": ID, "minItems": 1},
            "shuffle": {"type": "boolean"},
            "target": COUNT,
            "expect": {"enum": ["solvable", "unsolvable"]},
        },
    },
}


class Validation:
    kinds: Mapping[str, str] = {kind: f"comet-{kind}.schema.json" for kind in SCHEMAS}
    tool_kinds: Mapping[str, str] = {}
    base_folders = (CONTENT / "cards", CONTENT / "scenarios")  # what the game ships

    def schema(self, kind: str) -> Schema:
        return SCHEMAS[kind]

    def kind_of(self, data: YMap, path: Path) -> str | None:
        return None  # every Comet Run file says its kind

    def catalog(self, files: Files) -> Catalog:
        catalog = Catalog()
        for doc, kind in files:
            if kind == "scenario":
                catalog.add(Item("scenario", doc.data["id"], doc, (), doc.data), "scenario")
                continue
            for path, entry in mappings_in(doc.data.get(kind), (kind,)):
                catalog.add(Item(kind, entry["id"], doc, path, entry), kind[:-1])
        return catalog

    def check(self, files: Files, catalog: Catalog) -> Iterable[Diagnostic]:
        """A scenario names a ship and hazards that exist (`cr.unknown_card`)."""
        for doc, kind in files:
            if kind != "scenario":
                continue
            refs = [(("ship",), "ships", doc.data["ship"])]
            refs += [(("deck", i), "hazards", card) for i, card in enumerate(doc.data["deck"])]
            for path, table, ref in refs:
                if ref not in catalog.table(table):
                    known = ", ".join(sorted(catalog.table(table))) or "none"
                    yield doc.diagnostic(
                        path, "cr.unknown_card", f"no {table[:-1]} is '{ref}'", hint=f"{known}"
                    )

    def lost_names(
        self, diagnostic: Diagnostic, doc: Document | None, catalog: Catalog
    ) -> Iterable[str]:
        return ()


class Compiler:
    dsl_version = 1
    counted = ("ships", "hazards", "scenarios")

    def compile(self, share: GameFiles) -> tuple[Mapping[str, Any], list[Diagnostic]]:
        sections: dict[str, dict[str, Any]] = {"ships": {}, "hazards": {}, "scenarios": {}}
        for doc, kind in share.files:
            if kind == "scenario":  # `source`: the core's solver finds a file's scenarios so
                source = doc.source or doc.file
                sections["scenarios"][doc.data["id"]] = {**_plain(doc.data), "source": source}
            else:
                for entry in doc.data[kind]:
                    sections[kind][entry["id"]] = _plain(entry)
        return sections, []

    def check(self, share: GameFiles) -> list[Diagnostic]:
        return []  # nothing beyond validation: Comet Run has no effects to compile


def _plain(data: Any) -> Any:
    if isinstance(data, dict):
        return {str(k): _plain(v) for k, v in data.items() if k not in ("game", "$schema")}
    if isinstance(data, list):
        return [_plain(v) for v in data]
    return data
