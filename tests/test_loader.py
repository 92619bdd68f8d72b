"""The position-keeping YAML loader and its guards against hostile input."""

from __future__ import annotations

from pathlib import Path

from kemble_tools.load import yaml_loader
from kemble_tools.load.yaml_loader import load_bytes, load_file, load_text
from kemble_tools.load.yaml_nodes import YList, YMap


def test_values_and_positions_are_kept() -> None:
    doc, problems = load_text("a: 1\nb:\n  - x\n  - {c: 2.5, d: true, e: null}\n", "t.yaml")
    assert problems == [] and doc is not None
    assert doc.data == {"a": 1, "b": ["x", {"c": 2.5, "d": True, "e": None}]}
    assert isinstance(doc.data, YMap) and isinstance(doc.data["b"], YList)
    assert doc.position(("a",)) == (1, 4)
    assert doc.position(("b", 1, "d")) == (4, 17)
    assert doc.key_position(("b", 1, "d")) == (4, 14)
    # A path that does not exist points at its deepest existing ancestor.
    assert doc.position(("b", 1, "missing")) == (4, 5)


def test_yaml_12_scalars() -> None:
    doc, _ = load_text("a: 0x1f\nb: 0o17\nc: -.inf\nd: yes\ne: '12'\nf: 2026-01-01\n", "t.yaml")
    assert doc is not None
    assert doc.data["a"] == 31 and doc.data["b"] == 15 and doc.data["c"] == float("-inf")
    assert doc.data["d"] == "yes"  # YAML 1.2: only true/false are booleans
    assert doc.data["e"] == "12" and doc.data["f"] == "2026-01-01"


def test_merge_keys_and_anchors_share_positions() -> None:
    text = "base: &b {energy: 2, threat: 1}\ncard:\n  <<: *b\n  threat: 3\n"
    doc, problems = load_text(text, "t.yaml")
    assert problems == [] and doc is not None
    assert doc.data["card"] == {"energy": 2, "threat": 3}
    assert doc.position(("card", "energy")) == (1, 19)  # where the merged value was written


def test_duplicate_key_is_a_diagnostic() -> None:
    doc, problems = load_text("a: 1\nb: 2\na: 3\n", "t.yaml")
    assert doc is None
    assert [(p.code, p.line, p.column) for p in problems] == [("yaml.duplicate_key", 3, 1)]


def test_deep_nesting_is_refused_without_recursion() -> None:
    doc, problems = load_text("[" * 200_000, "t.yaml")
    assert doc is None and problems[0].code == "yaml.too_deep"


def test_billion_laughs_is_refused() -> None:
    lines = ["a0: &a0 [" + ", ".join(["lol"] * 10) + "]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 10)]
    doc, problems = load_text("\n".join(lines), "t.yaml")
    assert doc is None and problems[0].code == "yaml.too_many_nodes"


def test_invalid_utf8_names_the_position() -> None:
    doc, problems = load_bytes(b"a: 1\nb: caf\xe9\n", "t.yaml")
    assert doc is None
    assert [(p.code, p.line, p.column) for p in problems] == [("file.encoding", 2, 7)]


def test_bom_is_accepted() -> None:
    doc, problems = load_bytes("\ufeffa: 1\n".encode(), "t.yaml")
    assert problems == [] and doc is not None and doc.data == {"a": 1}


def test_control_character_is_a_diagnostic() -> None:
    doc, problems = load_text("a: b\x07\n", "t.yaml")
    assert doc is None and problems[0].code == "yaml.character"
    assert (problems[0].line, problems[0].column) == (1, 5)


def test_huge_file_is_refused_before_reading(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(yaml_loader, "MAX_FILE_BYTES", 100)
    path = tmp_path / "big.yaml"
    path.write_text("a: " + "x" * 200 + "\n")
    doc, problems = load_file(path)
    assert doc is None and problems[0].code == "file.too_large"


def test_unreadable_file_is_a_diagnostic(tmp_path: Path) -> None:
    doc, problems = load_file(tmp_path / "missing.yaml")
    assert doc is None and problems[0].code == "file.unreadable"
