"""Issue 20, items 5 and 7: content that validated but should not (two kinds with one mark, a
scenario's energy above the ship's maximum, a kind nothing uses), and one slip reported as many
errors (a raw YAML message, echoes of a lost file, an anchor's error again for its alias, a
misspelt required key as both missing and unknown). The corpus holds the single-file cases;
these are the messages, the hints and the cases that span files."""

from __future__ import annotations

from pathlib import Path

import pytest

from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.diagnostics import Diagnostic, Severity
from kemble_tools.load.yaml_loader import load_text
from kemble_tools.validate.pipeline import validate_paths

HEAD = "# yaml-language-server: $schema=../schema/{}.schema.json\n"


def check(folder: Path, files: dict[str, str | bytes], with_base: bool = True) -> list[Diagnostic]:
    """Write an expansion folder and report what `kemble validate` would (modelines aside)."""
    folder.mkdir(exist_ok=True)
    for name, text in files.items():
        (folder / name).write_bytes(text.encode() if isinstance(text, str) else text)
    result = compile_validated(validate_paths([folder], with_base=with_base))
    return [d for d in result.diagnostics if d.code != "file.modeline"]


def codes(diagnostics: list[Diagnostic]) -> list[tuple[str, str, int]]:
    return [(Path(d.file).name, d.code, d.line) for d in diagnostics]


def syntax_error(text: str, fast: bool) -> Diagnostic:
    doc, (problem,) = load_text(text, "t.yaml", fast)
    assert doc is None and problem.code == "yaml.syntax"
    return problem


# --- 7a. YAML syntax errors in plain language, with the fix -----------------------------------

PARSERS = pytest.mark.parametrize("fast", [True, False], ids=["libyaml", "ruamel"])


@PARSERS
def test_a_colon_in_text_asks_for_quotes_and_shows_the_line(fast: bool) -> None:
    text = "objects:\n  - id: parasite\n    description: A parasite craft: ramming…\n"
    error = syntax_error(text, fast)
    assert (error.line, error.column) == (3, 34)
    assert "mapping values" not in error.message and "': '" in error.message
    assert error.hint == 'put the text in quotes: description: "A parasite craft: ramming…"'


@PARSERS
def test_a_colon_in_flow_text_quotes_only_that_value(fast: bool) -> None:
    text = "objects:\n  - {id: x, description: Big craft: rams, name: X}\n"
    error = syntax_error(text, fast)
    assert (
        error.hint == 'put the text in quotes: - {id: x, description: "Big craft: rams", name: X}'
    )


@PARSERS
def test_a_tab_is_named(fast: bool) -> None:
    error = syntax_error("deck:\n  code: X1\n\tname: X\n", fast)
    assert "tab" in error.message and error.hint is not None and "spaces" in error.hint


@PARSERS
def test_an_unclosed_quote_is_shown_where_it_opens(fast: bool) -> None:
    error = syntax_error('a: 1\nname: "Parasite\nb: 2\n', fast)
    assert (error.line, error.column) == (2, 7)
    assert error.message == "the text quoted with '\"' here is never closed"
    assert error.hint is not None and error.hint.endswith('name: "Parasite"')


@PARSERS
def test_an_unclosed_bracket_names_its_line(fast: bool) -> None:
    error = syntax_error("deck: {code: X1, name: X\ncards: []\n", fast)
    assert error.message == "the '{' opened on line 1 is not closed before this line"
    assert error.hint == "add the missing '}' where the mapping ends"


@PARSERS
def test_text_that_starts_with_a_reserved_character(fast: bool) -> None:
    error = syntax_error("name: @home base\n", fast)
    assert error.message == "YAML reserves '@' at the start of a value"
    assert error.hint == 'put the text in quotes: name: "@home base"'


@PARSERS
def test_a_quote_inside_quoted_text(fast: bool) -> None:
    error = syntax_error("a:\n  name: 'Kemble's relic'\n", fast)
    assert error.hint == 'put the whole text in quotes: name: "Kemble\'s relic"'


@PARSERS
def test_a_key_indented_deeper_and_a_key_without_colon(fast: bool) -> None:
    deeper = syntax_error("a:\n  name: Relic\n   enemy: false\n", fast)
    assert deeper.message.startswith("'enemy:' is indented deeper than 'name:'")
    assert (deeper.line, deeper.column) == (3, 4)
    colon = syntax_error("a:\n  name: Relic\n  enemy false\n  b: 1\n", fast)
    assert (colon.line, colon.column) == (3, 3) and "has no ':'" in colon.message


def test_an_unexplained_error_keeps_the_parsers_words() -> None:
    error = syntax_error("a: [1, 2]]\n", True)
    assert error.message.startswith("YAML syntax error: ") and error.hint is None


# --- 7b. a lost file's echoes are not reported --------------------------------------------------

LOST_OBJECTS = HEAD.format("objects") + (
    "kind: objects\nobjects:\n"
    "  - id: parasite\n    name: Parasite\n    description: A parasite craft: ramming…\n"
    "    blocks_shots: true\n    enterable: true\n    enemy: true\n"
    "  - {id: husk, name: Husk, blocks_shots: true, enterable: false, enemy: false}\n"
)
PARASITE_DECK = HEAD.format("space-cards") + (
    "kind: space_cards\ndeck: {code: P1, name: Parasite deck}\ncards:\n"
    "  - {id: P1-01, quadrants: [{object: parasite, energy: 1}, {object: husk}]}\n"
    "  - {id: P1-02, quadrants: [{object: husk}, {object: parasyte, energy: 1}]}\n"
)
SPAWNING_BOSS = HEAD.format("boss") + (
    "kind: boss\nid: BROOD\nname: Brood\nrows: 1\n"
    "special_rules:\n  - id: hatch\n    name: Hatch\n    effects:\n"
    "      - on: on_round_start\n"
    "        do: [spawn: {quadrant: this_quadrant, object: husk, energy: 1}]\n"
    "cards:\n"
    + "".join(
        f"  - {{number: {n}, quadrants: [{{object: boss_part, energy: 1, special: hatch}}, "
        "{object: parasite}]}\n"
        for n in range(1, 5)
    )
)


def test_a_file_that_does_not_parse_echoes_nothing(tmp_path: Path) -> None:
    """The issue's case: one unquoted colon, then every card that used its kinds was unknown
    (the boss's `spawn` too, found by the effect compiler). Only the slip and the real typo."""
    found = check(
        tmp_path / "exp",
        {"objects.yaml": LOST_OBJECTS, "p1.yaml": PARASITE_DECK, "brood.yaml": SPAWNING_BOSS},
    )
    assert codes(found) == [("objects.yaml", "yaml.syntax", 6), ("p1.yaml", "ref.unknown", 6)]
    assert "'parasyte'" in found[1].message  # a name the lost file never mentions


def test_a_file_of_unknown_kind_is_lost_too(tmp_path: Path) -> None:
    objects = LOST_OBJECTS.replace("kind: objects", "kind: objets").replace(
        "A parasite craft: ramming…", "A parasite craft."
    )
    found = check(tmp_path / "exp", {"objects.yaml": objects, "p1.yaml": PARASITE_DECK})
    assert codes(found) == [("objects.yaml", "file.kind", 2), ("p1.yaml", "ref.unknown", 6)]


def test_a_file_whose_text_is_unknown_could_define_anything(tmp_path: Path) -> None:
    unreadable = LOST_OBJECTS.encode().replace(b"Husk", b"Hus\xe9")  # not UTF-8
    found = check(tmp_path / "exp", {"objects.yaml": unreadable, "p1.yaml": PARASITE_DECK})
    assert codes(found) == [("objects.yaml", "file.encoding", 10)]


def test_without_a_lost_file_every_reference_is_checked(tmp_path: Path) -> None:
    found = check(tmp_path / "exp", {"p1.yaml": PARASITE_DECK})
    assert [d.code for d in found] == ["ref.unknown"] * 4


# --- 7c. an error inside an anchor is reported once ---------------------------------------------


def test_an_anchors_error_is_not_repeated_for_its_alias_nor_a_merge(tmp_path: Path) -> None:
    objects = HEAD.format("objects") + (
        "kind: objects\nobjects:\n"
        "  - &base {id: fog, name: Fog, blocks_shots: false, enterable: true, enemy: false,"
        " colour: grey}\n"
        "  - {<<: *base, id: mist}\n"
        "  - id: cloud\n    name: Cloud\n    blocks_shots: false\n    enterable: true\n"
        "    enemy: false\n    effects: &fx\n      - {on: on_enter, do: [gain_enrgy: 1]}\n"
        "  - {id: haze, name: Haze, blocks_shots: false, enterable: true, enemy: false,"
        " effects: *fx}\n"
    )
    found = check(tmp_path / "exp", {"objects.yaml": objects})
    assert codes(found) == [
        ("objects.yaml", "schema.unknown_key", 4),
        ("objects.yaml", "dsl.unknown_action", 12),
    ]
    assert [d.pointer for d in found] == [
        "/objects/0/colour",
        "/objects/2/effects/0/do/0/gain_enrgy",
    ]


def test_an_expression_error_in_an_anchor_is_reported_once(tmp_path: Path) -> None:
    """The effect compiler's own errors (on content that is otherwise valid) too."""
    objects = HEAD.format("objects") + (
        "kind: objects\nobjects:\n"
        "  - id: cloud\n    name: Cloud\n    blocks_shots: false\n    enterable: true\n"
        "    enemy: false\n    effects: &fx\n"
        "      - {on: on_enter, if: 'player.enrgy > 1', do: [gain_energy: 1]}\n"
        "  - {id: haze, name: Haze, blocks_shots: false, enterable: true, enemy: false,"
        " effects: *fx}\n"
    )
    found = check(tmp_path / "exp", {"objects.yaml": objects})
    assert [(d.line, d.pointer) for d in found] == [(10, "/objects/0/effects/0/if")]


# --- 7d. a misspelt required key is one mistake -------------------------------------------------


def test_a_misspelt_required_key_is_said_once(tmp_path: Path) -> None:
    deck = HEAD.format("space-cards") + (
        "kind: space_cards\ndeck: {code: X1, name: X}\n"
        "crds:\n  - {id: X1-01, qudrants: [{object: empty}, {object: empty}]}\n"
    )
    (found,) = check(tmp_path / "exp", {"x1.yaml": deck})
    assert found.code == "schema.unknown_key"
    assert found.message == "unknown key 'crds' at the top level — did you mean 'cards'?"
    assert found.hint == "'cards' is required here"


def test_a_misspelt_key_inside_a_card(tmp_path: Path) -> None:
    deck = HEAD.format("space-cards") + (
        "kind: space_cards\ndeck: {code: X1, name: X}\n"
        "cards:\n  - {id: X1-01, qudrants: [{object: empty}, {object: empty}]}\n"
    )
    (found,) = check(tmp_path / "exp", {"x1.yaml": deck})
    assert found.message == "unknown key 'qudrants' in 'cards' item 1 — did you mean 'quadrants'?"


# --- 5a. two object kinds with one mark ---------------------------------------------------------


def kinds(*lines: str) -> str:
    return (
        HEAD.format("objects")
        + "kind: objects\nobjects:\n"
        + "".join(
            f"  - {{{line}, blocks_shots: false, enterable: true, enemy: false}}\n"
            for line in lines
        )
    )


def test_a_mark_taken_by_a_base_kind_names_it_and_offers_a_free_one(tmp_path: Path) -> None:
    (found,) = check(tmp_path / "exp", {"objects.yaml": kinds("id: zone, name: Zone, mark: Z")})
    assert (found.code, found.line, found.pointer) == ("object.mark", 4, "/objects/0/mark")
    assert (
        "already the mark of 'space_maze' (cards/kembles-cascade/objects.yaml:141)" in found.message
    )
    assert found.hint == "use a character no other kind has, such as 'mark: N'"


def test_a_derived_mark_never_clashes_but_may_be_missing(tmp_path: Path) -> None:
    """A kind without `mark` takes a free letter of its name; with none free it would show
    as '?', like nothing else: reported at its id."""
    found = check(
        tmp_path / "exp", {"objects.yaml": kinds("id: zone, name: Zone", "id: n42, name: '42'")}
    )
    assert [(d.code, d.pointer) for d in found] == [("object.mark", "/objects/1/id")]


# --- 5b. a scenario's player within the game's limits -------------------------------------------

SCENARIO = HEAD.format("scenario") + (
    "id: test-scenario\ntitle: Test\nvariant: solo\n"
    "rows: [[S1-01, S1-02], [S1-03, S1-04], [S1-05, S1-06], [S1-07, S1-08], [S1-09, S1-10]]\n"
    "deck: []\n"
)


@pytest.mark.parametrize(
    ("player", "allowed"),
    [
        ("{energy: 5}", None),
        ("{energy: 6}", 5),
        ("{energy: 6, upgrades: {generator: 1}}", None),
        ("{energy: 7, upgrades: {generator: 1}}", 6),
        ("{energy: 7, upgrades: {generator: 2}}", None),
    ],
)
def test_energy_up_to_the_ships_maximum(tmp_path: Path, player: str, allowed: int | None) -> None:
    found = check(tmp_path / "exp", {"s.yaml": SCENARIO + f"player: {player}\n"})
    if allowed is None:
        assert found == []
    else:
        (error,) = found
        assert error.code == "scenario.energy" and error.pointer == "/player/energy"
        assert error.message.endswith(f"allowed 1–{allowed}")
        assert "or give the player 'upgrades: {generator: " in (error.hint or "")


def test_energy_counts_the_upgrades_a_variant_starts_with(tmp_path: Path) -> None:
    variants = HEAD.format("variants") + (
        "kind: variants\nvariants:\n"
        "  - {id: overcharged, name: Overcharged, rules: {start_upgrades: {generator: 1}}}\n"
    )
    files = {"variants.yaml": variants}
    ok = check(tmp_path / "a", {**files, "s.yaml": SCENARIO + "rules: {overcharged: true}\n"
                                 "player: {energy: 6}\n"})  # fmt: skip
    assert ok == []
    high = check(tmp_path / "b", {**files, "s.yaml": SCENARIO + "rules: {overcharged: true}\n"
                                   "player: {energy: 7}\n"})  # fmt: skip
    assert [(d.code, d.message) for d in high] == [
        ("scenario.energy", "energy 7 is above this ship's maximum energy: allowed 1–6")
    ]


def test_an_unknown_upgrade_is_reported_once_not_as_an_energy_problem(tmp_path: Path) -> None:
    found = check(
        tmp_path / "exp", {"s.yaml": SCENARIO + "player: {energy: 6, upgrades: {gen: 1}}\n"}
    )
    assert [d.code for d in found] == ["ref.unknown"]


# --- 5c. an object kind nothing uses ------------------------------------------------------------


def test_a_kind_only_a_bosss_effect_spawns_is_used(tmp_path: Path) -> None:
    objects = kinds("id: parasite, name: Parasite", "id: husk, name: Husk")
    found = check(tmp_path / "exp", {"objects.yaml": objects, "brood.yaml": SPAWNING_BOSS})
    assert found == []


def test_an_unused_kind_is_a_warning_at_its_id(tmp_path: Path) -> None:
    objects = kinds("id: parasite, name: Parasite", "id: husk, name: Husk", "id: dust, name: Dust")
    found = check(tmp_path / "exp", {"objects.yaml": objects, "brood.yaml": SPAWNING_BOSS})
    assert [(d.code, d.severity, d.pointer) for d in found] == [
        ("object.unused", Severity.WARNING, "/objects/2/id")
    ]
    assert compile_validated(validate_paths([tmp_path / "exp"])).bundle is not None  # a warning


def test_kinds_validated_without_their_cards_are_not_called_unused(tmp_path: Path) -> None:
    assert check(tmp_path / "exp", {"objects.yaml": kinds("id: dust, name: Dust")}) == []
