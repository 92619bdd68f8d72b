"""The committed JSON Schemas: valid 2020-12 schemas, in sync with their definitions, closed."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from kemble_tools.games.kembles_cascade.validate.schemas import (
    KINDS,
    TOOL_KINDS,
    render,
    schema_file_name,
    schema_for,
)

ALL_KINDS = (*KINDS, *TOOL_KINDS)

ROOT = Path(__file__).resolve().parents[1]
SCHEMA_DIR = ROOT / "schema" / "kembles-cascade"
# where the schemas were before there were several games: the modelines of files written then
# name these paths, so each keeps a generated copy there
LEGACY_DIR = ROOT / "schema"


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_committed_schema_matches_its_definition(kind: str) -> None:
    committed = (SCHEMA_DIR / schema_file_name(kind)).read_text(encoding="utf-8")
    assert committed == render(kind), "run `kemble generate`"


@pytest.mark.parametrize("folder", [SCHEMA_DIR, LEGACY_DIR], ids=["game", "legacy"])
def test_no_stray_schema_files(folder: Path) -> None:
    assert sorted(p.name for p in folder.glob("*.json")) == sorted(
        schema_file_name(k) for k in ALL_KINDS
    )


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_the_schemas_old_paths_hold_the_same_schemas(kind: str) -> None:
    name = schema_file_name(kind)
    legacy = (LEGACY_DIR / name).read_text(encoding="utf-8")
    assert legacy == (SCHEMA_DIR / name).read_text(encoding="utf-8"), "run `kemble generate`"


def test_check_jsonschema_checks_a_shipped_file_with_a_schemas_old_path() -> None:
    """What a modeline written before the game folders names still judges a file."""
    checker = shutil.which("check-jsonschema")
    if checker is None:
        pytest.skip("check-jsonschema is not installed (the test extras bring it)")
    legacy = LEGACY_DIR / "scenario.schema.json"
    shipped = ROOT / "scenarios" / "kembles-cascade" / "solo-01.yaml"
    done = subprocess.run(
        [checker, "--schemafile", str(legacy), str(shipped)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_schema_is_a_valid_2020_12_schema_with_an_id(kind: str) -> None:
    schema = schema_for(kind)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].startswith("urn:kemble-tools:schema:")


def _objects(node: object) -> list[dict]:
    if isinstance(node, dict):
        own = [node] if node.get("type") == "object" and "properties" in node else []
        return own + [o for value in node.values() for o in _objects(value)]
    if isinstance(node, list):
        return [o for item in node for o in _objects(item)]
    return []


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_every_object_with_named_keys_is_closed(kind: str) -> None:
    """A misspelt key must be an error, never silently ignored."""
    for obj in _objects(schema_for(kind)):
        assert obj.get("additionalProperties") is False or "propertyNames" in obj, json.dumps(obj)[
            :200
        ]


def test_every_content_file_names_its_schema() -> None:
    root = ROOT
    for path in sorted(root.glob("cards/**/*.yaml")) + sorted(root.glob("scenarios/**/*.yaml")):
        first = path.read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# yaml-language-server: $schema="), path
        target = (path.parent / first.split("=", 1)[1]).resolve()
        game = path.relative_to(root).parts[1]  # cards/<game>/…, scenarios/<game>/…
        assert target.is_file() and target.parent == ROOT / "schema" / game, path


def test_generate_command_checks_and_rewrites(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from kemble_tools.cli import app

    runner = CliRunner()
    args = ["generate", "--root", str(tmp_path)]
    assert runner.invoke(app, [*args, "--check"]).exit_code == 1
    assert runner.invoke(app, args).exit_code == 0
    assert runner.invoke(app, [*args, "--check"]).exit_code == 0
    assert (tmp_path / "docs" / "dsl.md").is_file()


def _refers_to_itself(schema: dict, name: str) -> bool:
    """Whether a definition reaches itself through the references of the definitions it uses."""
    refs = {
        key: set(re.findall(r'"#/\$defs/(\w+)"', json.dumps(value)))
        for key, value in schema["$defs"].items()
    }
    reached, frontier = set(), set(refs[name])
    while frontier:
        reached |= frontier
        frontier = {ref for key in frontier for ref in refs.get(key, ())} - reached
    return name in reached


@pytest.mark.parametrize("kind", KINDS)
def test_inlined_schemas_judge_as_the_committed_ones(kind: str) -> None:
    """validate checks against each schema with its non-recursive `$ref`s inlined (no lookups):
    the same errors as the schema itself on every corpus file of that kind, and no `$ref` left
    but those of recursive definitions."""
    from kemble_tools.load.yaml_loader import load_file
    from kemble_tools.validate.pipeline import detect_kind
    from kemble_tools.validate.schema_check import Validator, inline_refs

    schema = schema_for(kind)
    inlined = inline_refs(schema)
    left = set(re.findall(r'"\$ref": "#/\$defs/(\w+)"', json.dumps(inlined)))
    assert left == {name for name in schema.get("$defs", {}) if _refers_to_itself(schema, name)}
    checked = 0
    root = ROOT
    files = [*(root / "tests" / "corpus").rglob("*.yaml"), *(root / "cards").rglob("*.yaml")]
    for path in sorted(files):
        doc, _ = load_file(path)
        if doc is None or detect_kind(doc, path)[0] != kind:
            continue
        checked += 1
        errors = [
            (e.message, list(e.absolute_path)) for e in Validator(schema).iter_errors(doc.data)
        ]
        fast = [
            (e.message, list(e.absolute_path)) for e in Validator(inlined).iter_errors(doc.data)
        ]
        assert sorted(map(str, fast)) == sorted(map(str, errors)), path.name
    assert checked > 0
