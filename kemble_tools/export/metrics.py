"""Text measured as ReportLab measures it, without importing ReportLab: the advance widths of
the card fonts come generated (`kemble generate` writes `font_widths.py` from the font files), so
`kemble validate` can check that rules text fits its card without loading the PDF stack (70 ms
of imports on every run). The results equal ReportLab's to the last bit (tests/test_metrics.py)."""

from __future__ import annotations

from functools import lru_cache

from kemble_tools.export.font_widths import DEFAULT_WIDTH, WIDTHS

FONT, BOLD = "KembleSans", "KembleSans-Bold"
# Bitstream Vera ships with ReportLab; as a TrueType font it is embedded in the PDF.
FONT_FILES = {FONT: "Vera.ttf", BOLD: "VeraBd.ttf"}
MM = 72.0 / 2.54 * 0.1  # points in a millimetre, computed as reportlab.lib.units.mm is


def string_width(text: str, size: float, bold: bool = False) -> float:
    """The width of `text` in points at `size` points (ReportLab's TrueType stringWidth)."""
    return 0.001 * size * _advance(text, bold)


@lru_cache(maxsize=16384)  # fitting text tries every size with the same words
def _advance(text: str, bold: bool) -> float:
    """The advance widths of `text` added up, in thousandths of the font size."""
    font = BOLD if bold else FONT
    widths, default = WIDTHS[font], DEFAULT_WIDTH[font]
    return sum(widths.get(ord(char), default) for char in text)


def split_lines(text: str, size: float, width: float) -> list[str]:
    """`text` broken into lines no wider than `width` points, greedily between words, as
    ReportLab's simpleSplit does (a word wider than the line stands alone on its line)."""
    lines: list[str] = []
    space = string_width(" ", size)
    for paragraph in text.split("\n"):
        words: list[str] = []
        used = -space
        for word in paragraph.split():
            needed = string_width(word, size)
            if used + space + needed <= width or not words:
                words.append(word)
                used = used + space + needed
            else:
                lines.append(" ".join(words))
                words, used = [word], needed
        if words:
            lines.append(" ".join(words))
    return lines


POINT = 25.4 / 72  # a typographic point in mm


def fit_lines(
    text: str,
    width: float,
    height: float,
    largest: float,
    smallest: float,
    leading: float = 1.2,
) -> tuple[float, list[str], bool]:
    """The largest size from `largest` down to `smallest` (half points) at which `text` fits
    `width` x `height` mm in lines `leading` times the size apart, its lines, and whether it
    fits at all (else the smallest size and every line: the game reports the overflow)."""
    size = largest
    while True:
        lines = split_lines(text, size, width * MM)
        needed = len(lines) * size * POINT * leading
        if needed <= height or size <= smallest:
            return size, lines, needed <= height
        size -= 0.5
