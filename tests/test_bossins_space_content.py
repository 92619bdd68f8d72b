"""Bossin' Space's content stage (issue 22, slice BS1): its schemas, its checks (`bs.…` codes),
its DSL vocabulary and card text, and its compiler. The plugin is registered for these tests
only (its entry point is declared elsewhere); the files are written here, never read from
cards/bossins-space/. Rule IDs are named where a test covers them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from kemble_tools.compile.effects import EffectCompiler
from kemble_tools.compile.pipeline import compile_validated
from kemble_tools.core.registry import register_game, registry, unregister_game
from kemble_tools.diagnostics import Severity
from kemble_tools.dsl import docs
from kemble_tools.dsl.ir import Effect
from kemble_tools.games.bossins_space.plugin import PLUGIN
from kemble_tools.games.bossins_space.vocabulary import VOCABULARY
from kemble_tools.games.kembles_cascade.vocabulary import VOCABULARY as KEMBLE
from kemble_tools.generated import generated_files
from kemble_tools.load.yaml_loader import load_text
from kemble_tools.validate.catalog import Catalog
from kemble_tools.validate.pipeline import Validation, validate_paths

HEAD = "game: bossins-space\n"
ENEMIES = (
    HEAD
    + """kind: bs_enemies
cards:
  - {id: EN1-01, xp: 1, life: 1, damage: 1}
  - id: EN2-04
    xp: 2
    life: 3
    damage: 2
    shield: true
    activation: [{kind: move_relative, to: toward}, {kind: attack, area: wide}]
"""
)
COMMANDS = (
    HEAD
    + """kind: bs_commands
cards:
  - {id: CMD-01, kind: move, dir: left, distance: 2}
  - {id: CMD-14, kind: missile, heat: 1}
  - {id: ADV-03, kind: teleport, advanced: true}
"""
)
THREATS = (
    HEAD
    + """kind: bs_threats
cards:
  - {id: THR-N-01, level: normal, effect: {kind: attack, columns: [1, 2, 3]}}
  - {id: THR-N-05, level: normal, effect: {kind: move, column: 3, dir: left}}
  - {id: THR-E-02, level: easy, effect: {kind: help, columns: [2], bonus: repair}}
"""
)
BOSSES = (
    HEAD
    + """kind: bs_bosses
bosses:
  - id: BOSS-1
    number: 1
    life: 8
    prefer: left
    sides: {front: {}, back: {shield: true}}
    threats:
      - {id: BT1-1, position: 1, effects: [{kind: boss_attack, area: column, damage: 2}]}
      - {id: BT1-2, position: 2, effects: [{kind: move_relative, to: away}]}
      - {id: BT1-3, position: 3, effects: [{kind: boss_heal}]}
      - {id: BT1-4, position: 4, effects: [{kind: flip_boss}, {kind: boss_emp}]}
"""
)
SCENARIO = (
    HEAD
    + """id: bs-solo-01
title: "The last wave"
variant: solo
level: normal
boss: BOSS-1
ship: {column: 2, life: 3, heat: 0}
grid:
  A: [EN1-01, null, null, null]
  B: [null, null, null, null]
  C: [null, null, null, null]
enemy_deck: [EN2-04]
threat_deck: [THR-N-01, THR-N-05]
command_deck: [CMD-01, CMD-14]
advanced_deck: [ADV-03]
rules: {heat_limit: 4, xp_gap: 2, shuffles: chance}
expect: {verdict: solvable}
"""
)
BASE = {"enemies": ENEMIES, "commands": COMMANDS, "threats": THREATS, "bosses": BOSSES}


@pytest.fixture(autouse=True)
def bossin() -> Iterator[None]:
    register_game(PLUGIN)
    yield
    unregister_game(PLUGIN)


def validate(tmp_path: Path, files: dict[str, str]) -> Validation:
    folder = tmp_path / "content"
    folder.mkdir(exist_ok=True)
    for name, text in files.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return validate_paths([folder], with_base=False)


def errors(result: Validation) -> list[str]:
    return [d.code for d in result.diagnostics if d.severity == Severity.ERROR]


def codes(result: Validation) -> set[str]:
    return {d.code for d in result.diagnostics}


# --- registry and schemas ------------------------------------------------------------------------


def test_the_plugin_registers_with_its_info_and_commands() -> None:
    game = registry().game("bossins-space")
    assert game.info.designers == ("Jindřich Pavlásek", "Petr Vojtěch")
    assert (game.info.publisher, game.info.year, game.info.players) == ("Albi", 2020, (1, 5))
    assert not game.implicit
    assert {"validate", "compile", "fmt", "lsp", "run", "solve"} <= game.commands()
    assert game.content_kinds()["scenario"] == "bs-scenario.schema.json"


def test_the_examples_of_3b_bs_and_3_bs_are_valid(tmp_path: Path) -> None:
    result = validate(tmp_path, {**BASE, "scenario": SCENARIO})
    assert errors(result) == []
    assert result.games["bossins-space"].files[-1][1] in {"scenario", "bs_threats"}


def test_a_scenario_without_kind_is_found_by_its_keys(tmp_path: Path) -> None:
    result = validate(tmp_path, {**BASE, "s": SCENARIO})
    assert ("scenario" in {kind for _, kind in result.files}) and errors(result) == []


@pytest.mark.parametrize(
    ("bad", "line", "column"),
    [
        ("  - {id: EN1-09, xp: 4, life: 1, damage: 1}\n", 11, 22),  # R-BS-SET-4: XP 1–3
        ("  - {id: EN1-09, xp: 1, life: 0, damage: 1}\n", 11, 31),  # R-BS-DMG-1: life ≥ 1
        ("  - {id: en1-09, xp: 1, life: 1, damage: 1}\n", 11, 10),  # ids in capitals
        ("  - {id: EN1-09, xp: 1, life: 1, damage: 1, armour: 2}\n", 11, 45),  # unknown key
    ],
)
def test_bad_enemy_cards_are_rejected_with_positions(
    tmp_path: Path, bad: str, line: int, column: int
) -> None:
    result = validate(tmp_path, {"enemies": ENEMIES + bad})
    found = [d for d in result.diagnostics if d.severity == Severity.ERROR]
    assert found and found[0].code.startswith("schema"), found
    assert (found[0].line, found[0].column) == (line, column), found[0]


def test_the_game_key_must_name_bossins_space_in_its_schemas() -> None:
    schema = PLUGIN.validation.schema("bs_enemies")
    assert schema["properties"]["game"] == {
        "const": "bossins-space",
        "description": "The game: every Bossin' Space file says it.",
    }
    assert "game" in schema["required"]
    names = set(PLUGIN.validation.kinds.values())
    assert "bs-scenario.schema.json" in names and len(names) == 9


# --- checks across files (bs.… codes) ------------------------------------------------------------


def test_a_kind_a_card_names_must_exist(tmp_path: Path) -> None:
    commands = COMMANDS + "  - {id: CMD-20, kind: lazer}\n"
    result = validate(tmp_path, {**BASE, "commands": commands})
    found = [d for d in result.diagnostics if d.code == "bs.kind.unknown"]
    assert len(found) == 1 and found[0].line == 7 and "laser" in (found[0].hint or "")


def test_a_boss_threat_card_cannot_discard_itself(tmp_path: Path) -> None:  # D-BS-BOSS-9
    bosses = BOSSES.replace("{kind: boss_heal}", "{kind: discard_self}")
    assert "bs.kind.not_here" in errors(validate(tmp_path, {**BASE, "bosses": bosses}))


def test_boss_threat_positions_are_1_to_4_once_each(tmp_path: Path) -> None:  # D-BS-BOSS-9
    bosses = BOSSES.replace("position: 3", "position: 2")
    assert "bs.boss_threat.positions" in errors(validate(tmp_path, {**BASE, "bosses": bosses}))


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        ("boss: BOSS-1", "boss: BOSS-9", "bs.ref.unknown"),
        ("enemy_deck: [EN2-04]", "enemy_deck: [CMD-01]", "bs.card.wrong_pile"),
        ("advanced_deck: [ADV-03]", "advanced_deck: [CMD-14]", "bs.card.wrong_pile"),
        ("enemy_deck: [EN2-04]", "enemy_deck: [EN1-01]", "bs.card.twice"),
        ("  C: [null, null, null, null]", "  C: [null, null, null]", "bs.grid.shape"),
        ("[EN1-01, null", "[{card: EN1-01, damage: 1}, null", "bs.grid.damage"),  # R-BS-DMG-1
        ("boss: BOSS-1", "boss: {card: BOSS-1, status: revealed, row: A}", "bs.grid.closed_row"),
        ("heat: 0}", "heat: 4}", "bs.ship.range"),  # R-BS-HEAT-3
        ("life: 3,", "life: 4,", "bs.ship.range"),  # D-BS-LIFE-1
        ("variant: solo", "variant: solo\nxp: 3", "bs.xp.range"),  # D-BS-SET-1
        ("variant: solo", "variant: solo\nupgrades: {structural: 1}", "bs.upgrades.order"),
        ("enemy_deck: [EN2-04]", "enemy_deck: []", "bs.boss.state"),  # D-BS-ENE-4
        ("boss: BOSS-1", "boss: {card: BOSS-1, status: in_play}", "bs.boss.state"),
        ("variant: solo", "variant: crew", "bs.players.count"),
        ("variant: solo", "variant: solo\ncards: [{kind: bs_setup}]", "bs.scenario.cards_kind"),
        (
            "variant: solo",
            "variant: solo\ncards: [{kind: bs_enemies, cards: [{id: EN1-01, xp: 1, life: 1, "
            "damage: 1}]}]",
            "bs.card.id_clash",
        ),
    ],
)
def test_scenario_checks(tmp_path: Path, old: str, new: str, code: str) -> None:
    assert old in SCENARIO
    result = validate(tmp_path, {**BASE, "scenario": SCENARIO.replace(old, new)})
    assert code in errors(result), result.diagnostics


def test_scenario_warnings(tmp_path: Path) -> None:
    gap = SCENARIO.replace("  B: [null, null, null, null]", "  B: [null, EN2-04, null, null]")
    gap = gap.replace(
        "enemy_deck: [EN2-04]", "enemy_deck: []\nboss: {card: BOSS-1, status: revealed}"
    ).replace("boss: BOSS-1\n", "")
    gap = gap.replace("threat_deck: [THR-N-01", "threat_deck: [THR-E-02, THR-N-01")
    result = validate(tmp_path, {**BASE, "scenario": gap})
    assert errors(result) == []
    assert {"bs.grid.gap", "bs.threat.level_set"} <= codes(result)  # R-BS-GEO-5, D-BS-SET-5


def test_scenario_local_cards_add_to_the_shipped_ones(tmp_path: Path) -> None:
    local = SCENARIO.replace(
        "enemy_deck: [EN2-04]",
        "enemy_deck: [EN2-04, T-EN-1]\ncards: [{kind: bs_enemies, cards: [{id: T-EN-1, xp: 1, "
        "life: 2, damage: 1}]}]",
    )
    assert errors(validate(tmp_path, {**BASE, "scenario": local})) == []


def test_shipped_content_departing_from_the_counts_is_warned(tmp_path: Path) -> None:
    folder = tmp_path / "cards" / "bossins-space"  # R-BS-COMP-1: 34 Enemies, 10 × 1 XP, …
    folder.mkdir(parents=True)
    (folder / "enemies.yaml").write_text(ENEMIES, encoding="utf-8")
    result = validate_paths([folder], with_base=False)
    counts = [d for d in result.diagnostics if d.code == "bs.count"]
    assert counts and all(d.severity == Severity.WARNING for d in counts)
    assert any("2 Enemy cards, where the game has 34" in d.message for d in counts)
    assert not errors(result)


# --- the vocabulary ------------------------------------------------------------------------------

MISSILE = (
    "[{on: on_used, do: [repeat: {count: \"1 + upgrade_level('missiles')\", do: [choose: "
    "{column: all_columns, then: [damage: {to: {nearest_enemy: {column: chosen}}}]}]}]}]"
)


def compiled(host: str, effects: str, vocabulary=VOCABULARY) -> tuple[list[Effect], list[str]]:
    doc, problems = load_text(f"x:\n  - effects: {effects}\n", "row")
    assert doc is not None and not problems, problems
    compiler = EffectCompiler(vocabulary, doc, Catalog(), "row")
    found = compiler.effects(("x", 0, "effects"), host)
    return found, [d.code for d in compiler.diagnostics]


def test_a_missile_compiles_in_bossins_words_and_not_in_kembles() -> None:
    # R-BS-CMD-4, R-BS-UPG-4, D-BS-CMD-2: one column per rocket, resolved one at a time
    effects, problems = compiled("command", MISSILE)
    assert problems == [] and len(effects) == 1
    assert effects[0].actions[0].action == "repeat"
    kemble, _ = compiled("owned", MISSILE, KEMBLE)
    assert kemble == []  # Kemble's DSL has no `on_used`, no `repeat`, no columns


@pytest.mark.parametrize(
    ("host", "effects", "code"),
    [
        ("command", "[{on: on_activation, do: [heat: 1]}]", "dsl.trigger_not_here"),
        ("command", "[{on: on_used, do: [move_card: {to: sideways}]}]", "dsl.move"),
        ("command", "[{on: on_used, do: [destroy: {}]}]", "dsl.missing_argument"),
        (
            "command",
            "[{on: on_used, if: \"upgrade_level('shields') > 0\", do: [cool: 1]}]",
            "dsl.path",
        ),
    ],
)
def test_the_vocabulary_refuses_what_the_game_cannot_mean(host: str, effects: str, code: str):
    assert code in compiled(host, effects)[1]


def test_the_reference_is_generated_from_the_vocabulary() -> None:
    text = docs.render(VOCABULARY)
    for word in ("on_timeline", "move_card", "nearest_enemy", "marked_columns", "repeat"):
        assert f"### `{word}`" in text


# --- card text: a row for every action and selector ----------------------------------------------

ROWS: list[tuple[str, str, str]] = [
    (
        "threat",
        "[{on: on_timeline, if: 'ship_in(marked_columns)', do: [gain_xp: 1]}]",
        "When this resolves: if the Ship is in a marked column, gain 1 XP.",
    ),
    (
        "threat",
        "[{on: on_timeline, if: 'enemies_in(marked_columns) == 0', do: [gain_xp: 1]}]",
        "When this resolves: if the number of Enemy cards in a marked column is 0, gain 1 XP.",
    ),
    (
        "command",
        MISSILE,
        "When used: 1 plus the Missiles level times: choose a column, then "
        "deal 1 damage to the nearest enemy in the chosen column.",
    ),
    (
        "command",
        "[{on: on_used, do: [damage: {amount: 2, overflow: true}]}]",  # R-BS-CMD-8
        "When used: deal 2 damage to the nearest enemy in the Ship's column, the excess going on "
        "to the next target in its column.",
    ),
    (
        "command",
        "[{on: on_used, do: [destroy: {target: {enemies_in_row: {row: C}}}]}]",
        "When used: destroy each enemy in row C (gaining its XP).",
    ),  # R-BS-CMD-12
    (
        "enemy",
        "[{on: on_activation, do: [destroy: {reward: false}]}]",  # R-BS-ENE-10
        "On activation: destroy this card (no XP).",
    ),
    (
        "command",
        "[{on: on_used, do: [repeat: {count: 2, do: [damage: 1]}]}]",
        "When used: twice: deal 1 damage to the nearest enemy in the Ship's column.",
    ),
    (
        "enemy",
        "[{on: on_activation, do: [damage_ship: 1]}]",  # R-BS-ENE-2
        "On activation: the Ship loses 1 life.",
    ),
    (
        "threat",
        "[{on: on_timeline, do: [attack_ship: {columns: marked_columns}]}]",  # R-BS-THR-2
        "When this resolves: if the Ship is in a marked column, it loses life equal to the "
        "damage of the strongest enemy in its column.",
    ),
    (
        "enemy",
        "[{on: on_activation, do: [attack_ship: {amount: this_card.damage, wide: true}]}]",
        "On activation: if the Ship is in this card's column or next to it, it loses life equal "
        "to this card's damage.",
    ),  # R-BS-ENE-7
    (
        "enemy",
        "[{on: on_activation, do: [repair_ship: 1]}]",
        "On activation: the Ship regains 1 life.",
    ),  # R-BS-ENE-3
    (
        "enemy",
        "[{on: on_activation, do: [heat: \"printed('amount')\"]}]",  # D-BS-HEAT-4
        "On activation: the temperature rises by the printed amount.",
    ),
    ("command", "[{on: on_used, do: [cool: 2]}]", "When used: the temperature falls by 2."),
    (
        "command",
        "[{on: on_used, do: [move_ship: {distance: \"printed('distance')\"}]}]",
        "When used: move the Ship columns equal to the printed distance in the printed direction.",
    ),  # R-BS-CMD-2
    (
        "command",
        "[{on: on_used, do: [choose: {side: [left, right], then: [move_ship: "
        "{dir: chosen}]}]}]",  # R-BS-CMD-13
        "When used: choose left or right, then move the Ship 1 column to the chosen side.",
    ),
    (
        "command",
        "[{on: on_used, do: [choose: {column: all_columns, then: [teleport: "
        "{to: chosen}]}]}]",  # R-BS-CMD-10
        "When used: choose a column, then move the Ship to the chosen column.",
    ),
    (
        "boss_threat",
        "[{on: on_timeline, do: [move_card: {to: away, prefer: left}]}]",
        "The Boss: move the Boss one column away from the Ship (to the left when either way is "
        "away).",
    ),  # D-BS-BOSS-4, D-BS-BOSS-10
    (
        "command",
        "[{on: on_used, do: [choose: {target: all_enemies, then: [move_card: "
        "{card: chosen, to: left}]}]}]",  # R-BS-CMD-6
        "When used: choose an enemy on the grid, then move the chosen target one column left.",
    ),
    (
        "enemy",
        "[{on: on_activation, do: [place_enemy: {reshuffle: true}]}]",  # R-BS-ENE-8
        "On activation: put the top Enemy card directly below this card (reshuffling the Enemy "
        "discards if the deck is empty).",
    ),
    (
        "threat",
        "[{on: on_timeline, do: [place_enemy: {at: first_available, column: timeline_column}]}]",
        "When this resolves: put the top Enemy card on the first free space of this Timeline "
        "column.",
    ),
    (
        "threat",
        "[{on: on_timeline, do: [place_enemy: {at: top_open_row, column: {column: {number: 2}}}]}]",
        "When this resolves: put the top Enemy card in the top open row of column 2.",
    ),
    (
        "threat",
        "[{on: on_timeline, do: [shift_down: {}]}]",  # R-BS-THR-4, D-BS-THR-3
        "When this resolves: every enemy moves down a row (crossing the line from row C), then a "
        "new Enemy card fills each column's top open row (with the Enemy deck empty, the Boss "
        "moves down a row instead).",
    ),
    (
        "threat",
        "[{on: on_timeline, do: [activate_enemies: {}]}]",  # R-BS-THR-5, D-BS-THR-4
        "When this resolves: every Enemy card that has on-activation effects activates, left to "
        "right and top to bottom.",
    ),
    ("enemy", "[{on: on_destroyed, do: [gain_xp: 1]}]", "When destroyed: gain 1 XP."),
    (
        "enemy",
        "[{on: on_cross_line, do: [lose_xp: 2]}]",
        "When this crosses the line: lose 2 XP.",
    ),  # R-BS-ENE-9
    (
        "command",
        "[{on: on_used, do: [skip: {what: next_threat}]}]",  # R-BS-CMD-5
        "When used: skip this column's Threat and Boss Threat cards.",
    ),
    (
        "boss_threat",
        "[{on: on_timeline, do: [skip: {what: next_command}]}]",  # D-BS-BOSS-3
        "The Boss: skip the next column's Command card.",
    ),
    (
        "boss_threat",
        "[{on: on_timeline, do: [heal_boss: 1, flip_card: {}]}]",  # R-BS-BOSS-6
        "The Boss: the Boss regains 1 life, then flip the Boss.",
    ),
    (
        "enemy",
        "[{on: on_revealed, do: [peek: {count: 2}]}]",  # D-BS-CREW-3
        "When this arrives: look at the top 2 cards of the Enemy deck and put them back in order.",
    ),
    (
        "boss",
        "[{on: on_round_start, do: [add_cards: {count: 2}]}]",  # R-BS-UPG-6
        "At the start of each round: shuffle the top 2 cards of the Advanced Command deck with "
        "the top 2 of the Command deck and put them on top of it.",
    ),
    (
        "threat",
        "[{on: on_timeline, do: [choose: {option: {xp: [gain_xp: 1], repair: "
        "[repair_ship: 1]}}]}]",  # D-BS-THR-5
        "When this resolves: choose one: gain 1 XP or the Ship regains 1 life.",
    ),
    (
        "command",
        "[{on: on_used, do: [if: {condition: 'heat >= 3', then: [cool: 1], else: [heat: 1]}]}]",
        "When used: if the temperature is at least 3, the temperature falls by 1; otherwise, the "
        "temperature rises by 1.",
    ),
    (
        "command",
        "[{on: on_used, do: [damage: {to: {targets: {column: {column_offset: {by: 1}}}}}]}]",
        "When used: deal 1 damage to each target in the column right of the Ship's column.",
    ),
    (
        "command",
        "[{on: on_used, do: [damage: {to: boss}]}]",
        "When used: deal 1 damage to the Boss.",
    ),
    (
        "enemy",
        "[{on: on_activation, if: 'count(all_enemies) > 3', do: [damage: {to: "
        "{nearest_enemy: {column: this_column}}}]}]",
        "On activation: if the number of enemies on the grid is more than 3, deal 1 damage to the "
        "nearest enemy in this card's column.",
    ),
    (
        "command",
        "[{on: on_used, do: [damage: {to: {targets: {column: {column_offset: "
        "{from: ship_column, by: -2}}}}}]}]",
        "When used: deal 1 damage to each target in the column 2 left of the Ship's column.",
    ),
]


@pytest.mark.parametrize(("host", "effects", "text"), ROWS)
def test_the_text_of_each_construct(host: str, effects: str, text: str) -> None:
    found, problems = compiled(host, effects)
    assert problems == []
    assert VOCABULARY.text(found, host) == text


def test_every_action_selector_and_trigger_has_a_row() -> None:
    written = " ".join(effects for _, effects, _ in ROWS)
    for name in (*VOCABULARY.actions, *VOCABULARY.selectors, *VOCABULARY.triggers):
        assert name in written, f"no card text row uses '{name}'"


# --- compiling -----------------------------------------------------------------------------------

KINDS = (
    HEAD
    + f"""kind: bs_kinds
commands:
  - {{id: missile, name: Missile, choices: [column], effects: {MISSILE}}}
  - {{id: move, name: Move, effects: [{{on: on_used, do: [move_ship: {{}}]}}]}}
  - {{id: teleport, name: Teleport, effects: [{{on: on_used, do: [cool: 1]}}]}}
threat_effects:
  - id: attack
    name: Attack
    params: [columns]
    effects: [{{on: on_timeline, do: [attack_ship: {{columns: marked_columns}}]}}]
  - {{id: move, name: Move, effects: [{{on: on_timeline, do: [shift_down: {{}}]}}]}}
  - {{id: help, name: Help, effects: [{{on: on_timeline, do: [gain_xp: 1]}}]}}
enemy_effects:
  - id: move_relative
    name: Move
    effects: [{{on: on_activation, do: [move_card: {{to: toward}}]}}]
  - id: attack
    name: Attack
    hosts: [enemy]
    effects: [{{on: on_activation, do: [attack_ship: {{}}]}}]
  - id: boss_attack
    name: Boss attack
    hosts: [boss_threat]
    effects: [{{on: on_timeline, do: [attack_ship: {{}}]}}]
  - id: boss_heal
    name: Boss heal
    hosts: [boss_threat]
    effects: [{{on: on_timeline, do: [heal_boss: 1]}}]
  - id: flip_boss
    name: Flip
    hosts: [boss_threat]
    effects: [{{on: on_timeline, do: [flip_card: {{}}]}}]
  - id: boss_emp
    name: EMP
    hosts: [boss_threat]
    effects: [{{on: on_timeline, do: [skip: {{what: next_command}}]}}]
"""
)


def test_the_compiler_writes_the_sections_with_compiled_effects(tmp_path: Path) -> None:
    result = compile_validated(validate(tmp_path, {**BASE, "kinds": KINDS, "s": SCENARIO}))
    assert [d for d in result.diagnostics if d.severity == Severity.ERROR] == []
    bundle = result.bundles["bossins-space"]
    assert set(bundle["enemies"]) == {"EN1-01", "EN2-04"}
    assert bundle["boss_threats"]["BT1-4"]["boss"] == "BOSS-1"
    missile = bundle["kinds"]["commands"]["missile"]["effects"][0]
    assert missile.trigger == "on_used" and missile.actions[0].action == "repeat"
    assert "bs-solo-01" in bundle["scenarios"]


def test_with_bs_kinds_a_kind_it_does_not_define_is_unknown(tmp_path: Path) -> None:
    commands = COMMANDS + "  - {id: CMD-21, kind: shot}\n"
    result = validate(tmp_path, {**BASE, "kinds": KINDS, "commands": commands})
    assert errors(result) == ["bs.kind.unknown"]


def test_an_effect_error_is_positioned_in_its_file(tmp_path: Path) -> None:
    bad = KINDS.replace("do: [cool: 1]", "do: [cool: {amount: 1, by: 2}]")
    result = compile_validated(validate(tmp_path, {**BASE, "kinds": bad}))
    found = [d for d in result.diagnostics if d.severity == Severity.ERROR]
    assert found and found[0].file.endswith("kinds.yaml") and found[0].line == 6


def test_kemble_generate_writes_the_schemas_and_the_reference() -> None:
    files = generated_files(Path("."))
    assert Path("schema/bossins-space/bs-scenario.schema.json") in files
    assert Path("schema/bossins-space/bs-enemies.schema.json") in files
    assert "### `move_card`" in files[Path("docs/bossins-space/dsl.md")]


def test_the_shipped_content_validates_formats_and_compiles() -> None:
    """The project's own Bossin' Space cards and scenarios (cards/bossins-space/): clean, laid
    out as `kemble fmt` lays them out, and at the rulebook's counts (R-BS-COMP-1)."""
    from cli_helpers import kemble

    checked = kemble("validate", "--no-base", "cards/bossins-space", "scenarios/bossins-space")
    files = len(list(Path("cards/bossins-space").glob("*.yaml")))
    files += len(list(Path("scenarios/bossins-space").glob("*.yaml")))
    assert checked.returncode == 0 and f"{files} files checked: no problems" in checked.stdout, (
        checked.stdout
    )
    formatted = kemble("fmt", "--check", "cards/bossins-space", "scenarios/bossins-space")
    assert formatted.returncode == 0, formatted.stdout + formatted.stderr
