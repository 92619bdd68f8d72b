"""The JSON Schemas of Bossin' Space's files (docs/bossins-space.md): the 5 card kinds, the 3
data kinds and the scenario, each self-contained (`kemble generate` writes them to
schema/bossins-space/). Every file says `game: bossins-space`: a file without it is the files-
that-name-no-game game's (Kemble's Cascade's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kemble_tools.dsl.schema import effect_defs
from kemble_tools.games.bossins_space.validate.scenario_schema import scenario
from kemble_tools.games.bossins_space.validate.shapes import (
    DRAFT,
    GAME_ID,
    ID_BASE,
    LEVELS,
    SNAKE_ID,
    Schema,
    array,
    defs,
    enum,
    integer,
    obj,
    ref,
    text,
)
from kemble_tools.games.bossins_space.validate.sweep_schema import sweep
from kemble_tools.games.bossins_space.vocabulary import VOCABULARY

GAME: Schema = {"const": GAME_ID, "description": "The game: every Bossin' Space file says it."}
HEAD: Schema = {"game": GAME, "$schema": {"type": "string"}}


def listing(kind: str, key: str, item: str) -> Schema:
    return obj({**HEAD, "kind": {"const": kind}, key: array(ref(item), 1)}, ["game", "kind", key])


def kinds_file() -> Schema:
    """bs_kinds: what each Command kind, Threat effect kind and Enemy effect kind does, in
    the DSL, with the choices it asks for in order (§4-BS)."""
    named = {"id": {"type": "string", "pattern": SNAKE_ID}, "name": text("Its name on cards.")}
    command = obj(
        {
            **named,
            "choices": array(enum(["column", "space", "side"]), description="Asked, in order."),
            "rule": {
                "type": "string",
                "pattern": r"^[RD]-BS-[A-Z]+-[0-9]+$",
                "description": "The rule a refused column names (D-BS-CMD-9), such as R-BS-CMD-4.",
            },
            "crew": array(
                enum(["pilot", "gunner"]),
                description="Crew abilities that change this kind: the Pilot reverses its printed "
                "direction (R-BS-CREW-2), the Gunner fires it beside the Ship's column "
                "(R-BS-CREW-4).",
            ),
            "effects": ref("effects"),
            "notes": text("Designer notes."),
        },
        ["id", "name", "effects"],
    )
    variants = {
        "variant_param": text("The printed key whose value picks the variant (a Help bonus)."),
        "variants": {
            "type": "object",
            "additionalProperties": ref("effects"),
            "description": "Effects by the value of `variant_param`, instead of `effects`.",
        },
    }
    threat = obj(
        {
            **named,
            "params": array(text("A key the card's effect prints.")),
            "effects": ref("effects"),
            **variants,
        },
        ["id", "name"],
    )
    enemy = obj(
        {
            **named,
            "params": array(text("A key the effect prints.")),
            "hosts": array(
                enum(["enemy", "boss_threat"]),
                1,
                description="Where it may be printed (D-BS-BOSS-9); default both.",
            ),
            "effects": ref("effects"),
            **variants,
        },
        ["id", "name"],
    )
    return obj(
        {
            **HEAD,
            "kind": {"const": "bs_kinds"},
            "commands": array(command),
            "threat_effects": array(threat),
            "enemy_effects": array(enemy),
            "boss_effects": array(enemy),
        },
        ["game", "kind"],
    )


def upgrade_board() -> Schema:
    path = obj(
        {
            "id": {"type": "string", "pattern": SNAKE_ID},
            "name": text("Its name."),
            "levels": integer(1, 3, "How many levels (R-BS-UPG-3, R-BS-UPG-7)."),
            "structural": {"type": "boolean", "description": "Opens by D-BS-UPG-5."},
            "level_text": array(text("What a level gives, printed on the board.")),
        },
        ["id", "levels"],
    )
    track = obj(
        {
            "cubes": integer(1, 20, "Yellow cubes (R-BS-SET-2)."),
            "empty_spaces": array(
                integer(0, 9),
                5,
                5,
                description="Empty spaces after the "
                "start, for 1, 2, 3, 4 and 5 players (D-BS-SET-1).",
            ),
            "length": integer(1, 40, "Spaces on the track (G-BS-8)."),
        },
        ["cubes", "empty_spaces"],
    )
    return obj(
        {
            **HEAD,
            "kind": {"const": "bs_upgrade_board"},
            "heat_limit": integer(1, 9, "The end of the Temperature track (D-BS-HEAT-1)."),
            "start_life": integer(1, 9, "Life tokens in play at the start (R-BS-SET-3)."),
            "xp_track": track,
            "paths": array(path, 1),
        },
        ["game", "kind", "heat_limit", "xp_track", "paths"],
    )


def setup() -> Schema:
    deck = obj(
        {
            "players": array(integer(1, 5), 2, 2, description="Fewest and most players."),
            "xp1": integer(0, 40, "1-XP cards."),
            "xp2": integer(0, 40, "2-XP cards."),
            "xp3": integer(0, 40, "3-XP cards."),
        },
        ["players", "xp1", "xp2", "xp3"],
    )
    seat = obj(
        {
            "count": integer(1, 5, "Players."),
            "hand": integer(0, 9, "Hand limit (R-BS-RND-2)."),
            "captain_plays": integer(0, 4, "Cards the Captain plays (R-BS-PLY-*)."),
            "other_plays": integer(0, 4, "Cards each other player plays."),
        },
        ["count", "hand", "captain_plays", "other_plays"],
    )
    size = obj(
        {"width_mm": integer(20, 300), "height_mm": integer(20, 300)}, ["width_mm", "height_mm"]
    )
    return obj(
        {
            **HEAD,
            "kind": {"const": "bs_setup"},
            "enemy_deck": array(deck, 1, description="R-BS-SET-4's table."),
            "players": array(seat, 1),
            "solo_draft": array(
                obj({"draw": integer(1, 9), "keep": integer(0, 9)}, ["draw", "keep"]),
                description="R-BS-SOLO-3.",
            ),
            "levels": array(
                obj(
                    {"id": enum(LEVELS), "threat_levels": array(enum(LEVELS), 1)},
                    ["id", "threat_levels"],
                ),
                description="The Threat cards of each difficulty (R-BS-VAR-1, D-BS-SET-5).",
            ),
            "card_sizes": {
                "type": "object",
                "additionalProperties": size,
                "description": "By card kind (G-BS-9).",
            },
        },
        ["game", "kind", "enemy_deck", "players"],
    )


BUILDERS: dict[str, Callable[[], Schema]] = {
    "bs_enemies": lambda: listing("bs_enemies", "cards", "enemy"),
    "bs_commands": lambda: listing("bs_commands", "cards", "command"),
    "bs_threats": lambda: listing("bs_threats", "cards", "threat"),
    "bs_bosses": lambda: listing("bs_bosses", "bosses", "boss"),
    "bs_crew": lambda: listing("bs_crew", "cards", "crew"),
    "bs_kinds": kinds_file,
    "bs_upgrade_board": upgrade_board,
    "bs_setup": setup,
    "scenario": lambda: scenario(HEAD),
    "sweep": lambda: sweep(HEAD),
}
FILE_NAMES = {kind: f"{kind.replace('_', '-')}.schema.json" for kind in BUILDERS}
FILE_NAMES |= {"scenario": "bs-scenario.schema.json", "sweep": "bs-sweep.schema.json"}
TOOL_KINDS = ("sweep",)  # not content: files the tools read


def schema_for(kind: str) -> Schema:
    """The complete, self-contained schema of one kind."""
    body = BUILDERS[kind]()
    shared = defs(effect_defs(VOCABULARY))
    return {
        "$schema": DRAFT,
        "$id": f"{ID_BASE}{kind}:v1",
        **body,
        "$defs": {name: shared[name] for name in sorted(_reachable(body, shared))},
    }


def _reachable(body: Schema, shared: dict[str, Schema]) -> set[str]:
    found: set[str] = set()
    pending: list[Any] = [body]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            name = str(node.get("$ref", "")).removeprefix("#/$defs/")
            if name and name not in found:
                found.add(name)
                pending.append(shared[name])
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return found
