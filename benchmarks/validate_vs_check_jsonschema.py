"""Benchmark: `kemble validate` against check-jsonschema and a bare ruamel.yaml load.

Run from the project root with the test extras installed (they bring check-jsonschema):

    python benchmarks/validate_vs_check_jsonschema.py [--repeat 7] [--baseline REV]

With --baseline REV, `kemble validate` as of git revision REV (checked out in a temporary
worktree) is timed in the same run, on the same files.

Two comparisons, all measured in this one run on the shipped content (cards/ and scenarios/):

1. Whole commands, wall time over --repeat runs each:
   - `kemble validate` (one process: every file, its schema, the semantic checks, the effects);
   - check-jsonschema given the same files and the same schemas. It takes one schema per run, so
     it runs once per file kind, and its time is the sum of those runs;
   - one check-jsonschema run alone, on the largest group (the space-card decks), for scale;
   - a bare load: one Python process that imports ruamel.yaml and loads every file, no checks.
2. In-process, over --repeat × 3 runs (no interpreter start-up):
   - what `kemble validate` does, in-process: load with positions, schema, semantic checks and
     the effect compiler;
   - `YAML(typ="safe").load` of every file (ruamel.yaml's standard loader);
   - `YAML(typ="rt").load` of every file (ruamel.yaml's round-trip loader, the one that keeps
     line numbers).
Each is run once untimed first (warm caches), then timed; the median and the minimum are shown,
each as a ratio to kemble measured in the same run, so the figures do not depend on the machine.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from ruamel.yaml import YAML

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.games.kembles_cascade.validate.schemas import schema_file_name
from kemble_tools.load.content import collect_files, schema_path
from kemble_tools.load.yaml_loader import load_file
from kemble_tools.validate.pipeline import detect_kind, validate_paths

BARE_LOAD = (
    "import sys\nfrom ruamel.yaml import YAML\ny = YAML(typ='safe')\n"
    "for name in sys.argv[1:]:\n    y.load(open(name, encoding='utf-8'))\n"
)


# Commands run as in a user's shell: Python caches compiled modules (some sandboxes turn that off,
# which would make every run recompile kemble_tools and favour the tools that import less code).
ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def timings(action: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median and minimum wall time of `repeat` runs, after one untimed warm-up run."""
    action()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples), min(samples)


def run(
    command: list[str], expect_ok: bool = True, cwd: Path | None = None, env: dict | None = None
) -> None:
    done = subprocess.run(command, capture_output=True, text=True, env=env or ENV, cwd=cwd)
    if expect_ok and done.returncode != 0:
        raise SystemExit(f"{command[0]} failed:\n{done.stdout}\n{done.stderr}")


def files_by_schema(files: list[Path]) -> dict[Path, list[str]]:
    groups: dict[Path, list[str]] = {}
    for path in files:
        doc, _ = load_file(path)
        kind = detect_kind(doc, path)[0] if doc else None
        if kind is None:
            raise SystemExit(f"{path}: not a content file")
        schema = schema_path(schema_file_name(kind))
        groups.setdefault(schema, []).append(str(path))
    return groups


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--baseline", metavar="REV", help="also time `kemble validate` at REV")
    options = parser.parse_args()
    with contextlib.ExitStack() as stack:
        tree = stack.enter_context(worktree(options.baseline)) if options.baseline else None
        measure(options.repeat, options.baseline, tree)


@contextlib.contextmanager
def worktree(rev: str) -> Iterator[Path]:
    """Revision `rev` checked out in a temporary git worktree (removed afterwards)."""
    root = Path(__file__).resolve().parents[1]
    with tempfile.TemporaryDirectory(prefix="kemble-baseline-") as folder:
        tree = Path(folder) / "tree"
        git = ["git", "-C", str(root), "worktree"]
        subprocess.run([*git, "add", "--detach", str(tree), rev], check=True, capture_output=True)
        try:
            yield tree
        finally:
            subprocess.run([*git, "remove", "--force", str(tree)], capture_output=True)


def measure(repeat: int, rev: str | None, tree: Path | None) -> None:
    checker = shutil.which("check-jsonschema")
    if checker is None:
        raise SystemExit("check-jsonschema is not installed: pip install -e '.[test]'")
    files, _ = collect_files([])
    groups = files_by_schema(files)
    print(
        f"content: {len(files)} files, {sum(p.stat().st_size for p in files):,} bytes, "
        f"{len(groups)} schemas"
    )

    largest = max(groups, key=lambda schema: len(groups[schema]))
    kemble = [sys.executable, "-m", "kemble_tools.cli", "validate"]
    commands = {
        "kemble validate": lambda: run(kemble),
        **(
            {
                f"kemble validate at {rev}": lambda: run(
                    kemble, cwd=tree, env={**ENV, "PYTHONPATH": str(tree)}
                )
            }
            if tree is not None
            else {}
        ),
        f"check-jsonschema ({len(groups)} runs)": lambda: [
            run([checker, "--schemafile", str(schema), *names]) for schema, names in groups.items()
        ],
        "check-jsonschema (space cards only)": lambda: run(
            [checker, "--schemafile", str(largest), *groups[largest]]
        ),
        "bare ruamel load (1 process)": lambda: run(
            [sys.executable, "-c", BARE_LOAD, *map(str, files)]
        ),
    }
    report("whole commands", {name: timings(action, repeat) for name, action in commands.items()})

    safe, rt = YAML(typ="safe"), YAML(typ="rt")
    calls = {
        "validate + compile (in-process)": lambda: compile_validated(validate_paths([])),
        "YAML(typ='safe').load": lambda: [safe.load(path) for path in files],
        "YAML(typ='rt').load": lambda: [rt.load(path) for path in files],
    }
    report("in-process", {name: timings(action, repeat * 3) for name, action in calls.items()})


def report(title: str, seconds: dict[str, tuple[float, float]]) -> None:
    base_median, base_min = next(iter(seconds.values()))
    print(f"\n{title}:{'median':>33} {'ratio':>8} {'min':>11} {'ratio':>8}")
    for name, (median, least) in seconds.items():
        print(
            f"  {name:36} {median * 1000:8.1f} ms {median / base_median:7.2f}x "
            f"{least * 1000:8.1f} ms {least / base_min:7.2f}x"
        )


if __name__ == "__main__":
    main()
