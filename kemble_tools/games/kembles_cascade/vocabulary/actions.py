"""Kemble's Cascade's actions: what effects do, with their arguments."""

from __future__ import annotations

from kemble_tools.dsl.vocabulary import BOOL, INT, Action, Param
from kemble_tools.games.kembles_cascade.vocabulary.values import CARDS, PLAYERS, QUADRANTS

AMOUNT = Param("amount", INT, "How many (a number or an expression).", 1)
WHO = Param("player", PLAYERS, "Who (default: the player the event is about).", "player")

ACTIONS: dict[str, Action] = {
    a.name: a
    for a in [
        Action(
            "damage",
            "Damage players (energy loss, R-DST-1) or quadrants (R-FIR-6).",
            (Param("to", "target", "Players or quadrants.", "player"), AMOUNT),
            "- damage: {to: player, amount: 2}",
            "amount",
        ),
        Action(
            "gain_energy",
            "Players gain energy, never above their maximum (R-SYM-8).",
            (WHO, AMOUNT),
            "- gain_energy: 1",
            "amount",
        ),
        Action(
            "lose_energy",
            "Players lose energy (not damage: shields do not apply).",
            (WHO, AMOUNT),
            "- lose_energy: {player: owner, amount: 1}",
            "amount",
        ),
        Action(
            "add_threat",
            "Players add threat points (R-THR-1; astral players add none).",
            (WHO, AMOUNT),
            "- add_threat: {player: matching_players, amount: 2}",
            "amount",
        ),
        Action(
            "remove_threat",
            "Players remove threat points, one space at a time (D-THR-1).",
            (WHO, AMOUNT),
            "- remove_threat: 2",
            "amount",
        ),
        Action(
            "gain_bellonium",
            "Players take Bellonium from the reserve (R-SYM-6).",
            (WHO, AMOUNT),
            "- gain_bellonium: 1",
            "amount",
        ),
        Action(
            "gain_glory",
            "Players gain glory (R-SYM-9).",
            (WHO, AMOUNT),
            "- gain_glory: {player: shooter, amount: 2}",
            "amount",
        ),
        Action(
            "gain_reward",
            "The player receives this quadrant's printed reward; with -M/-MM only "
            "after spending the extra moves (R-SYM-10).",
            (WHO,),
            "- gain_reward: {}",
            needs="this_quadrant",
        ),
        Action(
            "draw_powerup",
            "Players draw power-up cards (R-OBJ-PWR-1).",
            (WHO, Param("count", INT, "How many cards.", 1)),
            "- draw_powerup: 1",
            "count",
        ),
        Action(
            "cover",
            "Cover quadrants: empty for as long as their card is in play.",
            (Param("quadrant", QUADRANTS, "Which (default: this quadrant).", "this_quadrant"),),
            "- cover: {}",
            "quadrant",
        ),
        Action(
            "destroy",
            "Destroy quadrants' objects (with or without their reward) or players (R-DST-*).",
            (
                Param("target", "target", "Players or quadrants.", "this_quadrant"),
                Param(
                    "reward", BOOL, "Give the reward to the active player (quadrants only).", True
                ),
            ),
            "- destroy: {target: this_quadrant, reward: false}",
            "target",
        ),
        Action(
            "flip_card",
            "Turn cards to their other side (R-SYM-12).",
            (Param("card", CARDS, "Which (default: this card).", "this_card"),),
            "- flip_card: {}",
            "card",
        ),
        Action(
            "swap_card",
            "Swap two cards; ships move with their cards (R-OBJ-MOSQ-2).",
            (
                Param("card", CARDS, "One card (default: this card).", "this_card"),
                Param("with", CARDS, "The other card.", required=True),
            ),
            "- swap_card: {with: chosen}",
        ),
        Action(
            "shift_player",
            "Shift players one quadrant left or right in their row, each "
            "choosing where there is a choice (R-SCR-2, D-SCR-1).",
            (WHO,),
            "- shift_player: {}",
            "player",
        ),
        Action(
            "teleport",
            "Move players to a quadrant; not a move, threat is not reduced (R-OBJ-WH-1).",
            (WHO, Param("to", QUADRANTS, "Where.", required=True)),
            "- teleport: {to: chosen}",
        ),
        Action(
            "reveal_sensors",
            "Reveal sensor cards from the deck, run `then` with "
            "`matching_players`, discard them (R-OBJ-BOMB-2).",
            (
                Param("count", INT, "How many cards.", 1),
                Param("then", "actions", "Actions run with `matching_players`.", required=True),
            ),
            "- reveal_sensors: {count: 5, then: [add_threat: {player: matching_players, "
            "amount: 2}]}",
            binds=frozenset({"matching_players"}),
        ),
        Action(
            "extra_moves",
            "Players get extra moves this turn (R-SEN-4a).",
            (WHO, AMOUNT),
            "- extra_moves: 1",
            "amount",
        ),
        Action(
            "extra_shots",
            "Players get extra turret shots this turn.",
            (WHO, AMOUNT),
            "- extra_shots: 1",
            "amount",
        ),
        Action(
            "modify",
            "Change a player statistic for a scope: by an amount, or set to a value "
            "(R-SEN-4, R-UPG-*).",
            (
                WHO,
                Param("stat", "stat", "Which statistic.", required=True),
                Param("by", INT, "Added to the statistic."),
                Param("set", INT, "New value."),
                Param("scope", "scope", "How long: turn, round, or while_owned.", "turn"),
            ),
            "- modify: {stat: overload_cost_1, set: 0, scope: round}",
            one_of=("by", "set"),
        ),
        Action(
            "mark",
            "Put the player's marker on the quadrant: a once-per-player reward "
            "(R-OBJ-SING-2, R-OBJ-MAZE-1).",
            (WHO, Param("quadrant", QUADRANTS, "Where (default: this quadrant).", "this_quadrant")),
            "- mark: {}",
            "player",
        ),
        Action(
            "end_turn",
            "The player's turn ends at once (R-DST-2).",
            (WHO,),
            "- end_turn: {}",
            "player",
        ),
        Action(
            "buy",
            "The player may do a buy action now, paying a fee first (R-OBJ-MERC-1).",
            (WHO, Param("fee", INT, "Bellonium paid for the chance to buy.", 0)),
            "- buy: {fee: 1}",
            "fee",
        ),
        Action(
            "advance_mission",
            "Move the owner's mission marker; at its target the mission is "
            "completed and its glory scored (R-MIS-1).",
            (Param("amount", INT, "Steps.", 1),),
            "- advance_mission: 1",
            "amount",
            needs="owner",
        ),
        Action(
            "claim_achievement",
            "The player meets this achievement's requirement (R-ACH-1, R-ACH-2).",
            (WHO,),
            "- claim_achievement: {}",
            "player",
        ),
        Action(
            "spawn",
            "Put a new object on quadrants, replacing what they show (a cover too) for as long "
            "as their card is in play; a ship there is not affected until it moves or is pushed.",
            (
                Param("quadrant", QUADRANTS, "Where.", required=True),
                Param("object", "object", "Object kind id.", required=True),
                Param("energy", INT, "Its Object Energy (0: indestructible).", 1),
                Param("threat", INT, "Its threat symbols.", 0),
            ),
            "- spawn: {quadrant: {adjacent_quadrants: {orthogonal: true}}, object: fighter, "
            "threat: 1}",
        ),
        Action(
            "choose",
            "Ask the player for a choice, then run `then` with `chosen` (see Choices).",
            (
                Param(
                    "who",
                    PLAYERS,
                    "Who chooses (default: the player the event is about).",
                    "player",
                ),
                Param("direction", "choice", "Choose one of these directions."),
                Param("quadrant", "choice", "Choose one quadrant of a selector."),
                Param("card", "choice", "Choose one card of a selector."),
                Param(
                    "option", "choice", "Choose one of several named options, each with actions."
                ),
                Param("optional", BOOL, "The player may decline.", False),
                Param("then", "actions", "Actions run with `chosen`."),
            ),
            "- choose: {quadrant: {quadrants_of: {object: wormhole, unoccupied: true}}, "
            "optional: true, then: [teleport: {to: chosen}]}",
            binds=frozenset({"chosen"}),
        ),
        Action(
            "if",
            "Run actions only when a condition holds, otherwise the `else` actions.",
            (
                Param("condition", BOOL, "An expression.", required=True),
                Param("then", "actions", "Actions when it holds.", required=True),
                Param("else", "actions", "Actions otherwise."),
            ),
            "- if: {condition: 'player.energy <= 2', then: [gain_energy: 1]}",
        ),
    ]
}
