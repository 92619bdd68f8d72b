"""Bossin' Space's things and words: what selectors give (targets: Enemy cards and the Boss
marker; columns), their attributes, the hosts that carry effects, the closed word lists and the
game-wide names (docs/bossins-space/rules.md)."""

from __future__ import annotations

from kemble_tools.dsl.vocabulary import INT, Host, SetType, Words

# --- what selectors give -------------------------------------------------------------------------
TARGETS, COLUMNS = "targets", "columns"

TARGET_ATTRIBUTES = {
    "life": "life points as printed (the Boss: its current life)",
    "damage": "its damage value, the ★ (D-BS-ENE-5)",
    "damage_taken": "damage tokens on it (D-BS-DMG-1: damage persists)",
    "xp": "the XP it gives when defeated (R-BS-UPG-1)",
    "shield": "1 if it has a Shield (R-BS-DMG-4), else 0",
    "row": "its row, 1 (A) to 3 (C); 0 for the Boss strip",
    "column": "its column, 1 to 4",
}
COLUMN_ATTRIBUTES = {
    "number": "the column's number, 1 to 4",
    "enemies": "how many Enemy cards are in it",
}
SET_TYPES = {
    TARGETS: SetType(
        TARGETS,
        "target",
        TARGET_ATTRIBUTES,
        "attributes belong to one target: write this_card.{name}",
        ("damage", "to"),
    ),
    COLUMNS: SetType(
        COLUMNS,
        "column",
        COLUMN_ATTRIBUTES,
        "attributes belong to one column: write ship_column.{name}",
        ("teleport", "to"),
    ),
}
UNIONS: dict[str, tuple[str, ...]] = {}

# --- closed words --------------------------------------------------------------------------------
PRINTED = "printed"  # the value printed on the card whose kind runs the effect (bs_kinds)
SIDES = {"left": "towards column 1", "right": "towards column 4", PRINTED: "as printed"}
MOVES = {
    "left": "one column left",
    "right": "one column right",
    "toward": "one column closer to the Ship's column (R-BS-ENE-5)",
    "away": "one column further from the Ship's column (R-BS-ENE-5, R-BS-ENE-12)",
    PRINTED: "as printed on the card",
}
ROWS = {"A": "the top row", "B": "the middle row", "C": "the row above the safety line"}
PLACES = {
    "below": "the space directly under this card, pushing the cards below down (D-BS-ENE-1)",
    "first_available": "the column's highest free open space (D-BS-GEO-1)",
    "top_open_row": "the highest row the Boss has not closed (D-BS-BOSS-7)",
}
SKIPS = {
    "next_threat": "this column's Threat and Boss Threat cards (R-BS-CMD-5, D-BS-CMD-3)",
    "next_command": "the next column's Command card (R-BS-BOSS-6, D-BS-BOSS-3)",
}
DECKS = {
    "enemy": "the Enemy deck",
    "command": "the Command deck",
    "threat": "the Threat deck",
    "advanced": "the Advanced Command deck",
}
PATHS = {
    "missiles": "Missiles path (R-BS-UPG-4)",
    "lasers": "Lasers path (R-BS-UPG-5)",
    "deck": "Deck path (R-BS-UPG-6)",
    "structural": "structural path (R-BS-UPG-7)",
}
FIELDS = {
    "amount": "the amount printed on the effect (Heat +n, ±XP)",
    "damage": "the damage printed on a Boss Threat card's attack (D-BS-BOSS-5)",
    "distance": "a Move card's distance, 1 or 2 (R-BS-CMD-2)",
    "count": "how many, where a Threat card prints it (D-BS-THR-6)",
}
WORDS = {
    "side": Words("side", "side", SIDES, "dsl.side", sample="left"),
    "move": Words("move", "move", MOVES, "dsl.move", sample="toward", heading="Card moves:"),
    "row": Words("row", "row", ROWS, "dsl.row", sample="C"),
    "place": Words("place", "placement", PLACES, "dsl.place", heading="Placements:"),
    "skip": Words("skip", "skip", SKIPS, "dsl.skip", heading="What `skip` skips:"),
    "deck": Words("deck", "deck", DECKS, "dsl.deck"),
    "path": Words("path", "upgrade path", PATHS, "dsl.path", heading="Upgrade paths:"),
    "field": Words("field", "printed field", FIELDS, "dsl.field", heading="Printed fields:"),
}

# --- hosts ---------------------------------------------------------------------------------------
ENEMY_HOST, COMMAND_HOST = "enemy", "command"
THREAT_HOST, BOSS_THREAT_HOST, BOSS_HOST = "threat", "boss_threat", "boss"
CARD_HOSTS = frozenset({ENEMY_HOST, THREAT_HOST, BOSS_THREAT_HOST, BOSS_HOST})
TIMELINE_HOSTS = frozenset({THREAT_HOST, BOSS_THREAT_HOST})
EVERY_HOST = frozenset({*CARD_HOSTS, COMMAND_HOST})
THIS = {"this_card": "the card that carries the effect"}
HOSTS = {
    ENEMY_HOST: Host(
        ENEMY_HOST,
        "Enemy cards on the grid and the Enemy effect kinds (bs_kinds)",
        frozenset({"this_card"}),
        "on an Enemy card",
        THIS,
    ),
    COMMAND_HOST: Host(
        COMMAND_HOST,
        "Command cards and the Command kinds (bs_kinds)",
        frozenset(),
        "on a Command card",
    ),
    THREAT_HOST: Host(
        THREAT_HOST,
        "Threat cards on the Timeline and the Threat effect kinds (bs_kinds)",
        frozenset({"this_card"}),
        "on a Threat card",
        {"this_card": "the Threat card (its printed columns are `marked_columns`)"},
    ),
    BOSS_THREAT_HOST: Host(
        BOSS_THREAT_HOST,
        "Boss Threat cards",
        frozenset({"this_card"}),
        "on a Boss Threat card",
        {"this_card": "the Boss marker (D-BS-BOSS-9)"},
    ),
    BOSS_HOST: Host(
        BOSS_HOST,
        "a Boss card's sides",
        frozenset({"this_card"}),
        "on a Boss card",
        {"this_card": "the Boss marker"},
    ),
}

GLOBALS = {
    "round": (INT, "the current round, from 1"),
    "players_count": (INT, "how many players crew the Ship"),
    "ship_life": (INT, "the Ship's life tokens in play (R-BS-LIFE-1)"),
    "heat": (INT, "the Ship's temperature, 0 up to the limit (D-BS-HEAT-1)"),
    "xp": (INT, "the blue cube's distance from the start of the XP track"),
}
