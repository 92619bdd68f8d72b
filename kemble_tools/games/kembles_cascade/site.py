"""Kemble's Cascade's catalogue (kemble_tools/site/hooks.py `SiteHooks`): each printable card in
words (its quadrants, its pile, what kind of card it is), the filters by deck, object kind,
symbol and boss, and the cards each scenario lays out."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from kemble_tools.export.cards import PrintCard
from kemble_tools.games.kembles_cascade.engine.deal import is_shuffled
from kemble_tools.games.kembles_cascade.engine.game import Game
from kemble_tools.games.kembles_cascade.vocabulary import QUADRANT_HOST, VOCABULARY
from kemble_tools.site.hooks import CatalogueCard, Part

Bundle = Mapping[str, Any]

PILE_NAMES = {
    "WARN": "Boss Warning cards",
    "PU": "Power-ups",
    "MIS": "Missions",
    "ACH": "Achievements",
    "SEN": "Sensors",
    "UPG": "Upgrades",
    "REF": "Reference cards",
}
SYMBOLS = {  # quadrant keys, as the filter names them
    "threat": "threat",
    "distant_threat": "distant threat",
    "gamma_distant_threat": "gamma distant threat",
    "omni_threat": "omni threat",
    "immune": "immunity",
    "move_cost": "-M / -MM",
    "global_bellonium": "Global Bellonium",
    "special": "boss special effect",
    "reward": "reward",
}
FACETS = (("pile", "Deck"), ("object", "Object kind"), ("symbol", "Symbol"), ("boss", "Boss"))
BOARD_MARKS = (("!", "threat"), ("p1", "your ship"))  # the replay's board draws them too


@dataclass(frozen=True)
class KembleSite:
    name: str = "Kemble's Cascade"
    facets: tuple[tuple[str, str], ...] = FACETS

    def entries(self, bundle: Bundle, cards: list[PrintCard]) -> list[CatalogueCard]:
        return [card_entry(card, bundle) for card in cards]

    def scenario_cards(self, bundle: Bundle, scenario_id: str) -> Iterable[str]:
        scenario = bundle["scenarios"][scenario_id]
        if is_shuffled(scenario):  # a whole game: the board its seed deals, as its page shows
            content = cast(dict[str, Any], bundle)
            scenario = Game.deal(content, scenario, int(scenario.get("seed", 0)))
        return [card for row in scenario["rows"] for card in row]

    def legend(self, frames: list[dict[str, Any]]) -> list[tuple[str, str]]:
        """The object kinds on the boards (play/board_text.py `view`), then the other marks."""
        seen = {
            (cell["mark"], cell["object"].replace("_", " "))
            for frame in frames
            for row in frame["cells"]
            for cell in row
        }
        return [*sorted(seen), *BOARD_MARKS]


SITE = KembleSite()


def card_entry(card: PrintCard, bundle: Bundle) -> CatalogueCard:
    """One card as the catalogue shows and filters it."""
    data = bundle["cards"].get(card.id)
    pile = card.pile
    boss = _boss_of(card, bundle)
    quadrants = [*(data["quadrants"] if data else []), *((data or {}).get("back") or [])]
    objects = sorted({q["object"] for q in quadrants})
    symbols = sorted({SYMBOLS[key] for q in quadrants for key in q if key in SYMBOLS})
    if data and data.get("flip"):
        symbols.append("flip")
    front = len(data["quadrants"]) if data else 0
    parts = [_part(i, q, front, bundle) for i, q in enumerate(quadrants)]
    text = card.text or card.words or " · ".join(part.text for part in parts)
    title, pile_name = _title(card.id, data, bundle), _pile_name(pile, bundle)
    kind = _kind(pile, data, bundle)
    names = {o: str(bundle["objects"][o].get("name") or o) for o in objects}
    words = [card.id, title, pile_name, kind, text, *objects, *symbols, boss or ""]
    return CatalogueCard(
        id=card.id,
        title=title,
        pile_name=pile_name,
        kind=kind,
        text=text,
        alt=_alt(card, title, pile, boss, parts, text),
        search=" ".join(words).lower(),
        facets={
            "pile": [(pile, pile_name)],
            "object": list(names.items()),
            "symbol": [(symbol, symbol) for symbol in symbols],
            "boss": [(boss, str(bundle["bosses"][boss]["name"]))] if boss else [],
        },
        parts=parts,
        parts_title="Quadrants",
        details=[("Symbols", symbols)] if symbols else [],
        notes=[f"boss {boss}"] if boss else [],
    )


def _boss_of(card: PrintCard, bundle: Bundle) -> str | None:
    """The boss a card belongs to: its own cards' pile is the boss, its Warning card names it."""
    if card.pile in bundle["bosses"]:
        return card.pile
    if card.pile == "WARN":
        return next((b for b, v in bundle["bosses"].items() if v["warning_card"] == card.id), None)
    return None


def _part(index: int, quadrant: dict[str, Any], front: int, bundle: Bundle) -> Part:
    """A quadrant in words: where it is, what it shows and what its object kind does."""
    effects = bundle["objects"][quadrant["object"]]["effects"]
    return Part(
        side=("back " if index >= front else "") + ("left", "right")[index % 2],
        text=quadrant_text(quadrant, bundle),
        rules=VOCABULARY.text(effects, QUADRANT_HOST) if effects else "",
    )


def _alt(
    card: PrintCard, title: str, pile: str, boss: str | None, parts: list[Part], text: str
) -> str:
    """The picture in words, for who cannot see it: 'S1-07, deck S1: left: Fighter, energy 2,
    threat 1; right: Empty space', or a text card's title, kind and rules."""
    if not parts:
        return f"{card.id}, {card.words or text}"
    name = f"\u201c{title}\u201d, " if title != card.id else ""
    where = f"boss {boss}" if boss else f"deck {pile}"
    sides = "; ".join(f"{part.side}: {part.text}" for part in parts)
    return f"{card.id}, {name}{where}: {sides}"


def quadrant_text(quadrant: Mapping[str, Any], bundle: Bundle) -> str:
    """A quadrant in words: 'Fighter, energy 1, threat 1, reward 1 Bellonium'."""
    kind = bundle["objects"][quadrant["object"]]
    parts = [str(kind.get("name") or quadrant["object"])]
    if "energy" in quadrant:
        parts.append(f"energy {quadrant['energy']}")
    if quadrant.get("threat"):
        parts.append(f"threat {quadrant['threat']}")
    for key, what in (("distant_threat", "distant threat"), ("gamma_distant_threat", "gamma")):
        if key in quadrant:
            parts.append(f"{what} {quadrant[key]['count']} to {quadrant[key]['direction']}")
    if quadrant.get("omni_threat"):
        parts.append(f"omni threat {quadrant['omni_threat']}")
    if quadrant.get("immune"):
        parts.append("immune to " + ", ".join(quadrant["immune"]))
    if quadrant.get("move_cost"):
        parts.append(f"-{'M' * int(quadrant['move_cost'])}")
    if quadrant.get("global_bellonium"):
        parts.append("Global Bellonium")
    if quadrant.get("special"):
        parts.append(f"special: {quadrant['special']}")
    reward = quadrant.get("reward") or {}
    gains = [f"{n} {'glory' if what == 'glory' else 'Bellonium'}" for what, n in reward.items()]
    if gains:
        parts.append("reward " + " and ".join(gains))
    return ", ".join(parts)


def _title(card_id: str, data: Mapping[str, Any] | None, bundle: Bundle) -> str:
    if data and data.get("name"):
        return str(data["name"])
    for section in ("powerups", "missions", "achievements"):
        if card_id in bundle[section]:
            return str(bundle[section][card_id]["name"])
    upgrade, _, level = card_id.rpartition("-")
    if upgrade in bundle["upgrades"]:
        return f"{bundle['upgrades'][upgrade]['name']} {level}"
    for boss in bundle["bosses"].values():
        if boss["warning_card"] == card_id:
            return f"{boss['name']}: Warning"
    return card_id


def _pile_name(pile: str, bundle: Bundle) -> str:
    if pile in bundle["decks"]:
        return str(bundle["decks"][pile]["name"])
    return PILE_NAMES.get(pile, pile)


def _kind(pile: str, data: Mapping[str, Any] | None, bundle: Bundle) -> str:
    if data is not None:
        return "boss card" if pile in bundle["bosses"] else "space card"
    return {"WARN": "Warning card", "PU": "power-up", "MIS": "mission", "ACH": "achievement",
            "SEN": "sensor", "UPG": "upgrade"}.get(pile, "reference")  # fmt: skip
