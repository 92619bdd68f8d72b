"""Pictures that content names (a card's art): found beside the file that names them, never
outside its folder (nothing outside the content is ever read: see load/content.py)."""

from __future__ import annotations

from pathlib import Path

from kemble_tools.load.yaml_loader import Document

ART_SUFFIXES, MAX_ART_BYTES = (".png", ".svg"), 2 * 1024 * 1024


def art_file(doc: Document, art: str) -> Path | None:
    """The picture a file names, if it is a PNG or SVG file inside the file's folder."""
    folder = Path(doc.file).parent.resolve()
    try:
        target = (folder / art).resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    inside = target.is_relative_to(folder) and target.is_file()
    return target if inside and target.suffix.lower() in ART_SUFFIXES else None
