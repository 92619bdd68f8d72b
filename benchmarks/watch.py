"""Benchmark: from a save to its diagnostics in `kemble watch`, on the shipped content.

Run from the project root:

    python benchmarks/watch.py [--edits 20]

Two measurements, both on a copy of the shipped cards and scenarios in a temporary folder, the
edit each time one card's energy changed (alternately to a valid and to an invalid value, so
that every pass has a new diagnostic or a fixed one to print):

1. In process: the workspace's incremental pass after the edit, against the baseline of the
   whole pipeline `kemble validate` runs (load, validate, compile, print checks of every card),
   both timed in this run, medians over the edits.
2. End to end: `kemble watch --no-images` in its own process; the time from just before the
   file is written to the moment the pass's "changed:" line and its summary are read from the
   watcher's output (file-system notification, watchfiles' quiet time, the check, printing).

The goal (issue "The designer's workbench"): under 100 ms from save to diagnostics.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OLD, NEW = (
    "energy: 1, threat: 1, reward: {bellonium: 1}}",
    "energy: {n}, threat: 1, reward: {{bellonium: 1}}}}",
)


def copy_content(folder: Path) -> Path:
    for name in ("cards", "scenarios", "schema"):
        shutil.copytree(ROOT / name, folder / name)
    return folder / "cards" / "kembles-cascade" / "decks" / "s1.yaml"


def edit(deck: Path, original: str, round_: int) -> None:
    """Card S1-01's energy: 2 (valid) or 0 (refused by the schema) on alternate rounds."""
    energy = 2 if round_ % 2 == 0 else 0
    deck.write_text(original.replace(OLD, NEW.format(n=energy), 1), encoding="utf-8")


def in_process(folder: Path, deck: Path, edits: int) -> tuple[list[float], list[float]]:
    from kemble_tools.compile.pipeline import compile_validated
    from kemble_tools.export.check import print_warnings
    from kemble_tools.validate.pipeline import validate_paths
    from kemble_tools.workbench.workspace import Workspace

    roots = [folder / "cards", folder / "scenarios"]
    original = deck.read_text(encoding="utf-8")
    workspace = Workspace(roots, with_base=False)
    workspace.check()
    full, incremental = [], []
    for round_ in range(edits):
        edit(deck, original, round_)
        started = time.perf_counter()
        check = workspace.check()
        incremental.append(time.perf_counter() - started)
        assert check.changed == [check.changed[0]] and check.changed[0].endswith("s1.yaml")
        started = time.perf_counter()
        validation = validate_paths(roots, with_base=False)
        result = compile_validated(validation)
        if result.bundle is not None:
            print_warnings(result.bundle, validation.catalog)
        full.append(time.perf_counter() - started)
        assert len(result.diagnostics) == len(check.diagnostics), "both passes agree"
    deck.write_text(original, encoding="utf-8")
    return full, incremental


def end_to_end(folder: Path, deck: Path, edits: int) -> list[float]:
    original = deck.read_text(encoding="utf-8")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "kemble_tools.cli", "watch", "--no-base", "--no-images"]
    roots = [str(folder / "cards"), str(folder / "scenarios")]
    watcher = subprocess.Popen(
        [*command, *roots], stdout=subprocess.PIPE, text=True, env=env, cwd=folder
    )
    assert watcher.stdout is not None
    try:
        while "watching for changes" not in watcher.stdout.readline():
            pass
        time.sleep(0.5)  # the notifier is set up just after that line
        latencies = []
        for round_ in range(edits):
            started = time.perf_counter()
            edit(deck, original, round_)
            line = watcher.stdout.readline()
            while not line.startswith("changed:"):
                line = watcher.stdout.readline()
            while "files checked" not in line:
                line = watcher.stdout.readline()
            latencies.append(time.perf_counter() - started)
            time.sleep(0.3)  # keep edits apart: one save, one pass
        return latencies
    finally:
        watcher.terminate()
        watcher.wait(timeout=10)
        deck.write_text(original, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        deck = copy_content(Path(tmp))
        full, incremental = in_process(Path(tmp), deck, args.edits)
        latencies = end_to_end(Path(tmp), deck, args.edits)
    ms = 1000
    deck_name = "cards/kembles-cascade/decks/s1.yaml"
    print(f"edits: {args.edits} (one card of {deck_name}, valid and invalid in turn)")
    print(
        f"in process: whole pipeline {statistics.median(full) * ms:.1f} ms, incremental pass "
        f"{statistics.median(incremental) * ms:.1f} ms (median), ratio "
        f"{statistics.median(incremental) / statistics.median(full):.2f}x"
    )
    print(
        f"save to diagnostics (kemble watch): median {statistics.median(latencies) * ms:.1f} ms, "
        f"max {max(latencies) * ms:.1f} ms; goal < 100 ms: "
        f"{'met' if max(latencies) < 0.1 else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
