"""An expansion's own loop: the README `kemble new expansion` writes shows commands that work as
written, and a scenario run without its expansion's folder says which folder to add."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from cli_helpers import kemble

SLOW = ("watch", "build")  # watch never ends; build is tested on an expansion in test_expansion


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A designer's project folder with an expansion made in `expansions/`."""
    root = tmp_path_factory.mktemp("project")
    run = kemble("new", "expansion", "deep-space", "--in", "expansions", cwd=root)
    assert run.returncode == 0, run.stderr
    return root


def readme_commands(readme: Path) -> list[list[str]]:
    block = re.search(r"```sh\n(.*?)```", readme.read_text(encoding="utf-8"), re.S)
    assert block is not None
    lines = [line.split("#")[0].strip() for line in block[1].splitlines()]
    return [shlex.split(line) for line in lines if line]


def test_every_command_the_readme_shows_works_as_written(project: Path) -> None:
    commands = readme_commands(project / "expansions" / "deep-space" / "README.md")
    assert {c[1] for c in commands} >= {"validate", "fmt", "solve", "run", "build", "watch"}
    for words in commands:
        assert words[0] == "kemble"
        if words[1] in SLOW:
            continue
        run = kemble(*words[1:], cwd=project, stdin="")  # `run --interactive`: no input
        assert run.returncode == 0, (words, run.stdout[-2000:], run.stderr[-2000:])
        if words[1] == "solve":
            assert "deep-space-01" in run.stdout and "solvable" in run.stdout


@pytest.mark.parametrize("command", ["solve", "run"])
def test_a_scenario_without_its_folder_names_the_folder_to_add(project: Path, command: str) -> None:
    scenario = "expansions/deep-space/scenarios/deep-space-01.yaml"
    extra = ["--interactive"] if command == "run" else []
    run = kemble(command, scenario, *extra, cwd=project, stdin="")
    assert run.returncode == 1
    hint = (
        "hint: the card 'DEEX-01' is defined in expansions/deep-space/ — add that folder: "
        f"kemble {command} {scenario} expansions/deep-space"
    )
    assert hint in run.stdout, run.stdout


def test_the_hinted_command_solves_only_the_scenario_it_names(project: Path) -> None:
    folder = project / "expansions" / "deep-space"
    made = kemble("new", "scenario", "deep-space-02", "--in", str(folder), cwd=project)
    assert made.returncode == 0, made.stderr
    try:
        scenario = "expansions/deep-space/scenarios/deep-space-02.yaml"
        run = kemble("solve", scenario, "expansions/deep-space", "--json", cwd=project)
        assert run.returncode == 0, run.stderr
        assert json.loads(run.stdout)["scenario"] == "deep-space-02"  # one answer, not a list
    finally:
        (folder / "scenarios" / "deep-space-02.yaml").unlink()
