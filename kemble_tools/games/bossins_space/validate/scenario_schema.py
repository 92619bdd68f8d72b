"""The schema of a Bossin' Space scenario (a scenario file): its position at the start of a
round, its piles, rules and expectation, and the cards it adds for itself."""

from __future__ import annotations

from kemble_tools.games.bossins_space.validate.shapes import (
    CARD_KINDS,
    CARD_REF,
    COLUMN,
    DATA_KINDS,
    LEVELS,
    ROLES,
    Schema,
    array,
    enum,
    integer,
    obj,
    ref,
    text,
)

CELL: Schema = {
    "anyOf": [
        {"type": "null"},
        CARD_REF,
        obj({"card": CARD_REF, "damage": integer(0, 20, "Damage tokens on it.")}, ["card"]),
    ],
    "description": "null, an Enemy card id, or {card, damage}.",
}
PILE: Schema = {
    "anyOf": [
        array(CARD_REF, description="The exact order, top first."),
        obj({"shuffle": array(CARD_REF)}, ["shuffle"]),
    ],
    "description": "A list (top first) or {shuffle: [ids]} (order left to chance).",
}
PILES = (
    "enemy_deck",
    "enemy_discard",
    "threat_deck",
    "threat_used",
    "command_deck",
    "command_discard",
    "advanced_deck",
)
BOSS_STATE = obj(
    {
        "card": CARD_REF,
        "status": enum(["hidden", "revealed", "in_play"], "Default hidden (D-BS-ENE-4)."),
        "row": enum(
            ["strip", "A", "B", "C"], "Its row; rows at or above it are closed (D-BS-BOSS-7)."
        ),
        "column": COLUMN,
        "life": integer(0, 30, "Its life (in play)."),
        "side": enum(["front", "back"], "Its side (D-BS-BOSS-6)."),
    },
    ["card"],
)
LOCAL_LISTS = {
    "bs_enemies": ("cards", "enemy"),
    "bs_commands": ("cards", "command"),
    "bs_threats": ("cards", "threat"),
    "bs_bosses": ("bosses", "boss"),
    "bs_crew": ("cards", "crew"),
}


def local_cards() -> Schema:
    """A scenario's own 3b-BS documents: each is checked as its kind's file is; a data kind
    there is bs.scenario.cards_kind (checks)."""
    rules = [
        {
            "if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
            "then": {"properties": {key: array(ref(item), 1)}, "required": [key]},
        }
        for kind, (key, item) in LOCAL_LISTS.items()
    ]
    entry = {
        "type": "object",
        "properties": {
            "kind": enum([*CARD_KINDS, *DATA_KINDS], "The document's kind."),
            "game": {"const": "bossins-space"},
            "cards": {"type": "array"},
            "bosses": {"type": "array"},
        },
        "required": ["kind"],
        "additionalProperties": False,
        "allOf": rules,
    }
    return array(entry, description="Scenario-local 3b-BS documents (§3-BS `cards`).")


def scenario(head: Schema) -> Schema:
    upgrades = obj(
        {path: integer(0, 3) for path in ("missiles", "lasers", "deck")}
        | {"structural": integer(0, 2)}
    )
    player = obj({"id": text("Player id."), "crew": enum(ROLES), "hand": array(CARD_REF)}, ["id"])
    return obj(
        {
            **head,
            "kind": {"const": "scenario"},
            "id": {"type": "string", "pattern": r"^[a-z0-9][a-z0-9-]*$"},
            "title": text("Its title."),
            "description": text("What it is about."),
            "variant": enum(["solo", "crew"], "solo, or crew (`kemble run` only)."),
            "level": enum(LEVELS, "The game's difficulty (R-BS-VAR-1)."),
            "boss": {"anyOf": [CARD_REF, BOSS_STATE], "description": "A Boss card id or state."},
            "round": integer(1, 99, "The round it starts at."),
            "max_rounds": integer(1, 99, "Rounds before the game ends undecided (D-BS-END-2)."),
            "seed": {"type": "integer", "minimum": 0},
            "ship": obj({"column": COLUMN, "life": integer(0, 9), "heat": integer(0, 9)}),
            "xp": integer(0, 40, "The blue cube's distance from the start."),
            "upgrades": upgrades,
            "grid": obj(
                {row: array(CELL) for row in ("A", "B", "C")},
                description="Rows A, B, C; 4 entries each, column 1 first.",
            ),
            **{pile: PILE for pile in PILES},
            "deal": {
                "type": "boolean",
                "description": "R-BS-SET-5: draw the first 4 Enemy cards into row A before the "
                "first round (a normal setup; with an empty grid).",
            },
            "rules": obj(
                {
                    "heat_limit": integer(1, 9, "D-BS-HEAT-1."),
                    "xp_gap": integer(0, 9, "Empty spaces after the XP start (D-BS-SET-1)."),
                    "shuffles": enum(["chance", "seeded"], "§3-BS."),
                }
            ),
            "expect": obj(
                {
                    "verdict": enum(["solvable", "unsolvable"]),
                    "win_probability": {
                        "type": "string",
                        "pattern": r"^(>=|<=|==|>|<) ?[0-9./ ]+$",
                    },
                }
            ),
            "difficulty": text("The solver's band (docs/solver.md), not the game's level."),
            "cards": local_cards(),
            "players": array(player, 1),
            "captain": text("The first Captain's player id."),
            "notes": text("Designer notes."),
        },
        ["game", "id", "title", "variant", "level", "boss"],
    )
