"""Kemble's Cascade's entry in the game registry (entry point `kembles-cascade`).

Every command finds its game through the registry, which imports this module: it costs no
more than the game's `GameInfo`. Each stage's hooks are imported when the stage first asks for
them, so `kemble validate` loads the validation, the vocabulary, the compiler and the print
checks, never the engine, the solver, the site or the sweep that other commands run (the
imports inside the properties below are there for that load cost, not to dodge a cycle).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from kemble_tools.core.registry import COMMANDS, GameInfo

if TYPE_CHECKING:
    from kemble_tools.compile.hooks import GameCompiler
    from kemble_tools.dsl.vocabulary import Vocabulary
    from kemble_tools.engine.edges import PlayHooks
    from kemble_tools.export.hooks import CardHooks
    from kemble_tools.scaffold import ScaffoldHooks
    from kemble_tools.site.hooks import SiteHooks
    from kemble_tools.solve.hooks import SolverHooks
    from kemble_tools.sweep.hooks import SweepHooks
    from kemble_tools.validate.hooks import GameValidation
    from kemble_tools.workbench.hooks import EditorHooks

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

    # Each stage's hooks (registry.STAGES), imported on first use (module docstring).
    @cached_property
    def vocabulary(self) -> Vocabulary:
        from kemble_tools.games.kembles_cascade.vocabulary import VOCABULARY

        return VOCABULARY

    @cached_property
    def validation(self) -> GameValidation:
        from kemble_tools.games.kembles_cascade.validate.validation import VALIDATION

        return VALIDATION

    @cached_property
    def compiler(self) -> GameCompiler:
        from kemble_tools.games.kembles_cascade.compile.compiler import COMPILER

        return COMPILER

    @cached_property
    def play(self) -> PlayHooks:
        from kemble_tools.games.kembles_cascade.play.hooks import PLAY

        return PLAY

    @cached_property
    def solver(self) -> SolverHooks:
        from kemble_tools.games.kembles_cascade.solve.hooks import SOLVER

        return SOLVER

    @cached_property
    def cards(self) -> CardHooks:
        from kemble_tools.games.kembles_cascade.export.hooks import CARDS

        return CARDS

    @cached_property
    def site(self) -> SiteHooks:
        from kemble_tools.games.kembles_cascade.site import SITE

        return SITE

    @cached_property
    def sweep(self) -> SweepHooks:
        from kemble_tools.games.kembles_cascade.sweep import SWEEP

        return SWEEP

    @cached_property
    def scaffold(self) -> ScaffoldHooks:
        from kemble_tools.games.kembles_cascade.scaffold import SCAFFOLD

        return SCAFFOLD

    @cached_property
    def editor(self) -> EditorHooks:
        from kemble_tools.games.kembles_cascade.editor import EDITOR

        return EDITOR

    def content_kinds(self) -> Mapping[str, str]:
        return dict(self.validation.kinds)

    def commands(self) -> frozenset[str]:
        return frozenset(COMMANDS)

    def content_counts(self, paths: list[Path]) -> Mapping[str, int]:
        # only `kemble games` counts: the other commands need not import the pipeline with us
        from kemble_tools.compile.pipeline import compile_validated
        from kemble_tools.validate.pipeline import validate_paths

        bundle = compile_validated(validate_paths(paths)).bundles.get(self.info.id, {})
        counts = {"space cards": len(bundle.get("cards", {}))}
        for section in ("bosses", "upgrades", "powerups", "sensors", "missions", "achievements"):
            counts[section] = len(bundle.get(section, {}))
        counts["scenarios"] = len(bundle.get("scenarios", {}))
        return counts


PLUGIN = KemblesCascade()
