"""The compiled bundle as a file (`build/kemble.bundle.json`): written by `kemble compile`, read
back by every consumer (the engine, the solver, the exporters) without the YAML or the
compiler."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kemble_tools.core.registry import registry
from kemble_tools.dsl.ir import from_json, to_json

BUNDLE_NAME = "kemble.bundle.json"


def render_bundle(bundle: dict[str, Any]) -> str:
    """The bundle as JSON text, byte for byte the same for the same content."""
    return json.dumps(to_json(bundle), indent=1, ensure_ascii=False) + "\n"


def read_bundle(text: str) -> dict[str, Any]:
    """A bundle from its JSON text, effects rebuilt as IR nodes."""
    data = from_json(json.loads(text))
    if not isinstance(data, dict) or "objects" not in data:
        raise ValueError("not a kemble bundle")
    game = data.get("game")  # bundles written before the registry name none
    if game is not None and game not in registry().games:
        known = ", ".join(registry().ids())
        raise ValueError(f"a bundle of the game '{game}', which is not installed (known: {known})")
    return data


def load_bundle(path: Path) -> dict[str, Any]:
    """A bundle from a file written by `kemble compile`."""
    return read_bundle(Path(path).read_text(encoding="utf-8"))
