"""The schemas of how Kemble's Cascade is set up and played: variants, single-player scenarios,
and the balance sweeps its tools run (`kemble sweep`)."""

from __future__ import annotations

from kemble_tools.games.kembles_cascade.validate.shapes import (
    MAX_SEED,
    RULE_SWITCHES,
    SCENARIO_ID,
    SNAKE_ID,
    SPACE_CARD_ID,
    VERDICTS,
    Schema,
    array,
    integer,
    kind_value,
    obj,
    ref,
    text,
)


def deck_part() -> Schema:
    """A part of a space deck built by shuffling (R-SET-4): a variant's setup, a scenario's
    shuffled deck."""
    return obj(
        {
            "deck": ref("deck_code"),
            "cards": integer(1, description="Number of cards from this deck."),
            "rows": integer(1, description="Number of rows (cards = rows × row width)."),
            "top_up": {
                **ref("deck_code"),
                "description": "Deck that completes this part if it runs short.",
            },
        },
        ["deck"],
        oneOf=[{"required": ["cards"]}, {"required": ["rows"]}],
    )


def variants() -> Schema:
    setup = obj(
        {
            "players": array(integer(1, 5), 1, uniqueItems=True),
            "row_width": integer(1, 6),
            "space_deck": array(deck_part(), 1),
            "boss_cards": obj(
                {
                    "one_row": array(integer(1, 4), 1, uniqueItems=True),
                    "two_rows": array(integer(1, 8), 1, uniqueItems=True),
                },
                ["one_row", "two_rows"],
            ),
        },
        ["players", "row_width", "space_deck", "boss_cards"],
    )
    variant = obj(
        {
            "id": ref("snake_id"),
            "name": text("Variant name."),
            "description": text("What changes."),
            "extends": {**ref("snake_id"), "description": "Variant whose setup this keeps."},
            "players": array(
                integer(1, 5),
                1,
                uniqueItems=True,
                description="Player counts the variant is for, if not all.",
            ),
            "setups": array(setup, 1),
            "rules": ref("rule_switches"),
        },
        ["id", "name"],
    )
    return obj(
        {"kind": kind_value("variants"), "variants": array(variant, 1)},
        ["kind", "variants"],
        title="Variants",
    )


def scenario() -> Schema:
    player = obj(
        {
            "energy": integer(1, 7),
            "threat_points": integer(0, 9),
            "bellonium": integer(0),
            "glory": integer(0),
            "upgrades": {
                "type": "object",
                "propertyNames": {"pattern": SNAKE_ID},
                "additionalProperties": integer(1, 3),
                "description": "{engine: 1, …}",
            },
            "position": {
                "type": ["array", "null"],
                "prefixItems": [integer(1, 5), integer(1, 8)],
                "minItems": 2,
                "maxItems": 2,
                "description": "[row, column]; absent or null starts off the board.",
            },
            "facing": ref("facing"),
            "powerup_hand": array(ref("snake_id")),
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
    row = array(ref("card_ref"), description="Cards of one row, left to right.")
    local_card = {**ref("space_card"), "required": ["id", "deck", "quadrants"]}
    return obj(
        {
            "kind": kind_value("scenario"),
            "id": {
                "type": "string",
                "pattern": SCENARIO_ID,
                "title": "scenario id",
                "description": "Lower-case words joined by dashes: solo-01.",
            },
            "title": text("Scenario title."),
            "description": text("What the player faces."),
            "variant": {"const": "solo", "description": "Scenarios are single-player."},
            "rows": array(row, description="Rows 1 (top) to 5 (bottom)."),
            "deck": {
                "oneOf": [
                    array(ref("card_ref"), description="Cards still to come, first dealt first."),
                    obj(
                        {
                            "shuffle": array(
                                deck_part(),
                                1,
                                description="The space deck, built as a variant's setup builds "
                                "it (R-SET-4): each deck shuffled, its part taken, in order; the "
                                "board is dealt from it (R-SET-5).",
                            ),
                            "boss": {
                                **ref("deck_code"),
                                "title": "boss id",
                                "description": "The boss at the bottom (default: drawn).",
                            },
                        },
                        ["shuffle"],
                        description="A whole game: dealt from its seed, a new deal for each "
                        "sample of `kemble solve`.",
                    ),
                ],
                "description": "The cards still to come in order, or {shuffle: [...], boss: ID} "
                "for a whole game dealt by the rules.",
            },
            "sensors": array(integer(10, 400)),
            "sensor_hand": array(integer(10, 400)),
            "powerups": array(ref("snake_id")),
            "player": player,
            "rules": rules,
            "round": integer(1),
            "seed": integer(0, MAX_SEED),
            "expect": {"enum": VERDICTS},
            "difficulty": {
                "enum": ["easy", "medium", "hard", "perfection"],
                "description": "The difficulty band the author expects (docs/solver.md); "
                "`kemble build` checks it.",
            },
            "cards": array(local_card, description="Cards defined for this scenario only."),
        },
        ["id", "title", "variant", "deck"],
        title="Single-player scenario",
        # a fixed deck comes after a board; a shuffled one deals the board itself
        **{
            "if": {"properties": {"deck": {"type": "array"}}, "required": ["deck"]},
            "then": {"required": ["rows"]},
        },
    )


def sweep() -> Schema:
    """A balance sweep (`kemble sweep`): not content, a grid of simulations and solves."""
    simulate = obj(
        {
            "variants": array(ref("snake_id"), 1, uniqueItems=True,
                              description="Variants to play (default: standard)."),
            "players": array(integer(1, 5), 1, uniqueItems=True, description="Player counts."),
            "policies": array({"enum": list(SWEEP_POLICIES)}, 1, uniqueItems=True,
                              description="Bots: " + ", ".join(SWEEP_POLICIES) + "."),
            "games": integer(1, 10_000_000, "Games per grid point (variant, players, policy)."),
            "seed": integer(0, MAX_SEED, "Game g of a point uses seed + g."),
            "chunk": integer(1, 100_000, "Games per task: the unit of work a worker takes."),
        },
        ["players", "games"],
        description="Whole games played by bots.",
    )  # fmt: skip
    alternative = obj(
        {
            "name": ref("snake_id"),
            "add": array({"type": "string", "minLength": 1}, 1,
                         description="Content folders or files added (an expansion), "
                         "relative to this file."),
            "remove": array({"type": "string", "minLength": 1}, 1, uniqueItems=True,
                            description="Ids removed: upgrades, power-ups, missions, "
                            "achievements."),
            "replace": {
                "type": "object",
                "propertyNames": {"pattern": SPACE_CARD_ID},
                "additionalProperties": obj(
                    {"quadrants": ref("quadrants"), "name": text("Card name.")}, ["quadrants"]
                ),
                "description": "Space cards given new quadrants: {S1-07: {quadrants: [...]}}.",
            },
        },
        ["name"],
        description="One change to the content, solved beside the content as it is.",
    )  # fmt: skip
    solve = obj(
        {
            "scenarios": array({"type": "string", "pattern": SCENARIO_ID}, 1, uniqueItems=True,
                               description="Scenarios to solve (default: all)."),
            "limit_seconds": {"type": "number", "exclusiveMinimum": 0, "maximum": 86400},
            "alternatives": array(alternative, description="Content alternatives."),
        },
        description="Scenarios solved for each content alternative.",
    )  # fmt: skip
    return obj(
        {
            "kind": kind_value("sweep"),
            "content": array({"type": "string", "minLength": 1},
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
