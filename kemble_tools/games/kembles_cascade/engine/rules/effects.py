"""The effect DSL's actions (docs/dsl.md): one handler each, registered by name.

A handler receives the game, the state being changed, its compiled step (arguments are
functions of game, state and frame) and the frame it runs in (the event's bindings).
"""

from __future__ import annotations

from typing import Any

from kemble_tools.engine.kernel import CHANCE, Choice, Frame, Step, ask, push, push_below
from kemble_tools.games.kembles_cascade.engine.content import STAT
from kemble_tools.games.kembles_cascade.engine.rules import fire, players
from kemble_tools.games.kembles_cascade.engine.rules.queries import seen
from kemble_tools.games.kembles_cascade.engine.rules.registry import RULES
from kemble_tools.games.kembles_cascade.engine.state import (
    ACHIEVEMENT,
    BATTLE,
    MATCHING,
    QUADRANT,
    RAMMER,
    State,
)

PLAYER_SYMBOLS = ("red", "blue", "green", "yellow", "purple")  # seat order (R-COMP-3)


def _value(g: Any, s: State, step: Step, frame: Frame, name: str, default: Any = None) -> Any:
    read = step.args.get(name)
    return default if read is None else read(g, s, frame)


def _targets(g: Any, s: State, step: Step, frame: Frame, name: str) -> tuple[Any, ...]:
    read = step.args.get(name)
    return tuple(read(g, s, frame)) if read is not None else ()


def _amount(g: Any, s: State, step: Step, frame: Frame) -> int:
    return int(_value(g, s, step, frame, "amount", 1))


def _cause(g: Any, s: State, frame: Frame) -> str:
    """What hurt a player, for reports: the object and the card whose effect it was."""
    if frame.host < 0:
        return "an effect"
    shown = g.shown(s, frame.host).kind.id.replace("_", " ")
    return f"{shown} ({g.tables.cards[frame.host // 2].id})"


@RULES.action("damage")
def damage(g: Any, s: State, step: Step, frame: Frame) -> None:
    amount = _amount(g, s, step, frame)
    to_players = step.args["to:players"]
    for target in _targets(g, s, step, frame, "to"):
        if to_players:
            players.lose_energy(g, s, target, amount, lambda: _cause(g, s, frame))
        else:
            fire.damage_quadrant(g, s, target, amount, shooter=None)


def _each_player(change: Any) -> Any:
    """A handler that changes each selected player by the action's amount."""

    def handler(g: Any, s: State, step: Step, frame: Frame) -> None:
        for index in _targets(g, s, step, frame, "player"):
            change(g, s, index, _amount(g, s, step, frame))

    return handler


def _gain_glory(g: Any, s: State, index: int, amount: int) -> None:
    s.players[index].glory += amount


for _action, _change in {
    "gain_energy": lambda g, s, index, amount: players.gain_energy(s, index, amount),
    "lose_energy": players.lose_energy,
    "add_threat": lambda g, s, index, amount: players.add_threat(s, index, amount),
    "remove_threat": lambda g, s, index, amount: players.remove_threat(s, index, amount),
    "gain_bellonium": lambda g, s, index, amount: players.gain_bellonium(s, index, amount),
    "gain_glory": _gain_glory,
}.items():
    RULES.action(_action)(_each_player(_change))


@RULES.action("gain_reward")
def gain_reward(g: Any, s: State, step: Step, frame: Frame) -> None:
    """The host quadrant's printed reward (a -M/-MM cost has been paid before its effects
    run at all: R-SYM-10)."""
    if frame.host < 0:
        return
    quadrant = seen(g, s, frame.bindings, frame.host)  # on_destroyed: what was destroyed
    for index in _targets(g, s, step, frame, "player"):
        players.give_reward(g, s, index, quadrant.reward)


@RULES.action("draw_powerup")
def draw_powerup(g: Any, s: State, step: Step, frame: Frame) -> None:
    count = int(_value(g, s, step, frame, "count", 1))
    draws = tuple(
        g.steps("draw", index)
        for index in _targets(g, s, step, frame, "player")
        for _ in range(count)
    )
    push(s, Frame(draws))  # one at a time: each may wait on chance


@RULES.action("cover")
def cover(g: Any, s: State, step: Step, frame: Frame) -> None:
    for ref in _targets(g, s, step, frame, "quadrant"):
        cell = g.cell_of(s, ref)
        if cell >= 0:
            cells = list(s.cells)
            cells[cell] = g.tables.covered(g.tables.quadrants[cells[cell]])
            s.cells = tuple(cells)


@RULES.action("destroy")
def destroy(g: Any, s: State, step: Step, frame: Frame) -> None:
    reward = bool(_value(g, s, step, frame, "reward", True))
    active = s.turn.player if s.turn is not None else None
    to_players = step.args["target:players"]
    for target in _targets(g, s, step, frame, "target"):
        if to_players:
            if not s.players[target].astral:
                players.destroy_player(g, s, target, _cause(g, s, frame))  # R-OBJ-BH-1
        else:
            fire.destroy_quadrant(g, s, target, active, reward, rammer=_rammer(frame, target))


def _rammer(frame: Frame, ref: int) -> int | None:
    """R-OBJ-ENEMY-2, R-OBJ-MINE-1: an effect of a ship's arrival on a quadrant that destroys
    the object there is that ship's ram."""
    bindings = frame.bindings
    return bindings[RAMMER] if bindings[QUADRANT] == ref else None


@RULES.action("flip_card")
def flip_card(g: Any, s: State, step: Step, frame: Frame) -> None:
    for card in _targets(g, s, step, frame, "card"):
        if g.tables.cards[card].back:
            fire.flip(g, s, card)


@RULES.action("swap_card")
def swap_card(g: Any, s: State, step: Step, frame: Frame) -> None:
    """R-OBJ-MOSQ-2: two cards change places; ships move with their cards."""
    first = _targets(g, s, step, frame, "card")
    second = _targets(g, s, step, frame, "with")
    if not first or not second:
        return
    a, b = g.card_cell(s, first[0]), g.card_cell(s, second[0])
    if a < 0 or b < 0:
        return
    cells = list(s.cells)
    cells[a : a + 2], cells[b : b + 2] = cells[b : b + 2], cells[a : a + 2]
    s.cells = tuple(cells)
    for player in s.players:
        if player.pos >= 0:
            if a <= player.pos <= a + 1:
                player.pos += b - a
            elif b <= player.pos <= b + 1:
                player.pos += a - b


@RULES.action("shift_player")
def shift_player(g: Any, s: State, step: Step, frame: Frame) -> None:
    for index in reversed(_targets(g, s, step, frame, "player")):
        push(s, g.steps.frame("shift", index))


@RULES.action("teleport")
def teleport(g: Any, s: State, step: Step, frame: Frame) -> None:
    """R-OBJ-WH-1: not a move; threat is unchanged."""
    to = _targets(g, s, step, frame, "to")
    cell = g.cell_of(s, to[0]) if to else -1
    if cell < 0:
        return
    for index in _targets(g, s, step, frame, "player"):
        player = s.players[index]
        player.pos = cell
        player.pending = None  # it left the quadrant (R-SYM-10)
        players.bump(player, "wormhole_jumps")


@RULES.action("reveal_sensors")
def reveal_sensors(g: Any, s: State, step: Step, frame: Frame) -> None:
    """R-OBJ-BOMB-2: reveal sensor cards; `then` runs for the players whose symbol shows.
    With the sensor deck's order left open, chance reveals them one by one."""
    count = int(_value(g, s, step, frame, "count", 1))
    if g.open_sensors:
        push(s, frame.then((g.steps("reveal", count, (), step.args["then"]),)))
        return
    revealed, s.sensor_deck = s.sensor_deck[:count], s.sensor_deck[count:]
    _revealed(g, s, revealed, step.args["then"], frame)


def _revealed(g: Any, s: State, revealed: tuple[int, ...], then: Any, frame: Frame) -> None:
    symbols = {g.tables.sensor_by_number[number].symbol for number in revealed}
    matching = tuple(i for i in range(len(s.players)) if PLAYER_SYMBOLS[i] in symbols)
    bindings = (*frame.bindings[:MATCHING], matching, *frame.bindings[MATCHING + 1 :])
    push(s, Frame(then, 0, bindings, frame.host, frame.owner, frame.chosen))


@RULES.step("reveal")
def reveal(g: Any, s: State, step: Step, frame: Frame) -> None:
    """One chance reveal of an open sensor deck, until `count` are shown or the deck ends."""
    count, revealed, then = step.args
    deck = s.sensor_deck
    if count == 0 or not deck:
        _revealed(g, s, revealed, then, frame)
    elif len(deck) == 1:
        s.sensor_deck = ()
        push(s, frame.then((g.steps("reveal", count - 1, (*revealed, deck[0]), then),)))
    else:
        follow = frame.then((g.steps("revealed", count, revealed, then),))
        ask(s, Choice(CHANCE, "sensor", deck, follow))


@RULES.step("revealed")
def revealed_one(g: Any, s: State, step: Step, frame: Frame) -> None:
    count, revealed, then = step.args
    deck = list(s.sensor_deck)
    deck.remove(frame.chosen)
    s.sensor_deck = tuple(deck)
    push(s, frame.then((g.steps("reveal", count - 1, (*revealed, frame.chosen), then),)))


def _modify_each(
    g: Any, s: State, step: Step, frame: Frame, stat: str, how_set: bool, value: int, scope: str
) -> None:
    for index in _targets(g, s, step, frame, "player"):
        players.modify(g, s, index, STAT[stat], how_set, value, scope)


@RULES.action("extra_moves")
def extra_moves(g: Any, s: State, step: Step, frame: Frame) -> None:
    for index in _targets(g, s, step, frame, "player"):
        players.modify(g, s, index, STAT["moves"], False, _amount(g, s, step, frame), "turn")


@RULES.action("extra_shots")
def extra_shots(g: Any, s: State, step: Step, frame: Frame) -> None:
    for index in _targets(g, s, step, frame, "player"):
        amount = _amount(g, s, step, frame)
        players.modify(g, s, index, STAT["turret_shots"], False, amount, "turn")


@RULES.action("modify")
def modify(g: Any, s: State, step: Step, frame: Frame) -> None:
    scope = _value(g, s, step, frame, "scope", "turn")
    if scope == "while_owned":
        return  # an owned upgrade's passive change: part of the player's statistics
    how_set = "set" in step.args
    stat = STAT[_value(g, s, step, frame, "stat")]
    for index in _targets(g, s, step, frame, "player"):
        value = int(_value(g, s, step, frame, "set" if how_set else "by"))
        players.modify(g, s, index, stat, how_set, value, scope)


@RULES.action("mark")
def mark(g: Any, s: State, step: Step, frame: Frame) -> None:
    for ref in _targets(g, s, step, frame, "quadrant"):
        for index in _targets(g, s, step, frame, "player"):
            if (ref, index) not in s.markers:
                s.markers = tuple(sorted((*s.markers, (ref, index))))


@RULES.action("end_turn")
def end_turn(g: Any, s: State, step: Step, frame: Frame) -> None:
    if s.turn is not None and s.turn.player in _targets(g, s, step, frame, "player"):
        push(s, g.steps.frame("force_end"))


@RULES.action("buy")
def buy(g: Any, s: State, step: Step, frame: Frame) -> None:
    """Opens a shop for as long as the active player stays (R-OBJ-MERC-1); outside a Battle
    turn (a ship pushed onto the merchant) there is no one to sell to."""
    turn = s.turn
    if turn is None or turn.kind != BATTLE:
        return
    if turn.player in _targets(g, s, step, frame, "player"):
        fee = int(_value(g, s, step, frame, "fee", 0))
        if turn.shop_fee < 0:
            turn.shop_fee = fee


@RULES.action("advance_mission")
def advance_mission(g: Any, s: State, step: Step, frame: Frame) -> None:
    """R-MIS-1: at its target the mission is completed and its glory scored."""
    if frame.owner < 0:
        return
    player = s.players[frame.owner]
    if player.mission < 0 or player.mission_done:
        return
    mission = g.tables.missions[player.mission]
    player.mission_progress += _amount(g, s, step, frame)
    if player.mission_progress >= mission.target:
        player.mission_done = True
        player.glory += mission.glory


@RULES.action("claim_achievement")
def claim_achievement(g: Any, s: State, step: Step, frame: Frame) -> None:
    """R-ACH-1: the glory, and the next card is revealed. Players meeting it in the same
    event each gain it (R-ACH-2): the card leaves once the event's effects are done."""
    card = frame.bindings[ACHIEVEMENT]
    if card is None or card not in s.achievements:
        return
    glory = g.tables.achievements[card].glory
    for index in _targets(g, s, step, frame, "player"):
        player = s.players[index]
        if card not in player.achievements:
            player.glory += glory
            player.achievements = (*player.achievements, card)
    push_below(s, g.steps.frame("retire_achievement", card))


@RULES.action("choose")
def choose(g: Any, s: State, step: Step, frame: Frame) -> None:
    who = _targets(g, s, step, frame, "who")
    optional = bool(_value(g, s, step, frame, "optional", False))
    if not who:
        return
    args = step.args
    if "option" in args:
        names = tuple(name for name, _ in args["option"])
        then = frame.then((g.steps("option", args["option"]),))
        ask(s, Choice(who[0], "option", names, then, optional))
        return
    kind = next(k for k in ("direction", "quadrant", "card") if k in args)
    if kind == "direction":
        values = tuple(_one(read(g, s, frame)) for read in args[kind])
    else:
        values = _targets(g, s, step, frame, kind)
    if not values:
        return  # nothing to choose from: the choice does not happen
    ask(s, Choice(who[0], kind, values, frame.then(args["then"]), optional))


def _one(value: Any) -> Any:
    return value[0] if isinstance(value, tuple) and value else value


@RULES.action("if")
def if_(g: Any, s: State, step: Step, frame: Frame) -> None:
    holds = bool(_value(g, s, step, frame, "condition", False))
    branch = step.args.get("then" if holds else "else")
    if branch:
        push(s, frame.then(branch))


@RULES.action("spawn")
def spawn(g: Any, s: State, step: Step, frame: Frame) -> None:
    kind = g.tables.kind_index[_value(g, s, step, frame, "object")]
    energy = int(_value(g, s, step, frame, "energy", 1))
    threat = int(_value(g, s, step, frame, "threat", 0))
    tables = g.tables
    for ref in _targets(g, s, step, frame, "quadrant"):
        cell = g.cell_of(s, ref)
        if cell >= 0:
            quadrant = tables.quadrants[s.cells[cell]]
            cells = list(s.cells)
            cells[cell] = tables.spawned(quadrant, quadrant.side, kind, energy, threat)
            s.cells = tuple(cells)


# --- the engine's own steps ---------------------------------------------------------------------


@RULES.step("option")
def option(g: Any, s: State, step: Step, frame: Frame) -> None:
    (branches,) = step.args
    steps = dict(branches)[frame.chosen]
    push(s, frame.then(steps))


@RULES.step("retire_achievement")
def retire_achievement(g: Any, s: State, step: Step, frame: Frame) -> None:
    (card,) = step.args
    if card in s.achievements:
        shown = tuple(c for c in s.achievements if c != card)
        if s.achievement_deck:
            shown = (*shown, s.achievement_deck[0])
            s.achievement_deck = s.achievement_deck[1:]
        s.achievements = shown
