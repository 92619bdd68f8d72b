"""The printed boards: the Upgrade board (its XP track, upgrade paths with their levels and the
Temperature track, all from the bundle's `upgrade_board`) and the Timeline mat.

Each is a PrintCard of its own size, imposed one to a page: the largest that fits both A4 and
Letter with 3 mm bleed and crop marks (layout.grid keeps 9 mm a side). The Upgrade board is
landscape. The Timeline of 4 columns x 3 rows of poker cards (R-BS-TML-1) is taller than any
page, so the mat prints in two halves, columns 1-2 and 3-4, laid side by side; its rows overlap
by a strip, each card lying over the foot of the one above, as a Timeline is laid out.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kemble_tools.export.layout import Rect
from kemble_tools.export.painter import Painter
from kemble_tools.games.bossins_space.export.faces import SAFE, fitted, ground
from kemble_tools.games.bossins_space.export.shapes import flame, star

BOARD = (250.0, 180.0)  # the Upgrade board, landscape
MAT = (180.0, 250.0)  # one half of the Timeline mat, portrait
TIMELINE_ROWS = ("Boss Threat", "Threat", "Command")  # top to bottom (R-BS-TML-1)
RESOLVES = "Each column resolves from the bottom up: Command, then Threat, then Boss Threat."


def heading(p: Painter, trim: Rect, text: str, subtitle: str) -> None:
    p.text(trim.x + SAFE + 2, trim.top - SAFE - 7.5, text, 15, colour="dark", bold=True)
    p.text(trim.x + SAFE + 2, trim.top - SAFE - 12.5, subtitle, 7, colour="dark")


def box(p: Painter, area: Rect, colour: str = "slot") -> None:
    p.rect(area, colour, radius=1.5)


# --- the Upgrade board ---------------------------------------------------------------------------


def draw_upgrade_board(p: Painter, trim: Rect, bleed: float, board: Mapping[str, Any]) -> None:
    ground(p, trim, bleed, "board", 20)
    heading(p, trim, "Upgrade board", "XP buys upgrades; heat destroys the Ship at the end "
            "of its track.")  # fmt: skip
    _xp_track(p, trim, board)
    paths = board["paths"]
    row_height = 20.0
    top = trim.top - 58
    for index, path in enumerate(paths):
        _path_row(p, trim, top - index * (row_height + 3), row_height, path)
    _temperature(p, trim, board)


def _xp_track(p: Painter, trim: Rect, board: Mapping[str, Any]) -> None:
    """The XP icon, then the spaces right of it across the board (D-BS-SET-1); under the first
    ones, the player counts that leave them empty (R-BS-SET-2)."""
    track, length = board["xp_track"], int(board["xp_track"]["length"])
    y, height, x = trim.top - 38, 12.0, trim.x + SAFE + 2
    width = (trim.right - SAFE - 2 - (x + 24) - (length - 1) * 1.5) / length
    box(p, Rect(x, y, 22, height), "xp")
    star(p, x + 6, y + height / 2, 4, "space")
    p.text(x + 15, y + 4.2, "XP", 9, colour="dark", bold=True, align="centre")
    empty = _empty_for(track["empty_spaces"])
    for space in range(1, length + 1):
        left = x + 24 + (space - 1) * (width + 1.5)
        box(p, Rect(left, y, width, height))
        p.text(left + width / 2, y + 4, str(space), 10, colour="ink", bold=True, align="centre")
        if space in empty:
            p.text(left + width / 2, y - 3.5, f"empty: {empty[space]}", 5.5, colour="muted",
                   align="centre")  # fmt: skip
    note = XP_NOTE.format(cubes=track["cubes"])
    size = fitted(note, trim.right - SAFE - x, 7, 5, bold=False)
    p.text(x, y - 9, note, size, colour="muted")


XP_NOTE = (
    "Start: the blue cube on XP, the {cubes} yellow cubes on the spaces after the empty ones. "
    "When the blue cube reaches a yellow cube, that cube goes to an upgrade path and the blue "
    "cube back to XP."
)  # R-BS-SET-2, R-BS-UPG-2


def _empty_for(empty_spaces: list[int]) -> dict[int, str]:
    """Each space left empty at some player count, with those counts: {1: '1-5 players'}."""
    found = {}
    for space in range(1, max(empty_spaces, default=0) + 1):
        counts = [n for n, empty in enumerate(empty_spaces, start=1) if empty >= space]
        who = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
        found[space] = f"{who} player{'s' if counts != [1] else ''}"
    return found


def _path_row(p: Painter, trim: Rect, top: float, height: float, path: Mapping[str, Any]) -> None:
    x = trim.x + SAFE + 2
    y = top - height
    p.text(x, y + height - 7, str(path["name"]), 10, colour="ink", bold=True)
    if path.get("structural"):
        p.text(x, y + 4.5, "level k opens once Missiles,", 5.5, colour="muted")
        p.text(x, y + 1.2, "Lasers and Deck all have it", 5.5, colour="muted")
    width = (trim.right - SAFE - 2 - (x + 46) - 2 * 3) / 3
    for level, words in enumerate(path["level_text"], start=1):
        left = x + 46 + (level - 1) * (width + 3)
        box(p, Rect(left, y, width, height))
        p.text(left + 2.5, y + height - 5, f"Level {level}", 6, colour="muted")
        size = fitted(str(words), width - 5, 10, 6, bold=True)
        p.text(left + width / 2, y + 5, str(words), size, colour="ink", bold=True, align="centre")


def _temperature(p: Painter, trim: Rect, board: Mapping[str, Any]) -> None:
    limit = int(board["heat_limit"])
    y, height, width = trim.y + SAFE + 3, 14.0, 22.0
    x = trim.x + SAFE + 2
    flame(p, x + 4, y + height / 2, 4, "heat")
    p.text(x + 10, y + 8, "Temperature", 9, colour="ink", bold=True)
    p.text(x + 10, y + 3.5, "red cube starts on 0", 6, colour="muted")
    for space in range(limit + 1):
        left = x + 50 + space * (width + 1.5)
        colour = "extreme" if space == limit else ("heat" if space > limit / 2 else "cold")
        box(p, Rect(left, y, width, height), colour)
        p.text(left + width / 2, y + 5.5, str(space), 12, colour="dark", bold=True, align="centre")
    end = x + 50 + (limit + 1) * (width + 1.5)
    p.text(end + 1, y + 8, f"at {limit} the Ship explodes", 7, colour="ink", bold=True)
    life = f"Ship: {board['start_life']} life tokens at the start"
    p.text(end + 1, y + 3.5, life, 6, colour="muted")


# --- the Timeline mat ----------------------------------------------------------------------------


def draw_mat_half(
    p: Painter, trim: Rect, bleed: float, first: int, card: tuple[float, float]
) -> None:
    """Columns `first` and `first + 1` of the Timeline, each row a slot the size of `card`."""
    ground(p, trim, bleed, "board", 20)
    heading(p, trim, f"Timeline {first}-{first + 1}", RESOLVES)
    gap = 10.0
    left = trim.x + (trim.width - 2 * card[0] - gap) / 2
    rows_top = trim.top - 22
    pitch = (rows_top - (trim.y + SAFE) - card[1]) / (len(TIMELINE_ROWS) - 1)
    for column in range(2):
        x = left + column * (card[0] + gap)
        for row, name in enumerate(TIMELINE_ROWS):
            _slot(p, Rect(x, rows_top - row * pitch - card[1], *card), name, first + column)
    for row, name in enumerate(TIMELINE_ROWS):
        y = rows_top - row * pitch - 8
        for side in (trim.x + SAFE, trim.right - SAFE):
            align = "left" if side < trim.x + trim.width / 2 else "right"
            for line, word in enumerate(name.split()):
                p.text(side, y - line * 3.2, word, 6.5, colour="muted", bold=True, align=align)


def _slot(p: Painter, area: Rect, row: str, column: int) -> None:
    """A card's place: drawn top row first, so each lies over the foot of the one above."""
    p.rect(area.grow(0.6), "line", radius=2.5)
    p.rect(area, "slot", radius=2.0)
    p.text(area.x + area.width / 2, area.top - 10, str(column), 16, colour="line", bold=True,
           align="centre")  # fmt: skip
    p.text(area.x + area.width / 2, area.top - 15, row, 7, colour="line", align="centre")
