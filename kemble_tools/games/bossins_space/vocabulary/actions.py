"""Bossin' Space's actions: what effects do to the Ship, the grid, the Boss, the Timeline and
the decks (docs/bossins-space/rules.md). The engine implements the board operations
(D-BS-GEO-4), damage with Shield and overflow (D-BS-DMG-2, D-BS-CMD-5), heat (D-BS-HEAT-4) and
the XP track (D-BS-UPG-8); the actions name them."""

from __future__ import annotations

from kemble_tools.dsl.vocabulary import ACTIONS as ACTION_LIST
from kemble_tools.dsl.vocabulary import BOOL, INT, Action, Param
from kemble_tools.games.bossins_space.vocabulary.values import COLUMNS, TARGETS

AMOUNT = Param("amount", INT, "How many (a number or an expression).", 1)
THIS_CARD = Param("card", TARGETS, "Which card (default: this card).", "this_card")

ACTIONS: dict[str, Action] = {
    a.name: a
    for a in [
        Action(
            "damage",
            "Deal damage to targets. A Shield soaks 1 point of everything one card deals to "
            "it (R-BS-DMG-4, D-BS-DMG-2); with `overflow`, what a defeated target does not "
            "need goes on to the next target of its column (R-BS-CMD-8, D-BS-CMD-5).",
            (
                Param(
                    "to", TARGETS, "Which targets (default: the nearest enemy).", "nearest_enemy"
                ),
                AMOUNT,
                Param("overflow", BOOL, "Carry the excess on down the column.", False),
            ),
            "- damage: {to: nearest_enemy, amount: 2, overflow: true}",
            "amount",
        ),
        Action(
            "destroy",
            "Destroy targets outright, ignoring life and Shields (D-BS-CMD-6); with `reward`, "
            "gain their XP card by card (D-BS-UPG-8), else discard them with none "
            "(R-BS-ENE-10). The Boss is never destroyed this way (R-BS-CMD-12).",
            (
                Param("target", TARGETS, "Which (default: this card).", "this_card"),
                Param("reward", BOOL, "Gain their XP.", True),
            ),
            "- destroy: {target: {enemies_in_row: {row: C}}}",
            "target",
        ),
        Action(
            "repeat",
            "Run actions `count` times, each run resolved before the next (a Missile's rockets, "
            "D-BS-CMD-2); the count is fixed when the card starts (D-BS-UPG-7).",
            (
                Param("count", INT, "How many times.", required=True),
                Param("do", ACTION_LIST, "The actions of each time.", required=True),
            ),
            "- repeat: {count: \"1 + upgrade_level('missiles')\", do: [damage: 1]}",
        ),
        Action(
            "damage_ship",
            "The Ship loses life tokens, wherever it is (R-BS-ENE-2, R-BS-LIFE-2).",
            (AMOUNT,),
            "- damage_ship: 1",
            "amount",
        ),
        Action(
            "attack_ship",
            "An attack on the Ship: if it stands in one of `columns` (with `wide`, or a column "
            "next to one), it loses `amount` life, or, left out, the damage value of the "
            "strongest enemy in its column (R-BS-THR-2, R-BS-ENE-7, D-BS-BOSS-5).",
            (
                Param("columns", COLUMNS, "Where the attack lands.", "this_column"),
                Param("amount", INT, "Damage (default: the strongest attacker's)."),
                Param("wide", BOOL, "Also the columns next to them (the wide icon).", False),
            ),
            "- attack_ship: {columns: marked_columns}",
            "columns",
        ),
        Action(
            "repair_ship",
            "Restore life tokens, never above the maximum (R-BS-LIFE-3, D-BS-LIFE-1).",
            (AMOUNT,),
            "- repair_ship: 1",
            "amount",
        ),
        Action(
            "heat",
            "The temperature rises, one point at a time, the loss checked after each "
            "(R-BS-HEAT-2, D-BS-HEAT-4).",
            (AMOUNT,),
            "- heat: 1",
            "amount",
        ),
        Action(
            "cool",
            "The temperature falls, never below 0 (R-BS-HEAT-4, D-BS-HEAT-2).",
            (AMOUNT,),
            "- cool: 1",
            "amount",
        ),
        Action(
            "move_ship",
            "The Ship moves sideways, as far as it can up to `distance`, stopping at the edge "
            "(R-BS-CMD-2, D-BS-CMD-1).",
            (
                Param("dir", "side", "left, right, or as printed on the card.", "printed"),
                Param("distance", INT, "How many columns.", 1),
            ),
            "- move_ship: {dir: printed, distance: \"printed('distance')\"}",
        ),
        Action(
            "teleport",
            "The Ship moves to a column (R-BS-CMD-10).",
            (Param("to", COLUMNS, "Where.", required=True),),
            "- teleport: {to: chosen}",
            "to",
        ),
        Action(
            "move_card",
            "Move a card, or the Boss marker, one column sideways: it lands on the first "
            "available space there, keeps its damage, and its old column packs upward "
            "(D-BS-GEO-4, R-BS-ENE-4, R-BS-ENE-5); an impossible move does nothing "
            "(D-BS-ENE-2). The Boss keeps its row (D-BS-BOSS-4).",
            (
                THIS_CARD,
                Param("to", "move", "left, right, toward or away (from the Ship).", required=True),
                Param("prefer", "side", "The side of an ambiguous move away (D-BS-BOSS-10)."),
            ),
            "- move_card: {to: away, prefer: left}",
        ),
        Action(
            "place_enemy",
            "Draw the top Enemy card (R-BS-ENE-13) and place it in a column; with `reshuffle`, "
            "an exhausted deck is first rebuilt from the discards (R-BS-ENE-8). With no open "
            "space nothing is drawn (D-BS-GEO-4 e).",
            (
                Param("at", "place", "Where in the column.", "below"),
                Param("column", COLUMNS, "Which column (default: this card's).", "this_column"),
                Param("reshuffle", BOOL, "Rebuild an exhausted deck from the discards.", False),
            ),
            "- place_enemy: {at: below, reshuffle: true}",
        ),
        Action(
            "shift_down",
            "Every Enemy card moves down a row, the cards leaving row C crossing the line "
            "(R-BS-ENE-11); with `refill`, one card per column is then drawn into the top open "
            "row, or, the deck exhausted, the Boss marker steps down a row (R-BS-THR-4, "
            "D-BS-THR-3, D-BS-BOSS-7).",
            (Param("refill", BOOL, "Refill the top row (a New Enemy card).", True),),
            "- shift_down: {refill: true}",
            "refill",
        ),
        Action(
            "gain_xp",
            "Gain XP: the blue cube moves and may buy upgrades (R-BS-UPG-1, D-BS-UPG-8).",
            (AMOUNT,),
            "- gain_xp: 1",
            "amount",
        ),
        Action(
            "lose_xp",
            "Lose XP: the blue cube moves back, never past the start (R-BS-UPG-9, D-BS-UPG-6).",
            (AMOUNT,),
            "- lose_xp: 1",
            "amount",
        ),
        Action(
            "activate_enemies",
            "Every Enemy card on the grid with on-activation effects activates once, in the "
            "reading order taken when this begins (row A columns 1-4, then B, then C); a card "
            "gone before its turn does not act, one that enters meanwhile does not either, and "
            "each acts from where it then stands (R-BS-THR-5, D-BS-THR-4, D-BS-THR-7).",
            (),
            "- activate_enemies: {}",
        ),
        Action(
            "skip",
            "Skip a card of the Timeline (R-BS-CMD-5, R-BS-BOSS-6).",
            (Param("what", "skip", "next_threat or next_command.", required=True),),
            "- skip: {what: next_threat}",
        ),
        Action(
            "heal_boss",
            "The Boss regains life, never above its maximum (R-BS-BOSS-6).",
            (AMOUNT,),
            "- heal_boss: 1",
            "amount",
        ),
        Action(
            "flip_card",
            "Turn a card to its other side; the Boss keeps its life and place (D-BS-BOSS-6).",
            (THIS_CARD,),
            "- flip_card: {}",
            "card",
        ),
        Action(
            "peek",
            "Look at the top cards of a deck and put them back in order (D-BS-CREW-3).",
            (
                Param("deck", "deck", "Which deck.", "enemy"),
                Param("count", INT, "How many cards.", 2),
            ),
            "- peek: {deck: enemy, count: 2}",
            "count",
        ),
        Action(
            "add_cards",
            "Shuffle the top cards of one deck with the top cards of another and put them on "
            "top of the second (the Deck upgrade, R-BS-UPG-6, D-BS-UPG-4).",
            (
                Param("from", "deck", "Where the new cards come from.", "advanced"),
                Param("count", INT, "How many new cards.", 2),
                Param("to", "deck", "The deck they join.", "command"),
                Param("mix", INT, "How many of its top cards they are shuffled with.", 2),
            ),
            "- add_cards: {from: advanced, count: 2}",
            "count",
        ),
        Action(
            "choose",
            "The Round Captain chooses (D-BS-CMD-7), then `then` runs with `chosen` (see Choices).",
            (
                Param("column", "choice", "Choose one column of a selector."),
                Param("target", "choice", "Choose one target of a selector (a space or the Boss)."),
                Param("side", "choice", "Choose one of these sides."),
                Param(
                    "option", "choice", "Choose one of several named options, each with actions."
                ),
                Param("then", ACTION_LIST, "Actions run with `chosen`."),
            ),
            "- choose: {column: all_columns, then: [teleport: {to: chosen}]}",
            binds=frozenset({"chosen"}),
        ),
        Action(
            "if",
            "Run actions only when a condition holds, otherwise the `else` actions.",
            (
                Param("condition", BOOL, "An expression.", required=True),
                Param("then", ACTION_LIST, "Actions when it holds.", required=True),
                Param("else", ACTION_LIST, "Actions otherwise."),
            ),
            "- if: {condition: 'heat >= 3', then: [cool: 1]}",
        ),
    ]
}
