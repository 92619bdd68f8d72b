"""A game no line of the core knows: Comet Run (tests/toy_game) is installed as a distribution
of its own (an entry point on the path, as a third party's package would be) and goes through
validate, compile, run, solve, export, site and build beside Kemble's Cascade."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]
TOY = ROOT / "tests" / "toy_game" / "content"
SCENARIOS = TOY / "scenarios"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of a machine where Comet Run's distribution is installed."""
    site = tmp_path_factory.mktemp("site-packages")
    meta = site / "comet_run-0.1.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: comet-run\nVersion: 0.1\n")
    (meta / "entry_points.txt").write_text(
        "[kemble_tools.games]\ncomet-run = toy_game.plugin:PLUGIN\n"
    )
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT / "tests")])}


def kemble(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "kemble_tools.cli", *args]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


def test_the_toy_is_found_and_listed_with_its_commands(installed: dict[str, str]) -> None:
    run = kemble(installed, "games", "--json")
    assert run.returncode == 0, run.stderr
    games = {game["id"]: game for game in json.loads(run.stdout)["games"]}
    assert sorted(games) == ["bossins-space", "comet-run", "kembles-cascade"]
    assert games["comet-run"]["title"] == "Comet Run"
    assert set(games["comet-run"]["commands"]) == {
        "validate", "compile", "run", "solve", "export", "site"
    }  # fmt: skip


def test_one_validate_run_checks_both_games_and_reports_every_problem(
    installed: dict[str, str], tmp_path: Path
) -> None:
    clean = kemble(installed, "validate", str(TOY))
    assert clean.returncode == 0, clean.stdout + clean.stderr
    shipped = len(list(ROOT.glob("cards/**/*.yaml")) + list(ROOT.glob("scenarios/**/*.yaml")))
    checked = f"{shipped + 5} files checked: no problems"  # every shipped game's and the toy's
    assert checked in clean.stdout
    bad = tmp_path / "bad.yaml"
    text = (SCENARIOS / "first-run.yaml").read_text(encoding="utf-8")
    bad.write_text(text.replace("ship: skiff", "ship: yacht").replace("first-run", "bad"))
    kemble_bad = tmp_path / "sensors.yaml"
    kemble_bad.write_text("kind: sensors\nsensors:\n  - number: five\n")
    run = kemble(installed, "validate", str(TOY / "cards"), str(bad), str(kemble_bad))
    assert run.returncode == 1
    assert f"{bad.name}:6:7: error: no ship is 'yacht'" in run.stdout  # the toy's own check
    assert "[cr.unknown_card]" in run.stdout and "= hint: hauler, skiff" in run.stdout
    assert f"{kemble_bad.name}:3:13: error:" in run.stdout  # Kemble's, in the same run


def test_a_file_naming_an_unknown_game_is_an_error_at_its_key(
    installed: dict[str, str], tmp_path: Path
) -> None:
    stray = tmp_path / "stray.yaml"
    stray.write_text("game: comet-runn\nkind: ships\nships: []\n")
    run = kemble(installed, "validate", "--no-base", str(stray))
    assert run.returncode == 1
    assert "stray.yaml:1:7: error:" in run.stdout and "did you mean 'comet-run'" in run.stdout


def test_compile_writes_a_bundle_per_game(installed: dict[str, str], tmp_path: Path) -> None:
    run = kemble(installed, "compile", str(TOY), "--out", str(tmp_path))
    assert run.returncode == 0, run.stdout + run.stderr
    kemble_bundle = json.loads((tmp_path / "kemble.bundle.json").read_text())
    toy_bundle = json.loads((tmp_path / "comet-run" / "kemble.bundle.json").read_text())
    assert kemble_bundle["game"] == "kembles-cascade" and "cards" in kemble_bundle
    assert toy_bundle["game"] == "comet-run"
    assert sorted(toy_bundle["scenarios"]) == ["first-run", "no-way", "shuffled"]
    assert toy_bundle["hazards"]["iceberg"] == {
        "id": "iceberg", "name": "Iceberg", "armour": 3, "damage": 3, "salvage": 5
    }  # fmt: skip


def test_run_plays_a_toy_script_and_refuses_with_the_toy_rule(
    installed: dict[str, str], tmp_path: Path
) -> None:
    script = tmp_path / "line.txt"
    script.write_text("blast  # pebble\nbrace\ndodge\nblast\n")
    run = kemble(installed, "run", str(SCENARIOS / "first-run.yaml"), "--actions", str(script))
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout == "hull 1  fuel 0  score 2/2\nfacing nothing; 0 left; won\n"  # R-CR-6
    state = kemble(
        installed, "run", str(SCENARIOS / "first-run.yaml"), "--actions", str(script), "--json"
    )
    assert json.loads(state.stdout)["outcome"] == "won"
    script.write_text("blast\nblast\n")  # the boulder's armour 2 beats the skiff's guns 1
    refused = kemble(installed, "run", str(SCENARIOS / "first-run.yaml"), "--actions", str(script))
    assert refused.returncode == 1
    assert "line.txt:2: 'blast' is not allowed" in refused.stderr and "(R-CR-3)" in refused.stderr
    assert "dodge" in refused.stderr and "brace" in refused.stderr  # what is legal instead


def test_solve_proves_the_toy_scenarios(installed: dict[str, str]) -> None:
    run = kemble(installed, "solve", str(SCENARIOS), "--json")
    assert run.returncode == 0, run.stdout + run.stderr
    found = {answer["scenario"]: answer for answer in json.loads(run.stdout)}
    assert found["first-run"]["verdict"] == "solvable"
    assert found["first-run"]["witness"] == ["blast", "brace", "dodge", "blast"]
    assert found["no-way"]["verdict"] == "unsolvable"  # two icebergs, one dodge: R-CR-5
    assert found["shuffled"]["verdict"] == "solvable"


def test_export_draws_the_toy_cards_on_the_generic_sheets(
    installed: dict[str, str], tmp_path: Path
) -> None:
    run = kemble(installed, "export", "sheets", str(TOY), "--no-base", "--out", str(tmp_path))
    assert run.returncode == 0, run.stdout + run.stderr
    pdf = PdfReader(tmp_path / "comet-run" / "kemble-sheets.pdf")
    text = "".join(page.extract_text() for page in pdf.pages)
    for name in ("Skiff", "Hauler", "Pebble", "Boulder", "Iceberg", "guns 2", "salvage 5"):
        assert name in text
    assert not (tmp_path / "kemble-sheets.pdf").exists()  # Kemble's content was not read


@pytest.fixture(scope="module")
def built(installed: dict[str, str], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`kemble build` of the shipped game and the toy: one run, every stage of both."""
    out = tmp_path_factory.mktemp("build")
    run = kemble(installed, "build", str(TOY), "--out", str(out))
    assert run.returncode == 0, run.stdout + run.stderr
    return out


def test_build_writes_every_games_outputs(built: Path) -> None:
    for name in ("kemble.bundle.json", "kemble-sheets.pdf", "solutions.json", "site/index.html"):
        assert (built / name).is_file()
    for name in ("kemble.bundle.json", "kemble-sheets.pdf", "solutions.json"):
        assert (built / "comet-run" / name).is_file()
    toy = json.loads((built / "comet-run" / "solutions.json").read_text())
    assert {s["scenario"]: s["verdict"] for s in toy} == {
        "first-run": "solvable", "no-way": "unsolvable", "shuffled": "solvable"
    }  # fmt: skip
    kemble_solutions = json.loads((built / "solutions.json").read_text())
    assert len(kemble_solutions) == 8


def test_one_site_has_a_section_per_game(built: Path) -> None:
    top = (built / "site" / "index.html").read_text(encoding="utf-8")
    assert '<a class="game" href="comet-run/index.html">Comet Run</a>' in top
    toy = (built / "site" / "comet-run" / "index.html").read_text(encoding="utf-8")
    assert "<title>" in toy and "Comet Run catalogue" in toy
    assert '<a class="game" href="../index.html">Kemble' in toy
    for page in ("cards/iceberg.html", "scenarios/first-run.html", "img/skiff.svg"):
        assert (built / "site" / "comet-run" / page).is_file()
    skiff = (built / "site" / "comet-run" / "cards" / "skiff.html").read_text(encoding="utf-8")
    assert '<a href="../scenarios/first-run.html">first-run</a>' in skiff  # where it is played
    assert (
        '"outcome":"won"'
        in (built / "site" / "comet-run" / "scenarios" / "first-run.html").read_text()
    )


def test_fmt_lays_out_the_toy_files_too(installed: dict[str, str], tmp_path: Path) -> None:
    clean = kemble(installed, "fmt", "--check", str(TOY))
    assert clean.returncode == 0, clean.stdout + clean.stderr
    messy = tmp_path / "ships.yaml"
    messy.write_text((TOY / "cards" / "ships.yaml").read_text().replace("\n  ", "\n    "))  # 4
    assert kemble(installed, "fmt", "--check", str(messy)).returncode == 1
    assert kemble(installed, "fmt", str(messy)).returncode == 0
    assert messy.read_text() == (TOY / "cards" / "ships.yaml").read_text()


def test_the_toy_schema_files_are_its_schemas() -> None:
    """The modelines of the toy's files name these files: they must be what validation uses."""
    from toy_game.content_hooks import SCHEMAS, Validation

    for kind, name in Validation.kinds.items():
        written = json.loads((TOY / "schema" / name).read_text(encoding="utf-8"))
        assert written == SCHEMAS[kind]


def test_kemble_site_writes_a_catalogue_per_game(installed: dict[str, str], tmp_path: Path) -> None:
    out = tmp_path / "site"
    run = kemble(installed, "site", str(TOY), "--out", str(out))
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"-> {out / 'index.html'}" in run.stdout
    assert f"-> {out / 'comet-run' / 'index.html'}" in run.stdout
    assert '<a class="game" href="comet-run/index.html">Comet Run</a>' in (
        out / "index.html"
    ).read_text(encoding="utf-8")
    assert (out / "comet-run" / "scenarios" / "no-way.html").is_file()
