"""Kemble's Cascade's things and words: what selectors give (players, quadrants, cards) and their
attributes, the hosts that carry effects, the closed word lists arguments take (directions,
statistics, scopes, counters), the content they name, and the game-wide names."""

from __future__ import annotations

from kemble_tools.dsl.vocabulary import INT, Host, SetType, Words

# --- what selectors give -------------------------------------------------------------------------
PLAYERS, QUADRANTS, CARDS = "players", "quadrants", "cards"
TARGET = "target"  # a parameter taking players or quadrants (`damage`, `destroy`)

# Player and quadrant attributes readable in expressions (`player.energy`).
PLAYER_ATTRIBUTES = {
    "energy": "current energy",
    "max_energy": "maximum energy",
    "threat_points": "threat track points, 0–9",
    "threat_level": "threat level (R-THR-1)",
    "glory": "glory",
    "bellonium": "Bellonium",
    "powerups": "power-up cards in hand",
    "moves_left": "moves left this turn",
    "row": "row of the ship (0 when off the board)",
    "column": "column of the ship (0 when off the board)",
}
QUADRANT_ATTRIBUTES = {
    "energy": "Object Energy as printed (0 when it has none); damage this turn is `damage_taken`",
    "threat": "threat it gives an adjacent player (R-THR-6: regular threat, else distant)",
    "damage_taken": "damage dealt to it this turn (R-FIR-6)",
    "row": "its row (0 once its card has left the play area)",
    "column": "its column (0 once its card has left the play area)",
    "glory_reward": "glory of its reward",
    "bellonium_reward": "Bellonium of its reward",
}
SET_TYPES = {
    PLAYERS: SetType(
        PLAYERS,
        "player",
        PLAYER_ATTRIBUTES,
        "attributes belong to someone: write player.{name} or owner.{name}",
        ("add_threat", "player"),
    ),
    QUADRANTS: SetType(
        QUADRANTS,
        "quadrant",
        QUADRANT_ATTRIBUTES,
        "attributes belong to a quadrant: write this_quadrant.{name}",
        ("cover", "quadrant"),
    ),
    CARDS: SetType(CARDS, "card", example=("flip_card", "card")),
}
UNIONS = {TARGET: (PLAYERS, QUADRANTS)}

# --- closed words --------------------------------------------------------------------------------
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
ORTHOGONAL = ("N", "E", "S", "W")
WEAPONS = ("turret", "laser", "missile", "gamma", "flamethrower")
BASE_WEAPON = WEAPONS[0]  # every ship's own gun (R-FIR-1); the others are upgrades
SCOPES = ("turn", "round", "while_owned")
STATS = {
    "moves": "moves a turn (R-MOV-1, Engine)",
    "turret_shots": "turret shots a turn (R-FIR-1)",
    "overload_cost_1": "energy cost of the first overload (R-OVL-1)",
    "overload_cost_2": "energy cost of the second overload (R-OVL-1)",
    "max_overloads": "overloads allowed a turn (R-OVL-1)",
    "max_energy": "maximum energy (R-UPG-GEN-1)",
    "recharge": "energy gained by Power Down (R-PWD-1)",
    "shield": "threat points removed before resolving threat (R-UPG-SHD-1)",
    "rotate_cost": "energy cost of turning the Rotary Cage (R-TUR-1)",
    "turret_turns": "1 if the ship can turn its fire direction (Rotary Cage), else 0 (R-VAR-TV-1)",
    "buy_fee": "Bellonium paid for a buy action outside Power Down (R-OBJ-MERC-1)",
}
COUNTERS = {
    "enemies_destroyed": "enemies the player destroyed",
    "objects_destroyed": "objects of any kind the player destroyed",
    "bellonium_earned": "Bellonium the player received",
    "wormhole_jumps": "wormhole jumps made",
    "overloads": "overloads used",
    "power_downs": "Power Down turns taken",
    "upgrades_bought": "upgrade levels bought",
    "powerups_played": "power-up cards played",
    "damage_dealt": "damage dealt by the player's shots",
    "rounds_in_row_1": "rounds ended in row 1",
}
# Listed in this order: the compiler checks an expression's references in it.
WORDS = {
    "direction": Words(
        "direction", "direction", dict.fromkeys(DIRECTIONS, ""), "dsl.direction", sample="S"
    ),
    "stat": Words(
        "stat", "statistic", STATS, "dsl.unknown_stat", heading="Statistics for `modify`:"
    ),
    "scope": Words("scope", "scope", dict.fromkeys(SCOPES, "")),
    "counter": Words(
        "counter",
        "counter",
        COUNTERS,
        "dsl.unknown_counter",
        heading="Counters for `counter(player, 'name')`:",
    ),
    "upgrade": Words("upgrade", "upgrade", code="ref.unknown", table="upgrades"),
    "object": Words(
        "object", "object kind", code="ref.unknown", table="objects", sample="wormhole"
    ),
    "special_rule": Words(
        "special_rule", "boss special rule", code="ref.unknown", table="special:"
    ),
}

# --- hosts ---------------------------------------------------------------------------------------
# What an effect can refer to depends on what hosts it (a quadrant's object or boss part, or a card
# a player owns) and on the event that triggered it.
QUADRANT_HOST, OWNED_HOST = "quadrant", "owned"
BOSS_HOST = "boss"  # a boss special rule that no card carries: boss-wide, with no quadrant
EVERY_HOST = frozenset({QUADRANT_HOST, BOSS_HOST, OWNED_HOST})
OWNED_ONLY = frozenset({OWNED_HOST})
HOSTS = {
    QUADRANT_HOST: Host(
        QUADRANT_HOST,
        "quadrants (object kinds, boss parts)",
        frozenset({"this_quadrant"}),
        "on a quadrant",
        {
            "this_quadrant": "the quadrant that carries the effect",
            "this_card": "the card that carries the effect",
        },
        {"this_quadrant": "event_quadrant"},
    ),
    BOSS_HOST: Host(BOSS_HOST, "a boss as a whole", frozenset()),
    OWNED_HOST: Host(
        OWNED_HOST,
        "cards a player owns (power-ups, sensors, upgrades, missions, achievements)",
        frozenset({"owner"}),
        "on a card a player owns",
        {"owner": "the player who owns the card (nobody on an achievement: it is shared)"},
    ),
}

# Plain names usable in expressions besides selectors.
GLOBALS = {
    "round": (INT, "the current round, from 1"),
    "players_count": (INT, "how many players are in the game"),
}
