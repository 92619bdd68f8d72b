"""Bossin' Space's triggers: the events effects run on, with the names each binds."""

from __future__ import annotations

from kemble_tools.dsl.vocabulary import Trigger
from kemble_tools.games.bossins_space.vocabulary.values import (
    BOSS_HOST,
    BOSS_THREAT_HOST,
    CARD_HOSTS,
    COMMAND_HOST,
    ENEMY_HOST,
    EVERY_HOST,
    TIMELINE_HOSTS,
)

COLUMN = {"timeline_column": "the Timeline column being resolved (R-BS-RND-5)"}
EXAMPLE = "[damage_ship: 1]"

TRIGGERS: dict[str, Trigger] = {
    t.name: t
    for t in [
        Trigger(
            "on_activation",
            "An Activation Threat card activates the Enemy card (R-BS-THR-5, R-BS-ENE-1, "
            "D-BS-THR-4), or an Enemy effect kind runs.",
            {},
            frozenset({ENEMY_HOST}),
            phrase="On activation",
            example="[move_card: {to: toward}]",
        ),
        Trigger(
            "on_used",
            "The crew uses the Command card on the Timeline, not flipped to cool "
            "(R-BS-RND-5, D-BS-HEAT-4); its heat is added after (D-BS-HEAT-3).",
            COLUMN,
            frozenset({COMMAND_HOST}),
            phrase="When used",
            example="[damage: {to: nearest_enemy}]",
        ),
        Trigger(
            "on_timeline",
            "The Threat or Boss Threat card resolves in its Timeline column (R-BS-RND-5, "
            "R-BS-TML-5, D-BS-BOSS-9).",
            COLUMN,
            TIMELINE_HOSTS,
            phrase="When this resolves",
            phrases={BOSS_THREAT_HOST: "The Boss"},
            example=EXAMPLE,
        ),
        Trigger(
            "on_destroyed",
            "The Enemy is defeated, after its XP is gained and before it is discarded "
            "(R-BS-DMG-3, D-BS-UPG-8); the Boss, when its life reaches 0 (R-BS-BOSS-9).",
            {},
            frozenset({ENEMY_HOST, BOSS_HOST}),
            phrase="When destroyed",
            example="[gain_xp: 1]",
        ),
        Trigger(
            "on_cross_line",
            "The Enemy card crosses the safety line into row D (R-BS-ENE-11), before it deals "
            "its damage and is discarded.",
            {},
            frozenset({ENEMY_HOST}),
            phrase="When this crosses the line",
            example="[heat: 1]",
        ),
        Trigger(
            "on_revealed",
            "A drawn Enemy card is placed on the grid (R-BS-SET-5, R-BS-THR-4), or the Boss card "
            "is uncovered (R-BS-BOSS-2, D-BS-ENE-4).",
            {},
            CARD_HOSTS - TIMELINE_HOSTS,
            phrase="When this arrives",
            example=EXAMPLE,
        ),
        Trigger(
            "on_round_start",
            "A round begins, before the Boss enters and the Threat cards are revealed "
            "(D-BS-RND-4 step 1).",
            {},
            EVERY_HOST - TIMELINE_HOSTS - {COMMAND_HOST},
            phrase="At the start of each round",
            example="[heal_boss: 1]",
        ),
    ]
}
