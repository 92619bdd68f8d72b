"""Hostile input: what a stranger's pull request (or a careless file) can throw at the tools.
Every case ends in a positioned diagnostic or a clear message and exit code 1, never an
internal error, a hang or a file read from outside the content. The YAML cases with exact
diagnostics are in tests/corpus/hostile_*.yaml; these need a file system, a process or a script."""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from pathlib import Path

import pytest
from cli_helpers import kemble
from hypothesis import given, settings
from hypothesis import strategies as st

from kemble_tools.diagnostics import REPEATED
from kemble_tools.engine.edges import ScriptError
from kemble_tools.games.kembles_cascade.engine import Game
from kemble_tools.games.kembles_cascade.play import run_script
from kemble_tools.load.content import collect_files
from kemble_tools.validate.pipeline import validate_paths

from engine_helpers import base_bundle

ROOT = Path(__file__).resolve().parents[1]
OBJECT = "  - {id: nebula, name: Nebula, blocks_shots: false, enterable: true, enemy: false}\n"
OBJECTS = "# yaml-language-server: $schema=../schema/objects.schema.json\nkind: objects\nobjects:\n"


# --- 1. security --------------------------------------------------------------------------------


def test_the_expression_parser_reads_no_cache_from_the_temporary_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """lark's cache=True unpickles a file with a predictable name from the shared temporary
    folder: another user could plant one. The parser must be built without it."""
    from kemble_tools.dsl import expr, expr_syntax
    from kemble_tools.games.kembles_cascade.vocabulary import VOCABULARY

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    expr_syntax.parser.cache_clear()
    try:
        scope = expr.Scope(VOCABULARY, frozenset(), {})
        assert expr.parse("1 + 2 > 2", scope, "bool") is not None
        assert list(tmp_path.iterdir()) == []  # nothing written, so nothing read back
    finally:
        expr_syntax.parser.cache_clear()


def test_a_link_out_of_the_folder_is_not_followed_nor_printed(tmp_path: Path) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("kind: objects\nSECRET_TOKEN: 12345\n", encoding="utf-8")
    folder = tmp_path / "exp"
    folder.mkdir()
    (folder / "leak.yaml").symlink_to(secret)
    (folder / "env.yaml").symlink_to("/proc/self/environ")
    run = kemble("validate", "exp", cwd=tmp_path)
    assert run.returncode == 0, run.stdout  # warnings only: nothing to check is left
    assert "SECRET_TOKEN" not in run.stdout and "PATH=" not in run.stdout
    assert run.stdout.count("symbolic link out of the content folder: not followed") == 2
    assert "exp/leak.yaml:1:1: warning" in run.stdout


def test_everything_the_walk_skips_gets_a_diagnostic(tmp_path: Path) -> None:
    folder = tmp_path / "exp"
    (folder / "real").mkdir(parents=True)
    (folder / "real" / "x.yaml").write_text(OBJECTS + OBJECT, encoding="utf-8")
    (folder / "inner.yaml").symlink_to(folder / "real" / "x.yaml")  # inside: followed, once
    (folder / "folder-link").symlink_to(folder / "real")
    (folder / "dangling.yaml").symlink_to(folder / "nowhere.yaml")
    (folder / "loop.yaml").symlink_to(folder / "loop.yaml")
    os.mkfifo(folder / "pipe.yaml")
    files, problems = collect_files([folder], with_base=False)
    assert files == [(folder / "real" / "x.yaml").resolve()]
    found = {(Path(d.file).name, d.code, str(d.severity)) for d in problems}
    assert found == {
        ("folder-link", "file.symlink", "warning"),
        ("dangling.yaml", "file.broken_link", "error"),
        ("loop.yaml", "file.broken_link", "error"),
        ("pipe.yaml", "file.not_regular", "error"),
    }


def test_an_unreadable_folder_is_an_error_not_a_silent_skip(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locked = tmp_path / "exp" / "locked"
    locked.mkdir(parents=True)
    real_scandir = os.scandir

    def scandir(path: object) -> object:
        if Path(str(path)) == locked:  # chmod 000 does not stop root, who runs CI
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    _, problems = collect_files([tmp_path / "exp"], with_base=False)
    assert [(d.code, d.message) for d in problems] == [
        ("file.unreadable", "cannot read folder: Permission denied")
    ]


def test_a_fifo_named_on_the_command_line_does_not_block(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.yaml")
    run = kemble("validate", str(tmp_path / "pipe.yaml"), "--no-base", "--format", "json")
    assert run.returncode == 1
    assert [d["code"] for d in json.loads(run.stdout)] == ["file.not_regular"]


# --- 2. clear messages, exit 1 ------------------------------------------------------------------


def test_nan_is_not_a_bleed() -> None:
    run = kemble("export", "sheets", "--bleed", "nan")
    assert run.returncode == 2 and "nan is not a number" in run.stderr


def test_an_output_folder_that_cannot_be_written_is_a_clear_message(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    for command in (["compile"], ["build"], ["export", "sheets"]):
        run = kemble(*command, "--out", str(blocker / "out"))
        assert run.returncode == 1, (command, run.stderr)
        assert "kemble: cannot write or read" in run.stderr and "Not a directory" in run.stderr
        assert "internal error" not in run.stderr


def test_run_on_a_card_file_says_it_is_not_a_scenario(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text("battle\n", encoding="utf-8")
    run = kemble("run", "cards/kembles-cascade/powerups.yaml", "--actions", str(script))
    assert run.returncode == 1
    assert (
        "cards/kembles-cascade/powerups.yaml:1:1: error: this file is not a scenario" in run.stdout
    )


def test_a_binary_script_is_refused_with_its_position(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_bytes(b"battle\nenter \xff\n")
    run = kemble("run", "scenarios/kembles-cascade/solo-01.yaml", "--actions", str(script))
    assert run.returncode == 1
    assert f"{script}:2:7: the action script is not UTF-8 text" in run.stderr


def solo_01() -> object:
    bundle = base_bundle()
    return Game.from_scenario(bundle, bundle["scenarios"]["solo-01"]).new_initial_state()


@pytest.mark.parametrize(
    ("script", "line", "message"),
    [
        ("battle\nenter ²\n", 2, "enter needs a column"),  # R-MOV-2
        ("battle\nenter 2 extra\n", 2, "unexpected words after the action: 'extra'"),
        ("battle\nenter 1\nfire turret now\n", 3, "unexpected words after the action: 'now'"),
        ("battle\nend extra\n", 2, "unexpected words after the action: 'extra'"),
        # a form feed or U+2028 inside a comment does not start a new line (the word after it
        # would otherwise be played)
        ("battle # go\x0cpowerdown\nenter 2 x\n", 2, "unexpected words"),
        ("battle # go\u2028powerdown\nenter 2 x\n", 2, "unexpected words"),
    ],
)
def test_lenient_scripts_are_refused_at_their_line(script: str, line: int, message: str) -> None:
    with pytest.raises(ScriptError) as refused:
        run_script(solo_01(), script)  # type: ignore[arg-type]
    assert refused.value.line == line and message in refused.value.message


@pytest.mark.parametrize("level", ["banana", "-1", "1.0", "²"])
def test_a_level_to_buy_must_be_a_number(level: str) -> None:
    # R-BUY-2: `buy engine banana` was read as `buy engine`
    state = solo_01()
    line = "battle\nenter 1\nend\npowerdown\n"
    with pytest.raises(ScriptError) as refused:
        run_script(state, line + f"buy engine {level}\n")  # type: ignore[arg-type]
    assert refused.value.line == 5 and refused.value.rule == "R-BUY-2"


WORDS = ["battle", "powerdown", "end", "enter", "move", "fire", "rotate", "buy", "play", "choose"]


@settings(max_examples=150, deadline=None)
@given(
    edits=st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=40),
            st.one_of(
                st.sampled_from([*WORDS, "N", "E", "2", "²", "-1", "#", "\x0c", "\u2028", ""]),
                st.text(max_size=6),
            ),
        ),
        max_size=6,
    )
)
def test_a_mutated_script_plays_or_stops_with_a_script_error(
    edits: list[tuple[int, str]],
) -> None:
    """Mutations of a winning line: words inserted, replaced, removed. Whatever comes out,
    the script either plays or stops at a line with a rule; nothing else escapes."""
    lines = (ROOT / "tests" / "scripts" / "solo-01-win.txt").read_text(encoding="utf-8")
    words = lines.split(" ")
    for position, word in edits:
        index = position % (len(words) + 1)
        if word == "":
            words[index % len(words)] = ""
        else:
            words.insert(index, word)
    try:
        state = run_script(solo_01(), " ".join(words))  # type: ignore[arg-type]
    except ScriptError as refused:
        assert refused.line >= 1 and refused.rule and refused.message
    else:
        assert state.round >= 1


# --- 3. no amplification -------------------------------------------------------------------------


def test_an_alias_repeating_errors_is_summed_up(tmp_path: Path) -> None:
    bad = ", ".join(["{object: nope, energy: x}"] * 40)
    cards = "".join(f"  - {{id: X1-{i:02d}, quadrants: *b}}\n" for i in range(1, 400))
    (tmp_path / "amp.yaml").write_text(
        f"kind: space_cards\ndeck: {{code: X1, name: X}}\nbad: &b [{bad}]\ncards:\n{cards}",
        encoding="utf-8",
    )
    diagnostics = validate_paths([tmp_path / "amp.yaml"], with_base=False).diagnostics
    assert len(diagnostics) < 200  # from 32,000 before
    # Each problem of what the alias names is reported once, at the anchor (issue 20).
    assert all(d.line == 3 for d in diagnostics if d.code in ("ref.unknown", "schema.type"))
    per_spot = Counter((d.line, d.column, d.code) for d in diagnostics)
    assert max(per_spot.values()) == 1 and REPEATED not in {d.code for d in diagnostics}


# --- 5. consistent outputs ------------------------------------------------------------------------


def test_an_expansions_bundle_is_the_same_from_any_folder(tmp_path: Path) -> None:
    expansion = tmp_path / "checkout" / "exp"
    expansion.mkdir(parents=True)
    trap = (ROOT / "scenarios" / "kembles-cascade" / "solo-07.yaml").read_text(encoding="utf-8")
    (expansion / "trap.yaml").write_text(trap.replace("id: solo-07", "id: my-trap"), "utf-8")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    first = kemble("compile", "exp", "--out", str(tmp_path / "one"), cwd=tmp_path / "checkout")
    second = kemble("compile", str(expansion), "--out", str(tmp_path / "two"), cwd=elsewhere)
    assert first.returncode == second.returncode == 0, first.stdout + second.stdout
    one = (tmp_path / "one" / "kemble.bundle.json").read_bytes()
    assert one == (tmp_path / "two" / "kemble.bundle.json").read_bytes()
    assert json.loads(one)["scenarios"]["my-trap"]["source"] == "exp/trap.yaml"


def test_outputs_follow_the_umask(tmp_path: Path) -> None:
    from kemble_tools.fileio import write_atomic

    previous = os.umask(0o022)
    try:
        write_atomic(tmp_path / "out.json", "{}")
    finally:
        os.umask(previous)
    assert (tmp_path / "out.json").stat().st_mode & 0o777 == 0o644  # mkstemp alone gives 0600


def test_a_build_that_fails_midway_leaves_the_old_outputs(tmp_path: Path) -> None:
    from kemble_tools.fileio import output_set

    out = tmp_path / "build"
    out.mkdir()
    (out / "a.json").write_text("old a", encoding="utf-8")
    (out / "b.json").write_text("old b", encoding="utf-8")
    with pytest.raises(OSError), output_set(out, ("a.json", "b.json")) as stage:
        (stage / "a.json").write_text("new a", encoding="utf-8")
        raise OSError(28, "No space left on device")
    assert {p.name: p.read_text() for p in out.iterdir()} == {"a.json": "old a", "b.json": "old b"}
    with output_set(out, ("a.json", "b.json")) as stage:  # a set written whole replaces the old
        (stage / "a.json").write_text("new a", encoding="utf-8")
    assert {p.name: p.read_text() for p in out.iterdir()} == {"a.json": "new a"}


def test_a_folder_in_an_output_set_is_replaced_whole(tmp_path: Path) -> None:
    """The site is a folder: an old page never survives beside the new ones, and a failed
    build keeps the old site."""
    from kemble_tools.fileio import output_set

    out = tmp_path / "build"
    (out / "site").mkdir(parents=True)
    (out / "site" / "old.html").write_text("old", encoding="utf-8")
    with pytest.raises(OSError), output_set(out, ("site",)) as stage:
        (stage / "site").mkdir()
        raise OSError(28, "No space left on device")
    assert [p.name for p in (out / "site").iterdir()] == ["old.html"]
    with output_set(out, ("site",)) as stage:
        (stage / "site").mkdir()
        (stage / "site" / "index.html").write_text("new", encoding="utf-8")
    assert [p.name for p in (out / "site").iterdir()] == ["index.html"]
    assert [p.name for p in out.iterdir()] == ["site"], "nothing of the old set is left"


def test_the_site_escapes_what_strangers_write(tmp_path: Path) -> None:
    """Names and texts from a pull request are text on the site, never markup or script."""
    from cli_helpers import kemble

    folder = tmp_path / "exp"
    folder.mkdir()
    (folder / "powerups.yaml").write_text(
        "kind: powerups\npowerups:\n"
        "  - id: evil\n"
        "    name: \"<script>alert('name')</script>\"\n"
        '    flavor: "</script><img src=x onerror=alert(1)>"\n'
        "    timing: own_turn\n"
        "    effects: [{on: on_played, do: [gain_energy: 1]}]\n",
        encoding="utf-8",
    )
    run = kemble("site", str(folder), "--out", str(tmp_path / "site"))
    assert run.returncode == 0, run.stdout + run.stderr
    for page in (tmp_path / "site" / "index.html", tmp_path / "site" / "cards" / "evil.html"):
        html = page.read_text(encoding="utf-8")
        assert "&lt;script&gt;alert(" in html
        assert "<script>alert(" not in html and "<img src=x" not in html
