"""Run a benchmark script of this tree against another git revision's code: the revision is
checked out in a temporary worktree and the script runs there in a second process, importing
that revision's kemble_tools (benchmarks/engine.py, bossin_traces.py and solve_speed.py use it
for `--baseline REV`)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def worktree(rev: str) -> Iterator[Path]:
    """A temporary checkout of `rev`, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="kemble-baseline-") as folder:
        tree = Path(folder) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), rev],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        try:
            yield tree
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True
            )


def run_in(tree: Path, script: str, arguments: list[str]) -> str:
    """The standard output of `python script arguments…` (a script of this tree) run on the
    code of `tree`; exits with the child's error output if it fails."""
    command = [sys.executable, str(Path(script).resolve()), *arguments]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode:  # that revision failed: say how
        sys.exit(f"running {Path(script).name} on {tree} failed:\n{done.stderr[-3000:]}")
    return done.stdout


def run_at(rev: str, script: str, arguments: list[str]) -> str:
    """`run_in` a temporary checkout of `rev`."""
    with worktree(rev) as tree:
        return run_in(tree, script, arguments)
