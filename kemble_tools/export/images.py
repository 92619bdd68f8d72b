"""`kemble export images`: one image per card face (and back), SVG (vector) or PNG (rasterised,
with bleed for print shops); `kemble export tts`: Tabletop Simulator deck sheets."""

from __future__ import annotations

import io
from typing import Any

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from kemble_tools.export.cards import PrintCard
from kemble_tools.export.layout import Rect
from kemble_tools.export.painter import SvgPainter
from kemble_tools.export.pdf import PdfPainter


def card_svg(card: PrintCard, back: bool = False) -> str:
    """The card face (or back) at its trim size, in millimetres."""
    painter = SvgPainter(*card.size, card.palette)
    (card.back if back else card.front)(painter, Rect(0, 0, *card.size), 0.0)
    return painter.document()


def card_pdf(card: PrintCard, bleed: float = 0.0, back: bool = False) -> bytes:
    """One card on a page of its trim size plus `bleed` mm on every side."""
    width, height = card.size[0] + 2 * bleed, card.size[1] + 2 * bleed
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width * mm, height * mm), invariant=1)
    draw = card.back if back else card.front
    draw(PdfPainter(canvas, card.palette), Rect(bleed, bleed, *card.size), bleed)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def card_png(card: PrintCard, dpi: int = 300, bleed: float = 0.0, back: bool = False) -> bytes:
    """The face (or back) rasterised by PDFium from the same drawing as the sheets, with its
    resolution recorded in the PNG (pHYs), as print shops' upload checks read it."""
    return pdf_page_png(card_pdf(card, bleed, back), 0, dpi)


def pdf_page_png(pdf: bytes, page: int, dpi: int) -> bytes:
    return _png(_render(pdf, page, dpi), dpi)


def _render(pdf: bytes, page: int, dpi: int) -> Any:
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    try:
        return document[page].render(scale=dpi / 72).to_pil()
    finally:
        document.close()


def _png(image: Any, dpi: int) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, dpi=(dpi, dpi))
    return out.getvalue()


# --- Tabletop Simulator ---------------------------------------------------------------------------

TTS_COLUMNS, TTS_ROWS = 10, 7  # TTS reads a custom deck as one grid image of at most 10 x 7
PER_SHEET = TTS_COLUMNS * TTS_ROWS - 1  # TTS keeps the last slot for the hidden-card image


def tts_decks(decks: dict[str, list[PrintCard]], dpi: int) -> Any:
    """For each deck: a grid image of its faces (10 x 7, 69 cards at most; bigger decks take
    several sheets), its back, and the saved-object JSON that TTS imports (Objects > Saved Objects).
    Yields (name, bytes) pairs; the JSON names the images by their file names, to be replaced
    by the URLs they are uploaded to (TTS needs the images online to share a table)."""
    import json

    from PIL import Image

    for code, members in decks.items():
        sheets = [members[i : i + PER_SHEET] for i in range(0, len(members), PER_SHEET)]
        custom, contained = {}, []
        for number, sheet in enumerate(sheets, start=1):
            faces = [Image.open(io.BytesIO(card_png(card, dpi))).convert("RGB") for card in sheet]
            width, height = faces[0].size
            grid = Image.new("RGB", (width * TTS_COLUMNS, height * TTS_ROWS), "black")
            for index, face in enumerate(faces):
                row, column = divmod(index, TTS_COLUMNS)
                grid.paste(face.resize((width, height)), (column * width, row * height))
            face_name, back_name = f"{code}-{number}-faces.png", f"{code}-{number}-back.png"
            yield face_name, _png(grid, dpi)
            yield back_name, card_png(sheet[0], dpi, back=True)
            custom[str(number)] = {
                "FaceURL": face_name,
                "BackURL": back_name,
                "NumWidth": TTS_COLUMNS,
                "NumHeight": TTS_ROWS,
                "BackIsHidden": True,
                "UniqueBack": False,
            }
            for index, card in enumerate(sheet):
                card_id = number * 100 + index
                contained.append(
                    {
                        "Name": "Card",
                        "Nickname": card.id,
                        "CardID": card_id,
                        "Transform": _TRANSFORM,
                    }
                )
        deck = {
            "Name": "DeckCustom",
            "Nickname": code,
            "Transform": _TRANSFORM,
            "DeckIDs": [card["CardID"] for card in contained],
            "CustomDeck": custom,
            "ContainedObjects": contained,
        }
        yield f"{code}.json", json.dumps({"ObjectStates": [deck]}, indent=2) + "\n"


_TRANSFORM = {"posX": 0, "posY": 1, "posZ": 0, "rotX": 0, "rotY": 180, "rotZ": 180,
              "scaleX": 1, "scaleY": 1, "scaleZ": 1}  # fmt: skip
