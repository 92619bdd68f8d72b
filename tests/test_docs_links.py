"""The project's documents stand on their own: every relative link in the README and docs/ leads
to a file of the project, and none points outside the clone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_relative_links_lead_to_project_files(document: Path) -> None:
    text = document.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        path = (document.parent / target.split("#", 1)[0]).resolve()
        assert path.is_relative_to(ROOT), f"{document.name} links outside the project: {target}"
        assert path.exists(), f"{document.name} links to a missing file: {target}"


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_no_document_sends_readers_outside_the_clone(document: Path) -> None:
    assert "../shared" not in document.read_text(encoding="utf-8")
