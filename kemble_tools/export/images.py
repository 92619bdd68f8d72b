"""`kemble export images`: one image per card face, SVG (vector) or PNG (rasterised)."""

from __future__ import annotations

import io

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from kemble_tools.export.faces import PdfPainter, SvgPainter, register_fonts
from kemble_tools.export.layout import Rect
from kemble_tools.export.sheets import PrintCard


def card_svg(card: PrintCard) -> str:
    """The card face at its trim size, in millimetres."""
    register_fonts()  # text is measured with the same font metrics as in the PDF
    painter = SvgPainter(*card.size)
    card.front(painter, Rect(0, 0, *card.size), 0.0)
    return painter.document()


def card_pdf(card: PrintCard) -> bytes:
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(card.size[0] * mm, card.size[1] * mm), invariant=1)
    card.front(PdfPainter(canvas), Rect(0, 0, *card.size), 0.0)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def card_png(card: PrintCard, dpi: int = 300) -> bytes:
    """The face rasterised by PDFium from the same drawing as the sheets."""
    return pdf_page_png(card_pdf(card), 0, dpi)


def pdf_page_png(pdf: bytes, page: int, dpi: int) -> bytes:
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[page].render(scale=dpi / 72).to_pil()
    finally:
        document.close()
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False)
    return out.getvalue()
