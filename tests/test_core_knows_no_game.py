"""The core knows no game (issue 21): no module of kemble_tools outside kemble_tools/games/
names Kemble's Cascade's content kinds, bundle sections, ids or DSL words. Kemble's knowledge
lives in its plugin, which the stages reach through its hooks.

Kemble's names are collected from its plugin and its shipped content (never written out here,
so new content is covered by itself), and every core module is read with `ast`: a string equal
to one of them, a distinctive one (`space_cards`, `BOSS-BANSHEE-1`: with `_`, `-` or a digit, or
in capitals) anywhere in a string, and a distinctive one as an identifier, are each a finding.
Docstrings and comments may name Kemble as an example.

What the core defines for every game (the stages, the commands, the bundle's head, GameInfo's
fields, the DSL's and the solver's own words) is read from the core and never a finding; English
words that happen to be Kemble names, and the core says for its own reasons, are in ALLOWED with
why. One of the core's words is also a section of Kemble's bundle (`cards`, a stage's name):
reading it from a bundle (`bundle["cards"]`, `self.bundle.get("cards")`) is a finding all the
same.
"""

from __future__ import annotations

import ast
import dataclasses
import re
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from kemble_tools.bundle import Bundle
from kemble_tools.core.registry import COMMANDS, STAGES, GameInfo, hooks, registry
from kemble_tools.dsl import vocabulary as dsl
from kemble_tools.export.sheets import print_cards
from kemble_tools.solve.hooks import STEP, TURN
from kemble_tools.validate.pipeline import validate_paths

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "kemble_tools"
GAME = "kembles-cascade"

# English and technical words that are also Kemble names, and why the core may say them.
ALLOWED = {
    "scenario": "every game's solo scenarios: `kemble solve SCENARIO`, the site's scenario pages",
    "scenarios": "the section of a bundle that every game's scenarios are in (solver, site)",
    "variants": "the variants a sweep plays (SweepHooks.variants, the sweep file's key)",
    "round": "the solver's round-level graph (SoloGame.round_of) and the play log's rounds",
    "count": "a tally's count, in the sweep's tables and plots",
    "column": "a diagnostic's position: line and column",
    "object": "JSON Schema's type of a mapping",
    "if": "an effect's condition (`on`, `if`, `do`), the generic DSL's own key",
    "empty": "how a message names JSON's null",
    "solo": "`kemble games --json` names GameInfo.solo_forms so",
    "engine": "the core's package kemble_tools/engine (the solver's cache hashes its source)",
    "spawn": "multiprocessing's start method",
}

# Modules still being cleaned (the CLI is being split in thin shells per command group): each
# finding listed exactly, as pyproject's ignore_imports lists the imports still to remove, so
# that the list only shrinks. (module, name)
KNOWN_DEBT: set[tuple[str, str]] = set()  # (module, name) still to move; may only shrink


class Finding(NamedTuple):
    module: str  # kemble_tools/….py
    line: int
    name: str
    how: str  # "string", "in a string", "identifier", "bundle section"

    def __str__(self) -> str:
        return f"{self.module}:{self.line}: {self.how} {self.name!r}"


# --- Kemble's names ----------------------------------------------------------------------------


def core_words() -> set[str]:
    """What the core itself defines for every game: never a finding."""
    dsl_words = {dsl.INT, dsl.BOOL, dsl.TEXT, dsl.ANY_SET, dsl.ACTIONS, dsl.CHOICE, dsl.OPTION}
    return {
        *STAGES,
        *COMMANDS,
        *Bundle.__annotations__,
        *(field.name for field in dataclasses.fields(GameInfo)),
        *dsl_words,
        dsl.CHOOSE,
        dsl.CHOSEN,
        STEP,  # how the narrated witness lays out a line
        TURN,
    }


DSL_TABLES = ("hosts", "set_types", "unions", "words", "triggers", "actions", "selectors",
              "choices", "functions", "globals")  # fmt: skip


def vocabulary_names(vocabulary: dsl.Vocabulary) -> Iterator[tuple[str, str]]:
    """Every word of the DSL: its tables' names, the closed words, attributes, bound names."""
    for table in DSL_TABLES:
        yield from ((name, f"DSL {table}") for name in getattr(vocabulary, table))
    for words in vocabulary.words.values():
        yield from ((value, f"DSL word ({words.name})") for value in words.values)
    for kind in vocabulary.set_types.values():
        yield from ((name, f"attribute of {kind.noun}") for name in kind.attributes)
    for trigger in vocabulary.triggers.values():
        yield from ((name, "name a trigger binds") for name in trigger.names)


def content_names(bundle: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """The kinds, the catalogue's tables and ids, the bundle's sections and ids, the cards."""
    plugin = registry().game(GAME)
    validation = hooks(plugin, "validation")
    yield plugin.info.id, "game id"
    for kind in (*validation.kinds, *validation.tool_kinds):
        yield kind, "content kind"
    for table, items in validate_paths([]).catalog.items.items():
        yield table, "catalogue table"
        yield from ((item, f"id ({table})") for item in items)
    for section, value in bundle.items():
        yield section, "bundle section"
        if isinstance(value, dict):
            yield from ((key, f"id ({section})") for key in value)
    yield from ((card.id, "printed card") for card in print_cards(bundle))


def bundle_sections(bundle: Mapping[str, Any]) -> set[str]:
    """The sections Kemble's compiler writes that the core may not read (ALLOWED: it may)."""
    return set(bundle) - set(Bundle.__annotations__) - set(ALLOWED)


@pytest.fixture(scope="module")
def kemble(shipped_bundle: dict[str, Any]) -> dict[str, set[str]]:
    """Each of Kemble's names with what it is, but the core's own words and ALLOWED."""
    vocabulary = hooks(registry().game(GAME), "vocabulary")
    found: dict[str, set[str]] = {}
    for name, what in [*content_names(shipped_bundle), *vocabulary_names(vocabulary)]:
        found.setdefault(name, set()).add(what)
    for name in core_words() | set(ALLOWED):
        found.pop(name, None)
    return found


# --- the scan ----------------------------------------------------------------------------------


def distinctive(name: str) -> bool:
    """A name no English text says by chance: `space_cards`, `kembles-cascade`, `BANSHEE`
    (a number, a sensor card's `10`, is no name)."""
    if not re.search(r"[A-Za-z]", name):
        return False
    return bool(re.search(r"[_\-0-9]", name)) or (name.isupper() and len(name) > 2)


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes (what a module, class or function says of itself)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def identifiers(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.arg | ast.keyword) and node.arg:
        return [node.arg]
    if isinstance(node, ast.alias):
        return [node.asname or node.name.split(".")[-1]]
    return []


def bundle_read(node: ast.AST) -> str | None:
    """The key a node reads from something named bundle: `bundle["x"]`, `self.bundle.get("x")`."""
    if isinstance(node, ast.Subscript):
        owner, key = node.value, node.slice
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and node.args
    ):
        owner, key = node.func.value, node.args[0]
    else:
        return None
    if isinstance(key, ast.Constant) and isinstance(key.value, str):
        return key.value if "bundle" in ast.unparse(owner) else None
    return None


def scan_source(
    source: str, names: Mapping[str, object], sections: set[str]
) -> Iterator[tuple[int, str, str]]:
    """(line, name, how) for each of `names` the source says, and each of the bundle's
    `sections` it reads."""
    tree = ast.parse(source)
    skipped = docstrings(tree)
    marked = [name for name in names if distinctive(name)]
    pattern = (
        re.compile("|".join(rf"(?<![\w-]){re.escape(n)}(?![\w-])" for n in marked))
        if marked
        else None
    )
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in skipped:
                continue
            if node.value in names:
                yield line, node.value, "string"
            elif pattern is not None:
                yield from ((line, m.group(), "in a string") for m in pattern.finditer(node.value))
        for name in identifiers(node):
            if name in names and distinctive(name):
                yield line, name, "identifier"
        if (section := bundle_read(node)) in sections:
            yield line, section, "bundle section"


def core_modules(root: Path) -> list[Path]:
    """Every module of the package but the games'."""
    package = root / PACKAGE
    return [
        path
        for path in sorted(package.rglob("*.py"))
        if path.relative_to(package).parts[0] != "games"
    ]


def scan(root: Path, names: Mapping[str, object], sections: set[str]) -> list[Finding]:
    found = []
    for path in core_modules(root):
        module = path.relative_to(root).as_posix()
        for line, name, how in scan_source(path.read_text(encoding="utf-8"), names, sections):
            found.append(Finding(module, line, name, how))
    return sorted(set(found))


# --- the tests ---------------------------------------------------------------------------------


def test_no_core_module_names_a_kemble_kind_or_id(
    kemble: dict[str, set[str]], shipped_bundle: dict[str, Any]
) -> None:
    findings = scan(ROOT, kemble, bundle_sections(shipped_bundle))
    found = [f for f in findings if (f.module, f.name) not in KNOWN_DEBT]
    what = {**kemble, **{section: {"bundle section"} for section in shipped_bundle}}
    assert not found, "Kemble's names in the core (move them behind the game's hooks):\n" + (
        "\n".join(f"{f}: {', '.join(sorted(what[f.name]))}" for f in found)
    )


def test_the_known_debt_is_exact(
    kemble: dict[str, set[str]], shipped_bundle: dict[str, Any]
) -> None:
    """A finding fixed leaves the list: it only shrinks."""
    found = {(f.module, f.name) for f in scan(ROOT, kemble, bundle_sections(shipped_bundle))}
    assert KNOWN_DEBT - found == set(), "fixed: delete these from KNOWN_DEBT"


def test_kembles_names_are_collected(
    kemble: dict[str, set[str]], shipped_bundle: dict[str, Any]
) -> None:
    """The scan looks for the names that matter: kinds, sections, ids, DSL words, the game."""
    for name in ("space_cards", "powerups", "boss_part", "rotary_cage", "BOSS-BANSHEE-1"):
        assert name in kemble, name
    for name in ("on_enter", "gain_energy", "this_quadrant", "kembles-cascade", "solo-01"):
        assert name in kemble, name
    assert not set(ALLOWED) & set(kemble), "ALLOWED words are never findings"
    assert "cards" not in kemble and "cards" in bundle_sections(shipped_bundle)


def test_the_scan_catches_a_planted_name(tmp_path: Path) -> None:
    """A core module that names a kind, an id in a message or a DSL word as an identifier is
    caught; the same words in a game's module, a docstring or a comment are not."""
    names = {"space_cards": {"content kind"}, "wormhole": {"id"}, "this_quadrant": {"DSL"}}
    package = tmp_path / PACKAGE
    (package / "games" / "toy").mkdir(parents=True)
    (package / "stage.py").write_text(
        '"""Reads space_cards, say."""\n'
        "# wormhole in a comment\n"
        "KINDS = ('space_cards', 'other')\n"
        "def hint(this_quadrant):\n"
        "    return f'try {this_quadrant}: such as wormhole'\n"
        "MESSAGE = 'no wormholes here'\n"
        "def count(bundle, written):\n"
        "    return len(bundle['cards']) + written['cards'] + len(self.bundle.get('cards'))\n",
        encoding="utf-8",
    )
    (package / "games" / "toy" / "plugin.py").write_text("KIND = 'space_cards'\n")
    assert [str(f) for f in scan(tmp_path, names, {"cards"})] == [
        f"{PACKAGE}/stage.py:3: string 'space_cards'",
        f"{PACKAGE}/stage.py:4: identifier 'this_quadrant'",
        f"{PACKAGE}/stage.py:5: identifier 'this_quadrant'",
        f"{PACKAGE}/stage.py:8: bundle section 'cards'",
    ]
    (package / "stage.py").write_text("HINT = 'such as wormhole'\n", encoding="utf-8")
    assert scan(tmp_path, names, set()) == []  # a plain word inside a sentence: English
    (package / "stage.py").write_text("HINT = 'such as space_cards!'\n", encoding="utf-8")
    assert [f.how for f in scan(tmp_path, names, set())] == ["in a string"]


# --- what finding a game costs -----------------------------------------------------------------


def test_validating_loads_no_engine_solver_site_or_sweep() -> None:
    """Every command loads the game's plugin; its stages' hooks are imported when a stage asks
    for them, so `kemble validate` (validation, the DSL, the compiler, the print checks) never
    imports Kemble's engine, solver, site or sweep."""
    code = """
import sys
from kemble_tools.core.registry import hooks, registry
game = registry().game(None)
loaded = sorted(m for m in sys.modules if m.startswith("kemble_tools.games"))
assert all(m.endswith(".plugin") or m.count(".") < 3 for m in loaded), loaded  # plugins alone
for stage in ("validation", "vocabulary", "compiler", "cards"):
    hooks(game, stage)
late = ("engine", "play", "solve", "site", "sweep", "scaffold", "editor")
game_package = "kemble_tools.games.kembles_cascade."
found = [m for m in sys.modules if m.startswith(tuple(game_package + p for p in late))]
assert not found, found
"""
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
