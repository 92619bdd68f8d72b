"""Canonical keys for solving a solo Kemble scenario (`SoloGame.split` in
kemble_tools/solve/hooks.py): what can change the outcome, and the resources that can only help.

Two states with the same canonical key have the same future as far as winning goes: the key
drops what a solo game never reads (glory and the statistics counters, unless some effect in
play reads them) and forgets orders that do not matter (a hand of cards, a deck whose order is
chance's). The key has two parts: the `board`, everything that must be equal, and the
`resources`, numbers where more is never worse (energy, Bellonium, upgrade levels, power-ups in
hand; less threat). Dominance pruning compares resources between states of one board: a state
with no more of any resource than a state known to be lost is lost too.

A resource is compared only when no effect that can come into play reads it: an effect saying
"if your energy is at most 2" could make more energy worse, so a scenario with such a card keeps
energy in the board part instead (`Canon.monotone` says which were kept out).
"""

from __future__ import annotations

import struct
from dataclasses import fields, is_dataclass
from typing import Any

from kemble_tools.dsl.ir import Attr, Call
from kemble_tools.games.kembles_cascade.engine import Game, State
from kemble_tools.games.kembles_cascade.engine.key import FACINGS, SCOPES

RESOURCES = ("energy", "bellonium", "glory", "upgrades", "powerups", "threat")
# the attributes and functions of the effect language that read each resource
_READS = {
    "energy": {"energy"},
    "bellonium": {"bellonium"},
    "glory": {"glory"},
    "upgrades": {"max_energy", "moves_left", "upgrade_level"},
    "powerups": {"powerups"},
    "threat": {"threat_points", "threat_level"},
}


class Canon:
    """The canonical keys of one solo game's states."""

    def __init__(self, game: Game) -> None:
        self.game = game
        read = effect_reads(_effects_in_play(game))
        self.monotone = frozenset(r for r in RESOURCES if not read & _READS[r])
        self.counters = "counter" in read or bool(game.tables.missions and _missions(game))
        self.sort_powerups = game.open_powerups
        self.sort_sensors = game.open_sensors
        self._interned: dict[Any, int] = {(): 0, None: 0}
        self._structs: dict[int, struct.Struct] = {}

    def _number(self, value: Any) -> int:
        number = self._interned.get(value)
        if number is None:
            number = self._interned[value] = len(self._interned)
        return number

    def split(self, s: State) -> tuple[bytes, tuple[int, ...], tuple[int, ...]]:
        """(board, resources, hand): the state's key in the parts dominance needs."""
        player = s.players[0]
        monotone = self.monotone
        board: list[Any] = [
            s.round,
            s.phase,
            s.boss,
            s.boss_defeated,
            s.outcome,
            self._number(s.frames),
            self._number(s.choice),
            self._number(s.boss_rows_pending),
            self._number(s.markers),
            self._number(s.deck),
            self._number(tuple(sorted(s.powerup_deck)) if self.sort_powerups else s.powerup_deck),
            self._number(
                (tuple(sorted(s.sensor_deck)), tuple(sorted(s.sensor_discard)))
                if self.sort_sensors
                else (s.sensor_deck, s.sensor_discard, s.draws)
            ),
            self._number(s.achievements),
            player.pos,
            FACINGS[player.facing],
            player.sensor,
            self._number(player.pending),
            self._number(tuple(sorted(player.hand_sensors))),
            self._number(
                tuple(
                    (stat, how, value, SCOPES[scope])
                    for stat, how, value, scope in player.modifiers
                )
            ),
            player.mission,
            player.mission_progress,
            player.mission_done,
            self._number(player.achievements),
            len(s.cells),
            *s.cells,
        ]
        if self.counters:
            board += player.counters
        resources: list[int] = []
        for name, value in (
            ("energy", player.energy),
            ("bellonium", player.bellonium),
            ("glory", player.glory),
            ("threat", -player.threat),
        ):
            if name == "glory" and name in monotone:
                continue  # glory decides nothing in a solo game nobody reads it in
            (resources if name in monotone else board).append(value)
        (resources if "upgrades" in monotone else board).extend(player.upgrades)
        hand = tuple(sorted(player.hand))
        if "powerups" not in monotone:
            board.append(self._number(hand))
            hand = ()
        turn = s.turn
        if turn is not None:
            board.append(
                self._number((turn.player, turn.kind, turn.shop_fee, turn.shop_paid, turn.damage))
            )
            # what is left of the turn: more is never worse (the language reads none of it
            # but moves left, which makes `upgrades` not monotone too)
            left = (
                -turn.moves_used,
                -turn.overloads,
                -turn.turret_shots,
                turn.extra_moves,
                turn.extra_shots,
                *(-shots for shots in turn.weapon_shots),
            )
            if "upgrades" in monotone:
                resources.extend(left)
            else:
                board.extend(left)
        return self._pack(board), tuple(resources), hand

    def _pack(self, values: list[int]) -> bytes:
        count = len(values)
        made = self._structs.get(count)
        if made is None:
            made = self._structs[count] = struct.Struct(f"={count}i")
        return made.pack(*values)


def bounds_key(s: State) -> tuple[Any, ...]:
    """Everything the solver's bounds read of a state (bounds/prune.py): two states alike in
    these get the same answer (glory and counters are not read; where the ship is, is: the
    positional bound reads its row and column)."""
    player, turn = s.players[0], s.turn
    done: tuple[Any, ...] | None = None
    if turn is not None:
        done = (turn.kind, turn.moves_used, turn.overloads, turn.turret_shots, turn.extra_moves)
        done += (turn.extra_shots, turn.weapon_shots, turn.damage)
    return (
        *(s.cells, s.deck, s.boss_rows_pending, s.boss, s.boss_defeated, s.round, s.phase, done),
        *(player.energy, player.threat, player.bellonium, player.upgrades, player.hand, player.pos),
        *(player.stats, s.powerup_deck, s.sensor_deck, s.sensor_discard, player.hand_sensors),
    )


def _missions(game: Game) -> bool:
    return any(player.mission >= 0 for player in game.new_initial_state().players)


def _effects_in_play(game: Game) -> list[Any]:
    """The IR of every effect that can run in this game: the object kinds on its cards (and
    those effects spawn), its bosses, every upgrade, and its power-ups and sensor cards."""
    bundle, tables = game.bundle, game.tables
    state = game.new_initial_state()
    cards = cards_in_game(game)
    kinds: set[str] = set()
    bosses: set[str] = set()
    for card in cards:
        spec = tables.cards[card]
        if spec.warning >= 0:
            bosses.add(tables.bosses[spec.warning].id)
        if spec.boss >= 0:
            bosses.add(tables.bosses[spec.boss].id)
        for q in (*spec.front, *(spec.back or ())):
            kinds.add(tables.quadrants[q].kind.id)
    effects: list[Any] = []
    for boss in bosses:
        for rule in bundle["bosses"][boss]["special_rules"].values():
            effects += rule["effects"]
        if bundle["bosses"][boss].get("defeat") is not None:
            effects.append(bundle["bosses"][boss]["defeat"])
    for kind in kinds:
        effects += bundle["objects"][kind]["effects"]
    for upgrade in bundle["upgrades"].values():
        for level in upgrade["levels"]:
            effects += level["effects"]
    powerups = (
        set(tables.powerup_index)
        if game.open_powerups
        else {tables.powerups[p].id for p in (*state.powerup_deck, *state.players[0].hand)}
    )
    for powerup in powerups:
        effects += bundle["powerups"][powerup]["effects"]
    for sensor in bundle["sensors"]:
        effects += sensor["effects"]
    spawned = _spawn_kinds(effects) - kinds  # objects effects put on the board
    for kind in spawned:
        effects += bundle["objects"][kind]["effects"]
    return effects


def cards_in_game(game: Game) -> set[int]:
    """The cards a game can show: those in play and in the deck at the start, and the cards of
    every boss among them."""
    tables = game.tables
    state = game.new_initial_state()
    cards = {tables.quadrants[q].card for q in state.cells} | set(state.deck)
    for boss in tables.bosses:
        if tables.card_index[boss.warning_card] in cards or any(
            tables.cards[c].boss == boss.index for c in cards
        ):
            cards |= {tables.card_index[c] for c in boss.cards_by_number.values()}
    return cards


def _spawn_kinds(node: Any) -> set[str]:
    found: set[str] = set()
    for item in _walk(node):
        if getattr(item, "action", None) == "spawn":
            kind = item.args.get("object")
            if kind is not None and hasattr(kind, "value"):
                found.add(kind.value)
    return found


def effect_reads(effects: list[Any]) -> set[str]:
    """The player attributes and functions these effects read (their conditions, amounts, …)."""
    read: set[str] = set()
    for node in _walk(effects):
        if isinstance(node, Attr) and node.target.name not in _QUADRANT_SELECTORS:
            read.add(node.name)
        elif isinstance(node, Call):
            read.add(node.function)
    return read


_QUADRANT_SELECTORS = frozenset(
    {"this_quadrant", "event_quadrant", "player_quadrant", "chosen", "adjacent_quadrants"}
    | {"quadrants_of", "boss_parts"}
)


def _walk(node: Any) -> Any:
    pending = [node]
    while pending:
        item = pending.pop()
        if isinstance(item, (list, tuple)):
            pending += list(item)
        elif isinstance(item, dict):
            pending += list(item.values())
        elif is_dataclass(item) and not isinstance(item, type):
            yield item
            pending += [getattr(item, f.name) for f in fields(item) if f.name != "span"]
