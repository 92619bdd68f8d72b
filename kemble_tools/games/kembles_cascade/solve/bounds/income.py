"""What the rest of a solo game can still give the player: the sources in play and to come
(sources.py), a sensor card a round, the power-ups that can be had, the upgrades' `on_bought`
effects, counted for a window of rounds (schedule.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from kemble_tools.games.kembles_cascade.engine import Game, State
from kemble_tools.games.kembles_cascade.engine.content import STAT
from kemble_tools.games.kembles_cascade.engine.state import POWERDOWN
from kemble_tools.games.kembles_cascade.solve.bounds.gives import (
    LOWER_IS_BETTER,
    NOTHING,
    Give,
    most,
    total,
)
from kemble_tools.games.kembles_cascade.solve.bounds.relaxed import cheapened
from kemble_tools.games.kembles_cascade.solve.bounds.schedule import Window
from kemble_tools.games.kembles_cascade.solve.bounds.sources import Sources

MOST_KEPT = 5_000  # incomes kept for reuse (then forgotten, to bound the memory)
POWERUP_PRICE = 2  # R-BUY-5


class Income:
    """What the rest of the game can give: `pool`, resources to be had once (energy,
    Bellonium, extra moves and shots, damage effects deal, threat removed); `turn`, the
    statistics any one turn can have (a sensor card's, an object's each turn); `cards`, the
    power-ups that can be had, whose statistics last one turn each and so count once. Read
    once into plain figures: the bounds ask for them for every state."""

    def __init__(self, pool: Give, turn: Give, cards: Give) -> None:
        self.pool = pool
        self.moves = pool.moves + added(cards, "moves")
        self.shots = pool.shots + added(cards, "turret_shots")
        self.damage = pool.damage
        self.unthreat = pool.unthreat + added(cards, "shield")
        self.energy = pool.energy + added(cards, "recharge")
        self.bellonium = pool.bellonium
        self.buy = pool.buy
        self._sets = {name: value for name, value in turn.stats}
        self._changes = {name: value for name, value in turn.changes}
        self._lowered = [value for name, value in cards.stats if name.startswith("overload_cost")]
        self._extra_overloads = int(added(cards, "max_overloads"))
        self.row_bellonium = 0.0  # the part of `bellonium` that is the boss's last row's rewards
        self.moves_ship = False  # something can put the ship elsewhere than moves and pushes do
        self.shift_cost: float | None = None  # the least a collision's shift costs (R-SCR-2)
        self.futures: dict[Any, Any] = {}  # the Battle turns worked out with it (prune.py)

    def stat(self, name: str, own: float) -> float:
        """The best value of a statistic in a turn (Give.stat)."""
        value = self._sets.get(name)
        change = self._changes.get(name, 0.0)
        if name in LOWER_IS_BETTER:
            return max(0.0, (own if value is None else min(own, value)) + change)
        return (own if value is None else max(own, value)) + change

    def overloads_left(self, s: State) -> list[float]:
        """The costs of the overloads still allowed this turn (R-OVL-1, R-OVL-2), cheapest
        first with what the power-ups can lower."""
        stats, turn = s.players[0].stats, s.turn
        used = turn.overloads if turn is not None else 0
        left = max(0, int(self.stat("max_overloads", stats[STAT["max_overloads"]])) - used)
        first = self.stat("overload_cost_1", stats[STAT["overload_cost_1"]])
        second = self.stat("overload_cost_2", stats[STAT["overload_cost_2"]])
        costs = [first if used + i == 0 else second for i in range(left)]
        return cheapened(costs, self.cheap_overloads(first, second))

    def cheap_overloads(self, cost_1: float, cost_2: float) -> list[float]:
        """Overload costs the power-ups can lower, for the turn each is played: (the costs
        they set, twice each: a turn's two overloads), best first; extra overloads they allow
        at the cheaper cost."""
        return sorted(self._lowered * 2 + [min(cost_1, cost_2)] * self._extra_overloads)


@dataclass(frozen=True)
class Board:
    """What the quadrants in play and to come give: together (`gives`); whether one can put
    the ship elsewhere than moves and pushes do; the least a collision's shift costs; the
    rewards of the boss's last row."""

    gives: Give
    moves_ship: bool
    shift_cost: float | None
    row_bellonium: float


class Incomes:
    """The incomes of one game's states, each worked out once for what it depends on."""

    def __init__(self, game: Game, sources: Sources) -> None:
        self.game = game
        self.sources = sources
        self._made: dict[Any, Income] = {}
        self._boards: dict[Any, Board] = {}
        # arrivals a round, at most: the moves a turn can have and more (quadrant_gives)
        self._arrivals = 2 + game.width + _best_stat(game, "moves")
        self._arrivals += _best_stat(game, "max_overloads")

    def __len__(self) -> int:
        return len(self._made)

    def boards(self) -> int:
        """How many boards' gives are kept (`_board`)."""
        return len(self._boards)

    def of(self, s: State, found: Window) -> Income:
        """The most the rest of the game (or, for `found.rounds == 1`, this round) can give
        (`Income`): every quadrant in play and to come, the power-ups that can be had, a
        sensor card a round and the upgrades' `on_bought` effects."""
        player = s.players[0]
        key: tuple[Any, ...] = (s.cells, found.rows_to_come, found.rounds, found.cards)
        key += (player.hand, s.powerup_deck)
        may_buy = self.may_buy(s, found)
        rich = min(player.bellonium, POWERUP_PRICE)  # all the income reads of it (_count)
        key += (rich, s.sensor_deck, s.sensor_discard, player.hand_sensors, may_buy)
        made = self._made.get(key)
        if made is None:
            if len(self._made) >= MOST_KEPT:
                self._made.clear()
            made = self._made[key] = self._count(s, found, may_buy)
        return made

    def _count(self, s: State, found: Window, may_buy: bool) -> Income:
        sources, player = self.sources, s.players[0]
        playable = {*player.hand_sensors, *s.sensor_deck, *s.sensor_discard}
        sensor = most([sources.sensors[n] for n in playable])
        cards = total(sources.powerups[p] for p in player.hand)
        bought = total(sources.bought.values()) if may_buy else NOTHING
        arrivals = self._arrivals + cards.moves + added(cards, "moves") + added(sensor, "moves")
        board = self._board(s, found, arrivals)
        pool = board.gives + bought + _resources(sensor).times(found.rounds) + cards
        if s.powerup_deck and (pool.powerups or player.bellonium + pool.bellonium >= POWERUP_PRICE):
            deck = total(sources.powerups[p] for p in s.powerup_deck)
            pool, cards = pool + deck, cards + deck
        income = Income(pool, sensor + _stats_only(board.gives), cards)
        income.moves_ship = bool(
            board.moves_ship
            or not sources.moving_powerups.isdisjoint((*player.hand, *s.powerup_deck))
            or not sources.moving_sensors.isdisjoint(playable)
        )
        income.shift_cost = board.shift_cost
        income.row_bellonium = board.row_bellonium
        return income

    def _board(self, s: State, found: Window, arrivals: float) -> Board:
        """What the quadrants in play and to come give (`Board`), worked out once for the
        board, its rows to come and the arrivals a round."""
        key = (s.cells, found.rows_to_come, found.rounds, found.cards, arrivals)
        made = self._boards.get(key)
        if made is not None:
            return made
        if len(self._boards) >= MOST_KEPT:
            self._boards.clear()
        sources, tables = self.sources, self.game.tables
        gives = NOTHING
        quadrants = list(_quadrants(self.game, s, found))
        for q in quadrants:
            gives = gives + sources.quadrant_gives(q, found.rounds, arrivals, arrivals * 20)
        read = [sources.quadrant(q) for q in quadrants]
        shifts = [source.shift_cost for source in read if source.shift_cost is not None]
        made = self._boards[key] = Board(
            gives,
            bool(sources.moves_ship or any(source.moves_ship for source in read)),
            min(shifts, default=None),
            float(  # R-FIR-7: a reward comes when its quadrant is destroyed
                sum(
                    tables.quadrants[q].reward.bellonium
                    for q in quadrants
                    if tables.quadrants[q].card in found.cards
                )
            ),
        )
        return made

    def may_buy(self, s: State, found: Window) -> bool:
        """Upgrades can still be bought: in a later turn, in the Power Down in progress, by
        an astral ship (R-AST-4), or at a merchant (found out when its effects are read)."""
        turn = s.turn
        later = found.rounds > 1 or (turn is None and s.round > 1)
        return (
            later
            or s.players[0].astral
            or (turn is not None and turn.kind == POWERDOWN)
            or not self.sources.buying.isdisjoint(s.cells)
        )


def added(gives: Give, stat: str) -> float:
    """What `gives` adds to a statistic, all its changes together (a cost: what it takes off)."""
    change = sum(value for name, value in gives.changes if name == stat)
    sets = [value for name, value in gives.stats if name == stat]
    return abs(change) + (max(sets, default=0) if stat not in LOWER_IS_BETTER else 0)


def _resources(gives: Give) -> Give:
    return Give(
        gives.energy,
        gives.bellonium,
        gives.unthreat,
        gives.moves,
        gives.shots,
        gives.powerups,
        gives.damage,
        gives.buy,
    )


def _stats_only(gives: Give) -> Give:
    return Give(stats=gives.stats, changes=gives.changes)


def _best_stat(game: Game, name: str) -> float:
    stat = STAT[name]
    values = [game.tables.base_stats[stat]]
    for upgrade in game.tables.upgrades:
        for level in upgrade.levels:
            values += [v for i, _, v in level.stat_changes if i == stat]
    return float(sum(v for v in values if v > 0))


def _quadrants(game: Game, s: State, found: Window) -> Iterator[int]:
    """Every quadrant in play and on the rows to come, both sides of cards with a back."""
    cards = game.tables.cards
    seen: set[int] = set()
    in_play = [*s.cells, *(other for q in s.cells for other in _other_side(game, q))]
    for q in in_play:
        if q not in seen:
            seen.add(q)
            yield q
    for row in found.rows_to_come:
        for card in row:
            spec = cards[card]
            for q in (*spec.front, *(spec.back or ())):
                if q not in seen:
                    seen.add(q)
                    yield q


def _other_side(game: Game, q: int) -> tuple[int, ...]:
    """The quadrants of the other side of a card in play, when it has one."""
    card = game.tables.cards[game.tables.quadrants[q].card]
    if card.back is None:
        return ()
    return card.front if game.tables.quadrants[q].side else card.back
