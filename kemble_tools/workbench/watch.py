"""`kemble watch`: re-check the content on every save, and redraw the edited cards.

Changes come from watchfiles (inotify on Linux) and are taken as soon as the folder has been
quiet for STEP_MS, so a save is checked within a few milliseconds of its write; the
workspace re-reads only the files that changed. ReportLab, which draws the cards' images, is
imported only when there are images to draw (not with `--no-images`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from kemble_tools.diagnostics import Diagnostic
from kemble_tools.export.check import source_item
from kemble_tools.export.sheets import print_cards
from kemble_tools.fileio import write_atomic
from kemble_tools.report import Format, render, summary
from kemble_tools.validate.art import ART_SUFFIXES
from kemble_tools.workbench.workspace import Check, Workspace

YAML = (".yaml", ".yml")
WATCHED = (*YAML, *ART_SUFFIXES)  # content files and the pictures cards show
STEP_MS = 10  # quiet time that ends a batch of changes (an editor's save is several writes)
DEBOUNCE_MS = 300  # the longest a batch is held while writes keep coming


def report(check: Check, took: float, before: set[Diagnostic] | None) -> str:
    """What one pass prints: which files were read again and how long it took, then every
    diagnostic on the first pass and only the new ones after (with how many went away)."""
    if check.changed and before is not None:
        shown = ", ".join(check.changed[:3]) + (" …" if len(check.changed) > 3 else "")
        head = f"changed: {shown} (checked in {took * 1000:.0f} ms)"
    else:
        head = f"checked in {took * 1000:.0f} ms"
    now = set(check.diagnostics)
    if before is None:
        return f"{head}\n{render(check.diagnostics, Format.TEXT, check.files)}"
    new = [d for d in check.diagnostics if d not in before]
    gone = len(before - now)
    body = render(new, Format.TEXT, check.files).splitlines()[:-1]  # its summary: below
    tail = summary(check.diagnostics, check.files)
    if gone:
        tail = f"{gone} fixed · {tail}"
    return "\n".join([head, *body, tail]) + "\n"


def card_images(check: Check, folder: Path, every: bool = False) -> list[Path]:
    """SVG faces of the cards written in the changed files (`every`: of all cards, after a
    picture changed), drawn as the sheets draw them; a file is rewritten only when its card
    looks different (an image viewer reloads those)."""
    from kemble_tools.export.images import card_svg

    if check.bundle is None or not (check.changed or every):
        return []
    changed, written = set(check.changed), []
    for card in print_cards(check.bundle):
        item = source_item(check.catalog, card.id, check.bundle)
        if item is not None and (every or item.doc.file in changed):
            target = folder / f"{card.id}.svg"
            drawn = card_svg(card)
            if not target.is_file() or target.read_text(encoding="utf-8") != drawn:
                write_atomic(target, drawn)  # only the cards the edit changed are rewritten
                written.append(target)
    return written


def watch(
    workspace: Workspace,
    roots: Iterable[Path],
    images: Path | None,
    echo: Callable[[str], Any],
    stop: Any = None,
) -> None:
    """Check once, then after every batch of changes to YAML files under `roots`."""
    from watchfiles import watch as changes

    last: set[Diagnostic] | None = None

    def one_pass(pictures: bool = False) -> None:
        nonlocal last
        started = time.perf_counter()
        check = workspace.check()
        echo(report(check, time.perf_counter() - started, last))
        last = set(check.diagnostics)
        if images is not None and (drawn := card_images(check, images, pictures)):
            echo(f"redrawn: {len(drawn)} card image{'s' * (len(drawn) != 1)} in {images}")

    one_pass()
    echo("watching for changes (Ctrl+C to stop)")
    for batch in changes(
        *roots,
        watch_filter=lambda _change, path: path.lower().endswith(WATCHED),
        step=STEP_MS,
        debounce=DEBOUNCE_MS,
        stop_event=stop,
        raise_interrupt=False,
    ):
        if batch:
            # a card's picture (art:) changed: the compiler reads it again; every card is
            # drawn and only those that now look different are written
            one_pass(pictures=any(not path.lower().endswith(YAML) for _, path in batch))
