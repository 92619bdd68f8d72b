"""`kemble games`: the games this installation serves, registered on the main app. Rich and the
registry are imported when the command runs: every other command starts without them."""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from rich.table import Table

    from kemble_tools.core.registry import GamePlugin, Registry


def register(app: typer.Typer) -> None:
    app.command(name="games")(games)


def games(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    counts: Annotated[
        bool, typer.Option("--counts/--no-counts", help="Count each game's shipped content.")
    ] = True,
) -> None:
    """The registered games: who made them, how many play, how much content each ships, and
    which commands handle its files."""
    from rich.console import Console

    from kemble_tools.core.registry import registry

    found = registry()
    described = [_describe(game, counts) for _, game in sorted(found.games.items())]
    if as_json:
        document = {"games": described, "broken": found.broken}
        sys.stdout.write(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    else:
        Console().print(_table(described))
        _report_broken(found)


def _describe(game: GamePlugin, counts: bool) -> dict[str, Any]:
    from kemble_tools.core.registry import COMMANDS

    info = game.info
    return {
        "id": info.id,
        "title": info.title,
        "designers": list(info.designers),
        "publisher": info.publisher,
        "year": info.year,
        "players": list(info.players),
        "solo": list(info.solo_forms),
        "files_without_game": game.implicit,
        "content": dict(game.content_counts([])) if counts else None,
        "commands": [command for command in COMMANDS if command in game.commands()],
        "licence": info.licence_note,
    }


def _table(described: list[dict[str, Any]]) -> Table:
    from rich.table import Table

    table = Table(title="Games", title_justify="left")
    table.add_column("id", no_wrap=True)
    for column in ("game", "players", "content", "commands"):
        table.add_column(column, overflow="fold")
    for game in described:
        low, high = game["players"]
        byline = f"{game['title']}\n{', '.join(game['designers'])}; {game['publisher']}"
        if game["year"]:
            byline += f", {game['year']}"
        content = game["content"] or {}
        table.add_row(
            game["id"] + ("\n(files naming no game)" if game["files_without_game"] else ""),
            byline,
            f"{low}–{high}" if low != high else str(low),
            "\n".join(f"{count} {kind}" for kind, count in content.items()) or "-",
            ", ".join(game["commands"]),
        )
    return table


def _report_broken(found: Registry) -> None:
    for name, why in sorted(found.broken.items()):
        typer.echo(f"kemble: the game plugin '{name}' was not loaded: {why}", err=True)
