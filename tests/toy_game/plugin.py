"""Comet Run, a toy game that lives only in the tests: its plugin proves that the stages serve
a game no line of the core knows (registered at run time with `register_game`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.core.registry import GameInfo
from kemble_tools.validate.pipeline import validate_paths
from toy_game.content_hooks import Compiler, Validation
from toy_game.play_hooks import Play, Solver
from toy_game.print_hooks import Cards, Site

INFO = GameInfo(
    id="comet-run",
    title="Comet Run",
    designers=("the kemble_tools tests",),
    publisher="none (made up for the tests)",
    year=None,
    players=(1, 1),
    solo_forms=("the only form",),
    licence_note="Made up for the tests of kemble_tools.",
)


class CometRun:
    info = INFO
    implicit = False
    vocabulary = None  # no card effects: nothing to write in the DSL
    validation = Validation()
    compiler = Compiler()
    play = Play()
    solver = Solver()
    cards = Cards()
    site = Site()
    sweep = None  # no bots

    def content_kinds(self) -> Mapping[str, str]:
        return self.validation.kinds

    def commands(self) -> frozenset[str]:
        return frozenset({"validate", "compile", "run", "solve", "export", "site"})

    def content_counts(self, paths: list[Path]) -> Mapping[str, int]:
        bundle = compile_validated(validate_paths(paths)).bundles.get(INFO.id, {})
        return {section: len(bundle.get(section, {})) for section in Compiler.counted}


PLUGIN = CometRun()
