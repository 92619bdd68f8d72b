"""Running the `kemble` command line as a user would, in a process of its own."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def kemble(
    *args: str, cwd: Path = ROOT, stdin: str | None = None, timeout: float = 300
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kemble_tools.cli", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        input=stdin,
        timeout=timeout,
    )
