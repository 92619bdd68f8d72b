"""Command-line options shared by the commands that read content (one definition each)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated

import typer

PathsArg = Annotated[
    list[Path] | None,
    typer.Argument(
        help="Files or folders to check besides the shipped content (an expansion, a scenario).",
        exists=True,
        show_default=False,
    ),
]
NoBaseOpt = Annotated[
    bool,
    typer.Option("--no-base", help="Check only the given paths, without the shipped base game."),
]
BundleOpt = Annotated[
    Path | None,
    typer.Option(
        "--bundle",
        help="Read a compiled kemble.bundle.json instead of YAML content.",
        exists=True,
        dir_okay=False,
    ),
]


def finite(value: float | None) -> float | None:
    """Ranges let NaN through (every comparison with it is false)."""
    if value is not None and not math.isfinite(value):
        raise typer.BadParameter(f"{value} is not a number")
    return value
