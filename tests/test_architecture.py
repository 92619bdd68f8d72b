"""The package's shape, read from its source with `ast`: no import cycle between kemble_tools
modules (counting the imports inside functions too, so that a cycle cannot hide in one), no
module using another's private names, and no side effect of importing the modules that once
had one."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import networkx as nx
import pytest

from kemble_tools.generated import FONT_WIDTHS, PARSER

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "kemble_tools"


# --- the import graph --------------------------------------------------------------------------


def module_files(root: Path) -> dict[str, Path]:
    """Every module of the package under `root`, by dotted name (a package by its own name)."""
    found = {}
    for path in sorted((root / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported(
    module: str, path: Path, node: ast.Import | ast.ImportFrom, known: set[str]
) -> set[str]:
    """The package's modules an import statement imports: `from a.b import c` is the module
    a.b.c when there is one, else a.b; relative imports are resolved from `module`."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in known}
    source = node.module or ""
    if node.level:
        base = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        source = ".".join([*base, *([node.module] if node.module else [])])
    found = set()
    for alias in node.names:
        if f"{source}.{alias.name}" in known:
            found.add(f"{source}.{alias.name}")
        elif source in known:
            found.add(source)
    return found


def import_graph(root: Path) -> nx.DiGraph:
    """Module -> module it imports, from every import statement: at module level, under
    TYPE_CHECKING and inside functions alike. Each edge keeps the file and line of one import."""
    files = module_files(root)
    known = set(files)
    graph = nx.DiGraph()
    graph.add_nodes_from(known)
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for target in imported(module, path, node, known) - {module}:
                    where = f"{path.relative_to(root).as_posix()}:{node.lineno}"
                    graph.add_edge(module, target, where=where)
    return graph


def import_cycles(root: Path) -> list[str]:
    """Each import cycle, shortest first, with where each of its imports is."""
    graph = import_graph(root)
    cycles = sorted(nx.simple_cycles(graph), key=lambda cycle: (len(cycle), cycle))
    described = []
    for cycle in cycles:
        steps = zip(cycle, [*cycle[1:], cycle[0]], strict=True)
        described.append(
            " -> ".join(f"{a} ({graph.edges[a, b]['where']})" for a, b in steps) + f" -> {cycle[0]}"
        )
    return described


def test_the_package_has_no_import_cycle() -> None:
    cycles = import_cycles(ROOT)
    assert not cycles, "import cycles (move what both sides need into a module both import):\n" + (
        "\n".join(cycles[:20])
    )


def test_the_graph_sees_imports_inside_functions(tmp_path: Path) -> None:
    """A cycle hidden in a function, even a relative import, is still a cycle."""
    (tmp_path / PACKAGE / "sub").mkdir(parents=True)
    (tmp_path / PACKAGE / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / PACKAGE / "sub" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / PACKAGE / "sub" / "a.py").write_text(
        "def late():\n    from . import b\n", encoding="utf-8"
    )
    (tmp_path / PACKAGE / "sub" / "b.py").write_text(f"import {PACKAGE}.sub.a\n", encoding="utf-8")
    [cycle] = import_cycles(tmp_path)
    assert f"{PACKAGE}.sub.a ({PACKAGE}/sub/a.py:2)" in cycle
    assert f"{PACKAGE}.sub.b ({PACKAGE}/sub/b.py:1)" in cycle


# --- private names -----------------------------------------------------------------------------


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_names_defined(tree: ast.AST) -> set[str]:
    """The private names a module defines: functions, classes, variables, attributes it
    assigns (`self._x = …`), parameters and names it imports under."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
    return {name for name in names if is_private(name)}


def private_uses(root: Path) -> list[str]:
    """Every place that imports a private name from a kemble_tools module, or reads a private
    attribute (`thing._name`, not `self._name`) that only other kemble_tools modules define: in
    the package, the tests and the benchmarks."""
    package = sorted((root / PACKAGE).rglob("*.py"))
    outside = [
        p for folder in ("tests", "benchmarks") for p in sorted((root / folder).rglob("*.py"))
    ]
    trees = {
        path: ast.parse(path.read_text(encoding="utf-8"), str(path)) for path in package + outside
    }
    own = {path: private_names_defined(tree) for path, tree in trees.items()}
    in_package = set().union(*(own[path] for path in package))
    found = []
    for path, tree in trees.items():
        shown = path.relative_to(root).as_posix()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE):
                found += [
                    f"{shown}:{node.lineno}: from {node.module} import {alias.name}"
                    for alias in node.names
                    if is_private(alias.name)
                ]
            elif (
                isinstance(node, ast.Attribute)
                and is_private(node.attr)
                and node.attr in in_package - own[path]
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
            ):
                found.append(f"{shown}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_module_uses_another_modules_private_names() -> None:
    uses = private_uses(ROOT)
    assert not uses, "private names used outside their module (make them public):\n" + "\n".join(
        uses
    )


def test_the_private_names_check_sees_imports_and_attributes(tmp_path: Path) -> None:
    (tmp_path / PACKAGE).mkdir()
    (tmp_path / PACKAGE / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / PACKAGE / "a.py").write_text(
        "def _helper():\n    pass\n\nclass Thing:\n    def _step(self):\n        self._step()\n",
        encoding="utf-8",
    )
    (tmp_path / PACKAGE / "b.py").write_text(
        f"from {PACKAGE}.a import Thing, _helper\n\ndef run(thing: Thing):\n    thing._step()\n",
        encoding="utf-8",
    )
    assert private_uses(tmp_path) == [
        f"{PACKAGE}/b.py:1: from {PACKAGE}.a import _helper",
        f"{PACKAGE}/b.py:4: thing._step",
    ]


# --- module size -------------------------------------------------------------------------------

MAX_LINES = 400
# Generated files, not written by hand: their size is their generator's (kemble generate).
GENERATED = {
    PARSER.as_posix(): "lark's standalone LALR parser for the DSL's expressions",
    FONT_WIDTHS.as_posix(): "the card fonts' advance widths, read from ReportLab's fonts",
}


def long_modules(root: Path) -> list[str]:
    """Every module of the package over MAX_LINES lines, the generated files excepted."""
    found = []
    for path in module_files(root).values():
        shown = path.relative_to(root).as_posix()
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES and shown not in GENERATED:
            found.append(f"{shown}: {lines} lines")
    return sorted(found)


def test_no_module_is_over_400_lines() -> None:
    long = long_modules(ROOT)
    assert not long, f"modules over {MAX_LINES} lines (split them by meaning):\n" + "\n".join(long)


def test_the_size_check_sees_a_long_module(tmp_path: Path) -> None:
    package = tmp_path / PACKAGE
    (package / "dsl").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "short.py").write_text("x = 1\n" * MAX_LINES, encoding="utf-8")
    (package / "long.py").write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    (tmp_path / PARSER).write_text("x = 1\n" * (MAX_LINES + 1), encoding="utf-8")
    assert long_modules(tmp_path) == [f"{PACKAGE}/long.py: {MAX_LINES + 1} lines"]


# --- no side effects at import -----------------------------------------------------------------


def fresh_python(code: str) -> None:
    subprocess.run([sys.executable, "-c", textwrap.dedent(code)], check=True, cwd=ROOT)


def test_importing_the_solver_leaves_the_recursion_limit_alone() -> None:
    fresh_python(
        """
        import sys
        before = sys.getrecursionlimit()
        import kemble_tools.solve.search, kemble_tools.solve.solver, kemble_tools.solve.naive
        assert sys.getrecursionlimit() == before, sys.getrecursionlimit()
        """
    )


def test_importing_the_openspiel_adapter_registers_nothing() -> None:
    pytest.importorskip("pyspiel")
    fresh_python(
        """
        import pyspiel
        from kemble_tools.games.kembles_cascade.engine.openspiel import SHORT_NAME, register
        assert SHORT_NAME not in pyspiel.registered_names()
        register()
        assert SHORT_NAME in pyspiel.registered_names()
        """
    )


def game_imports(root: Path) -> list[str]:
    """Imports of a game's package from a module outside the games: the core and the stages
    find games through the registry, never by name."""
    graph = import_graph(root)
    games = f"{PACKAGE}.games"
    return sorted(
        f"{source} imports {target}"
        for source, target in graph.edges
        if target.startswith(games) and not source.startswith(games)
    )


def test_no_stage_imports_a_game() -> None:
    assert game_imports(ROOT) == []


def test_the_game_check_sees_a_stage_importing_a_game(tmp_path: Path) -> None:
    package = tmp_path / PACKAGE
    (package / "games" / "toy").mkdir(parents=True)
    for folder in (package, package / "games", package / "games" / "toy"):
        (folder / "__init__.py").write_text("")
    (package / "games" / "toy" / "plugin.py").write_text("PLUGIN = None\n")
    (package / "stage.py").write_text("def f():\n    from kemble_tools.games.toy import plugin\n")
    assert game_imports(tmp_path) == [f"{PACKAGE}.stage imports {PACKAGE}.games.toy.plugin"]


def test_import_linter_keeps_the_contracts() -> None:
    done = subprocess.run(["lint-imports", "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_every_module_but_the_games_is_bound_by_the_contract() -> None:
    import pkgutil

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract, independence = config["tool"]["importlinter"]["contracts"]
    assert independence["modules"] == [f"{PACKAGE}.games.*"]
    found = pkgutil.iter_modules([str(ROOT / PACKAGE)])
    # the compiled hot path's shared library (setup.py) is built code, not a module of ours
    modules = {f"{PACKAGE}.{m.name}" for m in found if not m.name.endswith("__mypyc")}
    assert set(contract["source_modules"]) == modules - {f"{PACKAGE}.games"}
    assert contract["forbidden_modules"] == [f"{PACKAGE}.games"]
