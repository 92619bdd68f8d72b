"""`kemble build`'s solve step: decided within a limit of engine states (never seconds), failing
at the scenario's own line when it cannot check what the scenario states, and cached by what
each scenario can reach, without ever changing a byte of `solutions.json`."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import kemble

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.load.content import display_name
from kemble_tools.solve import ANALYSIS_STATES
from kemble_tools.solve.cli import BUILD_ANALYSIS_STATES, BUILD_LIMITS, build_solutions
from kemble_tools.solve.reach import reach
from kemble_tools.solve.runner import Job, solve_scenario
from kemble_tools.validate.pipeline import validate_paths

ROOT = Path(__file__).resolve().parents[1]
DECK = """kind: space_cards
deck: {code: T9, name: Test deck}
cards:
  - id: T9-01
    quadrants: [{object: empty}, {object: empty}]
  - id: T9-02
    quadrants: [{object: empty}, {object: fighter, energy: 1, threat: 1, reward: {glory: 1}}]
  - id: T9-03
    quadrants: [{object: asteroid}, {object: empty}]
"""


def scenario_text(source: str, new_id: str, *changes: tuple[str, str]) -> str:
    text = (ROOT / "scenarios" / "kembles-cascade" / f"{source}.yaml").read_text(encoding="utf-8")
    for old, new in (f"id: {source}", f"id: {new_id}"), *changes:
        assert old in text
        text = text.replace(old, new)
    return text


@pytest.fixture
def tiny(tmp_path: Path) -> Path:
    """Three quick scenarios: tiny-01 on two cards of its own deck T9 (T9-03 is in no scenario),
    tiny-02 on base cards only (both lost), tiny-03 won in two lines (a complete analysis)."""
    folder = tmp_path / "tiny"
    (folder / "scenarios").mkdir(parents=True)
    (folder / "t9.yaml").write_text(DECK, encoding="utf-8")
    row = ("[S1-09, S1-02]", "[T9-01, T9-02]")  # the same quadrants as the base cards
    texts = {
        "tiny-01": scenario_text("solo-07", "tiny-01", row),
        "tiny-02": scenario_text("solo-07", "tiny-02"),
        "tiny-03": scenario_text("solo-06", "tiny-03"),
    }
    for name, text in texts.items():
        (folder / "scenarios" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return folder


def compiled(folder: Path) -> dict[str, Any]:
    result = compile_validated(validate_paths([folder]))
    assert result.bundle is not None, result.diagnostics
    return result.bundle


def build(
    folder: Path, out: Path, cache: Path | None, capsys: pytest.CaptureFixture[str], **kw: Any
) -> tuple[bytes, str, bool]:
    """The build's solve step on the folder's scenarios: solutions.json, what it printed, ok."""
    ok = build_solutions(compiled(folder), out, [folder], with_base=False, cache=cache, **kw)
    printed = capsys.readouterr()
    return (out / "solutions.json").read_bytes(), printed.out + printed.err, ok


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# --- decided by states, the same budget as kemble solve -----------------------------------------


def test_the_build_is_bounded_by_states_and_shares_the_analysis_budget_with_solve() -> None:
    from kemble_tools.cli.solve import solve_command

    assert BUILD_LIMITS.seconds is None and BUILD_LIMITS.memory_mb is None
    assert BUILD_LIMITS.states == 4_000_000  # solo-05, the hardest shipped scenario: 894,384
    solve_default = inspect.signature(solve_command).parameters["analysis_states"].default
    assert solve_default == BUILD_ANALYSIS_STATES == ANALYSIS_STATES


def test_an_undecided_scenario_that_states_expect_fails_the_build_at_its_line(
    tiny: Path, tmp_path: Path
) -> None:
    run = kemble("build", str(tiny), "--limit-states", "2048", "--out", str(tmp_path / "out"))
    assert run.returncode == 1, run.stdout + run.stderr
    mine = tiny / "scenarios" / "tiny-03.yaml"
    line = mine.read_text(encoding="utf-8").splitlines().index("expect: solvable") + 1
    assert (
        f"{display_name(mine)}:{line}:1: error: tiny-03: the search stopped at the build's limit "
        "of 2,048 states without a verdict, so its `expect` cannot be checked [solve.undecided]"
    ) in run.stderr
    assert "hint: raise the limit: kemble build … --limit-states 4096" in run.stderr
    shipped = (
        (ROOT / "scenarios" / "kembles-cascade" / "solo-05.yaml")
        .read_text(encoding="utf-8")
        .splitlines()
    )
    assert (
        f"scenarios/kembles-cascade/solo-05.yaml:{shipped.index('expect: solvable') + 1}:1: error"
        in run.stderr
    )
    assert "tiny-02" not in run.stderr  # decided within the limit (495 states)
    verdicts = {
        s["scenario"]: s["verdict"]
        for s in json.loads((tmp_path / "out" / "solutions.json").read_text())
    }
    assert verdicts["tiny-03"] == "unknown" and verdicts["tiny-02"] == "unsolvable"


def test_a_difficulty_or_verdict_mismatch_names_the_file_and_line(tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text(
        scenario_text("solo-06", "mine", ("difficulty: perfection", "difficulty: easy")),
        encoding="utf-8",
    )
    run = kemble("solve", str(mine), "--json")
    assert run.returncode == 1, run.stderr
    line = mine.read_text(encoding="utf-8").splitlines().index("difficulty: easy") + 1
    assert (
        f"{display_name(mine)}:{line}:1: error: mine: difficulty says easy, but the analysis "
        "measures perfection (docs/solver.md) [solve.difficulty]"
    ) in run.stderr
    assert f"{line} | difficulty: easy" in run.stderr  # quoted like any other diagnostic


# --- the JSON says what is exact, and null what is not known -------------------------------------


def test_an_analysis_cut_short_gives_null_critical_rounds_and_says_its_counts_are_bounds() -> None:
    short = kemble(
        "solve", "scenarios/kembles-cascade/solo-06.yaml", "--json", "--analysis-states", "2048"
    )
    whole = kemble("solve", "scenarios/kembles-cascade/solo-06.yaml", "--json")
    assert short.returncode == 0 and whole.returncode == 0, short.stderr + whole.stderr
    cut, full = json.loads(short.stdout), json.loads(whole.stdout)
    assert cut["analysis_complete"] is False and cut["analysis"]["complete"] is False
    assert cut["critical_rounds"] is None and isinstance(cut["winning_lines"], int)
    assert cut["analysis"]["shortest_win_rounds"] is None
    assert cut["analysis"]["winning_share"] is None
    assert full["analysis_complete"] is True and full["critical_rounds"] == [3, 4]
    assert full["winning_lines"] == 2 and full["analysis"]["shortest_win_rounds"] == 3
    table = kemble("solve", "scenarios/kembles-cascade/solo-06.yaml", "--analysis-states", "2048")
    assert "≥" in table.stdout and "counts are lower bounds" in table.stdout


# --- the cache --------------------------------------------------------------------------------


def test_a_warm_cache_writes_the_same_bytes_as_a_cold_one_and_as_no_cache(
    tiny: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = tmp_path / "cache"
    cold, said, ok = build(tiny, tmp_path / "cold", cache, capsys)
    assert ok and "from the cache" not in said and len(list(cache.glob("*.json"))) == 3
    warm, said, ok = build(tiny, tmp_path / "warm", cache, capsys)
    assert ok and "(3 from the cache)" in said
    uncached, _, _ = build(tiny, tmp_path / "none", None, capsys)
    assert cold == warm == uncached
    data = json.loads(cold)
    assert [s["verdict"] for s in data] == ["unsolvable", "unsolvable", "solvable"]
    assert data[2]["witness"] and data[2]["analysis_complete"] is True


def test_a_changed_card_re_solves_only_the_scenarios_that_can_reach_it(
    tiny: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = tmp_path / "cache"
    build(tiny, tmp_path / "out", cache, capsys)
    deck = tiny / "t9.yaml"
    edit(deck, "kind: space_cards", "# a comment moves every line below\nkind: space_cards")
    edit(deck, "[{object: asteroid}, {object: empty}]", "[{object: empty}, {object: asteroid}]")
    _, said, _ = build(tiny, tmp_path / "out", cache, capsys)
    assert "(3 from the cache)" in said  # T9-03 is in no scenario
    edit(
        deck,
        "  - id: T9-02\n    quadrants: [{object: empty}",
        "  - id: T9-02\n    quadrants: [{object: asteroid}",
    )
    after, said, _ = build(tiny, tmp_path / "out", cache, capsys)
    assert "(2 from the cache)" in said  # tiny-01 shows T9-02: solved again
    assert after == build(tiny, tmp_path / "none", None, capsys)[0]


def test_broken_entries_are_ignored_and_replaced(
    tiny: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = tmp_path / "cache"
    cold, _, _ = build(tiny, tmp_path / "out", cache, capsys)
    entries = sorted(cache.glob("*.json"))
    entries[0].write_text('{"key": "', encoding="utf-8")  # a torn write
    entries[1].write_text("[1, 2]\n", encoding="utf-8")  # not an entry
    other = json.loads(entries[2].read_text(encoding="utf-8"))
    entries[2].write_text(json.dumps({**other, "key": "another"}), encoding="utf-8")
    (cache / f".{entries[0].name}.x.tmp").write_text("half", encoding="utf-8")  # killed midway
    again, said, _ = build(tiny, tmp_path / "out", cache, capsys)
    assert again == cold and "from the cache" not in said
    _, said, _ = build(tiny, tmp_path / "out", cache, capsys)
    assert "(3 from the cache)" in said


def test_an_entry_is_used_only_under_a_limit_that_gives_its_answer(
    tiny: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = tmp_path / "cache"
    cold, _, _ = build(tiny, tmp_path / "out", cache, capsys)
    # tiny-03 needs 40,658 states to be decided: under 2,048 it is unknown, as with no cache
    low, said, ok = build(tiny, tmp_path / "out", cache, capsys, limit_states=2048)
    assert not ok and "(2 from the cache)" in said
    assert low == build(tiny, tmp_path / "none", None, capsys, limit_states=2048)[0]
    higher, said, _ = build(tiny, tmp_path / "out", cache, capsys, limit_states=8_000_000)
    assert higher == cold and "(2 from the cache)" in said  # its unknown was not reused


# --- the reach: what a scenario's game can read --------------------------------------------------


def test_a_scenario_solved_on_its_reach_gets_the_answer_of_the_whole_bundle(tiny: Path) -> None:
    bundle = compiled(tiny)
    part = reach(bundle, "tiny-01")
    assert set(part["cards"]) >= {"T9-01", "T9-02", "BOSS-CANNONRAM-1"}
    assert "T9-03" not in part["cards"] and list(part["scenarios"]) == ["tiny-01"]
    assert "CANNONRAM" in part["bosses"] and len(part["objects"]) < len(bundle["objects"])
    for name in ("tiny-01", "tiny-03"):
        answers = [
            solve_scenario(bundle, Job(name, BUILD_LIMITS, 50_000, on_reach=r)).to_json(False)
            for r in (False, True)
        ]
        assert answers[0] == answers[1], name


def test_pictures_are_not_part_of_what_a_scenario_is_solved_on(shipped_bundle: dict) -> None:
    # card art only prints: an expansion that brings pictures must not re-solve the shipped
    # scenarios (their cache key stays), and the solver never sees it
    from kemble_tools.solve import reach

    with_art = {**shipped_bundle, "art": {"nebula.png": {"format": "png", "data": "AAAA"}}}
    assert "art" not in reach.reach(with_art, "solo-01")
    assert reach.key(with_art, "solo-01", {}) == reach.key(shipped_bundle, "solo-01", {})


def test_the_cache_is_in_the_output_folder_unless_the_environment_names_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from kemble_tools.solve.build import cache_folder

    monkeypatch.delenv("KEMBLE_SOLUTION_CACHE", raising=False)
    assert cache_folder(tmp_path) == tmp_path / ".cache" / "solutions"
    monkeypatch.setenv("KEMBLE_SOLUTION_CACHE", str(tmp_path / "shared"))
    assert cache_folder(tmp_path / "out") == tmp_path / "shared"
