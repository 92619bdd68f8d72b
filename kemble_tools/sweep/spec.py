"""Sweep files: read, checked against their schema and the content, turned into bundles.

A sweep names a grid (variants × player counts × bots × seeds; scenarios × content
alternatives). Everything it names is checked here, each problem a positioned diagnostic like
every other file's, before any game is played.

Dask's workers import this module too (for `SimPoint`) but compile nothing, so the validator and
the compiler are imported when a sweep file is read.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kemble_tools.diagnostics import Diagnostic, did_you_mean
from kemble_tools.games.kembles_cascade.engine.errors import SetupError
from kemble_tools.games.kembles_cascade.engine.setup import variant_setup
from kemble_tools.load.yaml_loader import Document, YMap, load_file
from kemble_tools.validate.schema_check import check_schema

DEFAULT_CHUNK = 50
MAX_TASKS = 100_000  # a grid cut finer than this costs more in scheduling than it gains
BASE = "base"  # the content as it is: every alternative is compared with it
REMOVABLE = ("upgrades", "powerups", "missions", "achievements")


@dataclass(frozen=True)
class SimPoint:
    variant: str
    players: int
    policy: str


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
    problems = check_schema(doc, "sweep")
    if problems:
        return None, problems
    data = doc.data
    base, found = _compile(path.parent, [*data.get("content", [])], doc, ("content",))
    if base is None:
        return None, found
    sweep = Sweep(path, bundles={BASE: base})
    found += _simulation(sweep, doc, base)
    found += _solving(sweep, doc, base)
    return (None if found else sweep), found


def _compile(
    folder: Path, added: list[str], doc: Document, where: tuple[Any, ...]
) -> tuple[dict[str, Any] | None, list[Diagnostic]]:
    """The base game with the named folders, compiled; a folder that is not there is
    reported at its entry in the sweep file."""
    from kemble_tools.compile.compiler import compile_validated
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
    return result.bundle, ([] if result.bundle is not None else result.diagnostics)


def _simulation(sweep: Sweep, doc: Document, bundle: dict[str, Any]) -> list[Diagnostic]:
    simulate = doc.data.get("simulate")
    if simulate is None:
        return []
    found = []
    variants = list(simulate.get("variants", ["standard"]))
    for index, variant in enumerate(variants):
        if variant not in bundle["variants"]:
            found.append(
                _unknown(
                    doc, ("simulate", "variants", index), "variant", variant, bundle["variants"]
                )
            )
    policies = list(simulate.get("policies", ["random"]))
    for variant in variants:
        for index, players in enumerate(simulate["players"]):
            if variant not in bundle["variants"]:
                continue
            try:
                variant_setup(bundle, variant, players)
            except SetupError as error:
                found.append(
                    doc.diagnostic(("simulate", "players", index), "sweep.players", str(error))
                )
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
    if "mcts" in policies:
        found += _needs_openspiel(doc)
    return found


def _needs_openspiel(doc: Document) -> list[Diagnostic]:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        index = list(doc.data["simulate"]["policies"]).index("mcts")
        return [
            doc.diagnostic(
                ("simulate", "policies", index),
                "sweep.mcts",
                "the MCTS bot needs OpenSpiel",
                hint="pip install 'kemble_tools[openspiel]'",
            )
        ]
    return []


def _solving(sweep: Sweep, doc: Document, bundle: dict[str, Any]) -> list[Diagnostic]:
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
        changed, problems = _alternative(sweep, doc, where, item, bundle)
        found += problems
        if changed is not None:
            sweep.bundles[name] = changed
    return found


def _alternative(
    sweep: Sweep, doc: Document, where: tuple[Any, ...], item: YMap, base: dict[str, Any]
) -> tuple[dict[str, Any] | None, list[Diagnostic]]:
    """The base content with one alternative's changes: folders added (compiled with the
    base game and the sweep's content), ids removed, cards given new quadrants."""
    bundle = base
    if "add" in item:
        content = [*doc.data.get("content", []), *item["add"]]
        bundle, problems = _compile(sweep.path.parent, content, doc, (*where, "add"))
        if bundle is None:
            return None, problems
    bundle = copy.deepcopy(bundle)
    found: list[Diagnostic] = []
    for index, removed in enumerate(item.get("remove", [])):
        section = next((s for s in REMOVABLE if removed in bundle[s]), None)
        if section is None:
            known = {k: 1 for s in REMOVABLE for k in bundle[s]}
            found.append(_unknown(doc, (*where, "remove", index), "id", removed, known))
            continue
        del bundle[section][removed]
        if (user := _still_used(bundle, removed)) is not None:
            found.append(
                doc.diagnostic(
                    (*where, "remove", index),
                    "sweep.still_used",
                    f"'{removed}' cannot be removed: {user} still names it",
                )
            )
    for card_id, card in item.get("replace", {}).items():
        path = (*where, "replace", card_id)
        if card_id not in bundle["cards"]:
            found.append(_unknown(doc, path, "space card", card_id, bundle["cards"]))
            continue
        for index, quadrant in enumerate(card["quadrants"]):
            if quadrant.get("object") not in bundle["objects"]:
                found.append(
                    _unknown(doc, (*path, "quadrants", index, "object"), "object kind",
                             str(quadrant.get("object")), bundle["objects"])
                )  # fmt: skip
        bundle["cards"][card_id]["quadrants"] = [dict(q) for q in card["quadrants"]]
    return (None if found else bundle), found


def _still_used(bundle: dict[str, Any], removed: str) -> str | None:
    """Where the rest of the content still names a removed id (a variant's rules, a
    scenario's power-ups or starting upgrades), as 'variants/standard/rules/...'."""
    for section in ("variants", "scenarios"):
        for name, entry in bundle[section].items():
            if (where := _find(entry, removed)) is not None:
                return f"{section}/{name}{where}"
    return None


def _find(value: Any, wanted: str, path: str = "") -> str | None:
    if value == wanted:
        return path
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, item in items:
        if key == wanted:
            return f"{path}/{key}"
        if (found := _find(item, wanted, f"{path}/{key}")) is not None:
            return found
    return None


def _unknown(doc: Document, path: tuple[Any, ...], what: str, name: str, known: Any) -> Diagnostic:
    return doc.diagnostic(
        path, "sweep.unknown", f"unknown {what} '{name}'", hint=did_you_mean(name, tuple(known))
    )
