"""Kemble's Cascade's entry in the game registry (entry point `kembles-cascade`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kemble_tools.compile.compiler import compile_validated
from kemble_tools.core.registry import COMMANDS, GameInfo
from kemble_tools.validate.pipeline import validate_paths
from kemble_tools.validate.schemas import KINDS, schema_file_name

INFO = GameInfo(
    id="kembles-cascade",
    title="The Battle at Kemble's Cascade",
    designers=("Anthony Rando", "Mike Gnade"),
    publisher="Z-Man Games",
    year=2014,
    players=(1, 5),
    solo_forms=("solo (Survival) variant", "scenarios with a fixed deck"),
    licence_note=(
        "The game, its rules and its published cards belong to their designers and publisher; "
        "kemble_tools is an unofficial fan toolchain and its shipped content is its own data."
    ),
)


@dataclass(frozen=True)
class KemblesCascade:
    info: GameInfo = INFO
    implicit: bool = True  # every file written before the registry is Kemble's
    # Each stage's hooks (registry.STAGES); filled as the stages move behind the protocol.
    vocabulary: Any = None
    validation: Any = None
    compiler: Any = None
    play: Any = None
    solver: Any = None
    cards: Any = None
    site: Any = None
    sweep: Any = None

    def content_kinds(self) -> Mapping[str, str]:
        return {kind: schema_file_name(kind) for kind in KINDS}

    def commands(self) -> frozenset[str]:
        return frozenset(COMMANDS)

    def content_counts(self, paths: list[Path]) -> Mapping[str, int]:
        bundle = compile_validated(validate_paths(paths)).bundle or {}
        counts = {"space cards": len(bundle.get("cards", {}))}
        for section in ("bosses", "upgrades", "powerups", "sensors", "missions", "achievements"):
            counts[section] = len(bundle.get(section, {}))
        counts["scenarios"] = len(bundle.get("scenarios", {}))
        return counts


PLUGIN = KemblesCascade()
