"""The schemas of Kemble's Cascade's card files: space cards, bosses, object kinds, upgrades,
sensors, power-ups, missions and achievements."""

from __future__ import annotations

from kemble_tools.games.kembles_cascade.validate.shapes import (
    DECK_CODE,
    PLAYER_SYMBOLS,
    Schema,
    array,
    integer,
    kind_value,
    obj,
    ref,
    text,
)


def space_cards() -> Schema:
    deck = obj(
        {
            "code": ref("deck_code"),
            "name": text("Deck name: Squadrons 1."),
            "description": text("What the deck is about."),
        },
        ["code", "name"],
    )
    return obj(
        {"kind": kind_value("space_cards"), "deck": deck, "cards": array(ref("space_card"), 1)},
        ["kind", "deck", "cards"],
        title="Space cards of one deck",
    )


def boss() -> Schema:
    boss_card = obj(
        {
            "number": integer(1, 8, "Number on the card's back: 1–4, or 1–8 for a two-row boss."),
            "name": text("Optional card name."),
            "quadrants": ref("quadrants"),
            "flip": {"type": "boolean"},
            "back": ref("card_back"),
            "notes": text("Designer notes; not printed."),
        },
        ["number", "quadrants"],
    )
    rule = obj(
        {
            "id": ref("snake_id"),
            "name": text("Rule name."),
            "text": text("Rules text for the Boss Warning card, if not generated."),
            "effects": ref("effects"),
        },
        ["id", "name"],
    )
    return obj(
        {
            "kind": kind_value("boss"),
            "id": {
                "type": "string",
                "pattern": DECK_CODE,
                "title": "boss id",
                "description": "Boss id, upper case: its cards are BOSS-<ID>-<n>.",
            },
            "name": text("Boss name."),
            "rows": {"enum": [1, 2], "description": "One row (4 cards) or two rows (8 cards)."},
            "warning": obj({"text": text("Flavour text of the Boss Warning card.")}),
            "special_rules": array(rule),
            "defeat": {
                "type": "string",
                "description": "A condition (expression) that defeats the boss, if not D-BOS-2 "
                "(all its destructible parts destroyed).",
            },
            "cards": array(boss_card, 1),
        },
        ["kind", "id", "name", "rows", "cards"],
        title="A boss",
    )


def objects() -> Schema:
    kind = obj(
        {
            "id": ref("snake_id"),
            "name": text("Display name."),
            "description": text("What it does, for designers."),
            "mark": {
                "type": "string",
                "minLength": 1,
                "maxLength": 1,
                "description": "One character that shows it on text boards (`kemble run`); "
                "default: the first letter of its name not taken by another kind.",
            },
            "blocks_shots": {"type": "boolean", "description": "Stops shots (R-OBJ-BLOCK-1)."},
            "enterable": {
                "enum": [True, False, "when_destructible"],
                "description": "Players may move onto it (R-MOV-3, R-MOV-4); `when_destructible`: "
                "only where it shows energy (R-BOS-3).",
            },
            "enemy": {"type": "boolean", "description": "An enemy (R-OBJ-ENEMY-1)."},
            "indestructible": {
                "type": "boolean",
                "description": "Cannot be destroyed even if a card gives it energy.",
            },
            "boss": {
                "type": "boolean",
                "description": "A part of a boss: `boss_parts` selects it and the boss is "
                "defeated when every destructible one is destroyed (D-BOS-2).",
            },
            "vacant": {
                "type": "boolean",
                "description": "Nothing is here: what a covered quadrant shows. Exactly one "
                "object kind is vacant.",
            },
            "effects": ref("effects"),
        },
        ["id", "name", "blocks_shots", "enterable", "enemy"],
    )
    return obj(
        {"kind": kind_value("objects"), "objects": array(kind, 1)},
        ["kind", "objects"],
        title="Object kinds",
    )


def upgrades() -> Schema:
    level = obj(
        {
            "level": integer(1, 3),
            "copies": integer(1, description="Cards of this level in the upgrade pile (printed)."),
            "price": integer(0, description="Bellonium (R-BUY-2)."),
            "glory": integer(0, description="Glory when bought (R-BUY-3)."),
            "weapon": ref("weapon"),
            "effects": ref("effects"),
        },
        ["level", "price"],
    )
    upgrade = obj(
        {
            "id": ref("snake_id"),
            "name": text("Display name."),
            "type": {"enum": ["weapon", "ship_mod"]},
            "levels": array(level, 1, maxItems=3),
        },
        ["id", "name", "type", "levels"],
    )
    return obj(
        {"kind": kind_value("upgrades"), "upgrades": array(upgrade, 1)},
        ["kind", "upgrades"],
        title="Upgrades",
    )


def sensors() -> Schema:
    sensor = obj(
        {
            "number": integer(10, 400, "Turn-order number, unique, 10–400."),
            "symbol": {"enum": PLAYER_SYMBOLS, "description": "Player symbol (R-COMP-3)."},
            "effects": ref("effects"),
        },
        ["number", "symbol"],
    )
    return obj(
        {"kind": kind_value("sensors"), "sensors": array(sensor, 1)},
        ["kind", "sensors"],
        title="Sensor cards",
    )


def text_cards(kind: str, title: str, extra: dict[str, Schema]) -> Schema:
    """A file of cards whose rules are all effects: power-ups, missions, achievements."""
    card = obj(
        {
            "id": ref("snake_id"),
            "name": text("Card name."),
            "flavor": text("Flavour text."),
            **extra,
            "effects": ref("effects"),
        },
        ["id", "name"],
    )
    return obj({"kind": kind_value(kind), kind: array(card, 1)}, ["kind", kind], title=title)


def powerups() -> Schema:
    timing = {"enum": ["own_turn", "when_drawn"], "description": "When it can be played (R-PWD-2)."}
    return text_cards(
        "powerups",
        "Power-up cards",
        {
            "timing": timing,
            "end_glory": integer(1, description="Glory scored at game end (R-END-1)."),
            "copies": integer(1, description="Copies in the deck."),
        },
    )


def missions() -> Schema:
    return text_cards(
        "missions",
        "Mission cards",
        {
            "glory": integer(1, description="Glory on completion (R-MIS-1)."),
            "target": integer(1, description="Progress needed."),
        },
    )


def achievements() -> Schema:
    return text_cards(
        "achievements",
        "Achievement cards",
        {"glory": integer(1, description="Glory for meeting it (R-ACH-1).")},
    )
