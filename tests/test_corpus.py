"""The bad-input corpus: every case gives exactly the diagnostics it declares."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.validate.pipeline import validate_paths

CORPUS = Path(__file__).parent / "corpus"
EXPECT = re.compile(r"^# expect: (\S+) (\d+):(\d+)$", re.MULTILINE)
CASES = sorted(p for p in CORPUS.iterdir() if p.suffix == ".yaml" or p.is_dir())


def _expected(case: Path) -> set[tuple[str, str, int, int]]:
    files = sorted(case.rglob("*.yaml")) if case.is_dir() else [case]
    found = set()
    for file in files:
        name = file.relative_to(CORPUS.parent.parent).as_posix()
        for code, line, column in EXPECT.findall(file.read_text(encoding="utf-8")):
            found.add((name, code, int(line), int(column)))
    return found


def test_corpus_is_large_enough() -> None:
    assert len(CASES) >= 40
    assert all(_expected(case) for case in CASES), "every case declares what it expects"


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_case_gives_exactly_its_diagnostics(case: Path) -> None:
    """Validation, then (when it passes) compilation: what `kemble compile` reports."""
    result = compile_validated(validate_paths([case]))
    got = {(d.file, d.code, d.line, d.column) for d in result.diagnostics}
    assert got == _expected(case)
    assert result.bundle is None or all(d.severity == "warning" for d in result.diagnostics)


def test_hints_suggest_the_near_miss() -> None:
    result = validate_paths([CORPUS / "schema_unknown_key.yaml"])
    (diagnostic,) = result.diagnostics
    assert diagnostic.hint == "did you mean 'energy'?"
    assert diagnostic.pointer == "/cards/0/quadrants/0/enrgy"
