"""The compiled hot path (setup.py, kemble_tools/hot_path.py): the same bytes as its sources.

The same work runs in two processes, one on the compiled engine and one on the Python sources
(KEMBLE_PURE_PYTHON=1), and their outputs must be equal to the byte: random walks' keys and
events (tests/hot_path_work.py), `kemble run` of scripted lines, `kemble solve --json` and
`kemble simulate --json`. Where the build compiled nothing (no C compiler) there is nothing to
compare and these tests skip, unless KEMBLE_REQUIRE_COMPILED is set (CI), where they fail.
Then which engine a process runs: the rules of hot_path.pure_reason on a temporary tree.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import ROOT

from kemble_tools import hot_path

SCENARIOS = ROOT / "scenarios" / "kembles-cascade"
TRACES = ROOT / "tests" / "golden" / "traces"
COMPILED = "compiled (mypyc)"


def run(arguments: list[str], pure: bool) -> str:
    """The standard output of `python ARGUMENTS…` on the compiled engine or on the sources."""
    env = {k: v for k, v in os.environ.items() if k != "KEMBLE_PURE_PYTHON"}
    if pure:
        env["KEMBLE_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, *arguments], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.fixture(scope="module")
def walks() -> tuple[list[str], list[str]]:
    """Seeded random walks of 6,000 states on both engines (each output's first line says
    which ran); skips, or fails where KEMBLE_REQUIRE_COMPILED is set, when nothing compiled."""
    compiled = run(["tests/hot_path_work.py", "6000"], pure=False).splitlines()
    if compiled[0] != COMPILED:
        if os.environ.get("KEMBLE_REQUIRE_COMPILED"):
            pytest.fail(f"KEMBLE_REQUIRE_COMPILED is set, but the engine runs {compiled[0]}")
        pytest.skip(f"the engine is not compiled here, nothing to compare: {compiled[0]}")
    return compiled, run(["tests/hot_path_work.py", "6000"], pure=True).splitlines()


def same(compiled: list[str], pure: list[str]) -> None:
    """Equal line for line; a difference is named by its first line, not a diff of megabytes."""
    for number, (a, b) in enumerate(zip(compiled, pure, strict=False), 1):
        assert a == b, f"line {number}: compiled {a!r}, pure {b!r}"
    assert len(compiled) == len(pure)


def test_random_walks_give_the_same_keys_and_events(walks: tuple[list[str], list[str]]) -> None:
    # R-SET-6, R-END-1: every rule a random walk meets, on scenarios and whole games
    compiled, pure = walks
    assert pure[0] == "pure Python (KEMBLE_PURE_PYTHON is set)"
    assert sum(line.startswith("key ") for line in compiled) == 6000
    assert sum(line.startswith("split ") for line in compiled) > 1000  # solo states
    same(compiled[1:], pure[1:])


def scripts(tmp: Path) -> list[tuple[str, Path]]:
    """The scripted lines: the two of tests/scripts, and the actions of the golden traces."""
    found = [("solo-01", path) for path in sorted((ROOT / "tests" / "scripts").glob("*.txt"))]
    for trace in sorted(TRACES.glob("*.txt")):
        text = trace.read_text(encoding="utf-8")
        actions = text.split("# actions\n", 1)[1].split("# events\n", 1)[0]
        script = tmp / trace.name
        script.write_text(actions, encoding="utf-8")
        found.append((trace.name.rsplit("-seed", 1)[0], script))
    return found


def test_scripted_lines_end_in_the_same_state(
    walks: tuple[list[str], list[str]], tmp_path: Path
) -> None:
    # R-END-1: `kemble run --json --log` of the golden lines, event log and final state
    lines = scripts(tmp_path)
    assert len(lines) == 6
    for scenario, script in lines:
        arguments = ["-m", "kemble_tools.cli", "run", str(SCENARIOS / f"{scenario}.yaml")]
        arguments += ["--actions", str(script), "--json", "--log"]
        compiled = run(arguments, pure=False)
        assert json.loads(compiled)["events"], script.name
        assert compiled == run(arguments, pure=True), script.name


def without_timings(report: str) -> dict[str, Any]:
    """A solver report without what the clock measured (the only figures that may differ)."""
    found = json.loads(report)
    return {key: value for key, value in found.items() if not key.endswith("seconds")}


@pytest.mark.parametrize("scenario", ["solo-01", "solo-03"])
def test_the_solver_finds_the_same_answer(
    walks: tuple[list[str], list[str]], scenario: str
) -> None:
    arguments = ["-m", "kemble_tools.cli", "solve", str(SCENARIOS / f"{scenario}.yaml")]
    arguments += ["--json", "--analysis-states", "5000"]
    compiled = without_timings(run(arguments, pure=False))
    assert compiled["verdict"] == "solvable" and compiled["witness"]
    assert compiled == without_timings(run(arguments, pure=True))


@pytest.mark.parametrize(
    "options",
    [
        [
            "--variant",
            "solo",
            "--players",
            "1",
            "--games",
            "4",
            "--seed",
            "5",
            "--policy",
            "greedy",
        ],
        ["--players", "3", "--games", "6", "--seed", "3"],
        ["--players", "2", "--games", "2", "--seed", "1", "--policy", "lookahead"],
    ],
)
def test_simulated_games_report_the_same(
    walks: tuple[list[str], list[str]], options: list[str]
) -> None:
    arguments = ["-m", "kemble_tools.cli", "simulate", "--json", *options]
    compiled = run(arguments, pure=False)
    assert json.loads(compiled)["games"] > 0
    assert compiled == run(arguments, pure=True)


def test_the_compiled_engine_runs_where_required() -> None:
    """CI sets KEMBLE_REQUIRE_COMPILED: the whole suite then ran on the compiled engine."""
    if not os.environ.get("KEMBLE_REQUIRE_COMPILED"):
        pytest.skip("KEMBLE_REQUIRE_COMPILED is not set")
    assert hot_path.COMPILED, hot_path.PURE_REASON
    from kemble_tools.games.kembles_cascade.engine import state

    assert not state.__file__.endswith(".py")


def test_the_switch_imports_the_sources() -> None:
    code = "from kemble_tools.games.kembles_cascade.engine import state; print(state.__file__)"
    assert run(["-c", code], pure=True).strip().endswith("state.py")


# --- which engine runs: hot_path.pure_reason on a temporary build ---------------------------

MODULES = ["pkg.engine.machine", "pkg.engine.state"]
SUFFIX = ".cpython-311-x86_64-linux-gnu.so"


@pytest.fixture
def build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """A tree as an in-place build leaves it: sources, an extension each and the group's
    library (empty files: only their presence counts), and the manifest's content."""
    monkeypatch.delenv("KEMBLE_PURE_PYTHON", raising=False)
    monkeypatch.setattr("importlib.machinery.EXTENSION_SUFFIXES", [SUFFIX])
    modules = {}
    for module in MODULES:
        path = hot_path.source(tmp_path, module)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"NAME = {module!r}\n", encoding="utf-8")
        path.with_name(path.stem + SUFFIX).write_bytes(b"")
        modules[module] = hashlib.sha256(path.read_bytes()).hexdigest()
    (tmp_path / "pkg" / f"hot_path__mypyc{SUFFIX}").write_bytes(b"")
    return {"compiled": True, "group": "pkg.hot_path", "modules": modules}


def test_a_whole_build_runs_compiled(build: dict[str, Any], tmp_path: Path) -> None:
    assert hot_path.pure_reason(build, tmp_path) is None


def test_an_edited_source_runs_the_sources(build: dict[str, Any], tmp_path: Path) -> None:
    hot_path.source(tmp_path, "pkg.engine.state").write_text("NAME = 'edited'\n", encoding="utf-8")
    reason = hot_path.pure_reason(build, tmp_path)
    assert reason == f"{Path('pkg/engine/state.py')} changed since the build"


def test_a_missing_extension_runs_the_sources(build: dict[str, Any], tmp_path: Path) -> None:
    (tmp_path / "pkg" / "engine" / f"machine{SUFFIX}").unlink()
    assert hot_path.pure_reason(build, tmp_path) == "pkg.engine.machine has no compiled extension"
    hot_path.source(tmp_path, "pkg.engine.machine").with_name(f"machine{SUFFIX}").write_bytes(b"")
    (tmp_path / "pkg" / f"hot_path__mypyc{SUFFIX}").unlink()
    assert hot_path.pure_reason(build, tmp_path) == "the compiled group's library is missing"


def test_the_switch_and_an_empty_build_run_the_sources(
    build: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert hot_path.pure_reason({**build, "compiled": False}, tmp_path) == (
        "the build compiled nothing"
    )
    assert hot_path.pure_reason({}, tmp_path) == "the build compiled nothing"
    monkeypatch.setenv("KEMBLE_PURE_PYTHON", "1")
    assert hot_path.pure_reason(build, tmp_path) == "KEMBLE_PURE_PYTHON is set"


def test_a_missing_or_broken_manifest_reads_as_empty(tmp_path: Path) -> None:
    assert hot_path.read_manifest(tmp_path / "none.json") == {}
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    assert hot_path.read_manifest(tmp_path / "broken.json") == {}


def test_the_sources_first_finder_imports_a_listed_module_from_its_source(
    build: dict[str, Any], tmp_path: Path
) -> None:
    finder = hot_path.SourcesFirst(tmp_path, MODULES)
    spec = finder.find_spec("pkg.engine.state")
    assert spec is not None and spec.origin == str(hot_path.source(tmp_path, "pkg.engine.state"))
    assert finder.find_spec("pkg.engine.other") is None
