"""Sound bounds for Kemble's solo scenarios: prune a state that can no longer be won.

A solo game is won by defeating the boss without being destroyed (R-VAR-SOLO-1, D-SOLO-1).
`Bounds.hopeless(state)` says a state is lost, for sure, in either of two ways:

- **The boss cannot be defeated in time.** The boss's last row to be dealt is the last to
  leave, and its destructible parts (or its own defeat condition's parts, `parts_left(rule) ==
  0`) must all be destroyed while it is in play (D-BOS-2, D-BOS-3, D-BOS-4). Each part falls to
  damage in one turn (R-FIR-6) or to a ship moving or pushed onto it when that destroys it
  (its cost: the energy that takes). The scroll schedule is fixed in a solo scenario (R-SCR-*),
  so the battle turns in which the row is in play are known. A relaxed game then asks whether
  some number of Power Down turns, upgrades bought with all the Bellonium that could ever come
  (sources.py), every overload and every extra move and shot the content can give (abstract.py)
  could destroy those parts in those turns, with the energy that could ever be had — ignoring
  where the ship is, what blocks its shots, what threat costs and what immunities spare. If not
  even that can, no line of play can.
- **The ship cannot survive this turn.** The threat it resolves at the end of a Battle (or at
  once in a Power Down) costs energy by its level (R-THR-2); dodging (R-MOV-6), shields, threat
  removed by effects and every energy gain the turn could bring are counted at their best. If
  every choice of overloads still leaves no energy, and the boss cannot fall first, the ship is
  destroyed (R-DST-1) and the game lost.

Both bounds only ever overstate what the player can do, so a pruned state is lost (soundness is
tested against the plain search, tests/test_solve_bounds.py). Content the analysis cannot read
turns the bounds off (`off` says why) and the search runs without them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product
from typing import Any

from kemble_tools.dsl.ir import Call, Lit, Op
from kemble_tools.games.kembles_cascade.engine import Game, State
from kemble_tools.games.kembles_cascade.engine.content import STAT
from kemble_tools.games.kembles_cascade.engine.state import BATTLE, POWERDOWN, SENSOR, TURN_CHOICE
from kemble_tools.games.kembles_cascade.engine.threat import threat_level
from kemble_tools.games.kembles_cascade.solve.abstract import (
    LOWER_IS_BETTER,
    NOTHING,
    Give,
    Unbounded,
    most,
    total,
)
from kemble_tools.games.kembles_cascade.solve.schedule import Window, window
from kemble_tools.games.kembles_cascade.solve.sources import (
    Piles,
    Profile,
    Sources,
    weapon_damage,
)

MOVES, TURRET, SHIELD = STAT["moves"], STAT["turret_shots"], STAT["shield"]
OVERLOADS, RECHARGE = STAT["max_overloads"], STAT["recharge"]
COST_1, COST_2 = STAT["overload_cost_1"], STAT["overload_cost_2"]
MOST_VERDICTS = 100_000  # answers kept for reuse (then forgotten, to bound the memory)
VERDICT_BYTES, INCOME_BYTES, OPTIONS_BYTES = 400, 2_500, 500  # what each kept answer holds


@dataclass(frozen=True)
class Part:
    now: int  # the damage it still needs in the turn in progress (R-FIR-6: damage adds up)
    energy: int  # the damage it needs in any later turn
    ram: float | None  # the energy a ship pays to destroy it by moving onto it, or None


# A way the row's parts can fall: the energy each ram costs (cheapest first), and the parts shot
# down, each as (damage it needs in the turn in progress, in a later turn), largest first
Option = tuple[tuple[float, ...], tuple[tuple[int, int], ...]]


@dataclass(frozen=True)
class Turns:
    """What some Battle turns can do: moves, damage a turn (to all targets, and to one target),
    how many turns, shots and damage to be had at any time (`pool`), and the costs of their
    overloads (each one more move or shot, R-OVL-1), cheapest first."""

    moves: float
    damage: float  # in the turn in progress: all it can still deal
    costs: list[float]
    turns: int = 1
    one: float = 0.0
    pool: float = 0.0

    def overflow(self, parts: list[int]) -> float:
        """The fewest overload shots these turns need to destroy `parts`, each in one turn
        (R-FIR-6): what a part needs beyond a turn's damage to one target, and what all need
        beyond every turn's damage, whichever is more, less the shots to be had at any time."""
        if not parts:
            return 0.0
        if not self.turns:
            return math.inf
        alone = sum(max(0.0, need - self.one) for need in parts)
        together = sum(parts) - self.turns * self.damage
        return max(0.0, max(alone, together) - self.pool)


def _fits(
    option: Option,
    now: Turns,
    future: Turns,
    one_part: float,
    approach: float,
    now_energy: float,
    energy: float,
) -> bool:
    """Can the turn in progress and the turns to come ram the parts `option` rams and shoot
    down the others? Damage never carries from one turn to the next (R-FIR-6), so the turn in
    progress destroys whole parts only, and each part left must fit in one later turn
    (`one_part`). The turn in progress pays from `now_energy`; all the turns together from
    `energy` (what the ship must keep, 1: R-DST-1, is taken off)."""
    rams, shots = option
    if any(later > one_part for _, later in shots):
        return False
    for now_rams in range(len(rams) + 1):
        walk = now_rams + (approach if now_rams else 0)
        for overloads in range(len(now.costs) + 1):
            for_moves = max(0, math.ceil(walk - now.moves))
            if for_moves > overloads:
                continue
            spent = sum(rams[:now_rams]) + sum(now.costs[:overloads])
            if spent > now_energy:
                break
            later = _left_for_later(shots, now.damage + overloads - for_moves, future)
            left = len(rams) - now_rams
            walk_later = left + (approach if left and not now_rams else 0)
            if later == math.inf:
                continue
            more = max(0, math.ceil(walk_later - future.moves)) + math.ceil(later)
            if more <= len(future.costs):
                total = spent + sum(rams[now_rams:]) + sum(future.costs[:more])
                if total <= energy:
                    return True
        if not now.moves and not now.costs:
            break  # no turn in progress (nor a push at its scroll): every ram is a later one
    return False


def _left_for_later(shots: tuple[tuple[int, int], ...], damage: float, future: Turns) -> float:
    """The fewest overload shots later turns need (Turns.overflow) when this turn deals
    `damage` to whole parts (each part's need now, its need later), over every choice of the
    parts it destroys."""
    best = future.overflow([need for _, need in shots])
    if damage <= 0 or not shots:
        return best
    for chosen in product((False, True), repeat=len(shots)):
        if sum(now for (now, _), c in zip(shots, chosen, strict=True) if c) <= damage:
            left = [need for (_, need), c in zip(shots, chosen, strict=True) if not c]
            best = min(best, future.overflow(left))
    return best


class Income:
    """What the rest of the game can give: `pool`, resources to be had once (energy,
    Bellonium, extra moves and shots, damage effects deal, threat removed); `turn`, the
    statistics any one turn can have (a sensor card's, an object's each turn); `cards`, the
    power-ups that can be had, whose statistics last one turn each and so count once. Read
    once into plain figures: the bounds ask for them for every state."""

    def __init__(self, pool: Give, turn: Give, cards: Give) -> None:
        self.pool = pool
        self.moves = pool.moves + _added(cards, "moves")
        self.shots = pool.shots + _added(cards, "turret_shots")
        self.damage = pool.damage
        self.unthreat = pool.unthreat + _added(cards, "shield")
        self.energy = pool.energy + _added(cards, "recharge")
        self.bellonium = pool.bellonium
        self.buy = pool.buy
        self._sets = {name: value for name, value in turn.stats}
        self._changes = {name: value for name, value in turn.changes}
        self._lowered = [value for name, value in cards.stats if name.startswith("overload_cost")]
        self._extra_overloads = int(_added(cards, "max_overloads"))

    def stat(self, name: str, own: float) -> float:
        """The best value of a statistic in a turn (Give.stat)."""
        value = self._sets.get(name)
        change = self._changes.get(name, 0.0)
        if name in LOWER_IS_BETTER:
            return max(0.0, (own if value is None else min(own, value)) + change)
        return (own if value is None else max(own, value)) + change

    def cheap_overloads(self, cost_1: float, cost_2: float) -> list[float]:
        """Overload costs the power-ups can lower, for the turn each is played: (the costs
        they set, twice each: a turn's two overloads), best first; extra overloads they allow
        at the cheaper cost."""
        return sorted(self._lowered * 2 + [min(cost_1, cost_2)] * self._extra_overloads)


class Bounds:
    """The bounds of one solo game (see the module's docstring)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.sources = Sources(game)
        self.off: str | None = self.sources.off or self._boss_off()
        self.piles = Piles(game, game.width)  # a line weapon hits at most a row of parts
        self.pruned = 0
        self._options: dict[Any, list[Option]] = {}
        self._income: dict[Any, Income] = {}
        self._verdicts: dict[Any, bool] = {}
        try:  # read every quadrant the game can show now, so no search meets one it cannot
            for q in _every_quadrant(game):
                why = self.sources.repeating_gains(q)
                if why is not None:
                    raise Unbounded(why)
        except Unbounded as why:
            self.off = self.off or str(why)

    def cache_bytes(self) -> int:
        """The memory the answers, incomes and options kept for reuse hold, estimated (fitted
        with tracemalloc on the shipped scenarios, tests/test_solve.py)."""
        return (
            VERDICT_BYTES * len(self._verdicts)
            + INCOME_BYTES * len(self._income)
            + OPTIONS_BYTES * len(self._options)
        )

    def _boss_off(self) -> str | None:
        """Content the boss bound cannot follow: cards that change places, quadrants other
        effects remove, a defeat condition it cannot read."""
        flags = self.sources.flags
        if flags.swaps:
            return f"cards can change places ({flags.swaps[0]})"
        if flags.removes:
            return f"effects remove quadrants ({flags.removes[0]})"
        for boss in self.game.tables.bosses:
            if boss.defeat is not None and _defeat_rule(self.game, boss.id) is None:
                return f"the defeat condition of {boss.id} is not one the bounds read"
        return None

    # --- the search's question -----------------------------------------------------------------

    def hopeless(self, s: State) -> bool:
        """`s` is lost, whatever the player does (module docstring)."""
        if self.off is not None or s.outcome or s.frames or s.choice is not None:
            return False
        key = _features(s)
        lost = self._verdicts.get(key)
        if lost is None:
            lost = not self.boss_can_fall(s, only_this_turn=False) or self.doomed_this_turn(s)
            if len(self._verdicts) >= MOST_VERDICTS:
                self._verdicts.clear()  # a bounded memory: the answers are found again
            self._verdicts[key] = lost
        self.pruned += lost
        return lost

    # --- the boss --------------------------------------------------------------------------------

    def boss_can_fall(self, s: State, only_this_turn: bool) -> bool:
        """The relaxed game can destroy the boss's last row in the turns it is in play:
        with some number of the row's turns spent powering down (and every turn before the
        row arrives too), can some way of destroying its parts be paid for? The turn in
        progress pays with the energy the ship has now (and what this turn can give); later
        turns with everything the game can still give."""
        if s.boss_defeated:
            return True
        found = window(self.game, s)
        if found is None:
            return False  # no boss will ever be in play: a solo game cannot be won
        if only_this_turn:
            found = found.this_turn()
        options = self.options(s, found)
        if not options:
            return True  # nothing left to destroy
        if not found.now and not found.turns:
            return False
        player = s.players[0]
        income = self.income(s, found)
        now = self._now(s, found, income)
        now_energy = player.energy - 1 + self.income(s, found.this_turn()).energy
        approach = self._approach(s, found, found.turns + found.before)
        powering_down = s.turn is not None and s.turn.kind == POWERDOWN
        for power_downs in range(found.turns + 1):
            downs = found.before + power_downs
            can_buy = downs > 0 or powering_down or income.buy or player.astral  # R-AST-4
            budget = int(player.bellonium + income.bellonium) if can_buy else 0
            best = self.piles.best(player.upgrades, budget)
            battles = found.turns - power_downs
            future, one_part = self._future(found, income, best, battles)
            recharge = income.stat("recharge", best.recharge)
            energy = player.energy - 1 + income.energy + downs * recharge
            for option in options:
                if _fits(option, now, future, one_part, approach, now_energy, energy):
                    return True
        return False

    def _future(
        self, found: Window, income: Income, best: Profile, battles: int
    ) -> tuple[Turns, float]:
        """What `battles` full Battle turns with the upgrades `best` can do, and the most
        damage one part can take in one of them."""
        overloads = int(income.stat("max_overloads", best.overloads))
        cost_1 = income.stat("overload_cost_1", best.cost_1)
        cost_2 = income.stat("overload_cost_2", best.cost_2)
        per_turn = [cost_1] + [cost_2] * (overloads - 1) if overloads else []
        future = Turns(
            moves=battles * income.stat("moves", best.moves) + income.moves + found.pushes,
            damage=best.turret + best.damage,
            costs=_cheapened(per_turn * battles, income.cheap_overloads(cost_1, cost_2)),
            turns=battles,
            one=best.turret + best.damage_one,
            pool=income.shots + income.damage,
        )
        one_part = best.turret + best.damage_one + overloads + income.shots + income.damage
        return future, one_part

    def _now(self, s: State, found: Window, income: Income) -> Turns:
        """What is left of the turn in progress, when it is a Battle and the row is in play:
        moves, damage, and the costs of the overloads left."""
        turn = s.turn
        if turn is None or turn.kind != BATTLE or not found.now:
            return Turns(found.pushes_now, 0, [])
        player = s.players[0]
        stats = player.stats
        moves = max(0, stats[MOVES] - turn.moves_used) + turn.extra_moves
        damage = float(max(0, stats[TURRET] + turn.extra_shots - turn.turret_shots))
        for slot, upgrade in self.game.weapon_upgrades.items():
            level = player.upgrades[upgrade.index]
            weapon = upgrade.levels[level - 1].weapon if level else None
            if weapon is not None:
                every, _ = weapon_damage(weapon, self.game.width)
                damage += every * max(0, weapon.shots - turn.weapon_shots[slot]) / weapon.shots
        return Turns(moves + found.pushes_now, damage, _overloads_left(s, income))

    def _approach(self, s: State, found: Window, scrolls: int) -> float:
        """The moves a ship must make before it can move onto a part of the row, beyond the
        move onto it: its distance there (R-MOV-1: a move is one of 8 directions; an astral
        ship enters on the bottom row, R-MOV-2), less a push up at each scroll."""
        if self.sources.flags.teleports or not (found.now or found.ahead):
            return 0
        game, player, width = self.game, s.players[0], s.width
        row = min(cell // width for card in found.cards if (cell := game.card_cell(s, card)) >= 0)
        # an astral ship enters on the bottom row, then goes up; the row spans every column
        here = len(s.cells) // width if player.astral else player.pos // width
        distance = abs(here - row)
        return max(0, distance - 1 - scrolls)

    def options(self, s: State, found: Window) -> list[Option]:
        """The ways the row's parts can fall: (rammed, their energy, damage for the rest, the
        largest part shot), Pareto-best only; for a card with two sides, either side may be
        the one whose parts must fall (covers come off when a card turns)."""
        cards = self._parts(s, found)
        key = tuple(cards)
        made = self._options.get(key)
        if made is None:
            made = self._options[key] = _pareto(_ways(cards))
        return made

    def _parts(self, s: State, found: Window) -> list[tuple[tuple[Part, ...], ...]]:
        """For each card of the row: its sides' parts to destroy."""
        game, tables = self.game, self.game.tables
        rule = _defeat_rule(game, tables.bosses[found.boss].id)
        done = dict(s.turn.damage) if s.turn is not None else {}
        cards = []
        for card in found.cards:
            spec = tables.cards[card]
            cell = game.card_cell(s, card)
            shown = (s.cells[cell], s.cells[cell + 1]) if cell >= 0 else game.dealt_side(card)
            sides = [shown]
            if spec.back is not None:
                other = spec.back if tables.quadrants[shown[0]].side == 0 else spec.front
                sides.append(other)
            cards.append(tuple(self._side(side, rule, done) for side in sides))
        return cards

    def _side(self, side: tuple[int, ...], rule: str | None, done: dict[int, int]) -> Any:
        quadrants = self.game.tables.quadrants
        parts = []
        for q in side:
            quadrant = quadrants[q]
            if not (quadrant.kind.boss and quadrant.destructible):
                continue
            if rule is not None and quadrant.special != rule:
                continue
            source = self.sources.quadrant(q)
            costs = [c for c in (source.ram_cost, source.push_cost) if c is not None]
            ram = min(costs) if costs and quadrant.enterable else None
            parts.append(Part(max(1, quadrant.energy - done.get(q, 0)), quadrant.energy, ram))
        return tuple(parts)

    # --- what the rest of the game can give --------------------------------------------------

    def income(self, s: State, found: Window) -> Income:
        """The most the rest of the game (or, for `found.rounds == 1`, this round) can give
        (`Income`): every quadrant in play and to come, the power-ups that can be had, a
        sensor card a round and the upgrades' `on_bought` effects."""
        player = s.players[0]
        key = (s.cells, found.rows_to_come, found.rounds, player.hand, s.powerup_deck)
        may_buy = self._may_buy(s, found)
        key += (player.bellonium, s.sensor_deck, s.sensor_discard, player.hand_sensors, may_buy)
        made = self._income.get(key)
        if made is None:
            if len(self._income) >= MOST_VERDICTS // 20:
                self._income.clear()
            made = self._income[key] = self._count_income(s, found, may_buy)
        return made

    def _count_income(self, s: State, found: Window, may_buy: bool) -> Income:
        sources, player = self.sources, s.players[0]
        playable = {*player.hand_sensors, *s.sensor_deck, *s.sensor_discard}
        sensor = most([sources.sensors[n] for n in playable])
        cards = total(sources.powerups[p] for p in player.hand)
        bought = total(sources.bought.values()) if may_buy else NOTHING
        arrivals = 2 + self.game.width + cards.moves + _added(cards, "moves")
        arrivals += _best_stat(self.game, "moves") + _best_stat(self.game, "max_overloads")
        arrivals += _added(sensor, "moves")
        board = NOTHING
        for q in _quadrants(self.game, s, found):
            board = board + sources.quadrant_gives(q, found.rounds, arrivals, arrivals * 20)
        pool = board + bought + _resources(sensor).times(found.rounds) + cards
        if s.powerup_deck and (pool.powerups or player.bellonium + pool.bellonium >= 2):
            deck = total(sources.powerups[p] for p in s.powerup_deck)
            pool, cards = pool + deck, cards + deck
        per_turn = sensor + _stats_only(board)
        return Income(pool, per_turn, cards)

    def _may_buy(self, s: State, found: Window) -> bool:
        """Upgrades can still be bought: in a later turn, in the Power Down in progress, by
        an astral ship (R-AST-4), or at a merchant (found out when its effects are read)."""
        turn = s.turn
        later = found.rounds > 1 or (turn is None and s.round > 1)
        return (
            later
            or s.players[0].astral
            or (turn is not None and turn.kind == POWERDOWN)
            or (any(hook.gives.buy for q in s.cells for hook in self.sources.quadrant(q).hooks))
        )

    # --- this turn's threat ----------------------------------------------------------------------

    def doomed_this_turn(self, s: State) -> bool:
        """The threat resolved this turn destroys the ship whatever it does, and the boss
        cannot fall before (module docstring)."""
        player, turn = s.players[0], s.turn
        if player.astral or player.threat == 0:
            return False
        if turn is not None and turn.kind == POWERDOWN:
            return False  # its threat was resolved when it began
        if turn is None and s.phase not in (SENSOR, TURN_CHOICE):
            return False
        found = window(self.game, s)
        if found is None:
            return False
        income = self.income(s, found.this_turn())
        if self._battle_survives(s, income):
            return False
        if turn is None and s.round > 1 and self._power_down_survives(s, income):
            return False  # R-TRN-2: no Power Down in the first round
        return not self.boss_can_fall(s, only_this_turn=True)

    def _battle_survives(self, s: State, income: Income) -> bool:
        """Some number of overloads spent on moves leaves the ship energy after its threat."""
        player, turn = s.players[0], s.turn
        stats = player.stats
        moves = income.stat("moves", stats[MOVES]) + income.moves
        if turn is not None:
            moves += turn.extra_moves - turn.moves_used
        shield = income.stat("shield", stats[SHIELD])
        energy, spent = player.energy + income.energy, 0.0
        costs = _overloads_left(s, income)
        for extra in range(len(costs) + 1):
            if extra:
                spent += costs[extra - 1]
            dodged = player.threat - shield - income.unthreat - max(0, moves) - extra
            if energy - spent - threat_level(max(0, math.ceil(dodged))) > 0:
                return True
        return False

    def _power_down_survives(self, s: State, income: Income) -> bool:
        """R-PWD-1: the recharge comes before the threat is resolved."""
        player = s.players[0]
        recharge = income.stat("recharge", player.stats[RECHARGE])
        shield = income.stat("shield", player.stats[SHIELD])
        dodged = player.threat - shield - income.unthreat
        lost = threat_level(max(0, math.ceil(dodged)))
        return player.energy + recharge + income.energy - lost > 0


# --- helpers -----------------------------------------------------------------------------------


def _features(s: State) -> tuple[Any, ...]:
    """Everything the bounds read of a state: two states alike in these get the same answer
    (the ship's column is not read, nor glory and counters)."""
    player, turn = s.players[0], s.turn
    done = None
    if turn is not None:
        done = (turn.kind, turn.moves_used, turn.overloads, turn.turret_shots, turn.extra_moves)
        done += (turn.extra_shots, turn.weapon_shots, turn.damage)
    row = -1 if player.pos < 0 else player.pos // s.width
    return (
        *(s.cells, s.deck, s.boss_rows_pending, s.boss, s.boss_defeated, s.round, s.phase, done),
        *(player.energy, player.threat, player.bellonium, player.upgrades, player.hand, row),
        *(player.stats, s.powerup_deck, s.sensor_deck, s.sensor_discard, player.hand_sensors),
    )


def _every_quadrant(game: Game) -> Iterator[int]:
    """Every printed quadrant of the game's cards (its tables)."""
    for card in game.tables.cards:
        yield from card.front
        yield from card.back or ()


def _defeat_rule(game: Game, boss_id: str) -> str | None:
    """For a boss defeated by `parts_left('rule') == 0` (or `< 1`, `<= 0`): the rule; for
    D-BOS-2's default: None. Another condition is read by `Bounds._boss_off`."""
    condition = game.bundle["bosses"][boss_id].get("defeat")
    if condition is None:
        return None
    if isinstance(condition, Op) and condition.op in ("==", "<=", "<"):
        call, limit = condition.args
        bound = {"==": 0, "<=": 0, "<": 1}[condition.op]
        if (
            isinstance(call, Call)
            and call.function == "parts_left"
            and isinstance(limit, Lit)
            and limit.value == bound
            and isinstance(call.args[0], Lit)
        ):
            return str(call.args[0].value)
    return None


def _ways(cards: list[tuple[tuple[Part, ...], ...]]) -> Iterator[Option]:
    """Every way to choose a side per card and, per part, ram or shoot."""
    for sides in product(*cards):
        parts = [part for side in sides for part in side]
        choices = [(False, True) if part.ram is not None else (False,) for part in parts]
        for rams in product(*choices):
            costs = sorted(p.ram or 0.0 for p, r in zip(parts, rams, strict=True) if r)
            shot = [(p.now, p.energy) for p, r in zip(parts, rams, strict=True) if not r]
            yield tuple(costs), tuple(sorted(shot, reverse=True))


def _pareto(options: Iterator[Option]) -> list[Option]:
    """The options no other is at least as easy as in every way: fewer or cheaper rams (cost
    by cost, cheapest first), fewer or smaller parts to shoot (part by part, largest first)."""
    kept: list[Option] = []
    for option in sorted(set(options), key=lambda o: (len(o[0]), len(o[1]), o)):
        if not any(_easier(other, option) for other in kept):
            kept.append(option)
    return kept


def _easier(a: Option, b: Option) -> bool:
    return (
        len(a[0]) <= len(b[0])
        and all(x <= y for x, y in zip(a[0], b[0], strict=False))
        and len(a[1]) <= len(b[1])
        and all(x[0] <= y[0] and x[1] <= y[1] for x, y in zip(a[1], b[1], strict=False))
    )


def _overloads_left(s: State, income: Income) -> list[float]:
    """The costs of the overloads still allowed this turn (R-OVL-1, R-OVL-2), cheapest first
    with what the power-ups can lower."""
    stats, turn = s.players[0].stats, s.turn
    used = turn.overloads if turn is not None else 0
    left = max(0, int(income.stat("max_overloads", stats[OVERLOADS])) - used)
    first = income.stat("overload_cost_1", stats[COST_1])
    second = income.stat("overload_cost_2", stats[COST_2])
    costs = [first if used + i == 0 else second for i in range(left)]
    return _cheapened(costs, income.cheap_overloads(first, second))


def _cheapened(costs: list[float], cheaper: list[float]) -> list[float]:
    """`costs` with the dearest replaced by the `cheaper` ones where that lowers them, sorted."""
    costs = sorted(costs)
    for value in cheaper:
        if costs and value < costs[-1]:
            costs[-1] = value
            costs.sort()
    return costs


def _added(gives: Give, stat: str) -> float:
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


def _astral_shop(s: State) -> bool:
    """R-AST-4: an astral ship may buy at the start of its turn."""
    return s.players[0].astral


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
