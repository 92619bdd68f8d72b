"""Text measured without ReportLab (export/metrics.py) is ReportLab's measure to the last bit, and
checking content loads neither ReportLab nor lark."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth

from kemble_tools.export import metrics
from kemble_tools.export.pdf import register_fonts
from kemble_tools.generated import FONT_WIDTHS, font_widths_source

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = [
    "",
    " ",
    "When a ship moves or is pushed here: it loses 2 energy.",
    "Each quadrant orthogonally adjacent to this gains half its energy (rounded down).",
    "Bellonium — “glory” ×3 → 1–8 ★ é ß",  # typographic marks and letters outside ASCII
    "Ω∑\u4e2d",  # characters the font lacks take its default width
    "a\nb\n\nc d e f g h i j k l m n o p q r s t u v w x y z",
]
TEXT = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=120)


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    register_fonts()


def test_a_millimetre_is_reportlabs() -> None:
    assert mm == metrics.MM


@pytest.mark.parametrize("text", SAMPLES)
@pytest.mark.parametrize("bold", [False, True])
def test_widths_are_reportlabs(text: str, bold: bool) -> None:
    font = metrics.BOLD if bold else metrics.FONT
    for size in (3.5, 7.0, 7.5, 8.0, 11.0):
        assert metrics.string_width(text, size, bold) == stringWidth(text, font, size)


@given(TEXT, st.floats(min_value=3.0, max_value=20.0))
def test_any_text_measures_as_reportlab_measures_it(text: str, size: float) -> None:
    assert metrics.string_width(text, size) == stringWidth(text, metrics.FONT, size)
    assert metrics.string_width(text, size, True) == stringWidth(text, metrics.BOLD, size)


@given(TEXT, st.floats(min_value=5.0, max_value=12.0), st.floats(min_value=1.0, max_value=60.0))
def test_lines_break_where_reportlab_breaks_them(text: str, size: float, width: float) -> None:
    assert metrics.split_lines(text, size, width * mm) == simpleSplit(
        text, metrics.FONT, size, width * mm
    )


@pytest.mark.parametrize("text", SAMPLES)
def test_sample_lines_break_where_reportlab_breaks_them(text: str) -> None:
    for width in (5.0, 20.0, 38.0):
        assert metrics.split_lines(text, 8.0, width * mm) == simpleSplit(
            text, metrics.FONT, 8.0, width * mm
        )


def test_committed_widths_are_the_fonts() -> None:
    assert (ROOT / FONT_WIDTHS).read_text(encoding="utf-8") == font_widths_source()


def test_checking_content_loads_neither_reportlab_nor_lark() -> None:
    code = (
        "import sys\n"
        "from kemble_tools.compile.pipeline import compile_validated\n"
        "from kemble_tools.export.check import print_warnings\n"
        "from kemble_tools.validate.pipeline import validate_paths\n"
        "validation = validate_paths([])\n"
        "result = compile_validated(validation)\n"
        "assert result.ok and print_warnings(result.bundle, validation.catalog) == []\n"
        "print(sorted(m for m in ('reportlab', 'lark', 'svglib') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
