"""Kemble's Cascade's printable cards (CardHooks.print_cards): the space cards and boss cards
(88 x 63 mm, a flip card's back its other side), the Boss Warning cards, the small cards of
rules text (power-ups, missions, achievements, sensors, upgrade levels) and the reference cards
that explain them, each with its back."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kemble_tools.export.cards import PrintCard
from kemble_tools.export.layout import Rect
from kemble_tools.export.painter import Painter
from kemble_tools.games.kembles_cascade.export.decks import deck_colours
from kemble_tools.games.kembles_cascade.export.faces import (
    DECK_PALETTE,
    SMALL_CARD,
    SPACE_CARD,
    Back,
    draw_back,
    draw_space_card,
    draw_text_card,
)
from kemble_tools.games.kembles_cascade.export.reference import reference_cards
from kemble_tools.games.kembles_cascade.export.symbols import COLOURS
from kemble_tools.games.kembles_cascade.stats import deck_order
from kemble_tools.games.kembles_cascade.vocabulary import OWNED_HOST, QUADRANT_HOST, VOCABULARY

Bundle = Mapping[str, Any]


def print_cards(
    bundle: Bundle, decks: list[str] | None = None, ids: list[str] | None = None
) -> list[PrintCard]:
    """Every printable card of the bundle, or those of the given decks or ids, in bundle order.
    A selection comes with the reference cards that explain it (the symbols, its decks' colours,
    what its object kinds do), so that a printed expansion deck explains itself; reference cards
    asked for by id come instead, as the whole game prints them."""
    cards = [*_space_cards(bundle), *_boss_warnings(bundle), *_text_cards(bundle)]
    if not decks and not ids:
        return cards + reference_cards(bundle)
    if decks:
        cards = [c for c in cards if _decks_of(bundle, c.id) & set(decks)]
    asked = [c for c in reference_cards(bundle) if c.id in (ids or [])]
    if ids:
        cards = [c for c in cards if c.id in ids]
    return cards + (asked or reference_cards(bundle, cards))


def _decks_of(bundle: Bundle, card_id: str) -> set[str]:
    """The names `--deck` knows a card by: its deck code; a boss's cards and its Warning card
    also by the boss id and the Warning card's id (BANSHEE, BOSS-BANSHEE)."""
    for boss_id, boss in bundle["bosses"].items():
        if card_id == boss["warning_card"] or card_id in boss["cards"]:
            return {boss_id, boss["warning_card"]}
    card = bundle["cards"].get(card_id)
    return {card["deck"]} if card else set()


def _space_cards(bundle: Bundle) -> list[PrintCard]:
    objects, art = bundle["objects"], bundle.get("art", {})
    found = []
    order = {code: i for i, code in enumerate(deck_order(bundle))}  # S1, A1, …, then bosses
    colours = deck_colours(bundle)
    in_order = sorted(bundle["cards"].items(), key=lambda item: order.get(item[1]["deck"], 99))
    for card_id, card in in_order:

        def front(p: Painter, trim: Rect, bleed: float, card: dict[str, Any] = card) -> None:
            draw_space_card(p, trim, bleed, card, objects, art=art)

        def back(p: Painter, trim: Rect, bleed: float, card: dict[str, Any] = card) -> None:
            if card.get("flip") and card.get("back"):
                draw_space_card(p, trim, bleed, card, objects, back=True, art=art)
            else:
                draw_back(p, trim, bleed, _space_back(bundle, card, colours))

        found.append(PrintCard(card_id, SPACE_CARD, front, back, COLOURS, pile=card["deck"]))
    return found


WARNING_BACK = Back("!", "Boss Warning", "threat", "warning")  # one for all: dealt unseen


def _space_back(bundle: Bundle, card: dict[str, Any], colours: dict[str, str]) -> Back:
    """A space deck's back shows its code; a boss card's shows its number (R-COMP-2)."""
    deck = card["deck"]
    colour = colours.get(deck, DECK_PALETTE[0])
    if deck in bundle["bosses"]:
        return Back(str(card.get("number", "")), bundle["bosses"][deck]["name"], colour, "crown")
    name = (bundle["decks"].get(deck) or {}).get("name") or deck
    return Back(deck, name, colour)


def _boss_warnings(bundle: Bundle) -> list[PrintCard]:
    found = []
    for boss in bundle["bosses"].values():
        rules = [
            f"{rule['name']}: "
            + (VOCABULARY.text(rule["effects"], QUADRANT_HOST) or rule.get("text") or "")
            for rule in boss["special_rules"].values()
        ]
        text = " ".join([boss.get("warning") or "", *rules]).strip()
        found.append(
            _text_card(
                boss["warning_card"],
                boss["name"],
                "Boss Warning",
                "WARN",
                text,
                "defeat: all its parts" if boss.get("defeat") is None else "defeat: see its rules",
            )
        )
    return found


def _text_cards(bundle: Bundle) -> list[PrintCard]:
    owned = OWNED_HOST
    cards = []
    for key, item in bundle["powerups"].items():
        glory = f"{item['end_glory']} glory at the end" if item.get("end_glory") else ""
        if item.get("copies", 1) > 1:  # printed, so a print order and a player both know
            glory = ", ".join(filter(None, [glory, f"{item['copies']} copies"]))
        cards.append(
            _text_card(
                key,
                item["name"],
                "Power-up",
                "PU",
                _rules_and_flavour(item),
                glory,
            )
        )
    for key, item in bundle["missions"].items():
        cards.append(
            _text_card(
                key,
                item["name"],
                f"Mission (target {item.get('target', 1)})",
                "MIS",
                _rules_and_flavour(item),
                f"{item['glory']} glory",
            )
        )
    for key, item in bundle["achievements"].items():
        cards.append(
            _text_card(
                key,
                item["name"],
                "Achievement",
                "ACH",
                _rules_and_flavour(item),
                f"{item['glory']} glory",
            )
        )
    for sensor in bundle["sensors"]:
        text = VOCABULARY.text(sensor["effects"], owned)
        cards.append(
            _text_card(
                f"sensor-{sensor['number']}",
                str(sensor["number"]),
                f"Sensor - {sensor['symbol']}",
                "SEN",
                text,
                symbol=sensor["symbol"],
            )
        )
    for key, item in bundle["upgrades"].items():
        for level in item["levels"]:
            shots = weapon_text(level.get("weapon") or {})
            cards.append(
                _text_card(
                    f"{key}-{level['level']}",
                    f"{item['name']} {level['level']}",
                    f"Upgrade ({item['type'].replace('_', '-')})",
                    "UPG",
                    shots + VOCABULARY.text(level["effects"], owned),
                    f"price {level['price']}"
                    + (f", {level['glory']} glory" if level.get("glory") else "")
                    + (f", {level['copies']} copies" if level.get("copies", 1) > 1 else ""),
                )
            )
    return cards


def _rules_and_flavour(item: dict[str, Any]) -> str:
    """The rules, then the flavour text on a line of its own, in quotes: set apart, so that
    nobody reads the story as a rule."""
    rules = VOCABULARY.text(item["effects"], OWNED_HOST)
    flavour = f"\u201c{item['flavor']}\u201d" if item.get("flavor") else ""
    return "\n".join(part for part in (rules, flavour) if part)


def weapon_text(weapon: dict[str, Any]) -> str:
    """A weapon level's whole profile in words (R-UPG-*): shots, damage, splash, line, reach."""
    if not weapon:
        return ""
    shots = int(weapon["shots"])
    parts = [
        f"{'One shot' if shots == 1 else f'{shots} shots'} of {weapon['damage']} damage"
        + (" each" if shots > 1 else "")
    ]
    if weapon.get("line"):
        parts.append("to every quadrant along the fire line, through everything")
    if weapon.get("splash"):
        parts.append(f"and {weapon['splash']} to one quadrant next to the target")
    if weapon.get("reach"):
        reach = int(weapon["reach"])
        parts.append("to the next quadrant only" if reach == 1 else f"up to {reach} quadrants")
    return " ".join(parts) + ". "


def _text_card(
    card_id: str,
    title: str,
    kind: str,
    code: str,
    text: str,
    footer: str = "",
    symbol: str | None = None,
) -> PrintCard:
    """A card of rules text. A Boss Warning card is a space card, dealt from the space deck
    with the one Warning back (R-SET-4); the small cards have a back per kind."""
    warning = code == "WARN"

    def front(p: Painter, trim: Rect, bleed: float) -> None:
        draw_text_card(p, trim, bleed, title, kind, code, card_id, text, footer, symbol)

    def back(p: Painter, trim: Rect, bleed: float) -> None:
        draw_back(p, trim, bleed, WARNING_BACK if warning else SMALL_BACKS[code])

    size = SPACE_CARD if warning else SMALL_CARD
    said = " ".join(text.split())
    words = f"{kind} \u201c{title}\u201d" + (f": {said}" if said else "")
    words += f" ({footer})" if footer else ""
    return PrintCard(card_id, size, front, back, COLOURS, text, bool(footer), code, words)


# The small cards' backs, one per kind, each with its own shape (told apart in greyscale too).
SMALL_BACKS = {
    "PU": Back("PU", "Power-up", "bellonium", "hexagon"),
    "MIS": Back("MIS", "Mission", "green", "star"),
    "ACH": Back("ACH", "Achievement", "yellow", "crown"),
    "SEN": Back("SEN", "Sensor", "blue", "circle"),
    "UPG": Back("UPG", "Upgrade", "energy", "bolt"),
}
