"""What every command that reads content shares, in `kemble` (cli.py) and in the workbench's
commands (workbench/cli.py): the exit codes and the one way content is read (`read_content`).

Like the commands, it imports a stage when it runs: the validator and the compiler when YAML is
compiled, the bundle reader when a bundle is read, the folder hints when content is invalid, so
that importing it (every `kemble` command does) stays cheap.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from kemble_tools.report import Format, render

if TYPE_CHECKING:
    from kemble_tools.compile.pipeline import Compilation

# formats.md §1: 0 success, 1 invalid input, 2 usage error or internal failure
EXIT_OK, EXIT_INVALID, EXIT_INTERNAL = 0, 1, 2


def read_content(
    paths: list[Path] | None, no_base: bool, bundle: Path | None, command: str | None = None
) -> dict:
    """The one way every command gets its content: PATH… compiled with the base game (unless
    --no-base), or a compiled bundle. Invalid content prints its diagnostics and exits 1 (with
    `command`, an unknown id in a scenario file is hinted at the folder that defines it)."""
    if bundle is not None:
        if paths:
            typer.echo("give content folders or --bundle, not both", err=True)
            raise typer.Exit(EXIT_INTERNAL)
        from kemble_tools.bundle import load_bundle

        try:
            return load_bundle(bundle)
        except (ValueError, KeyError, TypeError) as exc:  # JSON errors are ValueErrors
            typer.echo(f"{bundle}: not a bundle written by kemble compile ({exc})", err=True)
            raise typer.Exit(EXIT_INVALID) from None
    result = compile_content(paths or [], not no_base)
    if result.bundle is None:
        diagnostics = result.diagnostics
        if command is not None:
            from kemble_tools.scenario_folders import with_folder_hints

            diagnostics = with_folder_hints(diagnostics, paths or [], command)
        sys.stdout.write(render(diagnostics, Format.TEXT, result.files))
        raise typer.Exit(EXIT_INVALID)
    return result.bundle


def read_bundles(
    paths: list[Path] | None, no_base: bool, bundle: Path | None, command: str | None = None
) -> list[dict]:
    """Every game's bundle the content holds (as `read_content` reads it), the game of files
    that name no game first: the commands that serve a mix of games loop over them."""
    if bundle is not None:
        return [read_content(paths, no_base, bundle, command)]
    result = compile_content(paths or [], not no_base)
    if result.bundle is None:
        read_content(paths, no_base, bundle, command)  # prints the diagnostics and exits
    return sorted(result.bundles.values(), key=lambda b: (not _is_implicit(b), b.get("game", "")))


def game_folder(out: Path, bundle: dict) -> Path:
    """Where a command writes a game's outputs: OUT itself for the game of files that name no
    game (as before there were several), OUT/<game id> for the others."""
    return out if _is_implicit(bundle) else out / bundle["game"]


def _is_implicit(bundle: dict) -> bool:
    from kemble_tools.core.registry import registry

    implicit = registry().implicit_game()
    return bundle.get("game") is None or (
        implicit is not None and bundle["game"] == implicit.info.id
    )


def compile_content(paths: list[Path], with_base: bool) -> Compilation:
    """PATH… (with the base game) validated and compiled: the bundle, or the diagnostics."""
    from kemble_tools.compile.pipeline import compile_validated
    from kemble_tools.validate.pipeline import validate_paths

    return compile_validated(validate_paths(paths, with_base=with_base))
