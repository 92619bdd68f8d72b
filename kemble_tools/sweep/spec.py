"""Sweep files: read, checked against their game's schema and the content, turned into bundles.

A sweep names a grid (variants × player counts × bots × seeds; scenarios × content
alternatives). Everything it names is checked here, each problem a positioned diagnostic like
every other file's, before any game is played; what only the game knows (its variants, whether
a point can be set up, its bots, an alternative's changes) its sweep hooks say (hooks.py).

Dask's workers import this module too (for `Sweep`'s points) but compile nothing, so the
validator and the compiler are imported when a sweep file is read.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kemble_tools.core.registry import GamePlugin, hooks
from kemble_tools.diagnostics import Diagnostic, did_you_mean
from kemble_tools.load.yaml_loader import Document, load_file
from kemble_tools.load.yaml_nodes import YMap
from kemble_tools.sweep.hooks import Problem, SimPoint, SweepHooks
from kemble_tools.validate.schema_check import check_schema

DEFAULT_CHUNK = 50
MAX_TASKS = 100_000  # a grid cut finer than this costs more in scheduling than it gains
BASE = "base"  # the content as it is: every alternative is compared with it

__all__ = ["BASE", "SimPoint", "Sweep", "read_sweep"]


@dataclass
class Sweep:
    """A checked sweep: its grid and the bundle of each content alternative."""

    path: Path
    points: list[SimPoint] = field(default_factory=list)
    games: int = 0
    seed: int = 0
    chunk: int = DEFAULT_CHUNK
    scenarios: list[str] = field(default_factory=list)
    limit_seconds: float = 60.0
    bundles: dict[str, dict[str, Any]] = field(default_factory=dict)  # alternative -> bundle


def read_sweep(path: Path) -> tuple[Sweep | None, list[Diagnostic]]:
    """The sweep, or None and the diagnostics that say why not."""
    doc, problems = load_file(path)
    if doc is None:
        return None, problems
    if not isinstance(doc.data, YMap) or doc.data.get("kind") != "sweep":
        return None, [doc.diagnostic((), "sweep.kind", "a sweep file says 'kind: sweep'")]
    game, problems = _game(doc)
    if game is None:
        return None, problems
    problems = check_schema(doc, "sweep", hooks(game, "validation"))
    if problems:
        return None, problems
    bots: SweepHooks | None = hooks(game, "sweep")
    if bots is None:
        where = ("game",) if "game" in doc.data else ()
        message = f"{game.info.title} has no bots to play a sweep with yet"
        return None, [doc.diagnostic(where, "sweep.game", message)]
    data = doc.data
    base, found = _compile(path.parent, [*data.get("content", [])], doc, ("content",), game)
    if base is None:
        return None, found
    sweep = Sweep(path, bundles={BASE: base})
    found += _simulation(sweep, doc, base, bots)
    found += _solving(sweep, doc, base, bots, game)
    return (None if found else sweep), found


def _game(doc: Document) -> tuple[GamePlugin | None, list[Diagnostic]]:
    """The game the sweep is for: its `game:`, or the game of the files that name none."""
    from kemble_tools.validate.pipeline import game_of

    return game_of(doc)


def _compile(
    folder: Path, added: list[str], doc: Document, where: tuple[Any, ...], game: GamePlugin
) -> tuple[dict[str, Any] | None, list[Diagnostic]]:
    """The shipped content with the named folders, compiled: the game's bundle; a folder that
    is not there is reported at its entry in the sweep file."""
    from kemble_tools.compile.pipeline import compile_validated
    from kemble_tools.validate.pipeline import validate_paths

    paths, missing = [], []
    for index, name in enumerate(added):
        target = folder / name
        if not target.exists():
            missing.append(doc.diagnostic((*where, index), "sweep.path", f"no such path: {name}"))
        paths.append(target)
    if missing:
        return None, missing
    result = compile_validated(validate_paths(paths))
    bundle = result.bundles.get(game.info.id)
    return bundle, ([] if bundle is not None else result.diagnostics)


def _simulation(
    sweep: Sweep, doc: Document, bundle: dict[str, Any], bots: SweepHooks
) -> list[Diagnostic]:
    simulate = doc.data.get("simulate")
    if simulate is None:
        return []
    found = []
    known = list(bots.variants(bundle))
    variants = list(simulate.get("variants", known[:1]))
    for index, variant in enumerate(variants):
        if variant not in known:
            found.append(_unknown(doc, ("simulate", "variants", index), "variant", variant, known))
    policies = list(simulate.get("policies", bots.bots[:1]))
    for variant in variants:
        for index, players in enumerate(simulate["players"]):
            if variant not in known:
                continue
            problem = bots.setup_problem(bundle, variant, players)
            if problem is not None:
                where = ("simulate", "players", index)
                found.append(doc.diagnostic(where, "sweep.players", problem))
                continue
            sweep.points += [SimPoint(variant, players, policy) for policy in policies]
    sweep.games = simulate["games"]
    sweep.seed = simulate.get("seed", 0)
    sweep.chunk = simulate.get("chunk", DEFAULT_CHUNK)
    tasks = len(sweep.points) * -(-sweep.games // sweep.chunk)
    if tasks > MAX_TASKS:
        where = ("simulate", "chunk") if "chunk" in simulate else ("simulate", "games")
        found.append(
            doc.diagnostic(
                where,
                "sweep.too_many_tasks",
                f"{tasks:,} tasks: at most {MAX_TASKS:,}",
                hint=f"play more games per task: chunk: {-(-tasks * sweep.chunk // MAX_TASKS)}",
            )
        )
    for index, policy in enumerate(policies):
        if (problem := bots.bot_problem(policy)) is not None:
            found.append(_problem(doc, ("simulate", "policies", index), problem))
    return found


def _solving(
    sweep: Sweep, doc: Document, bundle: dict[str, Any], bots: SweepHooks, game: GamePlugin
) -> list[Diagnostic]:
    solve = doc.data.get("solve")
    if solve is None:
        return []
    found = []
    sweep.scenarios = list(solve.get("scenarios", sorted(bundle["scenarios"])))
    for index, scenario in enumerate(sweep.scenarios):
        if scenario not in bundle["scenarios"]:
            found.append(
                _unknown(
                    doc, ("solve", "scenarios", index), "scenario", scenario, bundle["scenarios"]
                )
            )
    sweep.limit_seconds = float(solve.get("limit_seconds", 60.0))
    for index, item in enumerate(solve.get("alternatives", [])):
        where = ("solve", "alternatives", index)
        name = item["name"]
        if name in sweep.bundles:
            found.append(doc.diagnostic((*where, "name"), "sweep.duplicate", f"'{name}' twice"))
            continue
        changed, problems = _alternative(sweep, doc, where, item, bundle, bots, game)
        found += problems
        if changed is not None:
            sweep.bundles[name] = changed
    return found


def _alternative(
    sweep: Sweep,
    doc: Document,
    where: tuple[Any, ...],
    item: YMap,
    bundle: dict[str, Any],
    bots: SweepHooks,
    game: GamePlugin,
) -> tuple[dict[str, Any] | None, list[Diagnostic]]:
    """The base content with one alternative's changes: folders added (compiled with the
    shipped content and the sweep's content), then the game's own changes (SweepHooks.alter)."""
    if "add" in item:
        content = [*doc.data.get("content", []), *item["add"]]
        added, problems = _compile(sweep.path.parent, content, doc, (*where, "add"), game)
        if added is None:
            return None, problems
        bundle = added
    changed = copy.deepcopy(bundle)
    found = [_problem(doc, where, problem) for problem in bots.alter(changed, item)]
    return (None if found else changed), found


def _problem(doc: Document, where: tuple[Any, ...], problem: Problem) -> Diagnostic:
    return doc.diagnostic((*where, *problem.path), problem.code, problem.message, hint=problem.hint)


def _unknown(doc: Document, path: tuple[Any, ...], what: str, name: str, known: Any) -> Diagnostic:
    return doc.diagnostic(
        path, "sweep.unknown", f"unknown {what} '{name}'", hint=did_you_mean(name, tuple(known))
    )
