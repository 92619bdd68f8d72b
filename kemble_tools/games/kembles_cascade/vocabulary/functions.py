"""Kemble's Cascade's choices and the functions its expressions call."""

from __future__ import annotations

from kemble_tools.dsl.vocabulary import ANY_SET, BOOL, INT, OPTION, TEXT, ChoiceKind, Function
from kemble_tools.games.kembles_cascade.vocabulary.values import CARDS, PLAYERS, QUADRANTS

CHOICES: dict[str, ChoiceKind] = {
    c.name: c
    for c in [
        ChoiceKind(
            "direction", "direction", "One of a list of directions (N, NE, …).", "direction: [W, E]"
        ),
        ChoiceKind(
            "quadrant",
            QUADRANTS,
            "One quadrant of a selector.",
            "quadrant: {adjacent_quadrants: {orthogonal: true}}",
        ),
        ChoiceKind("card", CARDS, "One card of a selector.", "card: {adjacent_cards: {}}"),
        ChoiceKind(
            "option",
            OPTION,
            "One of named options, each a list of actions.",
            "option: {energy: [gain_energy: 1], cash: [gain_bellonium: 1]}",
        ),
    ]
}

FUNCTIONS: dict[str, Function] = {
    f.name: f
    for f in [
        Function(
            "count",
            (ANY_SET,),
            INT,
            "How many players, quadrants or cards a selector gives.",
            "count(boss_parts) == 0",
        ),
        Function(
            "marked",
            (PLAYERS, QUADRANTS),
            BOOL,
            "The player's marker is on the quadrant.",
            "not marked(player, this_quadrant)",
        ),
        Function(
            "occupied", (QUADRANTS,), BOOL, "A ship is on the quadrant.", "occupied(event_quadrant)"
        ),
        Function(
            "standing_on",
            (PLAYERS, QUADRANTS),
            BOOL,
            "The player's ship is on the quadrant.",
            "standing_on(player, this_quadrant)",
        ),
        Function(
            "is_astral",
            (PLAYERS,),
            BOOL,
            "The player is astral (R-AST-1).",
            "not is_astral(player)",
        ),
        Function(
            "is_enemy",
            (QUADRANTS,),
            BOOL,
            "The quadrant shows an enemy (R-OBJ-ENEMY-1).",
            "is_enemy(event_quadrant)",
        ),
        Function(
            "shows",
            (QUADRANTS, TEXT),
            BOOL,
            "The quadrant shows an object kind.",
            "shows(event_quadrant, 'wormhole')",
            text="object",
        ),
        Function(
            "counter",
            (PLAYERS, TEXT),
            INT,
            "A per-player game counter (see Counters).",
            "counter(player, 'enemies_destroyed') >= 10",
            text="counter",
        ),
        Function(
            "upgrade_level",
            (PLAYERS, TEXT),
            INT,
            "The level of an upgrade the player owns (0 if none).",
            "upgrade_level(player, 'laser') >= 2",
            text="upgrade",
        ),
        Function("min", (INT, INT), INT, "The smaller of two numbers.", "min(player.bellonium, 3)"),
        Function(
            "parts_left",
            (TEXT,),
            INT,
            "How many boss parts carrying a special rule are in play and not destroyed.",
            "parts_left('core') == 0",
            text="special_rule",
        ),
        Function(
            "max", (INT, INT), INT, "The larger of two numbers.", "max(player.threat_level, 1)"
        ),
    ]
}
