"""What card faces draw on: the `Painter`, in millimetres from the bottom-left corner, with
colours named from the game's palette (`CardHooks.palette`), and its SVG backend (card images,
the site's pictures). The PDF backend is `pdf.PdfPainter`; `check.BoxPainter` only measures.

A colour is given twice, as RGB for screens and as CMYK for print shops (all 0-1), so that each
backend prints exactly what the game chose.
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import AbstractContextManager, nullcontext
from html import escape

from kemble_tools.export.layout import Rect

RGB = tuple[float, float, float]
CMYK = tuple[float, float, float, float]
Colour = tuple[RGB, CMYK]
Palette = Mapping[str, Colour]


class Painter:
    """The drawing routines every backend gives a card's face and back."""

    def rect(self, box: Rect, colour: str, radius: float = 0.0) -> None:
        raise NotImplementedError

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str, width: float) -> None:
        raise NotImplementedError

    def polygon(self, points: list[tuple[float, float]], colour: str) -> None:
        raise NotImplementedError

    def circle(self, x: float, y: float, radius: float, colour: str) -> None:
        raise NotImplementedError

    def picture(self, box: Rect, art: dict[str, str]) -> None:
        """A PNG or SVG picture (`{"format", "data"}` from the bundle), fitted into `box`."""
        raise NotImplementedError

    def mark(self) -> AbstractContextManager[None]:
        """Everything drawn inside is one mark (a shield and its letter), for layout checks;
        the drawing backends ignore it."""
        return nullcontext()

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
        raise NotImplementedError


def grey(colour: Colour) -> Colour:
    """A colour as the grey of its luminance (Rec. 709), in RGB and as black ink in CMYK: what a
    greyscale print shows, so that symbols must differ in shape to stay readable."""
    red, green, blue = colour[0]
    level = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return (level, level, level), (0.0, 0.0, 0.0, 1.0 - level)


def resolve(palette: Palette, name: str, grayscale: bool) -> Colour:
    """A named colour of the palette, or its grey."""
    return grey(palette[name]) if grayscale else palette[name]


class SvgPainter(Painter):
    """Collects SVG elements for one image of `width` x `height` mm (y grows downwards)."""

    POINT = 25.4 / 72  # a typographic point in mm

    def __init__(
        self, width: float, height: float, palette: Palette, grayscale: bool = False
    ) -> None:
        self.width, self.height = width, height
        self.palette, self.grayscale = palette, grayscale
        self.elements: list[str] = []

    def colour(self, name: str) -> str:
        red, green, blue = resolve(self.palette, name, self.grayscale)[0]
        return f"#{round(red * 255):02x}{round(green * 255):02x}{round(blue * 255):02x}"

    def _y(self, y: float) -> float:
        return self.height - y

    def rect(self, box: Rect, colour: str, radius: float = 0.0) -> None:
        self.elements.append(
            f'<rect x="{box.x:.2f}" y="{self._y(box.top):.2f}" width="{box.width:.2f}" '
            f'height="{box.height:.2f}" rx="{radius:.2f}" fill="{self.colour(colour)}"/>'
        )

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str, width: float) -> None:
        self.elements.append(
            f'<line x1="{x1:.2f}" y1="{self._y(y1):.2f}" x2="{x2:.2f}" y2="{self._y(y2):.2f}" '
            f'stroke="{self.colour(colour)}" stroke-width="{width * self.POINT:.2f}"/>'
        )

    def polygon(self, points: list[tuple[float, float]], colour: str) -> None:
        pairs = " ".join(f"{x:.2f},{self._y(y):.2f}" for x, y in points)
        self.elements.append(f'<polygon points="{pairs}" fill="{self.colour(colour)}"/>')

    def circle(self, x: float, y: float, radius: float, colour: str) -> None:
        self.elements.append(
            f'<circle cx="{x:.2f}" cy="{self._y(y):.2f}" r="{radius:.2f}" '
            f'fill="{self.colour(colour)}"/>'
        )

    def picture(self, box: Rect, art: dict[str, str]) -> None:
        kind = "svg+xml" if art["format"] == "svg" else "png"
        self.elements.append(
            f'<image x="{box.x:.2f}" y="{self._y(box.top):.2f}" width="{box.width:.2f}" '
            f'height="{box.height:.2f}" preserveAspectRatio="xMidYMid meet" '
            f'href="data:image/{kind};base64,{art["data"]}"/>'
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
        anchor = {"left": "start", "right": "end", "centre": "middle"}[align]
        weight = ' font-weight="bold"' if bold else ""
        self.elements.append(
            f'<text x="{x:.2f}" y="{self._y(y):.2f}" font-family="Bitstream Vera Sans, DejaVu '
            f'Sans, sans-serif" font-size="{size * self.POINT:.2f}"{weight} '
            f'text-anchor="{anchor}" fill="{self.colour(colour)}">{escape(text)}</text>'
        )

    def document(self) -> str:
        body = "\n".join(self.elements)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:g}mm" '
            f'height="{self.height:g}mm" viewBox="0 0 {self.width:g} {self.height:g}">\n'
            f"{body}\n</svg>\n"
        )
