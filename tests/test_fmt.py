"""`kemble fmt`: one canonical layout, idempotent, never a change to what the content means."""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pytest
from cli_helpers import kemble
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.dsl.ir import to_json
from kemble_tools.load.content import base_content_dirs
from kemble_tools.load.yaml_loader import load_text
from kemble_tools.validate.pipeline import validate_paths
from kemble_tools.workbench.fmt import WIDTH, FormatError, format_text, wrap_flow

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted(p for d in base_content_dirs() for p in d.rglob("*.yaml"))


def _messy(text: str, indent: int, width: int) -> str:
    """The same document laid out differently: other indentation, ruamel's own wrapping."""
    yaml = YAML()
    yaml.indent(mapping=indent, sequence=indent + 2, offset=indent)
    yaml.width = width
    yaml.preserve_quotes = True
    out = io.StringIO()
    yaml.dump(yaml.load(text), out)
    return out.getvalue()


def _aligned(text: str) -> str:
    """End-of-line comments keep the column they are at (an author's alignment)."""
    return re.sub(r" +#", " #", text)


def _without_spans(value: object) -> object:
    if isinstance(value, dict):
        return {k: _without_spans(v) for k, v in value.items() if k != "span"}
    if isinstance(value, list):
        return [_without_spans(v) for v in value]
    return value


def test_shipped_content_is_formatted() -> None:
    run = kemble("fmt", "--check")
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"0 of {len(SHIPPED)} files would be reformatted" in run.stdout


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_messy_layouts_come_back_to_the_shipped_file(path: Path) -> None:
    """Other indentation comes back exactly; ruamel's own wrapping at 60 columns comes back
    to the same data in a fixed point (folded text keeps the breaks it is given: an author's
    `>-` paragraph is theirs to break)."""
    text = path.read_text(encoding="utf-8")
    assert format_text(text) == text
    assert _aligned(format_text(_messy(text, 4, 4096))) == _aligned(text)
    once = format_text(_messy(text, 2, 60))
    assert format_text(once) == once
    assert load_text(once, "a")[0].data == load_text(text, "b")[0].data
    if ": >" not in text and ": |" not in text:
        assert _aligned(once) == _aligned(text)


def test_formatting_never_changes_the_bundle(tmp_path: Path) -> None:
    """The shipped content re-laid out, then formatted, compiles to the same bundle (source
    positions aside: the lines move)."""
    root = ROOT
    for path in SHIPPED:
        target = tmp_path / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(_messy(path.read_text(encoding="utf-8"), 4, 60), encoding="utf-8")
    run = kemble("fmt", str(tmp_path / "cards"), str(tmp_path / "scenarios"))
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"of {len(SHIPPED)} files reformatted" in run.stdout
    shipped = compile_validated(validate_paths([])).bundle
    moved = compile_validated(
        validate_paths([tmp_path / "cards", tmp_path / "scenarios"], with_base=False)
    ).bundle
    assert moved is not None and shipped is not None
    assert _without_spans(to_json(moved)) == _without_spans(to_json(shipped))


def test_keeps_comments_anchors_order_and_quotes() -> None:
    text = (
        "# yaml-language-server: $schema=../schema/objects.schema.json\n"
        "kind: objects   # the kind\n"
        "objects:\n"
        "    - id: fighter\n"
        "      name: 'Fighter'\n"
        "      enemy: true\n"
        "      blocks_shots: true\n"
        "      enterable: true\n"
        "      effects: &hit\n"
        "        # ramming\n"
        "        - {on: on_enter,    do: [gain_energy: 1]}\n"
        "    - {id: cruiser, name: Cruiser, blocks_shots: true, enterable: true, enemy: true,"
        " effects: *hit}\n"
    )
    out = format_text(text)
    assert out.splitlines()[:4] == [
        "# yaml-language-server: $schema=../schema/objects.schema.json",
        "kind: objects   # the kind",
        "objects:",
        "  - id: fighter",
    ]
    assert "name: 'Fighter'" in out and "# ramming" in out
    assert "effects: &hit" in out and "effects: *hit}" in out
    assert "- {on: on_enter, do: [gain_energy: 1]}" in out
    assert out.index("enemy: true") < out.index("blocks_shots: true"), "author's key order kept"
    assert format_text(out) == out


def test_long_flow_collections_wrap_between_items_only() -> None:
    line = "      - {" + ", ".join(f"key_{i}: {{count: {i}, direction: S}}" for i in range(8)) + "}"
    wrapped = wrap_flow(line)
    assert len(wrapped) > 1 and all(len(part) <= WIDTH for part in wrapped)
    assert all(part.startswith(" " * 9) for part in wrapped[1:]), "aligned after the brace"
    assert all(not part.endswith(" ") for part in wrapped)
    assert "".join(p.strip() + (" " if p.endswith(",") else "") for p in wrapped).replace(
        ", ", ","
    ) == line.strip().replace(", ", ",")


def test_bad_yaml_is_reported_with_its_position_and_nothing_is_written(tmp_path: Path) -> None:
    bad = tmp_path / "objects.yaml"
    original = "kind: objects\nobjects: [\n  {id: x\n"
    bad.write_text(original, encoding="utf-8")
    run = kemble("fmt", str(tmp_path))
    assert run.returncode == 1 and "objects.yaml:" in run.stdout and "error" in run.stdout
    assert bad.read_text(encoding="utf-8") == original
    with pytest.raises(FormatError):
        format_text(original)


def test_other_yaml_files_are_left_alone(tmp_path: Path) -> None:
    workflow = tmp_path / "ci.yml"
    workflow.write_text("on:    push\njobs: {a:    1}\n", encoding="utf-8")
    run = kemble("fmt", "--check", str(tmp_path))
    assert run.returncode == 0 and "0 of 0 files" in run.stdout


def test_check_fails_on_a_file_that_would_change(tmp_path: Path) -> None:
    shutil.copy(ROOT / "cards" / "kembles-cascade" / "powerups.yaml", tmp_path / "powerups.yaml")
    messy = _messy((tmp_path / "powerups.yaml").read_text(), 4, 60)
    (tmp_path / "powerups.yaml").write_text(messy, encoding="utf-8")
    run = kemble("fmt", "--check", str(tmp_path))
    assert run.returncode == 1 and "would reformat" in run.stdout
    assert (tmp_path / "powerups.yaml").read_text() == messy, "--check changes nothing"
    assert kemble("fmt", str(tmp_path)).returncode == 0
    assert kemble("fmt", "--check", str(tmp_path)).returncode == 0


# --- property: fmt(fmt(x)) == fmt(x), and the data never changes ------------------------------

KEYS = st.sampled_from(["id", "name", "energy", "threat", "do", "on", "rows", "text", "a_b"])
SCALARS = st.one_of(
    st.integers(-999, 999),
    st.booleans(),
    st.none(),
    st.text(
        st.characters(codec="utf-8", categories=["L", "N", "Zs", "P"], exclude_characters="\x85"),
        max_size=30,
    ),
)


def _styled(draw: st.DrawFn, value: object) -> object:
    if isinstance(value, dict):
        node = CommentedMap((k, _styled(draw, v)) for k, v in value.items())
        if draw(st.booleans()):
            node.fa.set_flow_style()
        return node
    if isinstance(value, list):
        node = CommentedSeq(_styled(draw, v) for v in value)
        if draw(st.booleans()):
            node.fa.set_flow_style()
        return node
    return value


@st.composite
def documents(draw: st.DrawFn) -> str:
    tree = draw(
        st.recursive(
            SCALARS,
            lambda inner: st.lists(inner, max_size=6) | st.dictionaries(KEYS, inner, max_size=6),
            max_leaves=40,
        )
    )
    root = {"kind": "objects", "objects": tree}
    yaml = YAML()
    indent = draw(st.sampled_from([2, 3, 4]))
    yaml.indent(mapping=indent, sequence=indent + 2, offset=indent)
    yaml.width = draw(st.sampled_from([40, 80, 120, 1000]))
    out = io.StringIO()
    yaml.dump(_styled(draw, root), out)
    return out.getvalue()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_fmt_is_idempotent_and_keeps_the_data(text: str) -> None:
    try:
        once = format_text(text)
    except FormatError:
        return  # refused as a whole (the loader's limits): nothing to compare
    assert format_text(once) == once
    before, _ = load_text(text, "a.yaml")
    after, _ = load_text(once, "a.yaml")
    assert before is not None and after is not None and after.data == before.data
