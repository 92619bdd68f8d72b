"""A state's key: every value that decides its future, packed into one `bytes` object.

A key is small (2 bytes a value, 4 in the rare state with a value past 32,767; a solo state
takes about 200 bytes) and, being `bytes`,
keeps its hash once computed, so a transposition table looks it up without hashing a tree of
tuples each time. Sequences carry their length, so two different states never pack alike. The
paused effect stack and a pending choice hold objects (steps, frames), not numbers: each
distinct one gets a number from its game's table (`Interned`).
"""

from __future__ import annotations

from typing import Any

from kemble_tools.engine.keys import Interned, pack_ints
from kemble_tools.games.kembles_cascade.engine.state import Player, State, Turn

FACINGS = {"N": 0, "E": 1, "S": 2, "W": 3}
SCOPES = {"turn": 0, "round": 1, "while_owned": 2}


def pack(s: State, interned: Interned) -> bytes:
    # One tuple display each for the state, a player and the turn: building them in C is
    # what keeps a key cheap.
    values = (
        s.round,
        s.phase,
        s.order_index,
        s.boss,
        s.boss_defeated,
        s.outcome,
        s.draws,
        interned(s.frames),
        interned(s.choice),
        len(s.cells),
        *s.cells,
        len(s.deck),
        *s.deck,
        len(s.powerup_deck),
        *s.powerup_deck,
        len(s.sensor_deck),
        *s.sensor_deck,
        len(s.sensor_discard),
        *s.sensor_discard,
        len(s.achievements),
        *s.achievements,
        len(s.achievement_deck),
        *s.achievement_deck,
        len(s.order),
        *s.order,
        *(_rows(s.boss_rows_pending) if s.boss_rows_pending else (0,)),
        len(s.markers),
        *(_pairs(s.markers) if s.markers else ()),
        *(_player(s.players[0]) if len(s.players) == 1 else _players(s.players)),
        *(_turn(s.turn) if s.turn is not None else ()),
    )
    return pack_ints(values)


def _players(players: tuple[Player, ...]) -> tuple[int, ...]:
    return tuple(value for player in players for value in _player(player))


def _rows(rows: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    return (len(rows), *(value for row in rows for value in (len(row), *row)))


def _pairs(pairs: Any) -> tuple[int, ...]:
    return tuple(value for pair in pairs for value in pair)


def _player(p: Player) -> tuple[int, ...]:
    return (
        p.energy,
        p.threat,
        p.glory,
        p.bellonium,
        p.pos,
        p.destroyed_once,
        FACINGS[p.facing],
        p.mission,
        p.mission_progress,
        p.mission_done,
        p.sensor,
        *(p.pending or (-1, -1, -1)),
        *p.upgrades,
        *p.counters,
        len(p.hand),
        *p.hand,
        len(p.achievements),
        *p.achievements,
        len(p.hand_sensors),
        *p.hand_sensors,
        len(p.tokens),
        *p.tokens,
        len(p.modifiers),
        *(_modifiers(p.modifiers) if p.modifiers else ()),
    )


def _modifiers(modifiers: Any) -> tuple[int, ...]:
    return tuple(
        value
        for stat, how_set, amount, scope in modifiers
        for value in (stat, how_set, amount, SCOPES[scope])
    )


def _turn(t: Turn) -> tuple[int, ...]:
    return (
        t.player,
        t.kind,
        t.moves_used,
        t.overloads,
        t.turret_shots,
        t.extra_moves,
        t.extra_shots,
        t.shop_fee,
        t.shop_paid,
        *t.weapon_shots,
        len(t.pvp_victims),
        *t.pvp_victims,
        len(t.damage),
        *(_pairs(t.damage) if t.damage else ()),
    )
