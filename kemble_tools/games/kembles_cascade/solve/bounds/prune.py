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
from typing import Any

from kemble_tools.games.kembles_cascade.engine import Game, State
from kemble_tools.games.kembles_cascade.engine.content import STAT
from kemble_tools.games.kembles_cascade.engine.state import BATTLE, POWERDOWN, SENSOR, TURN_CHOICE
from kemble_tools.games.kembles_cascade.engine.threat import threat_level
from kemble_tools.games.kembles_cascade.solve.bounds.income import Income, Incomes
from kemble_tools.games.kembles_cascade.solve.bounds.parts import Parts, defeat_rule
from kemble_tools.games.kembles_cascade.solve.bounds.piles import (
    Piles,
    Profile,
    battle_profiles,
    recharges,
    weapon_damage,
)
from kemble_tools.games.kembles_cascade.solve.bounds.position import Place, place
from kemble_tools.games.kembles_cascade.solve.bounds.relaxed import (
    Option,
    Paid,
    Turns,
    cheapened,
    fits,
    left_for_later,
    most_earned,
)
from kemble_tools.games.kembles_cascade.solve.bounds.schedule import Window, window
from kemble_tools.games.kembles_cascade.solve.bounds.sources import Sources, every_quadrant
from kemble_tools.games.kembles_cascade.solve.canonical import bounds_key

MOVES, TURRET, SHIELD = STAT["moves"], STAT["turret_shots"], STAT["shield"]
RECHARGE = STAT["recharge"]
MOST_VERDICTS = 100_000  # answers kept for reuse (then forgotten, to bound the memory)
VERDICT_BYTES, INCOME_BYTES, WINDOW_BYTES = 400, 2_500, 500  # what each kept answer holds
OPTIONS_BYTES = 4_000  # a row's ways to fall: some tens of them, kept apart by how they pay
EXTRA_BYTES, BOARD_BYTES, GIVES_BYTES = 300, 600, 300


class Bounds:
    """The bounds of one solo game (see the module's docstring)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.sources = Sources(game)
        self.off: str | None = self.sources.off or self._boss_off()
        self.piles = Piles(game, game.width)  # a line weapon hits at most a row of parts
        self.pruned = 0
        self.parts = Parts(game, self.sources)
        self.incomes = Incomes(game, self.sources)
        self._verdicts: dict[Any, bool] = {}
        self._windows: dict[Any, Window | None] = {}
        self._extra: dict[Any, float] = {}  # the positional bound's answers (position.py)
        if self.off is None:  # a quadrant that feeds its own trigger defeats every bound
            why = next(filter(None, map(self.sources.repeating_gains, every_quadrant(game))), None)
            self.off = why

    def _window(self, s: State) -> Window | None:
        """The boss's last row and its turns (schedule.py), worked out once per board."""
        turn = s.turn
        key = (s.cells, s.deck, s.boss_rows_pending, s.boss, None if turn is None else turn.kind)
        if key not in self._windows:
            if len(self._windows) >= MOST_VERDICTS // 10:
                self._windows.clear()
            self._windows[key] = window(self.game, s)
        return self._windows[key]

    def cache_bytes(self) -> int:
        """The memory the answers, incomes and options kept for reuse hold, estimated (fitted
        with tracemalloc on the shipped scenarios, tests/test_solve.py)."""
        return (
            VERDICT_BYTES * len(self._verdicts)
            + INCOME_BYTES * len(self.incomes)
            + OPTIONS_BYTES * len(self.parts)
            + WINDOW_BYTES * len(self._windows)
            + EXTRA_BYTES * len(self._extra)
            + BOARD_BYTES * self.incomes.boards()
            + GIVES_BYTES * self.sources.kept()
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
            if boss.defeat is not None and defeat_rule(self.game, boss.id) is None:
                return f"the defeat condition of {boss.id} is not one the bounds read"
        return None

    def hopeless(self, s: State) -> bool:
        """`s` is lost, whatever the player does (module docstring)."""
        if self.off is not None or s.outcome or s.frames or s.choice is not None:
            return False
        key = bounds_key(s)
        lost = self._verdicts.get(key)
        if lost is None:
            lost = not self.boss_can_fall(s, only_this_turn=False) or self.doomed_this_turn(s)
            if len(self._verdicts) >= MOST_VERDICTS:
                self._verdicts.clear()  # a bounded memory: the answers are found again
            self._verdicts[key] = lost
        self.pruned += lost
        return lost

    def boss_can_fall(self, s: State, only_this_turn: bool) -> bool:
        """The relaxed game can destroy the boss's last row in the turns it is in play:
        with some number of the row's turns spent powering down (and every turn before the
        row arrives too), can some way of destroying its parts be paid for? The turn in
        progress pays with the energy the ship has now (and what this turn can give); later
        turns with everything the game can still give."""
        if s.boss_defeated:
            return True
        found = self._window(s)
        if found is None:
            return False  # no boss will ever be in play: a solo game cannot be won
        if only_this_turn:
            found = found.this_turn()
        options = self.parts.options(s, found)
        if not options:
            return True  # nothing left to destroy
        if not found.now and not found.turns:
            return False
        player = s.players[0]
        income = self.incomes.of(s, found)
        now = self._now(s, found, income)
        now_energy = player.energy - 1 + self.incomes.of(s, found.this_turn()).energy
        approach = self._approach(s, found, found.turns + found.before)
        where = None if income.moves_ship else place(self.game, s, found)
        powering_down = s.turn is not None and s.turn.kind == POWERDOWN
        full = int(player.bellonium + income.bellonium)
        early = full - int(income.row_bellonium) if self._row_pays_late(s, found, income) else full
        bought_before = powering_down or income.buy or player.astral  # before the next Power Down
        for power_downs in range(found.turns + 1):
            downs = found.before + power_downs
            can_buy = downs > 0 or bought_before  # R-AST-4
            best = self.piles.best(player.upgrades, full if can_buy else 0)
            first = self.piles.best(player.upgrades, early if can_buy else 0)
            owned = self.piles.best(player.upgrades, 0) if not bought_before else first
            recharged = [
                income.stat("recharge", r)
                for r in recharges(owned, first, best, found.before, power_downs)
            ]
            energy = player.energy - 1 + income.energy + sum(recharged)
            moves = income.stat("moves", best.moves)
            battles = found.turns - power_downs
            shared = None
            if early == full or battles == 0 or power_downs != 1:
                split = battle_profiles(first, best, battles, power_downs, found.now)
                shared = [self._future(found, income, split)]
            # before the row's Power Down, only the Power Downs before the row have recharged
            earning = (s, found, income, now, energy - sum(recharged[found.before :]))
            by_paid: dict[Any, list[Turns]] = {}  # the futures of options whose parts pay alike
            for option in options:
                futures = shared or by_paid.get(option[3])
                if futures is None:
                    futures = list(self._earning(earning, option[3], first, early, full, battles))
                    by_paid[option[3]] = futures
                for future in futures:
                    if not fits(option[0], option[1], now, future, approach, now_energy, energy):
                        continue
                    if where is None or self._reaches(
                        option, where, found, income, moves, now, future, power_downs, energy
                    ):
                        return True
        return False

    def _earning(
        self,
        earning: tuple[State, Window, Income, Turns, float],
        paid: tuple[Paid, ...],
        first: Profile,
        early: int,
        full: int,
        battles: int,
    ) -> Iterator[Turns]:
        """The row's Battles around its one Power Down, the row's rewards spent there: for each
        number of Battles before it, those with `first`, the upgrades the Bellonium to be had
        before the row's quadrants pay buys, and those after with what that and the most the
        Battles before (and the turn in progress) can earn from the parts that pay, the way an
        option destroys them (`paid`), buys (and every other quadrant of the row's rewards:
        the other sides, parts not needed)."""
        s, found, income, now, energy = earning
        others = self.parts.rewards(s, found) - sum(reward for _, _, reward in paid)
        upgrades = s.players[0].upgrades
        for before in range(int(not found.now), battles + 1):
            turns = self._future(found, income, ((first, before),))
            costs = tuple(sorted(now.costs + turns.costs))
            damage, moves = now.damage + turns.damage + turns.pool, now.moves + turns.moves
            approach = self._approach(s, found, found.before + before)
            earned = most_earned(paid, damage, moves, costs, energy, approach) + others
            late = self.piles.best(upgrades, min(full, early + earned))
            yield self._future(found, income, ((first, before), (late, battles - before)))

    def _row_pays_late(self, s: State, found: Window, income: Income) -> bool:
        """The rewards of the boss's last row can only be spent on upgrades for Battles after
        one without them: they come when its quadrants are destroyed (R-FIR-7), which takes a
        Battle here (no damage from effects, no push early enough for a Power Down and then
        a Battle to follow), and are spent at a Power Down (R-PWD-1), not by an astral ship
        (R-AST-4) nor at a merchant."""
        if s.players[0].astral or income.buy or income.damage:
            return False
        return not found.first_push or found.first_push + 2 > found.rounds

    def _reaches(
        self,
        option: Option,
        where: Place,
        found: Window,
        income: Income,
        moves: float,
        now: Turns,
        future: Turns,
        downs: int,
        energy: float,
    ) -> bool:
        """The positional bound (position.py): can the ship get to the parts `option` rams,
        paying for the moves beyond the turns' own (overloads, collisions' shifts) on top of
        the rams and the overload shots, from all the energy the game can give?"""
        rams, shots, (lo, hi), _ = option
        if not rams:
            return True
        now_moves = now.moves - found.pushes_now if found.now else None
        key = (where, lo, hi, now_moves, found.turns, moves, downs, income.moves)
        extra = self._extra.get(key)
        if extra is None:
            if len(self._extra) >= MOST_VERDICTS:
                self._extra.clear()
            extra = self._extra[key] = where.extra_moves(*key[1:])
        if extra == 0:
            return True  # `fits` has counted the rest
        costs = sorted(now.costs + future.costs)  # every overload, pooled: a relaxation
        shot = min(
            k + left_for_later(shots, now.damage + k, future) for k in range(len(now.costs) + 1)
        )
        shift = income.shift_cost
        shifts = 0 if shift is None else (self.game.width - 1) * (found.turns + where.first)
        for by_shifts in range(int(min(extra, shifts)) + 1):
            used = extra - by_shifts + shot
            if used > len(costs):
                continue
            paid = sum(rams) + by_shifts * (shift or 0.0) + sum(costs[: math.ceil(used)])
            if paid <= energy:
                return True
        return False

    def _future(
        self, found: Window, income: Income, battles: tuple[tuple[Profile, int], ...]
    ) -> Turns:
        """What Battle turns can do, `count` of them with each set of upgrades `best` (kept
        with the income, which is all else it reads but the pushes)."""
        key = (battles, found.pushes)
        made = income.futures.get(key)
        if made is None:
            made = income.futures[key] = self._count_future(found, income, battles)
        return made

    def _count_future(
        self, found: Window, income: Income, battles: tuple[tuple[Profile, int], ...]
    ) -> Turns:
        moves, damage, per_turn, turns, one, most = 0.0, 0.0, [], 0, 0.0, 0.0
        cost_1 = cost_2 = math.inf
        for best, count in battles:
            if count <= 0:
                continue
            overloads = int(income.stat("max_overloads", best.overloads))
            first = income.stat("overload_cost_1", best.cost_1)
            second = income.stat("overload_cost_2", best.cost_2)
            per_turn += ([first] + [second] * (overloads - 1) if overloads else []) * count
            cost_1, cost_2 = min(cost_1, first), min(cost_2, second)
            moves += count * income.stat("moves", best.moves)
            damage += count * (best.turret + best.damage)
            alone = best.turret + best.damage_one  # to one target in a turn
            one, most = max(one, alone), max(most, alone + overloads)
            turns += count
        cheaper = income.cheap_overloads(cost_1, cost_2) if turns else []
        return Turns(
            moves=moves + income.moves + found.pushes,
            damage=damage,
            costs=cheapened(per_turn, cheaper),
            turns=turns,
            one=one,
            pool=income.shots + income.damage,
            most=most + income.shots + income.damage,
        )

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
        return Turns(moves + found.pushes_now, damage, income.overloads_left(s))

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
        found = self._window(s)
        if found is None:
            return False
        income = self.incomes.of(s, found.this_turn())
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
        costs = income.overloads_left(s)
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
