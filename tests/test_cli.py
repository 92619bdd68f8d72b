"""The `kemble` command as a user runs it: exit codes and output formats (formats.md §1–2)."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import kemble

from conftest import ROOT

CORPUS = ROOT / "tests" / "corpus"


def test_shipped_content_validates_with_exit_0() -> None:
    run = kemble("validate")
    assert run.returncode == 0, run.stdout
    assert "no problems" in run.stdout


def test_invalid_input_exits_1_with_compiler_style_text() -> None:
    run = kemble("validate", "tests/corpus/schema_unknown_key.yaml")
    assert run.returncode == 1
    assert run.stdout.splitlines()[:4] == [
        "tests/corpus/schema_unknown_key.yaml:7:27: error: unknown key 'enrgy' in 'quadrants' "
        "item 1 [schema.unknown_key]",
        " 7 |       - {object: fighter, enrgy: 1}",
        "   |                           ^~~~~~",
        "  = hint: did you mean 'energy'?",
    ]
    assert "Traceback" not in run.stdout + run.stderr


def test_json_format_follows_the_contract() -> None:
    run = kemble("validate", "tests/corpus/schema_energy_text.yaml", "--format", "json")
    assert run.returncode == 1
    assert json.loads(run.stdout) == [
        {
            "file": "tests/corpus/schema_energy_text.yaml",
            "line": 7,
            "column": 35,
            "pointer": "/cards/0/quadrants/0/energy",
            "code": "schema.type",
            "severity": "error",
            "message": "'energy' must be a whole number, not 'two'",
        }
    ]


def test_sarif_format_is_sarif_2_1_0() -> None:
    run = kemble("validate", "tests/corpus/ref_unknown_object.yaml", "--format", "sarif")
    assert run.returncode == 1
    sarif = json.loads(run.stdout)
    assert sarif["version"] == "2.1.0"
    (result,) = sarif["runs"][0]["results"]
    assert result["ruleId"] == "ref.unknown" and result["level"] == "error"
    region = result["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 7, "startColumn": 18}
    rules = sarif["runs"][0]["tool"]["driver"]["rules"]
    assert rules[result["ruleIndex"]]["id"] == "ref.unknown"


def test_github_format_prints_workflow_commands() -> None:
    run = kemble("validate", "tests/corpus/ref_unknown_object.yaml", "--format", "github")
    assert run.returncode == 1
    first = run.stdout.splitlines()[0]
    assert first.startswith(
        "::error file=tests/corpus/ref_unknown_object.yaml,line=7,col=18,"
        "title=ref.unknown::unknown object kind 'figther'"
    )


def test_warnings_alone_exit_0() -> None:
    run = kemble("validate", "tests/corpus/file_modeline_missing.yaml")
    assert run.returncode == 0
    assert "warning" in run.stdout and "[file.modeline]" in run.stdout


def test_every_problem_is_reported_in_one_run_sorted() -> None:
    run = kemble("validate", str(CORPUS), "--format", "json")
    assert run.returncode == 1
    found = json.loads(run.stdout)
    keys = [(d["file"], d["line"], d["column"]) for d in found]
    assert keys == sorted(keys)
    assert len({d["file"] for d in found}) >= 40


def test_usage_errors_exit_2() -> None:
    assert kemble("validate", "--format", "xml").returncode == 2
    assert kemble("validate", "no/such/folder").returncode == 2
    assert kemble("no-such-command").returncode == 2


def test_help_joins_each_command_summary_into_sentences() -> None:
    from typer.testing import CliRunner

    from kemble_tools.cli import app

    text = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "300"}).output
    # one line per command when the terminal is wide: no break where the docstring's line ended
    line = next(line for line in text.splitlines() if " validate " in line)
    assert "the effect compiler, and whether their cards print" in line
    assert "every problem (nothing is written)" in line


def test_build_writes_its_report_atomically(tmp_path: Path) -> None:
    run = kemble("build", "--out", str(tmp_path / "out"))  # the run's shared solution cache
    assert run.returncode == 0, run.stdout
    assert "validate:" in run.stdout and "compile:" in run.stdout and "sheets:" in run.stdout
    assert "solve: 8 scenarios, 6 solvable, 2 unsolvable, 0 unknown" in run.stdout
    assert json.loads((tmp_path / "out" / "diagnostics.json").read_text()) == []
    bundle = json.loads((tmp_path / "out" / "kemble.bundle.json").read_text())
    assert bundle["dsl_version"] == 1
    # Only finished files: no temporary file is left beside them (the cache is elsewhere).
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [
        "bossins-space",  # the other shipped game's outputs (its bundle so far)
        "diagnostics.json",
        "kemble-sheets.pdf",
        "kemble.bundle.json",
        "site",
        "solutions.json",
    ]
    scenario = (tmp_path / "out" / "site" / "scenarios" / "solo-06.html").read_text()
    assert '<dd id="verdict-value">solvable</dd>' in scenario  # the site shows the verdicts
    assert '<dd id="difficulty">perfection</dd>' in scenario
    other = json.loads((tmp_path / "out" / "bossins-space" / "kemble.bundle.json").read_text())
    assert other["game"] == "bossins-space" and len(other["enemies"]) == 34
    # the second game's scenarios are solved beside Kemble's; its crew games are left out
    assert "solve: bs-crew-01 is left out: a crew scenario is played by `kemble run`" in run.stdout
    solved = json.loads((tmp_path / "out" / "bossins-space" / "solutions.json").read_text())
    assert {s["scenario"] for s in solved} == {
        p.stem for p in Path("scenarios/bossins-space").glob("bs-solo-*.yaml")
    }


def test_validate_works_from_another_folder(tmp_path: Path) -> None:
    expansion = tmp_path / "exp"
    expansion.mkdir()
    (expansion / "objects.yaml").write_text(
        "# yaml-language-server: $schema=schema/objects.schema.json\nkind: objects\n"
        "objects:\n  - {id: nebula, name: Nebula, blocks_shots: false, enterable: true,"
        " enemy: false}\n"
    )
    run = kemble("validate", "exp", "--format", "json", cwd=tmp_path)
    assert run.returncode == 0, run.stdout


def test_a_replayed_script_the_rules_refuse_is_reported_and_nothing_written(
    tmp_path: Path,
) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("battle\nmove Q\n", encoding="utf-8")
    out = tmp_path / "site"
    run = kemble("site", "--out", str(out), "--replay", f"solo-01={script}")
    assert run.returncode == 1 and "line 2: move Q" in run.stderr and "R-MOV-1" in run.stderr
    assert not out.exists()
    good = tmp_path / "good.txt"
    good.write_text((ROOT / "tests/scripts/solo-01-opening.txt").read_text(), encoding="utf-8")
    run = kemble("site", "--out", str(out), "--replay", f"solo-01={good}")
    assert run.returncode == 0 and "a scripted line" in (out / "scenarios/solo-01.html").read_text()
