"""Shared helpers for the tests."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _at_project_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Diagnostics name files relative to the working directory; run every test from the root."""
    monkeypatch.chdir(ROOT)


@pytest.fixture(scope="session", autouse=True)
def _shared_solution_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Every `kemble build` of the run shares one solution cache (KEMBLE_SOLUTION_CACHE): the
    shipped scenarios are solved once, not once per test that builds. The cache's own tests
    give their builds a folder of their own."""
    base = tmp_path_factory.getbasetemp()
    run = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # one per run
    os.environ["KEMBLE_SOLUTION_CACHE"] = str(run / "solutions")


@pytest.fixture(scope="session")
def shipped_bundle() -> dict[str, Any]:
    """The shipped content compiled once per test process: the very object that
    `engine_helpers.base_bundle()` returns. Shared, so read it and copy what a test changes."""
    from engine_helpers import base_bundle

    return base_bundle()


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def schema_line(kind_file: str, depth: int) -> str:
    """A modeline for a file `depth` folders below the project root... or anywhere, by path."""
    return f"# yaml-language-server: $schema={'../' * depth}schema/{kind_file}.schema.json\n"


os.environ.setdefault("COLUMNS", "120")
