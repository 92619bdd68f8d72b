"""`kemble new`: every skeleton validates as written, and its `$schema=` line resolves."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import kemble

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.games.kembles_cascade import scaffold
from kemble_tools.validate.pipeline import MODELINE_PREFIX, validate_paths

ONE_OF_EACH = [
    ("deck", "N1"),
    ("space-card", "N1-03"),  # added to the deck file written just before
    ("space-card", "Q2-01"),  # a deck file of its own
    ("boss", "KRAKEN"),
    ("object", "space_mine"),
    ("object", "gas_cloud"),  # appended to objects.yaml
    ("upgrade", "rail_gun"),
    ("powerup", "boost"),
    ("sensor", "15"),
    ("mission", "hunter"),
    ("achievement", "ace"),
    ("variant", "fast"),
    ("scenario", "nebula-01"),
]


def _modeline_resolves(path: Path) -> bool:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(MODELINE_PREFIX)
    return (path.parent / first[len(MODELINE_PREFIX) :]).is_file()


def test_one_of_every_kind_compiles_with_no_problem(tmp_path: Path) -> None:
    folder = tmp_path / "exp"
    for kind, item_id in ONE_OF_EACH:
        path, text = scaffold.plan(kind, item_id, folder)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    result = compile_validated(validate_paths([folder]))
    # The two new object kinds are on no card yet: a warning each says so (issue 20).
    assert [(d.code, d.severity) for d in result.diagnostics] == [("object.unused", "warning")] * 2
    bundle = result.bundle
    assert bundle is not None
    assert bundle["decks"]["N1"]["cards"] == ["N1-01", "N1-02", "N1-03"]
    assert {"space_mine", "gas_cloud"} <= set(bundle["objects"])
    assert "BOSS-KRAKEN-4" in bundle["cards"] and "KRAKEN" in bundle["bosses"]
    for name in ("rail_gun", "boost", "hunter", "ace", "fast", "nebula-01"):
        assert any(
            name in bundle[section] for section in bundle if isinstance(bundle[section], dict)
        )
    assert 15 in {sensor["number"] for sensor in bundle["sensors"]}
    written = sorted(folder.rglob("*.yaml"))
    assert len(written) == 11 and all(_modeline_resolves(path) for path in written)
    # comments survive in the written files: they are the skeleton's documentation
    assert "# energy = shots to destroy it" in (folder / "decks" / "n1.yaml").read_text()


def test_expansion_folder_validates_and_uses_its_own_cards(tmp_path: Path) -> None:
    run = kemble("new", "expansion", "deep-space", "--in", str(tmp_path))
    assert run.returncode == 0, run.stderr
    root = tmp_path / "deep-space"
    assert (root / "README.md").is_file()
    result = compile_validated(validate_paths([root]))
    assert result.diagnostics == [] and result.bundle is not None
    scenario = result.bundle["scenarios"]["deep-space-01"]
    assert scenario["rows"][0] == ["DEEX-01", "DEEX-02"]
    objects = {q["object"] for q in result.bundle["cards"]["DEEX-01"]["quadrants"]}
    assert "deep_space_raider" in objects


@pytest.mark.parametrize(
    ("kind", "item_id", "message"),
    [
        ("object", "mine", "already defined at"),  # a base-game object kind
        ("object", "Mine", "not a valid object id"),
        ("sensor", "500", "not a valid sensor id"),
        ("space-card", "S1-99", "deck 'S1' is already defined"),  # its deck is elsewhere
        ("boss", "CANNONRAM", "already defined"),
    ],
)
def test_refuses_what_would_not_validate(
    tmp_path: Path, kind: str, item_id: str, message: str
) -> None:
    run = kemble("new", kind, item_id, "--in", str(tmp_path))
    assert run.returncode == 1 and message in run.stderr
    assert not any(tmp_path.iterdir()), "nothing is written when the id is refused"


def test_appends_only_to_a_block_list_at_the_end(tmp_path: Path) -> None:
    path = tmp_path / "powerups.yaml"
    _, text = scaffold.plan("powerup", "boost", tmp_path)
    path.write_text(text.replace("powerups:\n", "powerups: # mine\n"), encoding="utf-8")
    _, appended = scaffold.plan("powerup", "second_boost", tmp_path)
    assert appended.startswith(path.read_text()) and "  - id: second_boost\n" in appended
    path.write_text(appended, encoding="utf-8")
    with pytest.raises(scaffold.ScaffoldError, match="'boost' is already defined at"):
        scaffold.plan("powerup", "boost", tmp_path)
    path.write_text(appended + "notes: after the list\n", encoding="utf-8")
    with pytest.raises(scaffold.ScaffoldError, match="by hand"):
        scaffold.plan("powerup", "third", tmp_path)


def test_validate_warns_when_the_schema_path_leads_nowhere(tmp_path: Path) -> None:
    _, text = scaffold.plan("powerup", "boost", tmp_path)
    lost = text.replace("$schema=", "$schema=../nowhere/", 1)
    (tmp_path / "powerups.yaml").write_text(lost, encoding="utf-8")
    (diagnostic,) = validate_paths([tmp_path]).diagnostics
    assert diagnostic.code == "file.modeline" and diagnostic.severity == "warning"
    assert "does not lead to a file" in diagnostic.message
    assert (diagnostic.line, diagnostic.column) == (1, len(MODELINE_PREFIX) + 1)
    hint = diagnostic.hint.removeprefix("use ")
    assert (tmp_path / hint).is_file(), "the hint is a path that resolves"
