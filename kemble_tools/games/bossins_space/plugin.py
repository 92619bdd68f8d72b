"""Bossin' Space's entry in the game registry (entry point `bossins-space`, to be declared).

Every command finds its game through the registry, which imports this module: it costs no more
than the game's `GameInfo`. Each stage's hooks are imported when the stage first asks for them
(the imports inside the properties below are there for that load cost, not to dodge a cycle).
Only validate and compile serve its files yet: the engine, solver, sheets and site follow
(issue 22).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from kemble_tools.core.registry import GameInfo

if TYPE_CHECKING:
    from kemble_tools.compile.hooks import GameCompiler
    from kemble_tools.dsl.vocabulary import Vocabulary
    from kemble_tools.engine.edges import PlayHooks
    from kemble_tools.export.hooks import CardHooks
    from kemble_tools.site.hooks import SiteHooks
    from kemble_tools.solve.hooks import SolverHooks
    from kemble_tools.sweep.hooks import SweepHooks
    from kemble_tools.validate.hooks import GameValidation

INFO = GameInfo(
    id="bossins-space",
    title="Bossin' Space",
    designers=("Jindřich Pavlásek", "Petr Vojtěch"),
    publisher="Albi",
    year=2020,
    players=(1, 5),
    solo_forms=("solo mode with its draft (draw 3 keep 2, draw 4 keep 2)",),
    licence_note=(
        "The game, its rules and its published cards belong to their designers and publisher; "
        "kemble_tools is an unofficial fan toolchain and its shipped content is its own data."
    ),
)


@dataclass(frozen=True)
class BossinSpace:
    info: GameInfo = INFO
    implicit: bool = False  # its files say `game: bossins-space`

    # Each stage's hooks (registry.STAGES), imported on first use (module docstring).
    @cached_property
    def vocabulary(self) -> Vocabulary:
        from kemble_tools.games.bossins_space.vocabulary import VOCABULARY

        return VOCABULARY

    @cached_property
    def validation(self) -> GameValidation:
        from kemble_tools.games.bossins_space.validate.validation import VALIDATION

        return VALIDATION

    @cached_property
    def compiler(self) -> GameCompiler:
        from kemble_tools.games.bossins_space.compiler import COMPILER

        return COMPILER

    @cached_property
    def play(self) -> PlayHooks:
        from kemble_tools.games.bossins_space.play import PLAY

        return PLAY

    @cached_property
    def solver(self) -> SolverHooks:
        from kemble_tools.games.bossins_space.solve import SOLVER

        return SOLVER

    @cached_property
    def sweep(self) -> SweepHooks:
        from kemble_tools.games.bossins_space.sweep import SWEEP

        return SWEEP

    @cached_property
    def cards(self) -> CardHooks:
        from kemble_tools.games.bossins_space.export.hooks import CARDS

        return CARDS

    @cached_property
    def site(self) -> SiteHooks:
        from kemble_tools.games.bossins_space.site import SITE

        return SITE

    def content_kinds(self) -> Mapping[str, str]:
        return dict(self.validation.kinds)

    def commands(self) -> frozenset[str]:
        # fmt and lsp need only the validation hooks and the vocabulary; sweep waits for its
        # bots and tally
        return frozenset(
            {"validate", "compile", "fmt", "lsp", "run", "solve", "sweep", "export", "site"}
        )

    def content_counts(self, paths: list[Path]) -> Mapping[str, int]:
        # only `kemble games` counts: the other commands need not import the pipeline with us
        from kemble_tools.compile.pipeline import compile_validated
        from kemble_tools.validate.pipeline import validate_paths

        bundle = compile_validated(validate_paths(paths)).bundles.get(self.info.id, {})
        return {section: len(bundle.get(section, {})) for section in self.compiler.counted}


PLUGIN = BossinSpace()
