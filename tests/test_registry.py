"""The game registry: games are plugins found through entry points (also in a distribution of
their own), a broken plugin never stops the others, and a file's `game:` names a known game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from cli_helpers import kemble

from kemble_tools.core.registry import (
    GameInfo,
    GamePlugin,
    register_game,
    registry,
    unregister_game,
)
from kemble_tools.games.kembles_cascade.plugin import PLUGIN
from kemble_tools.validate.pipeline import validate_paths

ROOT = Path(__file__).resolve().parents[1]
TOY_INFO = GameInfo(
    id="toy-orbit",
    title="Toy Orbit",
    designers=("The kemble_tools tests",),
    publisher="none",
    year=None,
    players=(1, 1),
    solo_forms=("the only form",),
    licence_note="made up for the tests",
)


@dataclass(frozen=True)
class Toy:
    info: GameInfo = TOY_INFO
    implicit: bool = False

    def content_kinds(self) -> dict[str, str]:
        return {"orbits": "orbits.schema.json"}

    def commands(self) -> frozenset[str]:
        return frozenset()

    def content_counts(self, paths: list[Any]) -> dict[str, int]:
        return {"orbits": 0}


def _point(name: str, load: Any) -> SimpleNamespace:
    return SimpleNamespace(name=name, load=load)


def test_kembles_cascade_is_found_through_its_entry_point() -> None:
    found = registry()
    assert found.broken == {}
    assert found.games["kembles-cascade"] is PLUGIN and isinstance(PLUGIN, GamePlugin)
    assert found.implicit_game() is PLUGIN  # files that name no game stay Kemble's


def test_a_broken_plugin_is_reported_and_the_others_load() -> None:
    def fails() -> Any:
        raise ImportError("No module named 'missing_engine'")

    found = registry(lambda: [_point("broken-game", fails), _point("toy", lambda: Toy())])
    assert found.ids() == ["toy-orbit"]
    assert found.broken == {"broken-game": "ImportError: No module named 'missing_engine'"}


def test_what_is_not_a_game_or_clashes_is_refused() -> None:
    points = [
        _point("0-kembles-cascade", lambda: PLUGIN),
        _point("a-not-a-game", lambda: object()),
        _point("b-toy", lambda: Toy()),
        _point("c-same-id", lambda: Toy(info=replace(TOY_INFO, title="Another"))),
        _point("d-second-implicit", lambda: Toy(info=replace(TOY_INFO, id="x"), implicit=True)),
    ]
    found = registry(lambda: points)
    assert sorted(found.broken) == ["a-not-a-game", "c-same-id", "d-second-implicit"]
    assert "second game claiming" in found.broken["d-second-implicit"]
    assert found.ids() == ["kembles-cascade", "toy-orbit"]


def _scenario(tmp_path: Path, game: str | None) -> Path:
    text = (ROOT / "scenarios" / "kembles-cascade" / "solo-01.yaml").read_text(encoding="utf-8")
    text = text.replace("id: solo-01", "id: named-01")
    lines = text.splitlines(keepends=True)
    if game is not None:
        lines.insert(1, f"game: {game}\n")
    path = tmp_path / "scenarios" / "named-01.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(lines), encoding="utf-8")
    return path


def test_a_file_may_name_kembles_cascade(tmp_path: Path) -> None:
    validation = validate_paths([_scenario(tmp_path, "kembles-cascade")])
    assert [d.code for d in validation.diagnostics if d.severity.value == "error"] == []


def test_an_unknown_game_is_a_positioned_error_naming_the_known_ones(tmp_path: Path) -> None:
    (found,) = [d for d in validate_paths([_scenario(tmp_path, "kembles-cascde")]).diagnostics]
    assert (found.code, found.line, found.column) == ("file.game", 2, 7)
    assert found.hint == "did you mean 'kembles-cascade'?"
    (found,) = validate_paths([_scenario(tmp_path, "chess")]).diagnostics
    assert "kembles-cascade" in (found.hint or "")
    run = kemble("validate", str(tmp_path))
    assert run.returncode == 1 and "unknown game 'chess'" in run.stdout


def test_a_registered_game_these_stages_cannot_check_is_said_so(tmp_path: Path) -> None:
    toy = Toy()
    register_game(toy)
    try:
        (found,) = validate_paths([_scenario(tmp_path, "toy-orbit")]).diagnostics
    finally:
        unregister_game(toy)
    assert found.code == "file.game_unsupported" and "Toy Orbit" in found.message


def test_kemble_games_lists_kembles_cascade_with_its_content() -> None:
    run = kemble("games", "--json")
    assert run.returncode == 0, run.stderr
    games = {game["id"]: game for game in json.loads(run.stdout)["games"]}
    game = games["kembles-cascade"]
    assert game["id"] == "kembles-cascade" and game["designers"] == ["Anthony Rando", "Mike Gnade"]
    assert game["content"]["space cards"] == 119 and game["content"]["scenarios"] == 8
    assert "solve" in game["commands"] and game["files_without_game"] is True


def test_a_game_in_a_distribution_of_its_own_is_discovered(tmp_path: Path) -> None:
    # an installed distribution is a *.dist-info folder on the path: its entry_points.txt names
    # the plugin, and the core finds it without a line that knows the game
    (tmp_path / "toy_orbit.py").write_text(
        "from dataclasses import dataclass\n"
        "from kemble_tools.core.registry import GameInfo\n"
        "@dataclass(frozen=True)\n"
        "class Toy:\n"
        "    info = GameInfo('toy-orbit', 'Toy Orbit', ('Tests',), 'none', None, (1, 1), (), '')\n"
        "    implicit = False\n"
        "    def content_kinds(self): return {}\n"
        "    def commands(self): return frozenset()\n"
        "    def content_counts(self, paths): return {'orbits': 3}\n"
        "PLUGIN = Toy()\n",
        encoding="utf-8",
    )
    meta = tmp_path / "toy_orbit-0.1.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-orbit\nVersion: 0.1\n")
    (meta / "entry_points.txt").write_text("[kemble_tools.games]\ntoy-orbit = toy_orbit:PLUGIN\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "kemble_tools.cli", "games", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    listed = {game["id"]: game for game in json.loads(done.stdout)["games"]}
    assert sorted(listed) == ["bossins-space", "kembles-cascade", "toy-orbit"]
    assert listed["toy-orbit"]["content"] == {"orbits": 3}
    assert listed["toy-orbit"]["commands"] == []


@pytest.mark.parametrize("kind", sorted(PLUGIN.content_kinds()))
def test_every_kemble_schema_accepts_the_game_key(kind: str) -> None:
    schema = json.loads(
        (ROOT / "schema" / "kembles-cascade" / PLUGIN.content_kinds()[kind]).read_text()
    )
    assert schema["properties"]["game"] == {
        "const": "kembles-cascade",
        "description": "The game this file is for; without it, The Battle at Kemble's Cascade.",
    }


def test_a_bundle_says_its_game_and_one_of_an_unknown_game_is_refused(tmp_path: Path) -> None:
    from kemble_tools.bundle import read_bundle

    text = (ROOT / "tests" / "golden" / "kemble.bundle.json").read_text(encoding="utf-8")
    assert read_bundle(text)["game"] == "kembles-cascade"
    assert "objects" in read_bundle(text.replace(' "game": "kembles-cascade",\n', ""))  # older
    other = tmp_path / "other.bundle.json"
    other.write_text(text.replace('"game": "kembles-cascade"', '"game": "chess"'), encoding="utf-8")
    with pytest.raises(ValueError, match="'chess', which is not installed"):
        read_bundle(other.read_text(encoding="utf-8"))
    run = kemble("stats", "--bundle", str(other))
    assert run.returncode == 1 and "'chess', which is not installed" in run.stderr
