"""Building blocks of Bossin' Space's schemas: ids, numbers, words, and the card shapes that
files and a scenario's local `cards` share (the card files)."""

from __future__ import annotations

from typing import Any

Schema = dict[str, Any]
GAME_ID = "bossins-space"
DRAFT = "https://json-schema.org/draft/2020-12/schema"
ID_BASE = "urn:kemble-tools:schema:bossins-space:"
CARD_ID = r"^[A-Z][A-Z0-9]*(-[A-Z0-9]+)*$"  # EN1-01, CMD-14, THR-N-01, BOSS-1, BT1-1
SNAKE_ID = r"^[a-z][a-z0-9_]*$"  # the kinds of bs_kinds, upgrade paths
SIDES = ["left", "right"]
LEVELS = ["easy", "normal", "hard", "extreme"]
ROLES = ["pilot", "mechanic", "gunner", "scientist", "hacker"]
CARD_KINDS = ("bs_enemies", "bs_commands", "bs_threats", "bs_bosses", "bs_crew")
DATA_KINDS = ("bs_kinds", "bs_upgrade_board", "bs_setup")


def obj(properties: Schema, required: list[str] | None = None, **extra: Any) -> Schema:
    return {
        "type": "object",
        "properties": properties,
        "required": required or [],
        "additionalProperties": False,
        **extra,
    }


def array(items: Schema, least: int = 0, most: int | None = None, **extra: Any) -> Schema:
    found: Schema = {"type": "array", "items": items, "minItems": least, **extra}
    if most is not None:
        found["maxItems"] = most
    return found


def integer(least: int, most: int, doc: str = "") -> Schema:
    return {"type": "integer", "minimum": least, "maximum": most, "description": doc}


def text(doc: str) -> Schema:
    return {"type": "string", "description": doc}


def enum(values: list[Any], doc: str = "") -> Schema:
    return {"enum": values, "description": doc}


def ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


CARD_REF = {"type": "string", "pattern": CARD_ID, "description": "A card id."}
KIND_REF = {"type": "string", "pattern": SNAKE_ID, "description": "A kind of bs_kinds."}
NOTES = text("Designer notes; not printed.")
COLUMN = integer(1, 4, "A column, 1 to 4.")

# The effects printed on Enemy cards (`activation`) and Boss Threat cards (R-BS-ENE-2…10,
# R-BS-BOSS-6): a kind of bs_kinds and its printed values.
EFFECT_FIELDS: Schema = {
    "kind": KIND_REF,
    "dir": enum(SIDES, "move: the printed direction (R-BS-ENE-4)."),
    "to": enum(["toward", "away"], "move_relative: toward or away from the Ship (R-BS-ENE-5)."),
    "prefer": enum(SIDES, "The side of an ambiguous move away (D-BS-ENE-2, D-BS-BOSS-10)."),
    "amount": integer(-9, 9, "heat: n rises (D-BS-HEAT-4); xp: ±n (R-BS-ENE-9)."),
    "area": enum(["column", "wide"], "attack: the narrow or wide icon (R-BS-ENE-7)."),
}


def defs(effects: dict[str, Schema]) -> dict[str, Schema]:
    """Every shape the schemas share, the DSL's effects included."""
    enemy_effect = obj(EFFECT_FIELDS, ["kind"], title="Enemy card effect")
    boss_fields = {**EFFECT_FIELDS, "damage": integer(0, 9, "boss_attack: its damage.")}
    side = obj(
        {
            "name": text("What this side is called."),
            "shield": {"type": "boolean", "description": "A Shield (D-BS-BOSS-6)."},
            "prefer": enum(SIDES, "This side's preferred side (D-BS-BOSS-10)."),
            "effects": ref("effects"),
            "text": text("Printed text, if not generated."),
        }
    )
    return {
        **effects,
        "enemy_effect": enemy_effect,
        "boss_effect": obj(boss_fields, ["kind"], title="Boss Threat card effect"),
        "boss_side": side,
        "enemy": _enemy(),
        "command": _command(),
        "threat": _threat(),
        "boss": _boss(),
        "crew": obj(
            {
                "id": CARD_REF,
                "role": enum(ROLES, "The Crew card's role (R-BS-CREW-*)."),
                "name": text("Name."),
                "ability": text("The ability's printed text."),
                "notes": NOTES,
            },
            ["id", "role"],
        ),
    }


def _enemy() -> Schema:
    return obj(
        {
            "id": CARD_REF,
            "name": text("Name."),
            "xp": enum([1, 2, 3], "XP it gives; its tier of the Enemy deck (R-BS-SET-4)."),
            "life": integer(1, 20, "Life points (R-BS-DMG-1)."),
            "damage": integer(0, 9, "Damage value ★ (D-BS-ENE-5)."),
            "shield": {"type": "boolean", "description": "A Shield (R-BS-DMG-4)."},
            "activation": array(
                ref("enemy_effect"),
                0,
                2,
                description="On activation, left then right (R-BS-ENE-1).",
            ),
            "effects": ref("effects"),
            "flavour": text("Flavour text."),
            "notes": NOTES,
        },
        ["id", "xp", "life", "damage"],
    )


def _command() -> Schema:
    return obj(
        {
            "id": CARD_REF,
            "kind": KIND_REF,
            "name": text("Name, if not its kind's."),
            "dir": enum(SIDES, "Move: the printed direction (R-BS-CMD-2)."),
            "distance": integer(1, 2, "Move: 1, or 2 for a Double Move (R-BS-CMD-2)."),
            "heat": integer(0, 3, "The heat symbol (D-BS-COMP-3)."),
            "advanced": {"type": "boolean", "description": "Advanced Command (R-BS-CMD-9)."},
            "effects": ref("effects"),
            "notes": NOTES,
        },
        ["id", "kind"],
    )


def _threat() -> Schema:
    effect = obj(
        {
            "kind": KIND_REF,
            "columns": array(COLUMN, 1, 4, uniqueItems=True),
            "column": COLUMN,
            "dir": enum([*SIDES, "toward", "away"], "move: where (D-BS-THR-2)."),
            "bonus": enum(["xp", "repair", "choice"], "help: the bonus (D-BS-THR-5)."),
            "count": integer(1, 4, "How many, where the kind reads it (D-BS-THR-6)."),
        },
        ["kind"],
    )
    return obj(
        {
            "id": CARD_REF,
            "name": text("Name."),
            "level": enum(LEVELS, "The difficulty symbol (R-BS-VAR-1)."),
            "effect": effect,
            "notes": NOTES,
        },
        ["id", "level", "effect"],
    )


def _boss() -> Schema:
    boss_threat = obj(
        {
            "id": CARD_REF,
            "name": text("Name."),
            "position": integer(1, 4, "Its Timeline column (R-BS-BOSS-5)."),
            "effects": array(ref("boss_effect"), 1, 2),
            "notes": NOTES,
        },
        ["id", "position", "effects"],
    )
    return obj(
        {
            "id": CARD_REF,
            "number": integer(1, 99, "Boss number (1–5 in the box, R-BS-BOSS-1)."),
            "name": text("Name (G-BS-4)."),
            "life": integer(1, 30, "Maximum life (D-BS-BOSS-1)."),
            "prefer": enum(SIDES, "The preferred side of its away moves (D-BS-BOSS-4)."),
            "marker": text("Its marker (standee)."),
            "sides": obj({"front": ref("boss_side"), "back": ref("boss_side")}, ["front", "back"]),
            "threats": array(boss_threat, 1, description="Its 4 Boss Threat cards."),
            "notes": NOTES,
        },
        ["id", "number", "life", "sides", "threats"],
    )
