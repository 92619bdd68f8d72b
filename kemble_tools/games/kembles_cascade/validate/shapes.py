"""The parts Kemble's Cascade's JSON Schemas share: id patterns, the closed objects and counts
they are built from, and the definitions (`$defs`) a schema copies when it reaches them.
"""

from __future__ import annotations

from typing import Any

from kemble_tools.dsl.schema import effect_defs
from kemble_tools.games.kembles_cascade.vocabulary import VOCABULARY

Schema = dict[str, Any]

DRAFT = "https://json-schema.org/draft/2020-12/schema"
ID_BASE = "urn:kemble-tools:schema:"
SCHEMA_VERSION = 1

SNAKE_ID = r"^[a-z][a-z0-9_]*$"
DECK_CODE = r"^[A-Z][A-Z0-9]*$"
SPACE_CARD_ID = r"^[A-Z][A-Z0-9]*-[0-9]{2,3}$"
CARD_REF = r"^([A-Z][A-Z0-9]*-[0-9]{2,3}|BOSS-[A-Z][A-Z0-9]*(-[0-9]+)?)$"
SCENARIO_ID = r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$"

DIRECTIONS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
FACINGS = ["N", "E", "S", "W"]
IMMUNITIES = ["flame", "missile", "laser", "gamma"]
PLAYER_SYMBOLS = ["red", "blue", "green", "yellow", "purple"]
VERDICTS = ["solvable", "unsolvable"]


def obj(properties: dict[str, Schema], required: list[str] | None = None, **extra: Any) -> Schema:
    """A closed object: unknown keys are errors, never silently ignored."""
    schema: Schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = required
    schema.update(extra)
    return schema


def ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


# Every count has a maximum: content comes from strangers, and a number no game can mean
# (a 40-digit count, 300 million threat symbols) must be an error, not a hang. No count in the
# game passes MAX_COUNT; symbols on one quadrant stop at MAX_SYMBOLS (there is room for a few).
MAX_COUNT, MAX_SYMBOLS, MAX_SEED = 999, 9, 2**32 - 1


def integer(minimum: int = 0, maximum: int = MAX_COUNT, description: str = "") -> Schema:
    schema: Schema = {"type": "integer", "minimum": minimum, "maximum": maximum}
    if description:
        schema["description"] = description
    return schema


def text(description: str) -> Schema:
    return {"type": "string", "minLength": 1, "description": description}


def array(items: Schema, min_items: int = 0, **extra: Any) -> Schema:
    schema: Schema = {"type": "array", "items": items}
    if min_items:
        schema["minItems"] = min_items
    schema.update(extra)
    return schema


# Every file may name its game; one without `game:` is Kemble's Cascade's (docs/games.md).
GAME: Schema = {
    "const": "kembles-cascade",
    "description": "The game this file is for; without it, The Battle at Kemble's Cascade.",
}


def kind_value(value: str) -> Schema:
    return {"const": value, "description": "Which kind of content this file holds."}


# Shared definitions: each generated schema copies the ones it reaches.
DEFS: dict[str, Schema] = {
    "snake_id": {
        "type": "string",
        "pattern": SNAKE_ID,
        "title": "id",
        "description": "Lower-case identifier: letters, digits and underscores.",
    },
    "deck_code": {
        "type": "string",
        "pattern": DECK_CODE,
        "title": "deck code",
        "description": "Deck symbol: S1, A1, W1, F1, T1, STAR, or a boss id.",
    },
    "direction": {"enum": DIRECTIONS, "description": "Fire direction (N is towards row 1)."},
    "facing": {"enum": FACINGS, "description": "Rotary Cage direction."},
    "threat_line": obj(
        {
            "count": integer(1, MAX_SYMBOLS, "Number of threat symbols."),
            "direction": ref("direction"),
        },
        ["count", "direction"],
        description="Threat symbols firing along a line.",
    ),
    "reward": obj(
        {
            "bellonium": integer(1, description="Bellonium from the reserve (R-SYM-6)."),
            "glory": integer(1, description="Glory points (R-SYM-9)."),
            "energy": integer(1, description="+1 Player Energy symbols (R-SYM-8)."),
        },
        minProperties=1,
        description="What destroying or using this object gives.",
    ),
    "quadrant": obj(
        {
            "object": {**ref("snake_id"), "description": "Object kind id (cards/objects.yaml)."},
            "name": text("Optional name shown on the card."),
            "energy": integer(
                1, description="Object Energy; absent means indestructible (R-SYM-1)."
            ),
            "threat": integer(1, MAX_SYMBOLS, "Threat symbols (R-SYM-2)."),
            "distant_threat": ref("threat_line"),
            "gamma_distant_threat": ref("threat_line"),
            "omni_threat": integer(1, MAX_SYMBOLS, "Omni Threat symbols (R-SYM-5)."),
            "reward": ref("reward"),
            "global_bellonium": integer(1, MAX_SYMBOLS, "Global Bellonium symbols (R-SYM-7)."),
            "move_cost": {"enum": [1, 2], "description": "-M (1) or -MM (2) (R-SYM-10)."},
            "immune": array(
                {"enum": IMMUNITIES},
                1,
                uniqueItems=True,
                description="Weapons that do no damage here (R-SYM-11).",
            ),
            "special": {
                **ref("snake_id"),
                "description": "A special rule of this card's boss (R-SYM-13).",
            },
            "art": {
                "type": "string",
                "minLength": 1,
                "description": "A picture for its panel: a PNG or SVG file, its path relative "
                "to the card file and inside that file's folder.",
            },
        },
        ["object"],
        description="One half of a space card.",
    ),
    "quadrants": array(
        ref("quadrant"), 2, maxItems=2, description="Exactly two quadrants: left, then right."
    ),
    "card_back": obj(
        {"quadrants": ref("quadrants")},
        ["quadrants"],
        description="The other side of a flip card (R-SYM-12).",
    ),
    "space_card": obj(
        {
            "id": {
                "type": "string",
                "pattern": SPACE_CARD_ID,
                "title": "card id",
                "description": "Deck code, a dash and a two-digit number: S1-07.",
            },
            "deck": ref("deck_code"),
            "name": text("Optional card name."),
            "quadrants": ref("quadrants"),
            "flip": {"type": "boolean", "description": "Turns over when a quadrant is destroyed."},
            "back": ref("card_back"),
            "notes": text("Designer notes; not printed."),
        },
        ["id", "quadrants"],
        description="A space card: two quadrants side by side.",
    ),
    "card_ref": {
        "oneOf": [
            {
                "type": "string",
                "pattern": CARD_REF,
                "title": "card id",
                "description": "A card id: S1-07, BOSS-KRAKEN-2, or BOSS-KRAKEN (Warning card).",
            },
            obj(
                {
                    "card": {
                        "type": "string",
                        "pattern": CARD_REF,
                        "title": "card id",
                        "description": "A card id: S1-07, BOSS-KRAKEN-2, or BOSS-KRAKEN.",
                    },
                    "side": {"enum": ["front", "back"]},
                    "flipped": {"type": "boolean"},
                },
                ["card"],
            ),
        ],
        "description": "A card id (S1-07, BOSS-KRAKEN-2, BOSS-KRAKEN for its Boss Warning card), "
        "or {card, side: back} for a flip card shown on its back.",
    },
}


RULE_SWITCHES: dict[str, Schema] = {
    "base_moves": integer(1, 3, "Moves a turn before upgrades (R-MOV-1, R-VAR-TUN-1)."),
    "not_for_sale": array(
        ref("snake_id"),
        uniqueItems=True,
        description="Upgrades that cannot be bought (R-VAR-TUN-1: [engine]).",
    ),
    "start_upgrades": {
        "type": "object",
        "propertyNames": {"pattern": SNAKE_ID},
        "additionalProperties": integer(1, 3),
        "description": "Upgrades every ship starts with (R-SET-6: {rotary_cage: 1}; R-VAR-TV-1: "
        "none).",
    },
    "fire_directions": array(
        ref("facing"),
        1,
        uniqueItems=True,
        description="Directions a ship without Rotary Cage may fire.",
    ),
    "upgrade_prices": {
        "type": "object",
        "propertyNames": {"pattern": SNAKE_ID},
        "additionalProperties": array(integer(0), 1, maxItems=3),
        "description": "Price per level overrides: {rotary_cage: [3, 3]}.",
    },
    "teams": integer(2, 2, "Two teams of two (R-VAR-WING-1)."),
    "shared_powerups": {"type": "boolean"},
    "insert_decks": array(
        ref("deck_code"),
        uniqueItems=True,
        description="Decks whose cards are shuffled into the space deck, each replacing a "
        "standard card (R-VAR-STAR-1: [STAR]).",
    ),
    "win": {"enum": ["most_glory", "defeat_boss"], "description": "How the game is won."},
}
DEFS.update(effect_defs(VOCABULARY))
DEFS["weapon"] = obj(
    {
        "shots": integer(
            1, description="Shots per fire action, spread over the turn (R-UPG-LAS-1)."
        ),
        "damage": integer(1, description="Damage to the target (or to each quadrant of the line)."),
        "splash": integer(
            0, description="Damage to one orthogonal neighbour the player chooses (R-UPG-MIS-1)."
        ),
        "reach": integer(1, description="Quadrants it reaches; absent means no limit (R-FIR-3)."),
        "line": {
            "type": "boolean",
            "description": "Hits every quadrant along the fire line, "
            "through every blocking object (R-UPG-GAM-1).",
        },
        "immunity": {
            "enum": list(IMMUNITIES),
            "description": "The immunity symbol that stops this weapon (R-SYM-11).",
        },
    },
    ["shots", "damage"],
    description="What firing this weapon once does at this level.",
)
DEFS["rule_switches"] = obj(RULE_SWITCHES, description="Rule switches of a variant.")
