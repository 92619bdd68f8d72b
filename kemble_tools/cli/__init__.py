"""The `kemble` command line: parses arguments and calls the library, nothing more. One module
per group of commands (content, play, export, solve, build; the workbench's and `games` live
with their stages); this one assembles them in the order `kemble --help` lists them.

Exit codes (formats.md §1): 0 success, 1 invalid input, 2 usage error or internal failure.

Each command imports its stage when it runs, so that starting `kemble` stays fast: `kemble
validate` never imports the PDF stack, the solver, Dask, the language server or matplotlib.
"""

from __future__ import annotations

import os
import sys

import typer

from kemble_tools.cli import build, content, export, play, solve
from kemble_tools.content_cli import EXIT_INTERNAL, EXIT_INVALID
from kemble_tools.core.cli import register as register_games
from kemble_tools.workbench.cli import register as register_workbench

# Markdown help: a docstring's lines are joined into sentences (rich mode breaks the text wherever
# the source line ends), and a blank line still starts a paragraph.
app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
    help="Validate, compile, play, solve and print content for space card games "
    "(`kemble games` lists them).",
)
content.register(app)
play.register(app)
content.register_after_play(app)
export.register(app)
solve.register(app)
build.register(app)
content.register_last(app)
register_workbench(app)
register_games(app)


def main() -> None:
    """Entry point: never a traceback for the user; internal failures exit with 2."""
    try:
        app()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        sys.exit(130)
    except OSError as exc:  # the machine's answer (a read-only or full folder), not a bug
        where = f" {exc.filename}" if exc.filename else ""
        sys.stderr.write(f"kemble: cannot write or read{where}: {exc.strerror or exc}\n")
        sys.exit(EXIT_INVALID)
    except Exception as exc:  # an internal failure, never the user's data
        if os.environ.get("KEMBLE_DEBUG"):
            raise
        sys.stderr.write(
            f"kemble: internal error: {type(exc).__name__}: {exc}\n"
            "Set KEMBLE_DEBUG=1 to see the traceback, and please report it.\n"
        )
        sys.exit(EXIT_INTERNAL)


if __name__ == "__main__":
    main()
