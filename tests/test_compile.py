"""The compile stage: the shipped content compiles, deterministically, to the golden bundle."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kemble_tools.bundle import render_bundle
from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.dsl.ir import Act, Effect, from_json, to_json
from kemble_tools.games.kembles_cascade.vocabulary import OWNED_HOST, VOCABULARY
from kemble_tools.validate.pipeline import validate_paths

ROOT = Path(__file__).resolve().parents[1]
GOLDEN = ROOT / "tests" / "golden" / "kemble.bundle.json"


@pytest.fixture(scope="module")
def bundle() -> dict:
    result = compile_validated(validate_paths([]))
    assert result.diagnostics == [] and result.bundle is not None
    return result.bundle


def test_bundle_matches_the_golden_file(bundle: dict) -> None:
    """Set KEMBLE_UPDATE_GOLDEN=1 to accept a deliberate change (then review the diff)."""
    text = render_bundle(bundle)
    if os.environ.get("KEMBLE_UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_bundle_is_byte_identical_from_any_folder(tmp_path: Path) -> None:
    outputs = []
    for cwd in (ROOT, tmp_path):
        out = tmp_path / f"out-{len(outputs)}"
        run = subprocess.run(
            [sys.executable, "-m", "kemble_tools.cli", "compile", "--out", str(out)],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == 0, run.stdout + run.stderr
        outputs.append((out / "kemble.bundle.json").read_bytes())
    assert outputs[0] == outputs[1] == GOLDEN.read_bytes()


def test_ir_survives_a_json_round_trip(bundle: dict) -> None:
    data = to_json(bundle)
    assert to_json(from_json(json.loads(json.dumps(data)))) == data


def _acts(node: object) -> list[Act]:
    """Every action anywhere in the bundle, nested ones included."""
    if isinstance(node, Act):
        return [node, *_acts(list(node.args.values()))]
    if isinstance(node, Effect):
        return _acts(node.actions)
    if isinstance(node, dict):
        return _acts(list(node.values()))
    if isinstance(node, (list, tuple)):
        return [act for item in node for act in _acts(item)]
    return []


def test_every_action_is_used_by_shipped_content(bundle: dict) -> None:
    used = {act.action for act in _acts(bundle)}
    assert set(VOCABULARY.actions) - used == set()


def _effects(bundle: dict) -> list[tuple[str, list[Effect]]]:
    found = [(f"object {k}", v["effects"]) for k, v in bundle["objects"].items()]
    found += [
        (f"upgrade {k} {lv['level']}", lv["effects"])
        for k, v in bundle["upgrades"].items()
        for lv in v["levels"]
    ]
    found += [(f"sensor {s['number']}", s["effects"]) for s in bundle["sensors"]]
    for section in ("powerups", "missions", "achievements"):
        found += [(f"{section} {k}", v["effects"]) for k, v in bundle[section].items()]
    found += [
        (f"boss {b} {r}", rule["effects"])
        for b, boss in bundle["bosses"].items()
        for r, rule in boss["special_rules"].items()
    ]
    return found


def test_every_shipped_effect_has_card_text(bundle: dict) -> None:
    for name, effects in _effects(bundle):
        host = (
            OWNED_HOST
            if name.split()[0] in ("upgrade", "sensor", "powerups", "missions", "achievements")
            else "quadrant"
        )
        text = VOCABULARY.text(effects, host)
        assert bool(text) == bool(effects), name
        assert "{" not in text and "None" not in text, (name, text)


def test_card_text_reads_like_rules(bundle: dict) -> None:
    objects = bundle["objects"]
    assert VOCABULARY.text(objects["mine"]["effects"][:1]) == (
        "When a ship moves here: deal 2 damage to that player, then destroy this (no reward)."
    )
    assert VOCABULARY.text(objects["black_hole"]["effects"][:1]) == (
        "When a ship moves here: that player is destroyed."
    )
    assert VOCABULARY.text(bundle["powerups"]["smoke_screen"]["effects"], OWNED_HOST) == (
        "Play on your turn: you remove 3 threat, then your turn ends."
    )
    assert (
        VOCABULARY.text(bundle["upgrades"]["engine"]["levels"][0]["effects"], OWNED_HOST)
        == "Your moves +1."
    )


def test_spans_lead_back_to_the_yaml(bundle: dict) -> None:
    effect = bundle["objects"]["mine"]["effects"][0]
    assert effect.span.file == "cards/kembles-cascade/objects.yaml"
    line = (ROOT / effect.span.file).read_text().splitlines()[effect.span.line - 1]
    assert line[effect.span.column - 1 :].startswith("on: on_enter")


def test_compile_refuses_invalid_content_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "kemble_tools.cli",
            "compile",
            str(ROOT / "tests" / "corpus" / "dsl_unknown_selector.yaml"),
            "--out",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1
    assert "[dsl.unknown_selector]" in run.stdout and "Traceback" not in run.stderr
    assert not out.exists()
