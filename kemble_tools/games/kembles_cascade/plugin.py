"""Kemble's Cascade's entry in the game registry (entry point `kembles-cascade`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.core.registry import COMMANDS, GameInfo
from kemble_tools.games.kembles_cascade.compile.compiler import COMPILER
from kemble_tools.games.kembles_cascade.export.hooks import CARDS
from kemble_tools.games.kembles_cascade.play.hooks import PLAY
from kemble_tools.games.kembles_cascade.scaffold import SCAFFOLD
from kemble_tools.games.kembles_cascade.site import SITE
from kemble_tools.games.kembles_cascade.solve.hooks import SOLVER
from kemble_tools.games.kembles_cascade.sweep import SWEEP
from kemble_tools.games.kembles_cascade.validate.validation import VALIDATION
from kemble_tools.games.kembles_cascade.vocabulary import VOCABULARY
from kemble_tools.validate.pipeline import validate_paths

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
    vocabulary: Any = VOCABULARY
    validation: Any = VALIDATION
    compiler: Any = COMPILER
    play: Any = PLAY
    solver: Any = SOLVER
    cards: Any = CARDS
    site: Any = SITE
    sweep: Any = SWEEP
    scaffold: Any = SCAFFOLD

    def content_kinds(self) -> Mapping[str, str]:
        return dict(self.validation.kinds)

    def commands(self) -> frozenset[str]:
        return frozenset(COMMANDS)

    def content_counts(self, paths: list[Path]) -> Mapping[str, int]:
        bundle = compile_validated(validate_paths(paths)).bundles.get(self.info.id, {})
        counts = {"space cards": len(bundle.get("cards", {}))}
        for section in ("bosses", "upgrades", "powerups", "sensors", "missions", "achievements"):
            counts[section] = len(bundle.get(section, {}))
        counts["scenarios"] = len(bundle.get("scenarios", {}))
        return counts


PLUGIN = KemblesCascade()
