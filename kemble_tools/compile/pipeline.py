"""The compile stage: validated content in, one deterministic bundle per game out.

Each game's compiler (its `compiler` hooks, compile/hooks.py) turns its validated files into
its bundle's sections: plain card data plus every effect compiled to the DSL's IR, with source
spans. The bundle (`build/kemble.bundle.json`, bundle.py) is what the engine, the solver and
the exporters read; nothing is produced while any error remains.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kemble_tools.bundle import Bundle, new_bundle
from kemble_tools.compile.hooks import GameCompiler
from kemble_tools.core.registry import hooks, registry
from kemble_tools.diagnostics import Diagnostic, has_errors, sort_diagnostics
from kemble_tools.validate.catalog import Catalog
from kemble_tools.validate.hooks import GameFiles
from kemble_tools.validate.pipeline import Validation


@dataclass
class Compilation:
    """The bundle of the files that name no game (else of the one game compiled), every
    game's bundle by id, and every diagnostic, sorted; no bundle while any error remains."""

    bundle: dict[str, Any] | None
    diagnostics: list[Diagnostic]
    files: int = 0  # how many content files were checked
    bundles: dict[str, Bundle] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return self.bundle is not None


def plain(value: Any) -> Any:
    """Loaded YAML as plain JSON data."""
    if isinstance(value, dict):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


def compile_validated(validation: Validation) -> Compilation:
    """Compile every game's validated files; nothing is produced while any error remains."""
    compilers = _compilers(validation)
    if not validation.ok:
        found = [*validation.diagnostics, *check_effects(validation, compilers)]
        return Compilation(None, sort_diagnostics(found), len(validation.files))
    found: list[Diagnostic] = list(validation.diagnostics)
    bundles: dict[str, Bundle] = {}
    for share, compiler in compilers:
        sections, problems = compiler.compile(share)
        found.extend(validation.settle(problems))
        bundles[share.game] = new_bundle(share.game, compiler.dsl_version, sections)
    diagnostics = sort_diagnostics(found)
    if has_errors(diagnostics):
        return Compilation(None, diagnostics, len(validation.files))
    implicit = registry().implicit_game()
    main = bundles.get(implicit.info.id) if implicit is not None else None
    main = main or next(iter(bundles.values()), None)
    return Compilation(main, diagnostics, len(validation.files), bundles)


def check_effects(
    validation: Validation, compilers: list[tuple[GameFiles, GameCompiler]]
) -> list[Diagnostic]:
    """What the compilers find in content that has other errors, so that one run shows every
    mistake; a value the schema already rejected is not reported twice."""
    rejected = {(d.file, d.pointer) for d in validation.diagnostics}
    found: list[Diagnostic] = []
    for share, compiler in compilers:
        settled = validation.settle(compiler.check(share))
        found.extend(d for d in settled if (d.file, d.pointer) not in rejected)
    return found


def _compilers(validation: Validation) -> list[tuple[GameFiles, GameCompiler]]:
    """Each game's share with its compiler, the game of the files that name none first; with
    no files at all, that game's (an empty bundle). A game without a compiler is left out."""
    games = registry()
    implicit = games.implicit_game()
    shares = list(validation.games.values())
    if not shares and implicit is not None and hooks(implicit, "validation") is not None:
        shares = [GameFiles(implicit.info.id, hooks(implicit, "validation"), [], Catalog())]
    main = implicit.info.id if implicit is not None else None
    shares.sort(key=lambda share: share.game != main)
    found = [(share, hooks(games.games[share.game], "compiler")) for share in shares]
    return [(share, compiler) for share, compiler in found if compiler is not None]


def bundle_summary(bundle: dict[str, Any]) -> str:
    """'12 cards, 3 maps, …' for progress messages: what the bundle's game counts."""
    compiler: GameCompiler = hooks(registry().game(bundle.get("game")), "compiler")
    return ", ".join(f"{len(bundle.get(section, ()))} {section}" for section in compiler.counted)
