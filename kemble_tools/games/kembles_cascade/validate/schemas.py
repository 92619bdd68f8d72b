"""The JSON Schemas of every kind of Kemble's Cascade's files, built from one definition.

Each schema in `schema/` is generated from these modules (`kemble generate`) and a test keeps
the committed files in sync. Each file is self-contained (shared parts are copied into its
`$defs`), so an editor can use it from a `# yaml-language-server: $schema=…` line without
fetching anything.
"""

from __future__ import annotations

import json
from typing import Any

from kemble_tools.games.kembles_cascade.validate.card_schemas import (
    achievements,
    boss,
    missions,
    objects,
    powerups,
    sensors,
    space_cards,
    upgrades,
)
from kemble_tools.games.kembles_cascade.validate.setup_schemas import scenario, sweep, variants
from kemble_tools.games.kembles_cascade.validate.shapes import (
    DEFS,
    DRAFT,
    GAME,
    ID_BASE,
    SCHEMA_VERSION,
    Schema,
)

# kind -> (schema file stem, builder)
KINDS: dict[str, tuple[str, Any]] = {
    "space_cards": ("space-cards", space_cards),
    "boss": ("boss", boss),
    "objects": ("objects", objects),
    "upgrades": ("upgrades", upgrades),
    "sensors": ("sensors", sensors),
    "powerups": ("powerups", powerups),
    "missions": ("missions", missions),
    "achievements": ("achievements", achievements),
    "variants": ("variants", variants),
    "scenario": ("scenario", scenario),
}


# Files that are not content, for the tools: checked like content, never compiled.
TOOL_KINDS: dict[str, tuple[str, Any]] = {"sweep": ("sweep", sweep)}


def schema_for(kind: str) -> Schema:
    """The complete, self-contained schema of one file kind."""
    stem, build = {**KINDS, **TOOL_KINDS}[kind]
    body = build()
    body["properties"] = {"game": GAME, **body["properties"]}
    return {
        "$schema": DRAFT,
        "$id": f"{ID_BASE}{stem}:v{SCHEMA_VERSION}",
        **body,
        "$defs": _reachable_defs(body),
    }


def schema_file_name(kind: str) -> str:
    return f"{({**KINDS, **TOOL_KINDS})[kind][0]}.schema.json"


def _reachable_defs(body: Schema) -> dict[str, Schema]:
    found: dict[str, Schema] = {}
    pending = [body]
    while pending:
        for name in _refs_in(pending.pop()):
            if name not in found:
                found[name] = DEFS[name]
                pending.append(DEFS[name])
    return dict(sorted(found.items()))


def _refs_in(node: Any) -> list[str]:
    if isinstance(node, dict):
        refs = [node["$ref"].removeprefix("#/$defs/")] if "$ref" in node else []
        return refs + [r for value in node.values() for r in _refs_in(value)]
    if isinstance(node, list):
        return [r for item in node for r in _refs_in(item)]
    return []


def render(kind: str) -> str:
    return json.dumps(schema_for(kind), indent=2, ensure_ascii=False) + "\n"
