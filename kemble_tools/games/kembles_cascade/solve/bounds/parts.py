"""The boss's last row as the work a win needs: its parts, the ways they can fall, and whether
some turns can do that work (the bounds' relaxed game, prune.py)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product
from typing import Any

from kemble_tools.dsl.ir import Call, Lit, Op
from kemble_tools.games.kembles_cascade.engine import Game, State
from kemble_tools.games.kembles_cascade.solve.bounds.schedule import Window
from kemble_tools.games.kembles_cascade.solve.bounds.sources import Sources


@dataclass(frozen=True)
class Part:
    now: int  # the damage it still needs in the turn in progress (R-FIR-6: damage adds up)
    energy: int  # the damage it needs in any later turn
    ram: float | None  # the energy a ship pays to destroy it by moving onto it, or None
    column: int  # its column in the row
    reward: int = 0  # the Bellonium destroying it pays (R-FIR-7)


# A part that pays Bellonium when destroyed, as a way to fall has it: (rammed, the energy the
# ram costs or the damage the shot needs, its Bellonium)
Paid = tuple[bool, float, int]
# A way the row's parts can fall: the energy each ram costs (cheapest first), the parts shot
# down, each as (damage it needs in the turn in progress, in a later turn), largest first, the
# columns of the first and last part rammed, (0, -1) when none is, and the parts that pay
Option = tuple[tuple[float, ...], tuple[tuple[int, int], ...], tuple[int, int], tuple[Paid, ...]]
NO_RAMS = (0, -1)
MOST_KEPT = 20_000  # answers of left_for_later kept (they depend on plain numbers only)
_LEFT: dict[tuple[object, ...], float] = {}
_EARNED: dict[tuple[object, ...], int] = {}


@dataclass(frozen=True)
class Turns:
    """What some Battle turns can do: moves, damage (to all targets in all the turns, and the
    most to one target in a turn), how many turns, shots and damage to be had at any time
    (`pool`), and the costs of their overloads (each one more move or shot, R-OVL-1),
    cheapest first."""

    moves: float
    damage: float
    costs: list[float]
    turns: int = 1
    one: float = 0.0
    pool: float = 0.0
    most: float = math.inf  # the most damage one target can take in one of these turns

    def overflow(self, parts: list[int]) -> float:
        """The fewest overload shots these turns need to destroy `parts`, each in one turn
        (R-FIR-6): what a part needs beyond a turn's damage to one target, and what all need
        beyond every turn's damage, whichever is more, less the shots to be had at any time."""
        if not parts:
            return 0.0
        if not self.turns or max(parts) > self.most:
            return math.inf
        alone = sum(max(0.0, need - self.one) for need in parts)
        together = sum(parts) - self.damage
        return max(0.0, max(alone, together) - self.pool)


def fits(
    option: Option,
    now: Turns,
    future: Turns,
    approach: float,
    now_energy: float,
    energy: float,
) -> bool:
    """Can the turn in progress and the turns to come ram the parts `option` rams and shoot
    down the others? Damage never carries from one turn to the next (R-FIR-6), so the turn in
    progress destroys whole parts only, and each part left must fit in one later turn
    (`future.most`). The turn in progress pays from `now_energy`; all the turns together from
    `energy` (what the ship must keep, 1: R-DST-1, is taken off)."""
    rams, shots, _, _ = option
    now_can = now.damage + len(now.costs)
    if any(later > future.most and need > now_can for need, later in shots):
        return False  # a part no later turn can destroy, nor this one
    for now_rams in range(len(rams) + 1):
        walk = now_rams + (approach if now_rams else 0)
        for overloads in range(len(now.costs) + 1):
            for_moves = max(0, math.ceil(walk - now.moves))
            if for_moves > overloads:
                continue
            spent = sum(rams[:now_rams]) + sum(now.costs[:overloads])
            if spent > now_energy:
                break
            later = left_for_later(shots, now.damage + overloads - for_moves, future)
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


def left_for_later(shots: tuple[tuple[int, int], ...], damage: float, future: Turns) -> float:
    """The fewest overload shots later turns need (Turns.overflow) when this turn deals
    `damage` to whole parts (each part's need now, its need later), over every choice of the
    parts it destroys."""
    if damage <= 0 or not shots:
        return future.overflow([need for _, need in shots])
    key = (shots, damage, future.turns, future.damage, future.one, future.pool, future.most)
    found = _LEFT.get(key)
    if found is None:
        if len(_LEFT) >= MOST_KEPT:
            _LEFT.clear()
        found = _LEFT[key] = _left_for_later(shots, damage, future)
    return found


def _left_for_later(shots: tuple[tuple[int, int], ...], damage: float, future: Turns) -> float:
    best = future.overflow([need for _, need in shots])
    for chosen in product((False, True), repeat=len(shots)):
        if sum(now for (now, _), c in zip(shots, chosen, strict=True) if c) <= damage:
            left = [need for (_, need), c in zip(shots, chosen, strict=True) if not c]
            best = min(best, future.overflow(left))
    return best


def most_earned(
    paid: tuple[Paid, ...],
    damage: float,
    moves: float,
    costs: tuple[float, ...],
    energy: float,
    approach: float,
) -> int:
    """The most Bellonium some turns can earn destroying parts that pay (`paid`), each the
    way the option has it: the shots' needs within `damage`, the rams one move each within
    `moves` after the `approach`, the rest with overloads (`costs`, cheapest first, each one
    more shot or move), paying rams and overloads within `energy`. Damage is pooled over the
    turns (a relaxation)."""
    if not paid:
        return 0
    key = (paid, damage, moves, costs, energy, approach)
    found = _EARNED.get(key)
    if found is None:
        if len(_EARNED) >= MOST_KEPT:
            _EARNED.clear()
        found = _EARNED[key] = _most_earned(*key)
    return found


def _most_earned(
    paid: tuple[Paid, ...],
    damage: float,
    moves: float,
    costs: tuple[float, ...],
    energy: float,
    approach: float,
) -> int:
    best = 0
    for chosen in product((False, True), repeat=len(paid)):
        got = sum(reward for (_, _, reward), c in zip(paid, chosen, strict=True) if c)
        if got <= best:
            continue
        rams = [cost for (rammed, cost, _), c in zip(paid, chosen, strict=True) if c and rammed]
        shot = sum(
            need for (rammed, need, _), c in zip(paid, chosen, strict=True) if c and not rammed
        )
        walk = len(rams) + approach if rams else 0
        overloads = math.ceil(max(0.0, shot - damage) + max(0.0, walk - moves))
        if overloads <= len(costs) and sum(rams) + sum(costs[:overloads]) <= energy:
            best = got
    return best


class Parts:
    """The ways the parts of one game's boss rows can fall, worked out once per row."""

    def __init__(self, game: Game, sources: Sources) -> None:
        self.game = game
        self.sources = sources
        self._options: dict[Any, list[Option]] = {}

    def __len__(self) -> int:
        return len(self._options)

    def options(self, s: State, found: Window) -> list[Option]:
        """The ways the row's parts can fall: (rammed, their energy, damage for the rest, the
        largest part shot), Pareto-best only; for a card with two sides, either side may be
        the one whose parts must fall (covers come off when a card turns)."""
        shown = tuple(self._shown(s, card) for card in found.cards)
        key = (shown, s.turn.damage if s.turn is not None else ())
        made = self._options.get(key)
        if made is None:
            made = self._options[key] = _pareto(_ways(self._parts(s, found, shown)))
        return made

    def rewards(self, s: State, found: Window) -> int:
        """The Bellonium the row's quadrants still to be destroyed pay: those it shows, and
        those of cards' other sides."""
        tables = self.game.tables
        total = 0
        for card in found.cards:
            spec, shown = tables.cards[card], self._shown(s, card)
            other: tuple[int, ...] = ()
            if spec.back is not None:
                other = spec.back if tables.quadrants[shown[0]].side == 0 else spec.front
            for q in (*shown, *other):
                if tables.quadrants[q].destructible:
                    total += tables.quadrants[q].reward.bellonium
        return total

    def _shown(self, s: State, card: int) -> tuple[int, int]:
        """The quadrants a card shows: in play, or as it will be dealt."""
        cell = self.game.card_cell(s, card)
        return (s.cells[cell], s.cells[cell + 1]) if cell >= 0 else self.game.dealt_side(card)

    def _parts(
        self, s: State, found: Window, shown_by_card: tuple[tuple[int, int], ...]
    ) -> list[tuple[tuple[Part, ...], ...]]:
        """For each card of the row: its sides' parts to destroy."""
        game, tables = self.game, self.game.tables
        rule = defeat_rule(game, tables.bosses[found.boss].id)
        done = dict(s.turn.damage) if s.turn is not None else {}
        cards = []
        for card, shown in zip(found.cards, shown_by_card, strict=True):
            spec = tables.cards[card]
            sides = [shown]
            if spec.back is not None:
                other = spec.back if tables.quadrants[shown[0]].side == 0 else spec.front
                sides.append(other)
            first = 2 * len(cards)  # a card spans two columns, left to right (R-SET-*)
            cards.append(tuple(self._side(side, first, rule, done) for side in sides))
        return cards

    def _side(
        self, side: tuple[int, ...], first: int, rule: str | None, done: dict[int, int]
    ) -> Any:
        quadrants = self.game.tables.quadrants
        parts = []
        for column, q in enumerate(side, start=first):
            quadrant = quadrants[q]
            if not (quadrant.kind.boss and quadrant.destructible):
                continue
            if rule is not None and quadrant.special != rule:
                continue
            source = self.sources.quadrant(q)
            costs = [c for c in (source.ram_cost, source.push_cost) if c is not None]
            ram = min(costs) if costs and quadrant.enterable else None
            need = max(1, quadrant.energy - done.get(q, 0))
            parts.append(Part(need, quadrant.energy, ram, column, quadrant.reward.bellonium))
        return tuple(parts)


def defeat_rule(game: Game, boss_id: str) -> str | None:
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
            columns = [p.column for p, r in zip(parts, rams, strict=True) if r]
            span = (min(columns), max(columns)) if columns else NO_RAMS
            paid = [
                (r, p.ram or 0.0 if r else p.now, p.reward)
                for p, r in zip(parts, rams, strict=True)
                if p.reward > 0
            ]
            yield tuple(costs), tuple(sorted(shot, reverse=True)), span, tuple(sorted(paid))


def _pareto(options: Iterator[Option]) -> list[Option]:
    """The options no other is at least as easy as in every way: fewer or cheaper rams (cost
    by cost, cheapest first) within the same columns or fewer, fewer or smaller parts to shoot
    (part by part, largest first), the same parts paying the same way."""
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
        and (a[2] == NO_RAMS or b[2][0] <= a[2][0] <= a[2][1] <= b[2][1])
        and a[3] == b[3]
    )


def cheapened(costs: list[float], cheaper: list[float]) -> list[float]:
    """`costs` with the dearest replaced by the `cheaper` ones where that lowers them, sorted."""
    costs = sorted(costs)
    for value in cheaper:
        if costs and value < costs[-1]:
            costs[-1] = value
            costs.sort()
    return costs
