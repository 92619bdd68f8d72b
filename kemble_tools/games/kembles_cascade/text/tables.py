"""The words Kemble's Cascade's card text is made of: labels of statistics, attributes and
counters, directions, object nouns, and what is being worded (the vocabulary, the trigger, who
"you" is, what `chosen` is), kept while one effect is written."""

from __future__ import annotations

from contextvars import ContextVar

from kemble_tools.dsl.vocabulary import Vocabulary

STAT_LABELS = {
    "moves": "moves",
    "turret_shots": "turret shots",
    "overload_cost_1": "first overload cost",
    "overload_cost_2": "second overload cost",
    "max_overloads": "overloads allowed",
    "max_energy": "maximum energy",
    "recharge": "Power Down recharge",
    "shield": "shield",
    "rotate_cost": "Rotary Cage turning cost",
    "buy_fee": "buying fee",
    "turret_turns": "turret turning",
}
PLURAL_ATTRIBUTES = frozenset({"threat_points", "moves_left"})  # "its threat points are 0"
PLURAL_STATS = frozenset({"moves", "turret_shots", "max_overloads"})  # "your moves are 3"
# Statistics that are a yes or a no read as a sentence: (when 0, when 1).
SWITCH_TEXTS = {"turret_turns": ("cannot turn the turret", "can turn the turret")}
SCOPES = {"turn": " this turn", "round": " this round", "while_owned": ""}
DIRECTIONS = {
    "N": "north",
    "NE": "north-east",
    "E": "east",
    "SE": "south-east",
    "S": "south",
    "SW": "south-west",
    "W": "west",
    "NW": "north-west",
}
# Object kinds whose id is not an English noun as it stands.
OBJECT_NOUNS = {"empty": "empty quadrant", "power_up": "power-up"}
# {p}: the player's possessive ("your", "that player's").
PLAYER_ATTRIBUTES = {
    "energy": "{p} energy",
    "max_energy": "{p} maximum energy",
    "threat_points": "{p} threat points",
    "threat_level": "{p} threat level",
    "glory": "{p} glory",
    "bellonium": "{p} Bellonium",
    "powerups": "the number of power-up cards in {p} hand",
    "moves_left": "{p} moves left this turn",
    "row": "{p} row",
    "column": "{p} column",
}
QUADRANT_ATTRIBUTES = {
    "energy": "{p} energy",
    "threat": "{p} threat",
    "damage_taken": "{p} damage taken this turn",
    "row": "{p} row",
    "column": "{p} column",
    "glory_reward": "{p} glory reward",
    "bellonium_reward": "{p} Bellonium reward",
}
# {s}: the player as a subject ("you", "that player").
COUNTERS = {
    "enemies_destroyed": "the number of enemies {s} destroyed",
    "objects_destroyed": "the number of objects {s} destroyed",
    "bellonium_earned": "the Bellonium {s} received",
    "wormhole_jumps": "the number of wormhole jumps {s} made",
    "overloads": "the number of overloads {s} used",
    "power_downs": "the number of Power Down turns {s} took",
    "upgrades_bought": "the number of upgrade levels {s} bought",
    "powerups_played": "the number of power-up cards {s} played",
    "damage_dealt": "the damage {s} dealt with shots",
    "rounds_in_row_1": "the number of rounds {s} ended in row 1",
}
GLOBALS = {"round": "the round number", "players_count": "the number of players"}
# Two triggers whose effects print the same words, as one phrase: (quadrant, owned card).
TOGETHER = {
    frozenset({"on_enter", "on_pushed_onto"}): (
        "When a ship moves or is pushed here",
        "When a ship moves or is pushed onto a quadrant",
    ),
}

# Selector forms: every one meant, one chosen, any one as a place, all of them counted.
EACH, ONE, ANY, PLURAL = "each", "one", "any", "plural"

# On a card a player owns, "the player" of these events is the owner: the card says "you".
OWNER_EVENTS = frozenset({"on_sensor_played", "on_bought", "on_drawn", "on_played", "passive"})
# Events about an object (its quadrant's attributes read that object): "that object".
OBJECT_EVENTS = frozenset({"on_hit", "on_destroyed"})

# What is being worded, set while one effect is written (actions.py).
WORDS: ContextVar[Vocabulary] = ContextVar("words")  # the vocabulary: selectors, choices
PLAYER_IS_YOU: ContextVar[bool] = ContextVar("player_is_you", default=False)
CHOSEN_KIND: ContextVar[str] = ContextVar("chosen_kind", default="one")
TRIGGER: ContextVar[str] = ContextVar("trigger", default="")
