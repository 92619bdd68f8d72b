"""Run a benchmark script of this tree against another git revision's code: the revision is
checked out in a temporary worktree and the script runs there in a second process, importing
that revision's kemble_tools (benchmarks/engine.py and benchmarks/bossin_traces.py use it for
`--baseline REV`)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_at(rev: str, script: str, arguments: list[str]) -> str:
    """The standard output of `python script arguments…` run in a worktree of `rev`; exits
    with the child's error output if it fails."""
    with tempfile.TemporaryDirectory(prefix="kemble-baseline-") as folder:
        tree = Path(folder) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), rev],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        try:
            command = [sys.executable, str(Path(script).resolve()), *arguments]
            env = {**os.environ, "PYTHONPATH": str(tree)}
            done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
            if done.returncode:  # that revision failed: say how
                sys.exit(f"running {Path(script).name} on {rev} failed:\n{done.stderr[-3000:]}")
            return done.stdout
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, capture_output=True
            )
