"""The compiled bundle as a file (`build/kemble.bundle.json`): written by `kemble compile`, read
back by every consumer (the engine, the solver, the exporters) without the YAML or the
compiler."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypedDict

from kemble_tools import __version__
from kemble_tools.core.registry import registry
from kemble_tools.dsl.ir import from_json, to_json

BUNDLE_NAME = "kemble.bundle.json"


class Bundle(TypedDict):
    """What every bundle says first, whatever its game; the sections its game's compiler made
    follow, read by that game's stages."""

    game: str  # the id of the game that reads it (bundles written before the registry: none)
    dsl_version: int  # the version of the game's DSL vocabulary its effects were compiled with
    generator: str  # what compiled it: "kemble_tools 0.1.0"


def new_bundle(game: str, dsl_version: int, sections: Mapping[str, Any]) -> Bundle:
    """A bundle: its head, then the game's sections in their order."""
    bundle = Bundle(game=game, dsl_version=dsl_version, generator=f"kemble_tools {__version__}")
    bundle.update(sections)  # the game's own keys after the head
    return bundle


def render_bundle(bundle: Mapping[str, Any]) -> str:
    """The bundle as JSON text, byte for byte the same for the same content."""
    return json.dumps(to_json(bundle), indent=1, ensure_ascii=False) + "\n"


def read_bundle(text: str) -> dict[str, Any]:
    """A bundle from its JSON text, effects rebuilt as IR nodes."""
    data = from_json(json.loads(text))
    if not isinstance(data, dict) or "dsl_version" not in data:  # every bundle says it
        raise ValueError("not a kemble bundle")
    game = data.get("game")  # bundles written before the registry name none
    if game is not None and game not in registry().games:
        known = ", ".join(registry().ids())
        raise ValueError(f"a bundle of the game '{game}', which is not installed (known: {known})")
    return data


def load_bundle(path: Path) -> dict[str, Any]:
    """A bundle from a file written by `kemble compile`."""
    return read_bundle(Path(path).read_text(encoding="utf-8"))
