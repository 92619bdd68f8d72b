"""The card text of every construct of the effect DSL, checked against its meaning.

One row per trigger (on each host it runs on), action, selector, option value, function,
attribute, counter and operator: the effects as a designer writes them, and the exact rules
text printed for them (kemble_tools/games/kembles_cascade/text/, whose docstring states the
wording rules). A test computes from Kemble's vocabulary what a row must cover, so a construct
added to the vocabulary without a row fails.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest

from kemble_tools.compile.effects import EffectCompiler
from kemble_tools.dsl import docs
from kemble_tools.dsl.ir import Act, Attr, Call, Effect, Global, Lit, Op, Select
from kemble_tools.dsl.vocabulary import BOOL, Trigger
from kemble_tools.games.kembles_cascade.vocabulary import (
    BOSS_HOST,
    DIRECTIONS,
    OWNED_HOST,
    OWNED_ONLY,
    PLAYERS,
    QUADRANT_HOST,
    QUADRANTS,
    SCOPES,
    STATS,
    VOCABULARY,
)
from kemble_tools.load.yaml_loader import load_text
from kemble_tools.validate.catalog import Catalog
from kemble_tools.validate.pipeline import validate_paths

from engine_helpers import base_bundle

QUAD, OWNED, BOSS = QUADRANT_HOST, OWNED_HOST, BOSS_HOST
effects_text = VOCABULARY.text

# (host, effects as written in YAML, the text printed for them)
ROWS: list[tuple[str, str, str]] = [
    # --- triggers, on each host they run on; effects printed once for two triggers ---
    (
        QUAD,
        "[{on: on_enter, do: [gain_energy: 1]}]",
        "When a ship moves here: that player gains 1 energy.",
    ),
    (
        OWNED,
        "[{on: on_enter, do: [gain_energy: 1]}]",
        "When a ship moves onto a quadrant: that player gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_pushed_onto, do: [gain_energy: 1]}]",
        "When a ship is pushed here: that player gains 1 energy.",
    ),
    (
        OWNED,
        "[{on: on_pushed_onto, do: [gain_energy: 1]}]",
        "When a ship is pushed onto a quadrant: that player gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_hit, do: [gain_energy: {player: shooter}]}]",
        "When this is hit: the shooter gains 1 energy.",
    ),
    (
        OWNED,
        "[{on: on_hit, do: [gain_energy: {player: shooter}]}]",
        "When an object is hit: the shooter gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_destroyed, do: [gain_energy: {player: rammer}]}]",
        "When this is destroyed: the rammer gains 1 energy.",
    ),
    (
        OWNED,
        "[{on: on_destroyed, do: [gain_energy: {player: shooter}]}]",
        "When an object is destroyed: the shooter gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_revealed, do: [cover: event_quadrant]}]",
        "When this card arrives: cover that quadrant.",
    ),
    (
        OWNED,
        "[{on: on_revealed, do: [cover: event_quadrant]}]",
        "When a card arrives: cover that quadrant.",
    ),
    (
        QUAD,
        "[{on: on_scroll_out, do: [add_threat: {player: players_in_play}]}]",
        "When this card scrolls out: every ship in play adds 1 threat.",
    ),
    (
        OWNED,
        "[{on: on_scroll_out, do: [add_threat: {player: players_in_play}]}]",
        "When a card scrolls out: every ship in play adds 1 threat.",
    ),
    (
        QUAD,
        "[{on: on_pushed_out, do: [add_threat: {player: players_in_play}]}]",
        "When a new row pushes this card out: every ship in play adds 1 threat.",
    ),
    (
        OWNED,
        "[{on: on_pushed_out, do: [add_threat: {player: players_in_play}]}]",
        "When a new row pushes a card out: every ship in play adds 1 threat.",
    ),
    (
        QUAD,
        "[{on: on_round_start, do: [add_threat: {player: players_in_play}]}]",
        "At the start of each round: every ship in play adds 1 threat.",
    ),
    (
        BOSS,
        "[{on: on_round_start, do: [add_threat: {player: players_in_play}]}]",
        "At the start of each round: every ship in play adds 1 threat.",
    ),
    (
        QUAD,
        "[{on: on_turn_start, do: [gain_energy: 1]}]",
        "At the start of each player's turn: that player gains 1 energy.",
    ),
    (
        OWNED,
        "[{on: on_turn_start, do: [gain_energy: 1]}]",
        "At the start of each player's turn: that player gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_turn_end, do: [gain_energy: {player: active_player}]}]",
        "At the end of each player's turn: the active player gains 1 energy.",
    ),
    (
        OWNED,
        "[{on: on_sensor_played, do: [gain_energy: 1]}]",
        "When played: you gain 1 energy.",
    ),
    (
        OWNED,
        "[{on: on_bought, do: [gain_energy: 1]}]",
        "When bought: you gain 1 energy.",
    ),
    (
        OWNED,
        "[{on: on_drawn, do: [gain_energy: 1]}]",
        "When drawn: you gain 1 energy.",
    ),
    (
        OWNED,
        "[{on: on_played, do: [gain_energy: 1]}]",
        "Play on your turn: you gain 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_game_end, do: [gain_glory: {player: all_players}]}]",
        "At the end of the game: every player gains 1 glory.",
    ),
    (
        OWNED,
        "[{on: on_game_end, do: [gain_glory: {player: owner}]}]",
        "At the end of the game: you gain 1 glory.",
    ),
    (
        OWNED,
        "[{on: passive, do: [modify: {stat: shield, set: 1, scope: while_owned}, modify: "
        "{stat: moves, by: 1, scope: while_owned}]}]",
        "Your shield is 1; your moves +1.",
    ),
    (
        OWNED,
        "[{on: on_round_start, do: [gain_glory: {player: owner}]}]",
        "At the start of each round: you gain 1 glory.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [gain_energy: 1]}, {on: on_pushed_onto, do: [gain_energy: 1]}]",
        "When a ship moves or is pushed here: that player gains 1 energy.",
    ),
    (
        OWNED,
        '[{on: on_enter, if: "player == owner", do: [advance_mission: 1]}, {on: '
        'on_pushed_onto, if: "player == owner", do: [advance_mission: 1]}]',
        "When a ship moves or is pushed onto a quadrant: if that player is you, advance your "
        "mission by 1.",
    ),
    (
        QUAD,
        "[{on: on_hit, do: [add_threat: {player: players_in_play}]}, {on: on_round_start, "
        "do: [add_threat: {player: players_in_play}]}]",
        "When this is hit or at the start of each round: every ship in play adds 1 threat.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [gain_energy: 1]}, {on: on_enter, do: [gain_energy: 1]}]",
        "When a ship moves here: that player gains 1 energy. When a ship moves here: that "
        "player gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [gain_energy: 1]}, {on: on_pushed_onto, do: [gain_energy: 2]}]",
        "When a ship moves here: that player gains 1 energy. When a ship is pushed here: "
        "that player gains 2 energy.",
    ),
    # --- actions, with every option and every statistic ---
    (
        QUAD,
        "[{on: on_enter, do: [damage: 2]}]",
        "When a ship moves here: deal 2 damage to that player.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [damage: {to: this_quadrant, amount: 'this_quadrant.energy / 2'}]}]",
        "When a ship moves here: deal damage equal to half its energy (rounded down) to this.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [damage: {to: {players_adjacent: {}}, amount: "
        "this_quadrant.threat}]}]",
        "When a ship moves here: deal damage equal to its threat to each ship adjacent to this.",
    ),
    (
        QUAD,
        '[{on: on_destroyed, if: "this_quadrant.energy >= 2", do: [gain_energy: {player: '
        "shooter, amount: 'this_quadrant.energy / 2'}]}]",
        "When this is destroyed: if its energy is at least 2, the shooter gains half its "
        "energy (rounded down).",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [gain_energy: round]}]",
        "When a ship moves here: that player gains energy equal to the round number.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [lose_energy: 2]}]",
        "When a ship moves here: that player loses 2 energy.",
    ),
    (
        OWNED,
        "[{on: on_played, do: [lose_energy: {player: owner, amount: 1}]}]",
        "Play on your turn: you lose 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [add_threat: 2]}]",
        "When a ship moves here: that player adds 2 threat.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [add_threat: {player: all_players, amount: 'players_count - 1'}]}]",
        "When a ship moves here: every player adds threat equal to the number of players minus 1.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [remove_threat: 2]}]",
        "When a ship moves here: that player removes 2 threat.",
    ),
    (
        OWNED,
        "[{on: on_played, do: [remove_threat: 3]}]",
        "Play on your turn: you remove 3 threat.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [gain_bellonium: 3]}]",
        "When a ship moves here: that player takes 3 Bellonium.",
    ),
    (
        OWNED,
        "[{on: on_played, do: [gain_bellonium: 'min(round / 2, 4)']}]",
        "Play on your turn: you take Bellonium equal to the smaller of half the round number "
        "(rounded down) and 4.",
    ),
    (
        QUAD,
        "[{on: on_hit, do: [gain_glory: {player: shooter, amount: this_quadrant.glory_reward}]}]",
        "When this is hit: the shooter gains its glory reward.",
    ),
    (
        QUAD,
        "[{on: on_hit, do: [gain_glory: {player: shooter, amount: "
        "this_quadrant.bellonium_reward}]}]",
        "When this is hit: the shooter gains glory equal to its Bellonium reward.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [gain_reward: {}]}]",
        "When a ship moves here: that player takes its reward.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [draw_powerup: 1]}]",
        "When a ship moves here: that player draws 1 power-up card.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [draw_powerup: 2]}]",
        "When a ship moves here: that player draws 2 power-up cards.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [draw_powerup: {count: round}]}]",
        "When a ship moves here: that player draws a number of power-up cards equal to the "
        "round number.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [cover: {}]}]",
        "When a ship moves here: cover this.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [destroy: {}]}]",
        "When a ship moves here: destroy this (reward to the active player).",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [destroy: {target: this_quadrant, reward: false}]}]",
        "When a ship moves here: destroy this (no reward).",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [destroy: {target: {adjacent_quadrants: {}}, reward: 'round > 2'}]}]",
        "When a ship moves here: destroy each quadrant adjacent to this (reward to the "
        "active player if the round number is more than 2).",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [destroy: {target: player}]}]",
        "When a ship moves here: that player is destroyed.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [destroy: {target: players_in_play}]}]",
        "When a ship moves here: every ship in play is destroyed.",
    ),
    (
        OWNED,
        "[{on: on_played, do: [destroy: {target: player}]}]",
        "Play on your turn: you are destroyed.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [flip_card: {}]}]",
        "When a ship moves here: flip this card.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [swap_card: {with: {adjacent_cards: {}}}]}]",
        "When a ship moves here: swap this card with the first of the cards orthogonally "
        "adjacent to this card (in board order).",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [choose: {card: {adjacent_cards: {}}, then: [swap_card: {card: "
        "chosen, with: this_card}]}]}]",
        "When a ship moves here: that player chooses a card orthogonally adjacent to this "
        "card: swap the chosen card with this card.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [shift_player: {}]}]",
        "When a ship moves here: that player shifts one quadrant left or right.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [shift_player: {player: {players_adjacent: {}}}]}]",
        "When a ship moves here: each ship adjacent to this shifts one quadrant left or right.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [teleport: {to: boss_parts}]}]",
        "When a ship moves here: that player jumps to the first of the boss parts (in board "
        "order).",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [teleport: {to: event_quadrant}]}]",
        "When a ship moves here: that player jumps to that quadrant.",
    ),
    (
        QUAD,
        "[{on: on_pushed_out, do: [reveal_sensors: {count: 5, then: [add_threat: {player: "
        "matching_players, amount: 2}]}]}]",
        "When a new row pushes this card out: reveal 5 sensor cards: each player whose "
        "symbol was revealed adds 2 threat.",
    ),
    (
        QUAD,
        "[{on: on_pushed_out, do: [reveal_sensors: {count: 1, then: [gain_glory: {player: "
        "matching_players}]}]}]",
        "When a new row pushes this card out: reveal 1 sensor card: each player whose symbol "
        "was revealed gains 1 glory.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [extra_moves: 1]}]",
        "When a ship moves here: that player gets 1 extra move this turn.",
    ),
    (
        OWNED,
        "[{on: on_played, do: [extra_moves: 2]}]",
        "Play on your turn: you get 2 extra moves this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [extra_shots: 1]}]",
        "When a ship moves here: that player gets 1 extra turret shot this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [extra_shots: {amount: round}]}]",
        "When a ship moves here: that player gets a number of extra turret shots equal to "
        "the round number this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: moves, by: 1}]}]",
        "When a ship moves here: that player's moves +1 this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: turret_shots, by: 1}]}]",
        "When a ship moves here: that player's turret shots +1 this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: overload_cost_1, by: 1}]}]",
        "When a ship moves here: that player's first overload cost +1 this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: overload_cost_2, by: 1}]}]",
        "When a ship moves here: that player's second overload cost +1 this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: max_overloads, by: 1}]}]",
        "When a ship moves here: that player's overloads allowed +1 this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: max_energy, by: 1}]}]",
        "When a ship moves here: that player's maximum energy +1 this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: recharge, by: 1}]}]",
        "When a ship moves here: that player's Power Down recharge +1 this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: shield, by: 1}]}]",
        "When a ship moves here: that player's shield +1 this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: rotate_cost, by: 1}]}]",
        "When a ship moves here: that player's Rotary Cage turning cost +1 this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: turret_turns, by: 1}]}]",
        "When a ship moves here: that player's turret turning +1 this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: buy_fee, by: 1}]}]",
        "When a ship moves here: that player's buying fee +1 this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: moves, by: -1, scope: round}]}]",
        "When a ship moves here: that player's moves -1 this round.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: moves, set: 3, scope: round}]}]",
        "When a ship moves here: that player's moves are 3 this round.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: shield, set: 'round'}]}]",
        "When a ship moves here: that player's shield is the round number this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: recharge, by: round}]}]",
        "When a ship moves here: that player's Power Down recharge goes up by the round "
        "number this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: moves, by: round}]}]",
        "When a ship moves here: that player's moves go up by the round number this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {stat: turret_turns, set: 0}]}]",
        "When a ship moves here: that player cannot turn the turret this turn.",
    ),
    (
        OWNED,
        "[{on: on_played, do: [modify: {stat: turret_turns, set: 1}]}]",
        "Play on your turn: you can turn the turret this turn.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [modify: {player: all_players, stat: shield, by: 1, scope: round}]}]",
        "When a ship moves here: the shield of every player +1 this round.",
    ),
    (
        OWNED,
        "[{on: on_sensor_played, do: [modify: {stat: overload_cost_1, set: 0, scope: round}]}]",
        "When played: your first overload cost is 0 this round.",
    ),
    (
        OWNED,
        "[{on: passive, do: [modify: {stat: max_energy, set: 6, scope: while_owned}]}]",
        "Your maximum energy is 6.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [mark: {}]}]",
        "When a ship moves here: that player puts a marker on this.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [mark: {player: all_players, quadrant: event_quadrant}]}]",
        "When a ship moves here: every player puts a marker on that quadrant.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [end_turn: {}]}]",
        "When a ship moves here: that player's turn ends.",
    ),
    (
        OWNED,
        "[{on: on_played, do: [end_turn: {}]}]",
        "Play on your turn: your turn ends.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [end_turn: {player: {players_adjacent: {}}}]}]",
        "When a ship moves here: the active player's turn ends if it is among the ships "
        "adjacent to this.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [buy: {}]}]",
        "When a ship moves here: that player may buy upgrades and power-ups.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [buy: {fee: 1}]}]",
        "When a ship moves here: that player may buy upgrades and power-ups for a fee of 1 "
        "Bellonium.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [buy: {fee: 'round - 1'}]}]",
        "When a ship moves here: that player may buy upgrades and power-ups for a fee of "
        "Bellonium equal to the round number minus 1.",
    ),
    (
        OWNED,
        "[{on: on_turn_end, do: [advance_mission: 1]}]",
        "At the end of each player's turn: advance your mission by 1.",
    ),
    (
        OWNED,
        "[{on: on_turn_end, do: [advance_mission: 'round / 3']}]",
        "At the end of each player's turn: advance your mission by the round number divided "
        "by 3 (rounded down).",
    ),
    (
        OWNED,
        "[{on: on_turn_end, do: [claim_achievement: {}]}]",
        "At the end of each player's turn: that player claims this achievement.",
    ),
    (
        OWNED,
        "[{on: on_destroyed, do: [claim_achievement: {player: shooter}]}]",
        "When an object is destroyed: the shooter claims this achievement.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [spawn: {quadrant: this_quadrant, object: fighter}]}]",
        "When a ship moves here: put a fighter (1 energy) on this.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [spawn: {quadrant: {adjacent_quadrants: {orthogonal: true}}, "
        "object: fighter, threat: 1}]}]",
        "When a ship moves here: put a fighter (1 energy, 1 threat) on each quadrant "
        "orthogonally adjacent to this.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [spawn: {quadrant: {adjacent_quadrants: {}}, object: asteroid, "
        "energy: 0}]}]",
        "When a ship moves here: put an asteroid (indestructible) on each quadrant adjacent "
        "to this.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [spawn: {quadrant: {adjacent_quadrants: {}}, object: wall, "
        "energy: 0, threat: 2}]}]",
        "When a ship moves here: put a wall (indestructible, 2 threat) on each quadrant "
        "adjacent to this.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [spawn: {quadrant: event_quadrant, object: mine, energy: round, "
        "threat: 'round / 2'}]}]",
        "When a ship moves here: put a mine (energy equal to the round number, threat equal "
        "to half the round number (rounded down)) on that quadrant.",
    ),
    (
        QUAD,
        "[{on: on_round_start, do: [spawn: {quadrant: {quadrants_of: {object: empty, "
        "unoccupied: true, near: this_quadrant}}, object: mine, energy: 1}]}]",
        "At the start of each round: put a mine (1 energy) on each unoccupied empty quadrant "
        "adjacent to this.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [choose: {direction: [W], then: [add_threat: {player: "
        "{players_in_line: {direction: chosen}}}]}]}]",
        "When a ship moves here: that player chooses a direction (west): each ship in a "
        "clear line from this in the chosen direction adds 1 threat.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [choose: {direction: [W, E], then: [add_threat: {player: "
        "{players_in_line: {direction: chosen}}}]}]}]",
        "When a ship moves here: that player chooses a direction (west or east): each ship "
        "in a clear line from this in the chosen direction adds 1 threat.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [choose: {direction: [N, E, S, W], optional: true, then: "
        "[add_threat: {player: {players_in_line: {direction: chosen, through_all: "
        "true}}}]}]}]",
        "When a ship moves here: that player may choose a direction (north, east, south or "
        "west): each ship in a straight line from this in the chosen direction (through "
        "everything) adds 1 threat.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [choose: {quadrant: {quadrants_of: {object: wormhole, "
        "unoccupied: true, except_this: true}}, optional: true, then: [teleport: {to: "
        "chosen}]}]}]",
        "When a ship moves here: that player may choose another unoccupied wormhole: that "
        "player jumps to the chosen quadrant.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [choose: {quadrant: {adjacent_quadrants: {orthogonal: true}}, "
        "optional: false, then: [cover: chosen]}]}]",
        "When a ship moves here: that player chooses a quadrant orthogonally adjacent to "
        "this: cover the chosen quadrant.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [choose: {quadrant: this_quadrant, then: [cover: chosen]}]}]",
        "When a ship moves here: that player chooses a quadrant (this): cover the chosen quadrant.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [choose: {who: active_player, quadrant: boss_parts, optional: "
        "'round > 2', then: [destroy: {target: chosen}]}]}]",
        "When a ship moves here: the active player chooses a boss part, or may decline if "
        "the round number is more than 2: destroy the chosen quadrant (reward to the active "
        "player).",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [choose: {card: {adjacent_cards: {to: this_card}}, then: "
        "[flip_card: chosen]}]}]",
        "When a ship moves here: that player chooses a card orthogonally adjacent to this "
        "card: flip the chosen card.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [choose: {option: {energy: [gain_energy: 1], cash: "
        "[gain_bellonium: 1]}}]}]",
        "When a ship moves here: that player chooses one: that player gains 1 energy; or "
        "that player takes 1 Bellonium.",
    ),
    (
        OWNED,
        "[{on: on_played, do: [choose: {option: {energy: [gain_energy: 1], cash: "
        "[gain_bellonium: 1]}, optional: true}]}]",
        "Play on your turn: you may choose one: you gain 1 energy; or you take 1 Bellonium.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [choose: {who: all_players, option: {a: [gain_glory: 1]}}]}]",
        "When a ship moves here: the first of the players (in board order) chooses one: that "
        "player gains 1 glory.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [if: {condition: 'player.energy <= 2', then: [gain_energy: 2]}]}]",
        "When a ship moves here: if that player's energy is at most 2, that player gains 2 energy.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [if: {condition: true, then: [gain_energy: 2], else: "
        "[gain_energy: 1]}]}]",
        "When a ship moves here: that player gains 2 energy.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [if: {condition: false, then: [gain_energy: 2], else: "
        "[gain_energy: 1]}]}]",
        "When a ship moves here: that player gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [if: {condition: false, then: [gain_energy: 2]}]}]",
        "When a ship moves here: nothing happens.",
    ),
    (
        OWNED,
        "[{on: on_drawn, do: [if: {condition: 'player.energy <= 2', then: [gain_energy: 2], "
        "else: [gain_energy: 1]}]}]",
        "When drawn: if your energy is at most 2, you gain 2 energy; otherwise you gain 1 energy.",
    ),
    # --- selectors: each one, every option value, one chosen (a ...), counted (...s) ---
    (
        QUAD,
        "[{on: on_enter, do: [gain_energy: {player: player}]}]",
        "When a ship moves here: that player gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [gain_energy: {player: active_player}]}]",
        "When a ship moves here: the active player gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_hit, do: [gain_energy: {player: shooter}]}]",
        "When this is hit: the shooter gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_destroyed, do: [gain_energy: {player: rammer}]}]",
        "When this is destroyed: the rammer gains 1 energy.",
    ),
    (
        OWNED,
        "[{on: on_turn_end, do: [gain_energy: {player: owner}]}]",
        "At the end of each player's turn: you gain 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [gain_energy: {player: all_players}]}]",
        "When a ship moves here: every player gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [gain_energy: {player: players_in_play}]}]",
        "When a ship moves here: every ship in play gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [gain_energy: {player: {players_adjacent: {}}}]}]",
        "When a ship moves here: each ship adjacent to this gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [gain_energy: {player: {players_adjacent: {to: boss_parts}}}]}]",
        "When a ship moves here: each ship adjacent to any boss part gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [gain_energy: {player: {players_in_row: {}}}]}]",
        "When a ship moves here: each ship in the same row as this gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [gain_energy: {player: {players_in_row: {of: player_quadrant}}}]}]",
        "When a ship moves here: each ship in the same row as that player's quadrant gains 1 "
        "energy.",
    ),
    (
        QUAD,
        "[{on: on_round_start, do: [gain_energy: {player: {players_in_line: {direction: N}}}]}]",
        "At the start of each round: each ship in a clear line north of this gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_round_start, do: [gain_energy: {player: {players_in_line: {direction: NE}}}]}]",
        "At the start of each round: each ship in a clear line north-east of this gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_round_start, do: [gain_energy: {player: {players_in_line: {direction: E}}}]}]",
        "At the start of each round: each ship in a clear line east of this gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_round_start, do: [gain_energy: {player: {players_in_line: {direction: SE}}}]}]",
        "At the start of each round: each ship in a clear line south-east of this gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_round_start, do: [gain_energy: {player: {players_in_line: {direction: S}}}]}]",
        "At the start of each round: each ship in a clear line south of this gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_round_start, do: [gain_energy: {player: {players_in_line: {direction: SW}}}]}]",
        "At the start of each round: each ship in a clear line south-west of this gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_round_start, do: [gain_energy: {player: {players_in_line: {direction: W}}}]}]",
        "At the start of each round: each ship in a clear line west of this gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_round_start, do: [gain_energy: {player: {players_in_line: {direction: NW}}}]}]",
        "At the start of each round: each ship in a clear line north-west of this gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_round_start, do: [gain_energy: {player: {players_in_line: {direction: S, "
        "through_all: true}}}]}]",
        "At the start of each round: each ship in a straight line south of this (through "
        "everything) gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_round_start, do: [gain_energy: {player: {players_in_line: {direction: S, "
        "through_all: false, from: {quadrants_of: {object: turret}}}}}]}]",
        "At the start of each round: each ship in a clear line south of any turret gains 1 energy.",
    ),
    (
        QUAD,
        "[{on: on_round_start, do: [gain_energy: {player: {players_in_line: {direction: S, "
        "through_all: 'round > 3'}}}]}]",
        "At the start of each round: each ship in a clear line south of this (or in any "
        "straight line, through everything, if the round number is more than 3) gains 1 "
        "energy.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [cover: this_quadrant]}]",
        "When a ship moves here: cover this.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [cover: event_quadrant]}]",
        "When a ship moves here: cover that quadrant.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [cover: player_quadrant]}]",
        "When a ship moves here: cover that player's quadrant.",
    ),
    (
        OWNED,
        "[{on: on_played, do: [cover: player_quadrant]}]",
        "Play on your turn: cover your quadrant.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [cover: {quadrant: {adjacent_quadrants: {}}}]}]",
        "When a ship moves here: cover each quadrant adjacent to this.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [cover: {quadrant: {adjacent_quadrants: {orthogonal: true}}}]}]",
        "When a ship moves here: cover each quadrant orthogonally adjacent to this.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [cover: {quadrant: {adjacent_quadrants: {orthogonal: false, to: "
        "event_quadrant}}}]}]",
        "When a ship moves here: cover each quadrant adjacent to that quadrant.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [cover: {quadrant: {adjacent_quadrants: {orthogonal: 'round > "
        "2'}}}]}]",
        "When a ship moves here: cover each quadrant adjacent to this (only orthogonally "
        "adjacent if the round number is more than 2).",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [cover: {quadrant: {quadrants_of: {object: asteroid}}}]}]",
        "When a ship moves here: cover each asteroid.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [cover: {quadrant: {quadrants_of: {object: empty, unoccupied: "
        "true}}}]}]",
        "When a ship moves here: cover each unoccupied empty quadrant.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [cover: {quadrant: {quadrants_of: {object: power_up, "
        "unoccupied: false, except_this: true}}}]}]",
        "When a ship moves here: cover each other power-up.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [cover: {quadrant: {quadrants_of: {object: space_maze, "
        "except_this: false, near: boss_parts}}}]}]",
        "When a ship moves here: cover each space maze adjacent to any boss part.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [cover: {quadrant: {quadrants_of: {object: space_mosquito, "
        "unoccupied: 'round > 3', except_this: 'round > 2'}}}]}]",
        "When a ship moves here: cover each space mosquito (only unoccupied ones if the "
        "round number is more than 3) (not this one if the round number is more than 2).",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [cover: boss_parts]}]",
        "When a ship moves here: cover every boss part.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [flip_card: this_card]}]",
        "When a ship moves here: flip this card.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [flip_card: {card: {adjacent_cards: {}}}]}]",
        "When a ship moves here: flip each card orthogonally adjacent to this card.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [choose: {card: {adjacent_cards: {}}, then: [flip_card: {card: "
        "{adjacent_cards: {to: chosen}}}]}]}]",
        "When a ship moves here: that player chooses a card orthogonally adjacent to this "
        "card: flip each card orthogonally adjacent to the chosen card.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [choose: {quadrant: {quadrants_of: {object: asteroid, near: "
        "player_quadrant}}, then: [cover: {quadrant: {adjacent_quadrants: {to: "
        "chosen}}}]}]}]",
        "When a ship moves here: that player chooses an asteroid adjacent to that player's "
        "quadrant: cover each quadrant adjacent to the chosen quadrant.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [choose: {quadrant: boss_parts, then: [cover: chosen]}]}]",
        "When a ship moves here: that player chooses a boss part: cover the chosen quadrant.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "count(player) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the number of players the event is about is more than 1, "
        "that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "count(active_player) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the number of active players is more than 1, that player "
        "gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "count(all_players) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the number of players is more than 1, that player gains "
        "1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "count(players_in_play) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the number of ships in play is more than 1, that player "
        "gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "count(players_adjacent) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the number of ships adjacent to this is more than 1, "
        "that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "count(players_in_row) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the number of ships in the same row as this is more than "
        "1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "count(this_quadrant) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the number of quadrants that carry this effect is more "
        "than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "count(event_quadrant) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the number of quadrants the event happened on is more "
        "than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "count(player_quadrant) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the number of quadrants under that player's ship is more "
        "than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "count(adjacent_quadrants) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the number of quadrants adjacent to this is more than 1, "
        "that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "count(boss_parts) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the number of boss parts is more than 1, that player "
        "gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "count(this_card) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the number of cards that carry this effect is more than "
        "1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "count(adjacent_cards) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the number of cards orthogonally adjacent to this card "
        "is more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_hit, if: "count(shooter) == 0", do: [gain_glory: {player: all_players}]}]',
        "When this is hit: if the number of shooters is 0, every player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_destroyed, if: "count(rammer) == 0", do: [gain_glory: {player: all_players}]}]',
        "When this is destroyed: if the number of rammers is 0, every player gains 1 glory.",
    ),
    (
        OWNED,
        '[{on: on_turn_end, if: "count(owner) == 1", do: [gain_glory: 1]}]',
        "At the end of each player's turn: if the number of owners is 1, that player gains 1 "
        "glory.",
    ),
    (
        QUAD,
        "[{on: on_pushed_out, do: [reveal_sensors: {then: [if: {condition: "
        "'count(matching_players) > 1', then: [gain_glory: {player: all_players}]}]}]}]",
        "When a new row pushes this card out: reveal 1 sensor card: if the number of players "
        "whose symbol was revealed is more than 1, every player gains 1 glory.",
    ),
    (
        QUAD,
        "[{on: on_enter, do: [choose: {quadrant: boss_parts, then: [if: {condition: "
        "'count(chosen) > 0', then: [cover: chosen]}]}]}]",
        "When a ship moves here: that player chooses a boss part: if the number of chosen "
        "quadrants is more than 0, cover the chosen quadrant.",
    ),
    # --- expressions: functions, counters, attributes, game-wide names, operators ---
    (
        QUAD,
        '[{on: on_enter, if: "marked(player, this_quadrant)", do: [gain_glory: 1]}]',
        "When a ship moves here: if that player has a marker on this, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "not marked(player, this_quadrant)", do: [gain_glory: 1]}]',
        "When a ship moves here: if that player has no marker on this, that player gains 1 glory.",
    ),
    (
        OWNED,
        '[{on: on_enter, if: "marked(owner, event_quadrant)", do: [gain_glory: 1]}]',
        "When a ship moves onto a quadrant: if you have a marker on that quadrant, that "
        "player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "occupied(event_quadrant)", do: [gain_glory: 1]}]',
        "When a ship moves here: if a ship is on that quadrant, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "not occupied(event_quadrant)", do: [gain_glory: 1]}]',
        "When a ship moves here: if no ship is on that quadrant, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_turn_start, if: "standing_on(player, this_quadrant)", do: [gain_glory: 1]}]',
        "At the start of each player's turn: if that player is on this, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "not standing_on(player, event_quadrant)", do: [gain_glory: 1]}]',
        "When a ship moves here: if that player is not on that quadrant, that player gains 1 "
        "glory.",
    ),
    (
        OWNED,
        '[{on: on_played, if: "is_astral(player)", do: [gain_glory: 1]}]',
        "Play on your turn: if you are astral, you gain 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "not is_astral(player)", do: [gain_glory: 1]}]',
        "When a ship moves here: if that player is not astral, that player gains 1 glory.",
    ),
    (
        OWNED,
        '[{on: on_destroyed, if: "is_enemy(event_quadrant)", do: [gain_glory: {player: '
        "all_players}]}]",
        "When an object is destroyed: if that object is an enemy, every player gains 1 glory.",
    ),
    (
        OWNED,
        '[{on: on_destroyed, if: "not is_enemy(event_quadrant)", do: [gain_glory: {player: '
        "all_players}]}]",
        "When an object is destroyed: if that object is not an enemy, every player gains 1 glory.",
    ),
    (
        OWNED,
        "[{on: on_destroyed, if: \"shows(event_quadrant, 'asteroid')\", do: [gain_glory: "
        "{player: all_players}]}]",
        "When an object is destroyed: if that object is an asteroid, every player gains 1 glory.",
    ),
    (
        OWNED,
        "[{on: on_enter, if: \"shows(event_quadrant, 'power_up')\", do: [gain_glory: 1]}]",
        "When a ship moves onto a quadrant: if that quadrant is a power-up, that player "
        "gains 1 glory.",
    ),
    (
        QUAD,
        "[{on: on_enter, if: \"not shows(event_quadrant, 'empty')\", do: [gain_glory: 1]}]",
        "When a ship moves here: if that quadrant is not empty, that player gains 1 glory.",
    ),
    (
        QUAD,
        "[{on: on_turn_end, if: \"counter(player, 'enemies_destroyed') >= 12\", do: "
        "[gain_glory: 1]}]",
        "At the end of each player's turn: if the number of enemies that player destroyed is "
        "at least 12, that player gains 1 glory.",
    ),
    (
        OWNED,
        "[{on: on_turn_end, if: \"counter(player, 'enemies_destroyed') > 1\", do: [gain_glory: "
        "1]}]",
        "At the end of each player's turn: if the number of enemies that player destroyed is "
        "more than 1, that player gains 1 glory.",
    ),
    (
        OWNED,
        "[{on: on_turn_end, if: \"counter(player, 'objects_destroyed') > 1\", do: [gain_glory: "
        "1]}]",
        "At the end of each player's turn: if the number of objects that player destroyed is "
        "more than 1, that player gains 1 glory.",
    ),
    (
        OWNED,
        "[{on: on_turn_end, if: \"counter(player, 'bellonium_earned') > 1\", do: [gain_glory: 1]}]",
        "At the end of each player's turn: if the Bellonium that player received is more "
        "than 1, that player gains 1 glory.",
    ),
    (
        OWNED,
        "[{on: on_turn_end, if: \"counter(player, 'wormhole_jumps') > 1\", do: [gain_glory: 1]}]",
        "At the end of each player's turn: if the number of wormhole jumps that player made "
        "is more than 1, that player gains 1 glory.",
    ),
    (
        OWNED,
        "[{on: on_turn_end, if: \"counter(player, 'overloads') > 1\", do: [gain_glory: 1]}]",
        "At the end of each player's turn: if the number of overloads that player used is "
        "more than 1, that player gains 1 glory.",
    ),
    (
        OWNED,
        "[{on: on_turn_end, if: \"counter(player, 'power_downs') > 1\", do: [gain_glory: 1]}]",
        "At the end of each player's turn: if the number of Power Down turns that player "
        "took is more than 1, that player gains 1 glory.",
    ),
    (
        OWNED,
        "[{on: on_turn_end, if: \"counter(player, 'upgrades_bought') > 1\", do: [gain_glory: 1]}]",
        "At the end of each player's turn: if the number of upgrade levels that player "
        "bought is more than 1, that player gains 1 glory.",
    ),
    (
        OWNED,
        "[{on: on_turn_end, if: \"counter(player, 'powerups_played') > 1\", do: [gain_glory: 1]}]",
        "At the end of each player's turn: if the number of power-up cards that player "
        "played is more than 1, that player gains 1 glory.",
    ),
    (
        OWNED,
        "[{on: on_turn_end, if: \"counter(player, 'damage_dealt') > 1\", do: [gain_glory: 1]}]",
        "At the end of each player's turn: if the damage that player dealt with shots is "
        "more than 1, that player gains 1 glory.",
    ),
    (
        OWNED,
        "[{on: on_turn_end, if: \"counter(player, 'rounds_in_row_1') > 1\", do: [gain_glory: 1]}]",
        "At the end of each player's turn: if the number of rounds that player ended in row "
        "1 is more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        "[{on: on_turn_end, if: \"upgrade_level(player, 'laser') >= 2\", do: [gain_glory: 1]}]",
        "At the end of each player's turn: if that player's laser level is at least 2, that "
        "player gains 1 glory.",
    ),
    (
        OWNED,
        "[{on: on_turn_end, if: \"upgrade_level(owner, 'rotary_cage') == 0\", do: [gain_glory: "
        "1]}]",
        "At the end of each player's turn: if your rotary cage level is 0, that player gains "
        "1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "min(player.bellonium, 3) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the smaller of that player's Bellonium and 3 is more "
        "than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "max(player.threat_level, 1) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the larger of that player's threat level and 1 is more "
        "than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        "[{on: on_round_start, if: \"parts_left('core') == 0\", do: [gain_glory: {player: "
        "all_players}]}]",
        "At the start of each round: if the number of core parts left is 0, every player "
        "gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "player.energy > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if that player's energy is more than 1, that player gains 1 "
        "glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "player.max_energy > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if that player's maximum energy is more than 1, that player "
        "gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "player.threat_points > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if that player's threat points are more than 1, that player "
        "gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "player.threat_level > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if that player's threat level is more than 1, that player "
        "gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "player.glory > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if that player's glory is more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "player.bellonium > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if that player's Bellonium is more than 1, that player "
        "gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "player.powerups > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the number of power-up cards in that player's hand is "
        "more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "player.moves_left > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if that player's moves left this turn are more than 1, that "
        "player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "player.row > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if that player's row is more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "player.column > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if that player's column is more than 1, that player gains 1 "
        "glory.",
    ),
    (
        OWNED,
        '[{on: on_played, if: "owner.energy > 1", do: [gain_glory: 1]}]',
        "Play on your turn: if your energy is more than 1, you gain 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "this_quadrant.energy > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if its energy is more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "this_quadrant.threat > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if its threat is more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "this_quadrant.damage_taken > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if its damage taken this turn is more than 1, that player "
        "gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "this_quadrant.row > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if its row is more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "this_quadrant.column > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if its column is more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "this_quadrant.glory_reward > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if its glory reward is more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "this_quadrant.bellonium_reward > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if its Bellonium reward is more than 1, that player gains 1 "
        "glory.",
    ),
    (
        OWNED,
        '[{on: on_destroyed, if: "event_quadrant.energy > 1", do: [gain_glory: {player: '
        "all_players}]}]",
        "When an object is destroyed: if that object's energy is more than 1, every player "
        "gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "round > 2", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number is more than 2, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "players_count > 2", do: [gain_glory: 1]}]',
        "When a ship moves here: if the number of players is more than 2, that player gains "
        "1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "round == 2", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number is 2, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "round != 2", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number is not 2, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "round < 2", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number is less than 2, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "round <= 2", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number is at most 2, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "round > 2", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number is more than 2, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "round >= 2", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number is at least 2, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "not round == 2", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number is not 2, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "not round != 2", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number is 2, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "not round < 2", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number is at least 2, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "not round <= 2", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number is more than 2, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "not round > 2", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number is at most 2, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "not round >= 2", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number is less than 2, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "round + 1 > players_count - 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number plus 1 is more than the number of "
        "players minus 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "round * 2 > 3 * round", do: [gain_glory: 1]}]',
        "When a ship moves here: if twice the round number is more than 3 times the round "
        "number, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "round / 2 > round / 3", do: [gain_glory: 1]}]',
        "When a ship moves here: if half the round number (rounded down) is more than the "
        "round number divided by 3 (rounded down), that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "(round + 1) / 2 > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if half the sum of the round number and 1 (rounded down) is "
        "more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "round - (players_count - 1) > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number minus (the number of players minus 1) "
        "is more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "(round - 1) * players_count > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if (the round number minus 1) times the number of players "
        "is more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "-round < 0", do: [gain_glory: 1]}]',
        "When a ship moves here: if minus the round number is less than 0, that player gains "
        "1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "round > 1 and players_count > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number is more than 1 and the number of "
        "players is more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "round > 1 or players_count > 1", do: [gain_glory: 1]}]',
        "When a ship moves here: if the round number is more than 1 or the number of players "
        "is more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "round > 1 and players_count > 1 and round < 9", do: '
        "[gain_glory: 1]}]",
        "When a ship moves here: if the round number is more than 1 and the number of "
        "players is more than 1 and the round number is less than 9, that player gains 1 "
        "glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "(round > 1 and players_count > 1) or round == 1", do: '
        "[gain_glory: 1]}]",
        "When a ship moves here: if both the round number is more than 1 and the number of "
        "players is more than 1, or the round number is 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "round > 1 and (players_count > 1 or round == 1)", do: '
        "[gain_glory: 1]}]",
        "When a ship moves here: if the round number is more than 1 and either the number of "
        "players is more than 1 or the round number is 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "not (round > 1 and players_count > 1)", do: [gain_glory: 1]}]',
        "When a ship moves here: if it is not true that both the round number is more than 1 "
        "and the number of players is more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "not (round > 1 or players_count > 1)", do: [gain_glory: 1]}]',
        "When a ship moves here: if neither the round number is more than 1 nor the number "
        "of players is more than 1, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "player == active_player", do: [gain_glory: 1]}]',
        "When a ship moves here: if that player is the active player, that player gains 1 glory.",
    ),
    (
        OWNED,
        '[{on: on_enter, if: "player != owner", do: [gain_glory: 1]}]',
        "When a ship moves onto a quadrant: if that player is not you, that player gains 1 glory.",
    ),
    (
        OWNED,
        '[{on: on_enter, if: "owner == player", do: [gain_glory: 1]}]',
        "When a ship moves onto a quadrant: if you are that player, that player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_turn_start, if: "player.row == this_quadrant.row", do: [gain_glory: 1]}]',
        "At the start of each player's turn: if that player is in the same row as this, that "
        "player gains 1 glory.",
    ),
    (
        QUAD,
        '[{on: on_enter, if: "player.column != event_quadrant.column", do: [gain_glory: 1]}]',
        "When a ship moves here: if that player is not in the same column as that quadrant, "
        "that player gains 1 glory.",
    ),
    (
        OWNED,
        '[{on: on_turn_end, if: "owner.row == player.row", do: [gain_glory: 1]}]',
        "At the end of each player's turn: if you are in the same row as that player, that "
        "player gains 1 glory.",
    ),
]


@cache
def _catalog() -> Catalog:
    return validate_paths([]).catalog


@cache
def compiled(host: str, effects: str) -> tuple[Effect, ...]:
    """The effects compiled as on an upgrade level (where `passive` is allowed), on `host`."""
    name = f"row {len(effects)}:{hash(effects)}"
    doc, problems = load_text(f"upgrades:\n  - effects: {effects}\n", name)
    assert doc is not None and not problems, problems
    compiler = EffectCompiler(VOCABULARY, doc, _catalog(), name)
    found = compiler.effects(("upgrades", 0, "effects"), host)
    assert not compiler.diagnostics, [d.message for d in compiler.diagnostics]
    return tuple(found)


@pytest.mark.parametrize(("host", "effects", "text"), ROWS)
def test_the_text_of_each_construct(host: str, effects: str, text: str) -> None:
    assert effects_text(compiled(host, effects), host) == text


# --- every construct of the vocabulary has a row -------------------------------------------------

_ENUMS = {
    BOOL: (True, False),
    "direction": DIRECTIONS,
    "scope": SCOPES,
    "stat": tuple(STATS),
}


def _expected() -> set[tuple[Any, ...]]:
    """Everything a row must show: each trigger, action, selector, parameter, value of a
    parameter that takes one of a few values, function, attribute, counter and game-wide name."""
    words = VOCABULARY
    found: set[tuple[Any, ...]] = {("trigger", name) for name in words.triggers}
    owners = [*words.actions.values(), *words.selectors.values()]
    found |= {("action", name) for name in words.actions}
    found |= {("selector", name) for name in words.selectors}
    for owner in owners:
        for param in owner.params:
            found.add(("param", owner.name, param.name))
            for value in _ENUMS.get(param.type, ()):
                found.add(("value", owner.name, param.name, value))
    found |= {("choice", name) for name in words.choices}
    found |= {("function", name) for name in words.functions}
    found |= {("attribute", PLAYERS, name) for name in words.attributes(PLAYERS)}
    found |= {("attribute", QUADRANTS, name) for name in words.attributes(QUADRANTS)}
    found |= {("counter", name) for name in words.word_list("counter")}
    found |= {("global", name) for name in words.globals}
    return found


def _shown(node: Any, owner: str = "", param: str = "") -> set[tuple[Any, ...]]:
    """What a compiled row shows, in the terms of `_expected`."""
    if isinstance(node, Effect):
        return {("trigger", node.trigger)} | _shown(node.condition) | _shown(node.actions)
    if isinstance(node, (Act, Select)):
        name = node.action if isinstance(node, Act) else node.name
        kind = "action" if isinstance(node, Act) else "selector"
        found = {(kind, name)}
        for key, value in node.args.items():
            found |= {("param", name, key), *_shown(value, name, key)}
            if name == "choose" and key in VOCABULARY.choices:
                found.add(("choice", key))
        return found
    if isinstance(node, Lit):
        return {("value", owner, param, node.value)} if owner else set()
    if isinstance(node, Call):
        found = {("function", node.function), *_shown(list(node.args))}
        if node.function == "counter":
            found.add(("counter", node.args[1].value))
        return found
    if isinstance(node, Attr):
        return {("attribute", VOCABULARY.selectors[node.target.name].type, node.name)}
    if isinstance(node, Global):
        return {("global", node.name)}
    if isinstance(node, Op):
        return _shown(list(node.args))
    if isinstance(node, dict):
        return set().union(*(_shown(v, owner, param) for v in node.values()))
    if isinstance(node, (list, tuple)):
        return set().union(*(_shown(item, owner, param) for item in node))
    return set()


def test_every_construct_of_the_vocabulary_has_a_row() -> None:
    shown = set().union(*(_shown(compiled(host, effects)) for host, effects, _ in ROWS))
    assert _expected() - shown == set()


def test_every_trigger_has_a_row_on_each_kind_of_host_it_runs_on() -> None:
    shown = {
        (host, effect.trigger) for host, effects, _ in ROWS for effect in compiled(host, effects)
    }
    for trigger in VOCABULARY.triggers.values():
        hosts = {OWNED} if trigger.hosts == OWNED_ONLY else {QUAD, OWNED}
        assert {(host, trigger.name) for host in hosts} <= shown, trigger.name


@pytest.mark.parametrize("trigger", list(VOCABULARY.triggers.values()), ids=lambda t: t.name)
def test_each_triggers_example_in_the_docs_compiles(trigger: Trigger) -> None:
    host = OWNED if OWNED in trigger.hosts else QUAD
    example = docs.trigger_example(trigger).replace("\n", "\n    ")
    name = f"example {trigger.name}"
    doc, problems = load_text(f"upgrades:\n  - effects:\n    {example}\n", name)
    assert doc is not None and not problems, problems
    compiler = EffectCompiler(VOCABULARY, doc, _catalog(), name)
    assert compiler.effects(("upgrades", 0, "effects"), host)
    assert not compiler.diagnostics, [d.message for d in compiler.diagnostics]


# --- the shipped cards ---------------------------------------------------------------------------

_DOUBLED = re.compile(r"\b(energy|glory|Bellonium|threat|damage) \1\b")


def _shipped() -> list[tuple[str, str]]:
    bundle = base_bundle()
    found = [(f"object {k}", effects_text(v["effects"])) for k, v in bundle["objects"].items()]
    for boss_id, boss in bundle["bosses"].items():
        found += [
            (f"boss {boss_id} {rule_id}", effects_text(rule["effects"]))
            for rule_id, rule in boss["special_rules"].items()
        ]
    owned = [(f"upgrade {k}", lv["effects"]) for k, v in bundle["upgrades"].items()
             for lv in v["levels"]]  # fmt: skip
    owned += [(f"sensor {s['number']}", s["effects"]) for s in bundle["sensors"]]
    for section in ("powerups", "missions", "achievements"):
        owned += [(f"{section} {k}", v["effects"]) for k, v in bundle[section].items()]
    return found + [(name, effects_text(effects, OWNED)) for name, effects in owned]


def test_shipped_cards_print_no_doubled_unit_no_raw_id_and_no_repeated_sentence() -> None:
    for name, text in _shipped():
        assert not _DOUBLED.search(text), (name, text)
        assert "divided by 2" not in text and "_" not in text, (name, text)
        sentences = [s for s in re.split(r"(?<=\.) ", text) if s]
        assert len(sentences) == len(set(sentences)), (name, text)


@pytest.mark.parametrize(
    ("card", "text"),
    [
        (
            "object fighter",
            "When a ship moves or is pushed here: deal damage equal to its threat to that "
            "player, then destroy this (no reward).",
        ),
        (
            "object wormhole",
            "When a ship moves or is pushed here: that player may choose another unoccupied "
            "wormhole: that player jumps to the chosen quadrant.",
        ),
        (
            "object singularity",
            "When a ship is pushed here: deal 1 damage to that player, then that player shifts "
            "one quadrant left or right. When this is hit: if its damage taken this turn is at "
            "least its energy and the shooter has no marker on this, the shooter gains its "
            "glory reward, then the shooter puts a marker on this.",
        ),
        (
            "boss TUNDRAGEIST hatchery",
            "At the start of each round: put a mine (1 energy) on each unoccupied empty "
            "quadrant adjacent to this.",
        ),
        (
            "boss TUNDRAGEIST frost",
            "At the start of each player's turn: if that player is in the same row as this, "
            "that player's moves -1 this turn.",
        ),
        (
            "boss BANSHEE scream",
            "At the start of each round: each ship in a straight line south of this (through "
            "everything) adds 1 threat.",
        ),
        (
            "boss CANNONRAM ram_cannon",
            "At the start of each round: deal 1 damage to each ship in a clear line south of this.",
        ),
        (
            "powerups salvage_rights",
            "Play on your turn: you take Bellonium equal to the smaller of half the round "
            "number (rounded down) and 4.",
        ),
        (
            "missions ace_pilot",
            "When an object is destroyed: if that object is an enemy and the shooter is you, "
            "advance your mission by 1.",
        ),
        (
            "achievements exterminator",
            "At the end of each player's turn: if the number of enemies that player destroyed "
            "is at least 12, that player claims this achievement.",
        ),
    ],
)
def test_shipped_cards_read_as_they_play(card: str, text: str) -> None:
    assert dict(_shipped())[card] == text
