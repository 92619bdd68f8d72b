"""What the compile stage asks of a game (its registry stage `compiler`, docs/games.md).

The core driver (compile/pipeline.py) compiles each game's validated files with the game's
compiler, keeps the diagnostics as validation keeps its own (nothing that only follows from a
lost file, nothing twice for an alias), and writes a bundle per game only when no error
remains: the bundle's head (`game`, `dsl_version`, `generator`, bundle.py), then the sections
the game's compiler made.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.validate.hooks import GameFiles


class GameCompiler(Protocol):
    """A game's validated files in, its bundle's sections out."""

    # the version of the game's DSL vocabulary its effects are compiled with (bundles say it)
    dsl_version: int
    # the sections `kemble compile` counts when it says what it wrote ("12 cards, 3 maps")
    counted: tuple[str, ...]

    def compile(self, share: GameFiles) -> tuple[Mapping[str, Any], list[Diagnostic]]:
        """The bundle's sections from the game's valid files, in the order they are written,
        and what compiling them found (an effect's mistakes)."""
        ...

    def check(self, share: GameFiles) -> list[Diagnostic]:
        """What compiling finds in files that have other errors, so that one run shows every
        mistake (an effect compiled wherever one is written); nothing, if it finds nothing
        that validation does not."""
        ...
