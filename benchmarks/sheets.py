"""Benchmark: the whole shipped content to a PDF of card sheets, cards per second.

Run from the project root:   python benchmarks/sheets.py [--repeat 5]

Measured in this one run (median of --repeat): the full sheets with backs, and as a baseline a
PDF with the same pages where each card is a single rectangle (the cost of ReportLab itself).
"""

from __future__ import annotations

import argparse
import io
import statistics
import time

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.export.pdf import render_sheets
from kemble_tools.export.sheets import SheetOptions, plan_pages, print_cards
from kemble_tools.validate.pipeline import validate_paths


def baseline(pages: list) -> bytes:  # type: ignore[type-arg]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    for page in pages:
        canvas.setPageSize((page.sheet.page[0] * mm, page.sheet.page[1] * mm))
        for slot, _ in zip(page.sheet.slots, page.cards, strict=False):
            canvas.rect(slot.x * mm, slot.y * mm, slot.width * mm, slot.height * mm, fill=1)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def median_time(action, repeat: int) -> float:  # type: ignore[no-untyped-def]
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    bundle = compile_validated(validate_paths([])).bundle
    assert bundle is not None, "the shipped content must compile"
    cards = print_cards(bundle)
    options = SheetOptions(backs=True)
    pages = plan_pages(cards, options)
    full = median_time(lambda: render_sheets(cards, options), repeat)
    floor = median_time(lambda: baseline(pages), repeat)
    faces = 2 * len(cards)
    print(f"{len(cards)} cards, fronts and backs, on {len(pages)} pages")
    print(f"  sheets:   {full * 1000:8.1f} ms  {faces / full:8.0f} faces/s")
    print(
        f"  baseline: {floor * 1000:8.1f} ms  (one rectangle a card)  -> sheets = "
        f"{full / floor:.1f}x baseline"
    )


if __name__ == "__main__":
    main()
