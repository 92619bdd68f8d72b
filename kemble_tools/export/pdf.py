"""The PDF backend of the card faces: a Painter on a ReportLab canvas, and the sheets' PDF. Only
what prints imports this module (sheets, images, TTS); checking content measures text with
`export/metrics.py`."""

from __future__ import annotations

import base64
import io
from functools import cache
from pathlib import Path
from typing import Any

import reportlab
from reportlab.graphics import renderPDF
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from kemble_tools.export.cards import PrintCard
from kemble_tools.export.layout import Rect, Sheet, crop_marks
from kemble_tools.export.metrics import BOLD, FONT, FONT_FILES
from kemble_tools.export.painter import Colour, Painter, Palette, resolve
from kemble_tools.export.sheets import SheetOptions, plan_pages

# the crop marks' colour: a near-black that prints as one ink (black) in CMYK
MARKS: Colour = ((0.10, 0.10, 0.12), (0.0, 0.0, 0.0, 0.9))


@cache
def register_fonts() -> None:
    """The card fonts, embedded in every PDF that uses them."""
    folder = Path(reportlab.__file__).parent / "fonts"
    for font, file_name in FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(font, str(folder / file_name)))


class PdfPainter(Painter):
    """Draws on a ReportLab canvas, in RGB or in CMYK for print shops, or in greys."""

    def __init__(
        self, canvas: Canvas, palette: Palette, cmyk: bool = False, grayscale: bool = False
    ) -> None:
        register_fonts()
        self.canvas, self.palette, self.cmyk, self.grayscale = canvas, palette, cmyk, grayscale

    def _colour(self, name: str) -> tuple[Any, ...]:
        rgb, cmyk = resolve(self.palette, name, self.grayscale)
        return cmyk if self.cmyk else rgb

    def _fill(self, name: str) -> None:
        if self.cmyk:
            self.canvas.setFillColorCMYK(*self._colour(name))
        else:
            self.canvas.setFillColorRGB(*self._colour(name))

    def _stroke(self, name: str) -> None:
        if self.cmyk:
            self.canvas.setStrokeColorCMYK(*self._colour(name))
        else:
            self.canvas.setStrokeColorRGB(*self._colour(name))

    def rect(self, box: Rect, colour: str, radius: float = 0.0) -> None:
        self._fill(colour)
        if radius:
            self.canvas.roundRect(
                box.x * mm,
                box.y * mm,
                box.width * mm,
                box.height * mm,
                radius * mm,
                stroke=0,
                fill=1,
            )
        else:
            self.canvas.rect(
                box.x * mm, box.y * mm, box.width * mm, box.height * mm, stroke=0, fill=1
            )

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str, width: float) -> None:
        self._stroke(colour)
        self.canvas.setLineWidth(width)
        self.canvas.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)

    def polygon(self, points: list[tuple[float, float]], colour: str) -> None:
        self._fill(colour)
        path = self.canvas.beginPath()
        path.moveTo(points[0][0] * mm, points[0][1] * mm)
        for x, y in points[1:]:
            path.lineTo(x * mm, y * mm)
        path.close()
        self.canvas.drawPath(path, stroke=0, fill=1)

    def circle(self, x: float, y: float, radius: float, colour: str) -> None:
        self._fill(colour)
        self.canvas.circle(x * mm, y * mm, radius * mm, stroke=0, fill=1)

    def picture(self, box: Rect, art: dict[str, str]) -> None:
        raw = base64.b64decode(art["data"])
        if art["format"] == "svg":
            from svglib.svglib import svg2rlg  # lxml and more: loaded only for SVG art

            drawing = svg2rlg(io.BytesIO(raw))
            if drawing is None or not drawing.width or not drawing.height:
                return
            scale = min(box.width * mm / drawing.width, box.height * mm / drawing.height)
            drawing.scale(scale, scale)
            x = box.x * mm + (box.width * mm - drawing.width * scale) / 2
            y = box.y * mm + (box.height * mm - drawing.height * scale) / 2
            renderPDF.draw(drawing, self.canvas, x, y)
            return
        self.canvas.drawImage(
            ImageReader(io.BytesIO(raw)),
            box.x * mm,
            box.y * mm,
            box.width * mm,
            box.height * mm,
            preserveAspectRatio=True,
            anchor="c",
            mask="auto",
        )

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        colour: str = "ink",
        bold: bool = False,
        align: str = "left",
    ) -> None:
        self._fill(colour)
        self.canvas.setFont(BOLD if bold else FONT, size)
        draw = {
            "left": self.canvas.drawString,
            "right": self.canvas.drawRightString,
            "centre": self.canvas.drawCentredString,
        }[align]
        draw(x * mm, y * mm, text)


def render_sheets(
    cards: list[PrintCard], options: SheetOptions, title: str = "Card sheets"
) -> bytes:
    """The PDF, deterministic byte for byte (ReportLab's invariant mode); `title` is its
    document title (sheets.sheets_title)."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("kemble_tools")
    marks = PdfPainter(canvas, {"marks": MARKS}, options.cmyk, options.grayscale)
    for page in plan_pages(cards, options):
        canvas.setPageSize((page.sheet.page[0] * mm, page.sheet.page[1] * mm))
        trim, bleed = page.sheet.trim_box, page.sheet.bleed_box
        canvas.setTrimBox(_points(trim))
        canvas.setBleedBox(_points(bleed))
        for slot, card in zip(page.sheet.slots, page.cards, strict=False):
            painter = PdfPainter(canvas, card.palette, options.cmyk, options.grayscale)
            (card.back if page.backs else card.front)(painter, slot, page.sheet.bleed)
        if options.crop_marks and not options.one_up:
            _draw_marks(marks, page.sheet, options.full_marks)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _points(rect: Rect) -> tuple[float, float, float, float]:
    return (rect.x * mm, rect.y * mm, rect.right * mm, rect.top * mm)


def _draw_marks(painter: Painter, sheet: Sheet, full: bool) -> None:
    for x1, y1, x2, y2 in crop_marks(sheet, full):
        painter.line(x1, y1, x2, y2, "marks", 0.25)
