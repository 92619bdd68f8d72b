"""Bossin' Space's catalogue (kemble_tools/site/hooks.py `SiteHooks`): each printable card in
words (its values, its effects, a Boss's two sides), the filters by kind, XP tier, Threat
level, Boss and effect, the cards each scenario lays out, and the key to the replay's board.

The replay's board (PlayHooks.view, play/board_text.py) is text. Its grid is the lines whose
first word names a row (A, B, C, then D, the Ship's), one word a space: `^Ship` the Ship, an
Enemy card by its id (`EN2-04+1` with 1 damage token), `.` a free space, `#` a closed one (at or
above the Boss marker's row); the Boss is a line of its own that starts with `Boss`. `legend`
lists the marks a replay shows (BOARD_MARKS), then any `legend` pairs a frame gives itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from kemble_tools.export.cards import PrintCard
from kemble_tools.games.bossins_space.export.cards import card_texts
from kemble_tools.games.bossins_space.export.rules import kind_of
from kemble_tools.site.hooks import CatalogueCard, Part

Bundle = Mapping[str, Any]

FACETS = (
    ("kind", "Kind"),
    ("tier", "XP tier"),
    ("level", "Threat level"),
    ("boss", "Boss"),
    ("effect", "Effect"),
)
KINDS = {  # pile -> (the kind in words, the pile's name)
    "EN": ("Enemy card", "Enemy deck"),
    "CMD": ("Command card", "Command deck"),
    "ADV": ("Advanced Command card", "Advanced Command deck"),
    "THR": ("Threat card", "Threat deck"),
    "BT": ("Boss Threat card", "Boss Threat cards"),
    "CREW": ("Crew card", "Crew cards"),
    "BOARD": ("board", "Upgrade board"),
    "MAT": ("mat", "Timeline mat"),
}
BOSS_KIND = ("Boss card", "Boss cards")
# The marks of the replay's grid: a pattern a word of it matches, the mark, what it stands for.
BOARD_MARKS = (
    (r"\^Ship", "^Ship", "the Ship"),
    (r"[^\s+]+", "EN1-03", "an Enemy card, by its id"),
    (r"[^\s+]+\+\d+", "EN1-03+2", "an Enemy card with 2 damage tokens"),
    (r"\.", ".", "a free space"),
    (r"#", "#", "a closed space (at or above the Boss marker's row)"),
)
ROW_NAMES = ("A", "B", "C", "D")
MARKED = {"^Ship", ".", "#"}  # the marks that are not card ids
BOSS_LINE = ("Boss", "the Boss: where its marker stands, its life and its side")
PILES = ("enemy_deck", "enemy_discard", "threat_deck", "threat_used", "command_deck",
         "command_discard", "advanced_deck")  # fmt: skip


@dataclass(frozen=True)
class BossinSite:
    name: str = "Bossin' Space"
    facets: tuple[tuple[str, str], ...] = FACETS

    def entries(self, bundle: Bundle, cards: list[PrintCard]) -> list[CatalogueCard]:
        texts = {card_id: text for card_id, _, _, text in card_texts(bundle)}
        return [card_entry(card, bundle, texts) for card in cards]

    def scenario_cards(self, bundle: Bundle, scenario_id: str) -> Iterable[str]:
        return scenario_cards(bundle["scenarios"][scenario_id], bundle)

    def legend(self, frames: list[dict[str, Any]]) -> list[tuple[str, str]]:
        """The marks the replays' grids show (module docstring), in BOARD_MARKS's order, the
        Boss's line, then what the frames name themselves."""
        lines = [line.split() for frame in frames for line in frame.get("text", "").splitlines()]
        words = {word for line in lines if line and line[0] in ROW_NAMES for word in line[1:]}
        found = [
            (mark, meaning)
            for pattern, mark, meaning in BOARD_MARKS
            if any(_shows(pattern, mark, word) for word in words)
        ]
        if any(line and line[0] == BOSS_LINE[0] for line in lines):
            found.append(BOSS_LINE)
        given = [
            (str(mark), str(meaning))
            for frame in frames
            for mark, meaning in frame.get("legend", [])
        ]
        return list(dict.fromkeys([*found, *given]))


def _shows(pattern: str, mark: str, word: str) -> bool:
    """Whether a word of the grid is this mark (a card id is any word but the other marks)."""
    return re.fullmatch(pattern, word) is not None and (mark in MARKED or word not in MARKED)


SITE = BossinSite()


def scenario_cards(scenario: Mapping[str, Any], bundle: Bundle) -> list[str]:
    """The grid's cards, the Boss (and its Boss Threat cards once it is out), every pile the
    scenario names and the crew's hands, in that order, each once."""
    found: list[str] = []
    for row in (scenario.get("grid") or {}).values():
        found += [_card_id(entry) for entry in row if entry]
    boss = scenario.get("boss")
    boss_id = _card_id(boss) if boss else None
    if boss_id:
        found.append(boss_id)
        if isinstance(boss, Mapping) and boss.get("status") in ("in_play", "revealed"):
            found += [c["id"] for c in bundle["bosses"].get(boss_id, {}).get("threats", [])]
    for pile in PILES:
        cards = scenario.get(pile)
        found += list(cards.get("shuffle", []) if isinstance(cards, Mapping) else cards or [])
    for player in scenario.get("players") or []:
        found += list(player.get("hand") or [])
    return list(dict.fromkeys(found))


def _card_id(entry: Any) -> str:
    return str(entry["card"] if isinstance(entry, Mapping) else entry)


def card_entry(card: PrintCard, bundle: Bundle, texts: Mapping[str, Any]) -> CatalogueCard:
    """One printed card as the catalogue shows, filters and finds it."""
    kind, pile_name = KINDS.get(card.pile, BOSS_KIND)
    facets = _facets(card, bundle, kind)
    parts, parts_title, details = _parts(card, bundle, texts)
    title = _title(card, bundle)
    text = _summary(card, bundle) + (card.text or card.words)
    values = [name for pairs in facets.values() for _, name in pairs]
    return CatalogueCard(
        id=card.id,
        title=title,
        pile_name=pile_name,
        kind=kind,
        text=text,
        alt=f"{card.id}: {card.words}",
        search=" ".join([card.id, title, pile_name, kind, text, *values]).lower(),
        facets=facets,
        parts=parts,
        parts_title=parts_title,
        details=details,
        notes=_notes(card, bundle),
    )


def _summary(card: PrintCard, bundle: Bundle) -> str:
    """What an Enemy card shows as symbols, before its text in the grid."""
    enemy = bundle["enemies"].get(card.id)
    if enemy is None:
        return ""
    shield = ", Shield" if enemy.get("shield") else ""
    return f"Life {enemy['life']}, damage {enemy['damage']}, {enemy['xp']} XP{shield}. "


def _title(card: PrintCard, bundle: Bundle) -> str:
    for section in ("enemies", "commands", "threats", "bosses", "crew"):
        if card.id in bundle[section]:
            return str(bundle[section][card.id]["name"])
    threat = bundle["boss_threats"].get(card.id)
    if threat is not None:
        return f"{bundle['bosses'][threat['boss']]['name']}: Boss Threat {threat['position']}"
    if card.pile == "MAT":
        return "Timeline mat, columns " + card.id.removeprefix("TIMELINE-")
    return "Upgrade board"


def _facets(card: PrintCard, bundle: Bundle, kind: str) -> dict[str, list[tuple[str, str]]]:
    facets: dict[str, list[tuple[str, str]]] = {"kind": [(kind.replace(" ", "-"), kind)]}
    enemy = bundle["enemies"].get(card.id)
    if enemy is not None:
        facets["tier"] = [(str(enemy["xp"]), f"{enemy['xp']} XP")]
    threat = bundle["threats"].get(card.id)
    if threat is not None:
        facets["level"] = [(str(threat["level"]), str(threat["level"]).capitalize())]
    boss = bundle["bosses"].get(card.id) or bundle["bosses"].get(
        (bundle["boss_threats"].get(card.id) or {}).get("boss")
    )
    if boss is not None:
        facets["boss"] = [(str(boss["id"]), f"{boss['number']}: {boss['name']}")]
    facets["effect"] = sorted(dict.fromkeys(_effects(card, bundle)))
    return facets


def _effects(card: PrintCard, bundle: Bundle) -> Iterable[tuple[str, str]]:
    """The kinds a card prints, by id and name (a Move is a Move, whoever moves)."""
    printed: list[tuple[str, Mapping[str, Any]]] = []
    if card.id in bundle["commands"]:
        printed.append(("command", bundle["commands"][card.id]))
    if card.id in bundle["threats"]:
        printed.append(("threat", bundle["threats"][card.id]["effect"]))
    for effect in (bundle["enemies"].get(card.id) or {}).get("activation") or []:
        printed.append(("enemy", effect))
    for effect in (bundle["boss_threats"].get(card.id) or {}).get("effects") or []:
        printed.append(("boss_threat", effect))
    for host, effect in printed:
        yield str(effect["kind"]), str(kind_of(bundle, host, effect["kind"])["name"])


def _parts(
    card: PrintCard, bundle: Bundle, texts: Mapping[str, Any]
) -> tuple[list[Part], str, list[tuple[str, list[str]]]]:
    """What its page lists: a Boss's sides, an Enemy's activation effects and values."""
    boss = bundle["bosses"].get(card.id)
    if boss is not None:
        sides = [Part(side, _side_words(boss, side), texts[f"{card.id}:{side}"].words)
                 for side in ("front", "back")]  # fmt: skip
        return sides, "Sides", [("Life", [str(boss["life"])])]
    enemy = bundle["enemies"].get(card.id)
    if enemy is not None:
        effects = enemy.get("activation") or []
        said = [text for text, colour in texts[card.id].paragraphs if colour == "ink"]
        parts = [
            Part(f"effect {i}", str(kind_of(bundle, "enemy", e["kind"])["name"]), rules)
            for i, (e, rules) in enumerate(zip(effects, said, strict=False), start=1)
        ]
        values = [f"life {enemy['life']}", f"damage {enemy['damage']}", f"{enemy['xp']} XP"]
        details = [("Values", values + (["Shield"] if enemy.get("shield") else []))]
        if enemy.get("flavour"):
            details.append(("Flavour", [f"\u201c{enemy['flavour']}\u201d"]))
        return parts, "Activation" if parts else "", details
    command = bundle["commands"].get(card.id)
    if command is not None and command.get("heat"):
        return [], "", [("Heat", [f"+{command['heat']}"])]
    return [], "", []


def _side_words(boss: Mapping[str, Any], side: str) -> str:
    data = boss["sides"].get(side) or {}
    words = ["Shield" if data.get("shield") else "no Shield"]
    prefer = data.get("prefer") or boss.get("prefer")
    if prefer:
        words.append(f"prefers {prefer}")
    return ", ".join(words)


def _notes(card: PrintCard, bundle: Bundle) -> list[str]:
    threat = bundle["boss_threats"].get(card.id)
    if threat is not None:
        return [f"boss {threat['boss']}", f"Timeline column {threat['position']}"]
    if card.id in bundle["commands"] and bundle["commands"][card.id].get("advanced"):
        return ["shuffled into the Command deck by the Deck upgrade"]
    return []
