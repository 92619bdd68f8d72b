"""`kemble watch` and its workspace: an edit re-reads one file and reports what a full run
would, cross-file references included."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.export.check import print_warnings
from kemble_tools.validate.pipeline import validate_paths
from kemble_tools.workbench.workspace import Workspace

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def content(tmp_path: Path) -> Path:
    for name in ("cards", "scenarios", "schema"):  # the schema: so that modelines resolve
        shutil.copytree(ROOT / name, tmp_path / name)
    return tmp_path


def _full(roots: list[Path]) -> set:
    validation = validate_paths(roots, with_base=False)
    result = compile_validated(validation)
    printed = print_warnings(result.bundle, validation.catalog) if result.bundle else []
    return {*result.diagnostics, *printed}


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    stat = path.stat()  # a new stamp even within the file system's clock resolution
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))


EDITS = [
    # (file, old, new, a code the edit must bring)
    (
        "cards/kembles-cascade/decks/s1.yaml",
        "  - id: S1-01\n",
        "  - id: S1-01x\n",
        "schema.pattern",
    ),
    (
        "cards/kembles-cascade/objects.yaml",
        "  - id: fighter\n",
        "  - id: fighterr\n",
        "ref.unknown",
    ),
    (
        "cards/kembles-cascade/powerups.yaml",
        "do: [extra_moves: 2]",
        "do: [extra_moves: x]",
        "dsl.unknown_selector",
    ),
    ("scenarios/kembles-cascade/solo-01.yaml", "[S1-05, A1-20]", "[S1-05, A1-99]", "ref.unknown"),
]


@pytest.mark.parametrize(("name", "old", "new", "code"), EDITS, ids=[e[3] + e[0] for e in EDITS])
def test_an_edit_rereads_one_file_and_agrees_with_a_full_run(
    content: Path, name: str, old: str, new: str, code: str
) -> None:
    roots = [content / "cards", content / "scenarios"]
    workspace = Workspace(roots, with_base=False)
    first = workspace.check()
    assert len(first.changed) == first.files and set(first.diagnostics) == _full(roots)
    _replace(content / name, old, new)
    after = workspace.check()
    assert [Path(c).name for c in after.changed] == [Path(name).name]
    assert set(after.diagnostics) == _full(roots)
    assert code in {d.code for d in after.diagnostics}
    _replace(content / name, new, old)
    fixed = workspace.check()
    assert set(fixed.diagnostics) == set(first.diagnostics)
    assert fixed.bundle is not None


def test_a_renamed_object_kind_is_reported_in_every_file_that_uses_it(content: Path) -> None:
    workspace = Workspace([content / "cards", content / "scenarios"], with_base=False)
    workspace.check()
    _replace(
        content / "cards/kembles-cascade/objects.yaml", "  - id: fighter\n", "  - id: fighterr\n"
    )
    check = workspace.check()
    files = {Path(d.file).name for d in check.diagnostics if d.code == "ref.unknown"}
    assert {"s1.yaml", "a1.yaml"} <= files, "unchanged files are checked against the new names"


def test_unsaved_buffers_replace_the_files_on_disk(content: Path) -> None:
    workspace = Workspace([content / "cards"], with_base=False)
    deck = content / "cards/kembles-cascade/decks/s1.yaml"
    text = deck.read_text(encoding="utf-8").replace("  - id: S1-01\n", "  - id: S1-01x\n")
    check = workspace.check({deck: text})
    assert any(d.code == "schema.pattern" and d.line == 9 for d in check.diagnostics)
    assert deck.read_text(encoding="utf-8") != text, "nothing is written"
    assert not any(d.code == "schema.pattern" for d in workspace.check().diagnostics)


def test_a_deleted_and_a_new_file_are_seen(content: Path) -> None:
    workspace = Workspace([content / "cards", content / "scenarios"], with_base=False)
    workspace.check()
    (content / "scenarios/kembles-cascade/solo-08.yaml").unlink()
    assert not any("solo-08" in d.file for d in workspace.check().diagnostics)
    (content / "cards/broken.yaml").write_text("kind: objects\nobjects: [\n", encoding="utf-8")
    check = workspace.check()
    assert [Path(c).name for c in check.changed] == ["broken.yaml"]
    assert any(
        d.file.endswith("broken.yaml") and d.code == "yaml.syntax" for d in check.diagnostics
    )


def _watcher(cwd: Path, *args: str) -> subprocess.Popen[str]:
    """`kemble watch` in its own process, its output read line by line as it comes."""
    return subprocess.Popen(
        [sys.executable, "-m", "kemble_tools.cli", "watch", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        cwd=cwd,
    )


def _read_until(stream, marker: str, deadline: float) -> list[str]:
    lines = []
    while time.monotonic() < deadline:
        line = stream.readline()
        if not line:
            break
        lines.append(line)
        if marker in line:
            return lines
    raise AssertionError(f"no {marker!r} in the watcher's output: {''.join(lines)}")


def test_watch_prints_new_diagnostics_on_save_and_redraws_the_cards(content: Path) -> None:
    images = content / "images"
    watcher = _watcher(
        content, "--no-base", "--images", str(images), str(content / "cards"),
        str(content / "scenarios"),
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        first = _read_until(watcher.stdout, "watching for changes", deadline)
        assert any("files checked: no problems" in line for line in first), first
        assert (images / "S1-01.svg").is_file()
        time.sleep(0.5)
        before = (images / "S1-01.svg").stat().st_mtime_ns
        deck = content / "cards/kembles-cascade/decks/s1.yaml"
        _replace(deck, "  - id: S1-01\n", "  - id: S1-01x\n")
        lines = _read_until(watcher.stdout, "files checked", deadline)
        text = "".join(lines)
        assert "changed: cards/kembles-cascade/decks/s1.yaml" in text and "[schema.pattern]" in text
        assert "files checked: 2 errors" in text, "the card and the scenario that uses it"
        time.sleep(0.3)
        _replace(deck, "  - id: S1-01x\n", "  - id: S1-01\n")
        lines = _read_until(watcher.stdout, "files checked", deadline)
        files = len([*content.glob("cards/**/*.yaml"), *content.glob("scenarios/**/*.yaml")])
        assert f"2 fixed · {files} files checked: no problems" in lines[-1]
        time.sleep(0.3)
        assert (images / "S1-01.svg").stat().st_mtime_ns == before, "it looks the same"
        first_quadrant = "  - id: S1-01\n    quadrants:\n      - {object: fighter, energy: "
        _replace(deck, first_quadrant + "1,", first_quadrant + "2,")
        lines = _read_until(watcher.stdout, "files checked", deadline)
        redrawn = _read_until(watcher.stdout, "redrawn:", deadline)
        assert "redrawn: 1 card image" in redrawn[-1], "only the card that changed"
        assert (images / "S1-01.svg").stat().st_mtime_ns > before
    finally:
        watcher.terminate()
        watcher.wait(timeout=10)


def test_a_changed_picture_redraws_the_card_that_shows_it(tmp_path: Path) -> None:
    from PIL import Image

    shutil.copytree(ROOT / "schema", tmp_path / "schema")
    folder = tmp_path / "exp"
    (folder / "art").mkdir(parents=True)
    Image.new("RGB", (40, 30), (90, 40, 160)).save(folder / "art" / "nebula.png")
    (folder / "n1.yaml").write_text(
        "# yaml-language-server: $schema=../schema/space-cards.schema.json\n"
        "kind: space_cards\ndeck: {code: N1, name: Nebula}\ncards:\n"
        "  - id: N1-01\n    quadrants: [{object: empty, art: art/nebula.png}, {object: empty}]\n"
        "  - id: N1-02\n    quadrants: [{object: empty}, {object: empty}]\n",
        encoding="utf-8",
    )
    images = tmp_path / "images"
    watcher = _watcher(tmp_path, "--images", str(images), str(folder))
    try:
        deadline = time.monotonic() + 60
        _read_until(watcher.stdout, "watching for changes", deadline)
        before = (images / "N1-01.svg").read_text(encoding="utf-8")
        time.sleep(0.5)
        Image.new("RGB", (40, 30), (200, 180, 20)).save(folder / "art" / "nebula.png")
        redrawn = _read_until(watcher.stdout, "redrawn:", deadline)
        assert "redrawn: 1 card image" in redrawn[-1], "N1-01 only: N1-02 shows no picture"
        assert (images / "N1-01.svg").read_text(encoding="utf-8") != before
    finally:
        watcher.terminate()
        watcher.wait(timeout=10)
