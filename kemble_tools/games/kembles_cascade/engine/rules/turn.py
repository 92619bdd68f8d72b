"""The round and the turn: sensor cards (R-SEN-*), Battle or Power Down (R-TRN-*, R-PWD-1), the
end of a turn (R-BAT-1) and the next player's turn."""

from __future__ import annotations

import random
from typing import Any

from kemble_tools.engine.kernel import CHANCE, Choice, Frame, ask, push, push_effects, run_after
from kemble_tools.games.kembles_cascade.engine.content import STAT
from kemble_tools.games.kembles_cascade.engine.errors import IllegalAction
from kemble_tools.games.kembles_cascade.engine.rules.events import fire_global, note
from kemble_tools.games.kembles_cascade.engine.rules.players import (
    add_threat,
    bump,
    drop_modifiers,
    resolve_threat,
)
from kemble_tools.games.kembles_cascade.engine.rules.scroll import scroll
from kemble_tools.games.kembles_cascade.engine.state import (
    BATTLE,
    POWERDOWN,
    TURN_CHOICE,
    State,
    Turn,
    event,
)
from kemble_tools.games.kembles_cascade.engine.threat import threat_for

MAX_ENERGY, RECHARGE = STAT["max_energy"], STAT["recharge"]


def next_sensor_player(s: State) -> int:
    """Players reveal together; the engine takes their secret choices in seat order."""
    return next(i for i, p in enumerate(s.players) if p.sensor < 0 and p.hand_sensors)


def play_sensor(g: Any, s: State, slot: int) -> None:
    """R-SEN-1..3: play a sensor card, draw a new one; when all have played, the highest
    number plays first."""
    index = next_sensor_player(s)
    player = s.players[index]
    number = g.tables.sensors[slot].number
    if number not in player.hand_sensors:
        raise IllegalAction(
            "R-SEN-1",
            "play one of the sensor cards in your hand: "
            + ", ".join(str(n) for n in player.hand_sensors),
        )
    player.hand_sensors = tuple(n for n in player.hand_sensors if n != number)
    player.sensor = number
    note(s, "p%d sensor %d", index + 1, number)
    if not s.sensor_deck and s.sensor_discard:  # R-SEN-3: the discards become the deck
        pile = list(s.sensor_discard)
        if not g.open_sensors:
            random.Random(f"{s.seed}:{s.draws}").shuffle(pile)
        s.sensor_deck, s.sensor_discard, s.draws = (
            tuple(sorted(pile) if g.open_sensors else pile),
            (),
            s.draws + 1,
        )
    push(s, Frame((g.steps("draw_sensor", index), g.steps("sensor_played", index, number))))


def draw_sensor(g: Any, s: State, step: Any, frame: Frame) -> None:
    """R-SEN-3: the top card, or chance's pick when the deck's order is left open."""
    (index,) = step.args
    deck = s.sensor_deck
    if not deck:
        return
    if g.open_sensors and len(deck) > 1:
        ask(s, Choice(CHANCE, "sensor", deck, g.steps.frame("take_sensor", index)))
        return
    take_sensor_card(s, index, deck[0])


def take_sensor(g: Any, s: State, step: Any, frame: Frame) -> None:
    take_sensor_card(s, step.args[0], frame.chosen)


def take_sensor_card(s: State, index: int, number: int) -> None:
    deck = list(s.sensor_deck)
    deck.remove(number)
    s.sensor_deck = tuple(deck)
    player = s.players[index]
    player.hand_sensors = (*player.hand_sensors, number)


def sensor_played(g: Any, s: State, step: Any, frame: Frame) -> None:
    """The card's text (R-SEN-4), and the turn order once every player has played."""
    index, number = step.args
    effects = g.tables.sensor_by_number[number].on_played
    if effects:
        push_effects(g, s, effects, event(index), -1, index)
    if all(p.sensor >= 0 or not p.hand_sensors for p in s.players):
        played = [(max(p.sensor, 0), i) for i, p in enumerate(s.players)]
        s.order = tuple(i for _, i in sorted(played, reverse=True))  # R-SEN-1
        s.order_index = 0
        s.phase = TURN_CHOICE


def choose_turn(g: Any, s: State, kind: int) -> None:
    """R-TRN-1, R-TRN-2: Battle or Power Down; every player battles in the first round."""
    if kind == POWERDOWN and s.round == 1:
        raise IllegalAction("R-TRN-2", "every player must choose Battle in the first round")
    index = s.order[s.order_index]
    s.turn = Turn(index, kind, len(g.tables.weapons))
    s.phase = kind
    note(s, "p%d %s", index + 1, "battle" if kind == BATTLE else "powerdown")
    if kind == POWERDOWN:
        power_down_start(g, s, index)
    fire_global(g, s, "on_turn_start", event(index, index))


def power_down_start(g: Any, s: State, index: int) -> None:
    """R-PWD-1 steps 1-3: recharge, resolve threat, give PvP tokens back without effect."""
    player = s.players[index]
    energy = min(player.stats[MAX_ENERGY], player.energy + player.stats[RECHARGE])
    player.energy = max(player.energy, energy)
    bump(player, "power_downs")
    resolve_threat(g, s, index)
    if not player.astral:
        player.tokens = ()


def end_turn(g: Any, s: State, _arg: int = 0) -> None:
    """R-BAT-1 (2)-(3), R-PWD-1 (5): resolve threat after a Battle, then add new threat."""
    turn = s.turn
    assert turn is not None
    index = turn.player
    player = s.players[index]
    player.pending = None  # D-SYM-3: a -M/-MM cost is paid in the turn, or not at all
    in_play = not player.astral
    if turn.kind == BATTLE:
        resolve_threat(g, s, index)
    if s.outcome or (in_play and player.astral):
        return  # destroyed by its threat: its turn has ended already (R-DST-2)
    if player.pos >= 0:  # R-THR-3: astral players add none
        add_threat(s, index, threat_for(g, s, player.pos))
    mark = len(s.frames)
    fire_global(g, s, "on_turn_end", event(index, index))
    run_after(g, s, g.steps.frame("next_turn", index), mark)  # after the hooks


def next_turn(g: Any, s: State, step: Any, frame: Frame) -> None:
    (index,) = step.args
    drop_modifiers(g, s.players[index], ("turn",))
    s.turn = None
    if s.order_index + 1 < len(s.order):
        s.order_index += 1
        s.phase = TURN_CHOICE
    else:
        scroll(g, s)


def force_end(g: Any, s: State, step: Any, frame: Frame) -> None:
    """A turn ended by an effect (a power-up's `end_turn`)."""
    if s.turn is not None:
        end_turn(g, s)
