"""The schema of a Bossin' Space balance sweep (`kemble sweep`, `game: bossins-space`): whole
solo games played by bots over levels and Bosses, and scenarios solved beside content
alternatives that remove cards."""

from __future__ import annotations

from kemble_tools.games.bossins_space.validate.shapes import (
    CARD_REF,
    LEVELS,
    Schema,
    array,
    enum,
    integer,
    obj,
    text,
)

POLICIES = ["greedy", "lookahead", "random", "mcts"]  # bots.py
VARIANT = {
    "type": "string",
    "pattern": rf"^({'|'.join(LEVELS)})/[A-Z][A-Z0-9]*(-[A-Z0-9]+)*$",
    "description": "A level and a Boss card id: normal/BOSS-1.",
}
PATH = {"type": "string", "minLength": 1}


def sweep(head: Schema) -> Schema:
    simulate = obj(
        {
            "variants": array(VARIANT, 1, uniqueItems=True, description="Default: normal/BOSS-1."),
            "players": array(integer(1, 5), 1, uniqueItems=True, description="1: solo games."),
            "policies": array(enum(POLICIES), 1, uniqueItems=True, description="The bots."),
            "games": integer(1, 10_000_000, "Games per grid point."),
            "seed": integer(0, 2**31 - 1, "Game g of a point uses seed + g."),
            "chunk": integer(1, 100_000, "Games per task."),
        },
        ["players", "games"],
        description="Whole solo games played by bots.",
    )
    alternative = obj(
        {
            "name": {"type": "string", "pattern": r"^[a-z][a-z0-9_]*$"},
            "add": array(PATH, 1, description="Content added, relative to this file."),
            "remove": array(CARD_REF, 1, uniqueItems=True, description="Enemy, Command or "
                            "Threat cards removed."),
        },
        ["name"],
        description="One change to the content, solved beside the content as it is.",
    )  # fmt: skip
    solve = obj(
        {
            "scenarios": array(text("A scenario id."), 1, uniqueItems=True),
            "limit_seconds": {"type": "number", "exclusiveMinimum": 0, "maximum": 86400},
            "alternatives": array(alternative, description="Content alternatives."),
        },
        description="Scenarios solved for each content alternative.",
    )
    return obj(
        {
            **head,
            "kind": {"const": "sweep"},
            "content": array(PATH, description="Content besides the shipped cards."),
            "simulate": simulate,
            "solve": solve,
        },
        ["game", "kind"],
        title="Bossin' Space balance sweep",
        anyOf=[{"required": ["simulate"]}, {"required": ["solve"]}],
    )
