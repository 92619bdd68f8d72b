"""The rulebook leaves Bossin' Space's card contents and some printed parts out (the gaps
G-BS-…); the project fills them with its own designs. These tests hold the shipped content to
what docs/bossins-space.md says was decided for each gap, whatever the numbers a balance pass
tunes."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards/bossins-space"
COLUMNS = {1, 2, 3, 4}
HOT = {"missile", "emp", "laser", "chain_explosion"}  # D-BS-COMP-3
LIFE_BAR = 12  # spaces on the project's Boss life bar (G-BS-6)


def _data(name: str) -> Any:
    return YAML(typ="safe").load((CARDS / f"{name}.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def content() -> dict[str, Any]:
    names = ["commands", "enemies", "threats", "bosses", "upgrade_board", "setup"]
    return {name: _data(name) for name in names}


def test_the_commands_cover_every_kind_each_way(content: dict[str, Any]) -> None:
    # G-BS-1, R-BS-COMP-1, D-BS-COMP-2, D-BS-COMP-3
    every = content["commands"]["cards"]
    cards = [card for card in every if not card.get("advanced")]
    advanced = [card for card in every if card.get("advanced")]
    assert (len(cards), len(advanced)) == (34, 6)
    kinds = Counter(card["kind"] for card in cards)
    assert set(kinds) == {"shot", "move", "missile", "laser", "emp", "portal", "heal"}
    assert kinds["shot"] == max(kinds.values()), "the Shot is the common card a player cools with"
    moves = {(c["dir"], c.get("distance", 1)) for c in cards if c["kind"] == "move"}
    assert moves == {("left", 1), ("left", 2), ("right", 1), ("right", 2)}
    assert len({card["kind"] for card in advanced}) == 6, "one Advanced card of each kind"
    for card in [*cards, *advanced]:
        assert bool(card.get("heat")) == (card["kind"] in HOT), card["id"]


def test_the_enemy_tiers_fill_every_setup(content: dict[str, Any]) -> None:
    # G-BS-2, R-BS-SET-4
    tiers = Counter(card["xp"] for card in content["enemies"]["cards"])
    assert tiers[1] == 10 and tiers[2] == 10 and tiers[3] >= 8 and sum(tiers.values()) == 34
    for row in content["setup"]["enemy_deck"]:
        assert all(tiers[xp] >= row[f"xp{xp}"] for xp in (1, 2, 3)), row


def test_the_threats_come_in_four_levels_and_always_leave_a_safe_column(
    content: dict[str, Any],
) -> None:
    # G-BS-3, R-BS-VAR-1, D-BS-THR-6
    cards = content["threats"]["cards"]
    levels = Counter(card["level"] for card in cards)
    assert levels == {"normal": 12, "easy": 4, "hard": 4, "extreme": 4}
    kinds = {card["effect"]["kind"] for card in cards}
    assert kinds <= {"attack", "new_enemy", "activation", "move", "empty", "help"}
    normal_attacks = [
        set(card["effect"]["columns"])
        for card in cards
        if card["level"] == "normal" and card["effect"]["kind"] == "attack"
    ]
    assert normal_attacks and all(columns < COLUMNS for columns in normal_attacks)
    assert len({frozenset(c) for c in normal_attacks}) == len(normal_attacks), "never the same"
    covered = Counter(column for columns in normal_attacks for column in columns)
    assert set(covered) == COLUMNS, "every column is marked by some normal Attack"


def test_five_two_sided_bosses_form_a_numbered_ladder(content: dict[str, Any]) -> None:
    # G-BS-4, G-BS-6, D-BS-BOSS-6, D-BS-BOSS-10
    bosses = content["bosses"]["bosses"]
    assert sorted(boss["number"] for boss in bosses) == [1, 2, 3, 4, 5]
    assert len({boss["name"] for boss in bosses}) == 5
    for boss in bosses:
        assert 1 <= boss["life"] <= LIFE_BAR, f"{boss['id']} must fit the life bar"
        assert not boss["sides"]["front"].get("shield") and boss["sides"]["back"]["shield"]
        assert boss.get("prefer", "left") in {"left", "right"}


def test_each_boss_has_four_threat_cards_one_per_position(content: dict[str, Any]) -> None:
    # G-BS-5, D-BS-BOSS-9, D-BS-BOSS-3
    threats = [card for boss in content["bosses"]["bosses"] for card in boss["threats"]]
    assert len(threats) == 20
    for boss in content["bosses"]["bosses"]:
        assert sorted(card["position"] for card in boss["threats"]) == [1, 2, 3, 4], boss["id"]
    for card in threats:
        kinds = {effect["kind"] for effect in card["effects"]}
        assert "boss_emp" not in kinds or card["position"] <= 3, card["id"]


def test_the_tracks_are_as_long_as_the_rules_need(content: dict[str, Any]) -> None:
    # G-BS-7, G-BS-8, D-BS-HEAT-1, D-BS-SET-1, R-BS-SET-2
    board = content["upgrade_board"]
    assert board["heat_limit"] == 4
    track = board["xp_track"]
    assert track["length"] >= 10 and len(track["empty_spaces"]) == 5
    for empty in track["empty_spaces"]:
        assert empty + track["cubes"] <= track["length"], "every cube fits behind the gap"
    slots = sum(path["levels"] for path in board["paths"])
    assert slots > track["cubes"], "the Ship is never fully upgraded (R-BS-UPG-8)"


def test_the_glossary_gives_the_words_the_rules_page_uses() -> None:
    # G-BS-11: the English words are the project's; the rules page lists them with the Polish
    page = (ROOT / "docs/bossins-space/rules.md").read_text(encoding="utf-8")
    body, glossary = page.split("## Glossary", 1)
    rows = [line.split("|")[1:-1] for line in glossary.splitlines() if line.startswith("| ")]
    terms = [cell.strip() for row in rows[1:] for cell in row[0::3]]
    assert len(terms) >= 20
    for term in terms:
        words = re.split(r",\s*|\s*\(", term)[0]
        assert words.lower() in body.lower(), f"the glossary's {words!r} is not used"
