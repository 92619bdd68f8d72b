"""What a player may do in battle (R-MOV-*, R-FIR-*, R-TUR-1, R-BUY-*): the legal actions of
the Battle phase, as integers of the game's action space (actions.py)."""

from __future__ import annotations

from typing import Any

from kemble_tools.games.kembles_cascade.engine import actions as A
from kemble_tools.games.kembles_cascade.engine.content import ORTHOGONAL
from kemble_tools.games.kembles_cascade.engine.rules import fire, movement, scoring, shop
from kemble_tools.games.kembles_cascade.engine.rules.players import moves_left
from kemble_tools.games.kembles_cascade.engine.state import State


def battle_actions(g: Any, s: State) -> list[int]:
    """In the order of formats.md §4's notation: moves, spend, overloads, fire, rotate, play,
    buy, end."""
    base = g.actions.base
    turn = s.turn
    assert turn is not None
    index = turn.player
    player = s.players[index]
    found: list[int] = []
    moves = moves_left(g, s, index) > 0
    overload = movement.can_overload(s, index)
    if moves or overload:
        targets = move_targets(g, s, index, player)
        outside = player.pos < 0
        if moves:
            first = base[A.ENTER if outside else A.MOVE]
            found += [first + target for target in targets]
            if player.pending:
                found.append(base[A.SPEND])
        if overload:
            first = base[A.OVERLOAD_ENTER if outside else A.OVERLOAD_MOVE]
            found += [first + target for target in targets]
            if not outside:
                found.append(base[A.OVERLOAD_FIRE])
    if player.pos >= 0:
        found += [base[A.FIRE] + w for w in weapons_ready(g, s, player, turn)]
    if player.stats[fire.TURRET_TURNS]:  # R-TUR-1: astral ships turn too, for free
        first = base[A.ROTATE]
        found += [first + i for i, d in enumerate(ORTHOGONAL) if d != player.facing]
    hands = (
        player.hand
        if g.tables.rules.teams < 2
        else (card for i in scoring.team(g, s, index) for card in s.players[i].hand)
    )
    powerups = g.tables.powerups
    found += [base[A.PLAY] + p for p in dict.fromkeys(hands) if powerups[p].playable]
    if turn.shop_fee >= 0 or shop.astral_shop(s, index):
        found += shop.buy_actions(g, s, index)
    found.append(base[A.END])
    return found


def move_targets(g: Any, s: State, index: int, player: Any) -> list[int]:
    """Where the ship may move (directions) or enter (columns) now (R-MOV-2..4)."""
    cells, quadrants = s.cells, g.tables.quadrants
    ships = [p.pos for i, p in enumerate(s.players) if i != index and p.pos >= 0]
    if player.pos < 0:  # D-MOV-1: the bottom row, whatever its number
        bottom = len(cells) - s.width
        return [
            column
            for column in range(s.width)
            if quadrants[cells[bottom + column]].enterable and bottom + column not in ships
        ]
    size = len(cells)
    return [
        way
        for way, cell in enumerate(g.geo.moves[player.pos])
        if 0 <= cell < size and quadrants[cells[cell]].enterable and cell not in ships
    ]


def weapons_ready(g: Any, s: State, player: Any, turn: Any) -> list[int]:
    """The weapons that may fire now (R-FIR-1, D-FIR-1)."""
    ready = []
    if turn.turret_shots < player.stats[fire.TURRET_SHOTS] + turn.extra_shots:
        ready.append(0)
    for slot, upgrade in g.weapon_upgrades.items():
        level = player.upgrades[upgrade.index]
        weapon = upgrade.levels[level - 1].weapon if level else None
        if weapon is not None and turn.weapon_shots[slot] < weapon.shots:
            ready.append(slot)
    return ready
