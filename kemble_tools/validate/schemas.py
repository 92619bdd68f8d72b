"""The JSON Schemas of every content file kind, built from one definition.

Each schema in `schema/` is generated from this module (`kemble generate`) and a test keeps
the committed files in sync. Each file is self-contained (shared parts are copied into its
`$defs`), so an editor can use it from a `# yaml-language-server: $schema=…` line without
fetching anything.
"""

from __future__ import annotations

import json
from typing import Any

from kemble_tools.dsl.schema import effect_defs

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


def _obj(properties: dict[str, Schema], required: list[str] | None = None, **extra: Any) -> Schema:
    """A closed object: unknown keys are errors, never silently ignored."""
    schema: Schema = {"type": "object", "properties": properties, "additionalProperties": False}
    if required:
        schema["required"] = required
    schema.update(extra)
    return schema


def _ref(name: str) -> Schema:
    return {"$ref": f"#/$defs/{name}"}


# Every count has a maximum: content comes from strangers, and a number no game can mean
# (a 40-digit count, 300 million threat symbols) must be an error, not a hang. No count in the
# game passes MAX_COUNT; symbols on one quadrant stop at MAX_SYMBOLS (there is room for a few).
MAX_COUNT, MAX_SYMBOLS, MAX_SEED = 999, 9, 2**32 - 1


def _int(minimum: int = 0, maximum: int = MAX_COUNT, description: str = "") -> Schema:
    schema: Schema = {"type": "integer", "minimum": minimum, "maximum": maximum}
    if description:
        schema["description"] = description
    return schema


def _text(description: str) -> Schema:
    return {"type": "string", "minLength": 1, "description": description}


def _list(items: Schema, min_items: int = 0, **extra: Any) -> Schema:
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


def _kind(value: str) -> Schema:
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
    "threat_line": _obj(
        {
            "count": _int(1, MAX_SYMBOLS, "Number of threat symbols."),
            "direction": _ref("direction"),
        },
        ["count", "direction"],
        description="Threat symbols firing along a line.",
    ),
    "reward": _obj(
        {
            "bellonium": _int(1, description="Bellonium from the reserve (R-SYM-6)."),
            "glory": _int(1, description="Glory points (R-SYM-9)."),
            "energy": _int(1, description="+1 Player Energy symbols (R-SYM-8)."),
        },
        minProperties=1,
        description="What destroying or using this object gives.",
    ),
    "quadrant": _obj(
        {
            "object": {**_ref("snake_id"), "description": "Object kind id (cards/objects.yaml)."},
            "name": _text("Optional name shown on the card."),
            "energy": _int(1, description="Object Energy; absent means indestructible (R-SYM-1)."),
            "threat": _int(1, MAX_SYMBOLS, "Threat symbols (R-SYM-2)."),
            "distant_threat": _ref("threat_line"),
            "gamma_distant_threat": _ref("threat_line"),
            "omni_threat": _int(1, MAX_SYMBOLS, "Omni Threat symbols (R-SYM-5)."),
            "reward": _ref("reward"),
            "global_bellonium": _int(1, MAX_SYMBOLS, "Global Bellonium symbols (R-SYM-7)."),
            "move_cost": {"enum": [1, 2], "description": "-M (1) or -MM (2) (R-SYM-10)."},
            "immune": _list(
                {"enum": IMMUNITIES},
                1,
                uniqueItems=True,
                description="Weapons that do no damage here (R-SYM-11).",
            ),
            "special": {
                **_ref("snake_id"),
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
    "quadrants": _list(
        _ref("quadrant"), 2, maxItems=2, description="Exactly two quadrants: left, then right."
    ),
    "card_back": _obj(
        {"quadrants": _ref("quadrants")},
        ["quadrants"],
        description="The other side of a flip card (R-SYM-12).",
    ),
    "space_card": _obj(
        {
            "id": {
                "type": "string",
                "pattern": SPACE_CARD_ID,
                "title": "card id",
                "description": "Deck code, a dash and a two-digit number: S1-07.",
            },
            "deck": _ref("deck_code"),
            "name": _text("Optional card name."),
            "quadrants": _ref("quadrants"),
            "flip": {"type": "boolean", "description": "Turns over when a quadrant is destroyed."},
            "back": _ref("card_back"),
            "notes": _text("Designer notes; not printed."),
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
            _obj(
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


def _space_cards() -> Schema:
    deck = _obj(
        {
            "code": _ref("deck_code"),
            "name": _text("Deck name: Squadrons 1."),
            "description": _text("What the deck is about."),
        },
        ["code", "name"],
    )
    return _obj(
        {"kind": _kind("space_cards"), "deck": deck, "cards": _list(_ref("space_card"), 1)},
        ["kind", "deck", "cards"],
        title="Space cards of one deck",
    )


def _boss() -> Schema:
    boss_card = _obj(
        {
            "number": _int(1, 8, "Number on the card's back: 1–4, or 1–8 for a two-row boss."),
            "name": _text("Optional card name."),
            "quadrants": _ref("quadrants"),
            "flip": {"type": "boolean"},
            "back": _ref("card_back"),
            "notes": _text("Designer notes; not printed."),
        },
        ["number", "quadrants"],
    )
    rule = _obj(
        {
            "id": _ref("snake_id"),
            "name": _text("Rule name."),
            "text": _text("Rules text for the Boss Warning card, if not generated."),
            "effects": _ref("effects"),
        },
        ["id", "name"],
    )
    return _obj(
        {
            "kind": _kind("boss"),
            "id": {
                "type": "string",
                "pattern": DECK_CODE,
                "title": "boss id",
                "description": "Boss id, upper case: its cards are BOSS-<ID>-<n>.",
            },
            "name": _text("Boss name."),
            "rows": {"enum": [1, 2], "description": "One row (4 cards) or two rows (8 cards)."},
            "warning": _obj({"text": _text("Flavour text of the Boss Warning card.")}),
            "special_rules": _list(rule),
            "defeat": {
                "type": "string",
                "description": "A condition (expression) that defeats the boss, if not D-BOS-2 "
                "(all its destructible parts destroyed).",
            },
            "cards": _list(boss_card, 1),
        },
        ["kind", "id", "name", "rows", "cards"],
        title="A boss",
    )


def _objects() -> Schema:
    kind = _obj(
        {
            "id": _ref("snake_id"),
            "name": _text("Display name."),
            "description": _text("What it does, for designers."),
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
            "effects": _ref("effects"),
        },
        ["id", "name", "blocks_shots", "enterable", "enemy"],
    )
    return _obj(
        {"kind": _kind("objects"), "objects": _list(kind, 1)},
        ["kind", "objects"],
        title="Object kinds",
    )


def _upgrades() -> Schema:
    level = _obj(
        {
            "level": _int(1, 3),
            "copies": _int(1, description="Cards of this level in the upgrade pile (printed)."),
            "price": _int(0, description="Bellonium (R-BUY-2)."),
            "glory": _int(0, description="Glory when bought (R-BUY-3)."),
            "weapon": _ref("weapon"),
            "effects": _ref("effects"),
        },
        ["level", "price"],
    )
    upgrade = _obj(
        {
            "id": _ref("snake_id"),
            "name": _text("Display name."),
            "type": {"enum": ["weapon", "ship_mod"]},
            "levels": _list(level, 1, maxItems=3),
        },
        ["id", "name", "type", "levels"],
    )
    return _obj(
        {"kind": _kind("upgrades"), "upgrades": _list(upgrade, 1)},
        ["kind", "upgrades"],
        title="Upgrades",
    )


def _sensors() -> Schema:
    sensor = _obj(
        {
            "number": _int(10, 400, "Turn-order number, unique, 10–400."),
            "symbol": {"enum": PLAYER_SYMBOLS, "description": "Player symbol (R-COMP-3)."},
            "effects": _ref("effects"),
        },
        ["number", "symbol"],
    )
    return _obj(
        {"kind": _kind("sensors"), "sensors": _list(sensor, 1)},
        ["kind", "sensors"],
        title="Sensor cards",
    )


def _text_cards(kind: str, title: str, extra: dict[str, Schema]) -> Schema:
    """A file of cards whose rules are all effects: power-ups, missions, achievements."""
    card = _obj(
        {
            "id": _ref("snake_id"),
            "name": _text("Card name."),
            "flavor": _text("Flavour text."),
            **extra,
            "effects": _ref("effects"),
        },
        ["id", "name"],
    )
    return _obj({"kind": _kind(kind), kind: _list(card, 1)}, ["kind", kind], title=title)


def _powerups() -> Schema:
    timing = {"enum": ["own_turn", "when_drawn"], "description": "When it can be played (R-PWD-2)."}
    return _text_cards(
        "powerups",
        "Power-up cards",
        {
            "timing": timing,
            "end_glory": _int(1, description="Glory scored at game end (R-END-1)."),
            "copies": _int(1, description="Copies in the deck."),
        },
    )


def _missions() -> Schema:
    return _text_cards(
        "missions",
        "Mission cards",
        {
            "glory": _int(1, description="Glory on completion (R-MIS-1)."),
            "target": _int(1, description="Progress needed."),
        },
    )


def _achievements() -> Schema:
    return _text_cards(
        "achievements",
        "Achievement cards",
        {"glory": _int(1, description="Glory for meeting it (R-ACH-1).")},
    )


def _variants() -> Schema:
    deck_part = _obj(
        {
            "deck": _ref("deck_code"),
            "cards": _int(1, description="Number of cards from this deck."),
            "rows": _int(1, description="Number of rows (cards = rows × row width)."),
            "top_up": {
                **_ref("deck_code"),
                "description": "Deck that completes this part if it runs short.",
            },
        },
        ["deck"],
        oneOf=[{"required": ["cards"]}, {"required": ["rows"]}],
    )
    setup = _obj(
        {
            "players": _list(_int(1, 5), 1, uniqueItems=True),
            "row_width": _int(1, 6),
            "space_deck": _list(deck_part, 1),
            "boss_cards": _obj(
                {
                    "one_row": _list(_int(1, 4), 1, uniqueItems=True),
                    "two_rows": _list(_int(1, 8), 1, uniqueItems=True),
                },
                ["one_row", "two_rows"],
            ),
        },
        ["players", "row_width", "space_deck", "boss_cards"],
    )
    variant = _obj(
        {
            "id": _ref("snake_id"),
            "name": _text("Variant name."),
            "description": _text("What changes."),
            "extends": {**_ref("snake_id"), "description": "Variant whose setup this keeps."},
            "players": _list(
                _int(1, 5),
                1,
                uniqueItems=True,
                description="Player counts the variant is for, if not all.",
            ),
            "setups": _list(setup, 1),
            "rules": _ref("rule_switches"),
        },
        ["id", "name"],
    )
    return _obj(
        {"kind": _kind("variants"), "variants": _list(variant, 1)},
        ["kind", "variants"],
        title="Variants",
    )


RULE_SWITCHES: dict[str, Schema] = {
    "base_moves": _int(1, 3, "Moves a turn before upgrades (R-MOV-1, R-VAR-TUN-1)."),
    "not_for_sale": _list(
        _ref("snake_id"),
        uniqueItems=True,
        description="Upgrades that cannot be bought (R-VAR-TUN-1: [engine]).",
    ),
    "start_upgrades": {
        "type": "object",
        "propertyNames": {"pattern": SNAKE_ID},
        "additionalProperties": _int(1, 3),
        "description": "Upgrades every ship starts with (R-SET-6: {rotary_cage: 1}; R-VAR-TV-1: "
        "none).",
    },
    "fire_directions": _list(
        _ref("facing"),
        1,
        uniqueItems=True,
        description="Directions a ship without Rotary Cage may fire.",
    ),
    "upgrade_prices": {
        "type": "object",
        "propertyNames": {"pattern": SNAKE_ID},
        "additionalProperties": _list(_int(0), 1, maxItems=3),
        "description": "Price per level overrides: {rotary_cage: [3, 3]}.",
    },
    "teams": _int(2, 2, "Two teams of two (R-VAR-WING-1)."),
    "shared_powerups": {"type": "boolean"},
    "insert_decks": _list(
        _ref("deck_code"),
        uniqueItems=True,
        description="Decks whose cards are shuffled into the space deck, each replacing a "
        "standard card (R-VAR-STAR-1: [STAR]).",
    ),
    "win": {"enum": ["most_glory", "defeat_boss"], "description": "How the game is won."},
}
DEFS.update(effect_defs())
DEFS["weapon"] = _obj(
    {
        "shots": _int(1, description="Shots per fire action, spread over the turn (R-UPG-LAS-1)."),
        "damage": _int(1, description="Damage to the target (or to each quadrant of the line)."),
        "splash": _int(
            0, description="Damage to one orthogonal neighbour the player chooses (R-UPG-MIS-1)."
        ),
        "reach": _int(1, description="Quadrants it reaches; absent means no limit (R-FIR-3)."),
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
DEFS["rule_switches"] = _obj(RULE_SWITCHES, description="Rule switches of a variant.")


def _scenario() -> Schema:
    player = _obj(
        {
            "energy": _int(1, 7),
            "threat_points": _int(0, 9),
            "bellonium": _int(0),
            "glory": _int(0),
            "upgrades": {
                "type": "object",
                "propertyNames": {"pattern": SNAKE_ID},
                "additionalProperties": _int(1, 3),
                "description": "{engine: 1, …}",
            },
            "position": {
                "type": ["array", "null"],
                "prefixItems": [_int(1, 5), _int(1, 8)],
                "minItems": 2,
                "maxItems": 2,
                "description": "[row, column]; absent or null starts off the board.",
            },
            "facing": _ref("facing"),
            "powerup_hand": _list(_ref("snake_id")),
        }
    )
    rules = {
        "type": "object",
        "properties": RULE_SWITCHES,
        "propertyNames": {"pattern": SNAKE_ID},
        "additionalProperties": {
            "type": "boolean",
            "description": "Switch a variant on by its id.",
        },
    }
    row = _list(_ref("card_ref"), description="Cards of one row, left to right.")
    local_card = {**_ref("space_card"), "required": ["id", "deck", "quadrants"]}
    return _obj(
        {
            "kind": _kind("scenario"),
            "id": {
                "type": "string",
                "pattern": SCENARIO_ID,
                "title": "scenario id",
                "description": "Lower-case words joined by dashes: solo-01.",
            },
            "title": _text("Scenario title."),
            "description": _text("What the player faces."),
            "variant": {"const": "solo", "description": "Scenarios are single-player."},
            "rows": _list(row, description="Rows 1 (top) to 5 (bottom)."),
            "deck": _list(_ref("card_ref"), description="Cards still to come, first dealt first."),
            "sensors": _list(_int(10, 400)),
            "sensor_hand": _list(_int(10, 400)),
            "powerups": _list(_ref("snake_id")),
            "player": player,
            "rules": rules,
            "round": _int(1),
            "seed": _int(0, MAX_SEED),
            "expect": {"enum": VERDICTS},
            "difficulty": {
                "enum": ["easy", "medium", "hard", "perfection"],
                "description": "The difficulty band the author expects (docs/solver.md); "
                "`kemble build` checks it.",
            },
            "cards": _list(local_card, description="Cards defined for this scenario only."),
        },
        ["id", "title", "variant", "rows", "deck"],
        title="Single-player scenario",
    )


def _sweep() -> Schema:
    """A balance sweep (`kemble sweep`): not content, a grid of simulations and solves."""
    simulate = _obj(
        {
            "variants": _list(_ref("snake_id"), 1, uniqueItems=True,
                              description="Variants to play (default: standard)."),
            "players": _list(_int(1, 5), 1, uniqueItems=True, description="Player counts."),
            "policies": _list({"enum": list(SWEEP_POLICIES)}, 1, uniqueItems=True,
                              description="Bots: " + ", ".join(SWEEP_POLICIES) + "."),
            "games": _int(1, 10_000_000, "Games per grid point (variant, players, policy)."),
            "seed": _int(0, MAX_SEED, "Game g of a point uses seed + g."),
            "chunk": _int(1, 100_000, "Games per task: the unit of work a worker takes."),
        },
        ["players", "games"],
        description="Whole games played by bots.",
    )  # fmt: skip
    alternative = _obj(
        {
            "name": _ref("snake_id"),
            "add": _list({"type": "string", "minLength": 1}, 1,
                         description="Content folders or files added (an expansion), "
                         "relative to this file."),
            "remove": _list({"type": "string", "minLength": 1}, 1, uniqueItems=True,
                            description="Ids removed: upgrades, power-ups, missions, "
                            "achievements."),
            "replace": {
                "type": "object",
                "propertyNames": {"pattern": SPACE_CARD_ID},
                "additionalProperties": _obj(
                    {"quadrants": _ref("quadrants"), "name": _text("Card name.")}, ["quadrants"]
                ),
                "description": "Space cards given new quadrants: {S1-07: {quadrants: [...]}}.",
            },
        },
        ["name"],
        description="One change to the content, solved beside the content as it is.",
    )  # fmt: skip
    solve = _obj(
        {
            "scenarios": _list({"type": "string", "pattern": SCENARIO_ID}, 1, uniqueItems=True,
                               description="Scenarios to solve (default: all)."),
            "limit_seconds": {"type": "number", "exclusiveMinimum": 0, "maximum": 86400},
            "alternatives": _list(alternative, description="Content alternatives."),
        },
        description="Scenarios solved for each content alternative.",
    )  # fmt: skip
    return _obj(
        {
            "kind": _kind("sweep"),
            "content": _list({"type": "string", "minLength": 1},
                             description="Content folders besides the base game, relative to "
                             "this file (an expansion)."),
            "simulate": simulate,
            "solve": solve,
        },
        ["kind"],
        title="Balance sweep",
        anyOf=[{"required": ["simulate"]}, {"required": ["solve"]}],
    )  # fmt: skip


SWEEP_POLICIES = ("random", "greedy", "lookahead", "mcts")

# kind -> (schema file stem, builder)
KINDS: dict[str, tuple[str, Any]] = {
    "space_cards": ("space-cards", _space_cards),
    "boss": ("boss", _boss),
    "objects": ("objects", _objects),
    "upgrades": ("upgrades", _upgrades),
    "sensors": ("sensors", _sensors),
    "powerups": ("powerups", _powerups),
    "missions": ("missions", _missions),
    "achievements": ("achievements", _achievements),
    "variants": ("variants", _variants),
    "scenario": ("scenario", _scenario),
}


# Files that are not content, for the tools: checked like content, never compiled.
TOOL_KINDS: dict[str, tuple[str, Any]] = {"sweep": ("sweep", _sweep)}


def schema_for(kind: str) -> Schema:
    """The complete, self-contained schema of one file kind."""
    stem, build = {**KINDS, **TOOL_KINDS}[kind]
    body = build()
    body["properties"] = {"game": GAME, **body["properties"]}
    return {
        "$schema": DRAFT,
        "$id": f"{ID_BASE}{stem}:v{SCHEMA_VERSION}",
        **body,
        "$defs": _reachable_defs(body),
    }


def schema_file_name(kind: str) -> str:
    return f"{({**KINDS, **TOOL_KINDS})[kind][0]}.schema.json"


def _reachable_defs(body: Schema) -> dict[str, Schema]:
    found: dict[str, Schema] = {}
    pending = [body]
    while pending:
        for name in _refs_in(pending.pop()):
            if name not in found:
                found[name] = DEFS[name]
                pending.append(DEFS[name])
    return dict(sorted(found.items()))


def _refs_in(node: Any) -> list[str]:
    if isinstance(node, dict):
        refs = [node["$ref"].removeprefix("#/$defs/")] if "$ref" in node else []
        return refs + [r for value in node.values() for r in _refs_in(value)]
    if isinstance(node, list):
        return [r for item in node for r in _refs_in(item)]
    return []


def render(kind: str) -> str:
    return json.dumps(schema_for(kind), indent=2, ensure_ascii=False) + "\n"
