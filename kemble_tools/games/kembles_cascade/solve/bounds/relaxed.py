"""The arithmetic of the bounds' relaxed game (prune.py): what some turns can do, whether a
way for the boss's last row to fall (parts.py) fits in them, and what they can earn on the way.
Plain numbers and tuples only: it is compiled with the engine (setup.py)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import product

# A part that pays Bellonium when destroyed, as a way to fall has it: (rammed, the energy the
# ram costs or the damage the shot needs, its Bellonium)
Paid = tuple[bool, float, int]
# A way the row's parts can fall: the energy each ram costs (cheapest first), the parts shot
# down, each as (damage it needs in the turn in progress, in a later turn), largest first, the
# columns of the first and last part rammed, (0, -1) when none is, and the parts that pay
Option = tuple[tuple[float, ...], tuple[tuple[int, int], ...], tuple[int, int], tuple[Paid, ...]]
NO_RAMS = (0, -1)
MOST_KEPT = 20_000  # answers of left_for_later and most_earned kept (plain numbers only)
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
        alone: float = math.fsum(max(0.0, need - self.one) for need in parts)
        together: float = math.fsum(parts) - self.damage
        return max(0.0, max(alone, together) - self.pool)


def fits(
    rams: tuple[float, ...],
    shots: tuple[tuple[int, int], ...],
    now: Turns,
    future: Turns,
    approach: float,
    now_energy: float,
    energy: float,
) -> bool:
    """Can the turn in progress and the turns to come ram parts at the energy costs `rams` and
    shoot down the `shots` (each part's need now and later, as an `Option` has them)? Damage
    never carries from one turn to the next (R-FIR-6), so the turn in progress destroys whole
    parts only, and each part left must fit in one later turn (`future.most`). The turn in
    progress pays from `now_energy`; all the turns together from `energy` (what the ship must
    keep, 1: R-DST-1, is taken off)."""
    now_can = now.damage + len(now.costs)
    if math.fsum(rams) > energy or any(
        later > future.most and need > now_can for need, later in shots
    ):
        return False  # rams that cost too much, a part no later turn can destroy, nor this one
    shooting = now_can + future.damage + future.pool + len(future.costs)
    if math.fsum(min(need, later) for need, later in shots) > shooting:
        return False  # more damage than every turn can deal with every overload
    for now_rams in range(len(rams) + 1):
        walk: float = now_rams + (approach if now_rams else 0.0)
        for overloads in range(len(now.costs) + 1):
            for_moves = max(0, math.ceil(walk - now.moves))
            if for_moves > overloads:
                continue
            spent: float = math.fsum(rams[:now_rams]) + math.fsum(now.costs[:overloads])
            if spent > now_energy:
                break
            later = left_for_later(shots, now.damage + overloads - for_moves, future)
            left = len(rams) - now_rams
            walk_later: float = left + (approach if left and not now_rams else 0.0)
            if later == math.inf:
                continue
            more = max(0, math.ceil(walk_later - future.moves)) + math.ceil(later)
            if more <= len(future.costs):
                total: float = spent + math.fsum(rams[now_rams:]) + math.fsum(future.costs[:more])
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
        if math.fsum(now for (now, _), c in zip(shots, chosen, strict=True) if c) <= damage:
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
    if found is not None:
        return found
    if len(_EARNED) >= MOST_KEPT:
        _EARNED.clear()
    best = 0
    for chosen in product((False, True), repeat=len(paid)):
        got = sum(reward for (_, _, reward), c in zip(paid, chosen, strict=True) if c)
        if got <= best:
            continue
        rams: list[float] = [
            cost for (rammed, cost, _), c in zip(paid, chosen, strict=True) if c and rammed
        ]
        shot: float = math.fsum(
            need for (rammed, need, _), c in zip(paid, chosen, strict=True) if c and not rammed
        )
        walk: float = len(rams) + approach if rams else 0.0
        overloads = math.ceil(max(0.0, shot - damage) + max(0.0, walk - moves))
        paying: float = math.fsum(rams) + math.fsum(costs[:overloads])
        if overloads <= len(costs) and paying <= energy:
            best = got
    _EARNED[key] = best
    return best


def cheapened(costs: list[float], cheaper: list[float]) -> list[float]:
    """`costs` with the dearest replaced by the `cheaper` ones where that lowers them, sorted."""
    costs = sorted(costs)
    for value in cheaper:
        if costs and value < costs[-1]:
            costs[-1] = value
            costs.sort()
    return costs
