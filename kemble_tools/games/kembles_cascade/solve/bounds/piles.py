"""What the upgrade piles can add to a battle turn for some Bellonium (the bounds' relaxed
game): the weapons' damage by a knapsack over the piles, each statistic on its own."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from kemble_tools.games.kembles_cascade.engine import Game
from kemble_tools.games.kembles_cascade.engine.content import STATS, Weapon


@dataclass(frozen=True)
class Profile:
    """What a battle turn can do with some upgrades: moves, turret shots, damage from the
    upgrade weapons (to all targets, and to one target), recharge, maximum overloads and the
    overload costs, and the shield."""

    moves: float
    turret: float
    damage: float
    damage_one: float
    recharge: float
    overloads: float
    cost_1: float
    cost_2: float
    shield: float


def weapon_damage(weapon: Weapon, targets: int) -> tuple[float, float]:
    """(damage to all targets, damage to one target) of one turn of a weapon's shots."""
    per_shot = weapon.damage * (max(targets, 1) if weapon.line else 1) + weapon.splash
    return weapon.shots * per_shot, weapon.shots * max(weapon.damage, weapon.splash)


class Piles:
    """The best a player owning upgrade `levels` can reach by spending at most `budget`
    Bellonium on more levels. The weapons' damage is a knapsack over the piles; each statistic
    is bounded on its own, every pile at its best affordable level at once (together the
    figures overstate what one purchase gives, which keeps the bounds safe)."""

    def __init__(self, game: Game, targets: int) -> None:
        self.game = game
        self.targets = targets  # boss parts a line weapon can hit in one shot

    @lru_cache(maxsize=4096)  # noqa: B019 - one Piles per solo game, kept for its search
    def best(self, levels: tuple[int, ...], budget: int) -> Profile:
        options = [self._options(u, levels[u], budget) for u in range(len(levels))]
        every = _knapsack(options, budget, lambda level: self._damage(level)[0])
        one = _knapsack(options, budget, lambda level: self._damage(level)[1])
        stat = {name: self._stat(options, name) for name in _STAT_OF}
        return Profile(
            stat["moves"],
            stat["turret"],
            every,
            one,
            stat["recharge"],
            stat["overloads"],
            stat["cost_1"],
            stat["cost_2"],
            stat["shield"],
        )

    def _options(self, pile: int, owned: int, budget: int) -> list[tuple[int, Any]]:
        """(price, level spec or None for no level) for the owned level and those affordable."""
        upgrade = self.game.tables.upgrades[pile]
        options: list[tuple[int, Any]] = [(0, upgrade.levels[owned - 1] if owned else None)]
        price = 0
        for level in range(owned + 1, len(upgrade.levels) + 1):
            step = self.game.prices[pile][level - 1]
            if step is None:
                break
            price += step
            if price > budget:
                break
            options.append((price, upgrade.levels[level - 1]))
        return options

    def _damage(self, level: Any) -> tuple[float, float]:
        if level is None or level.weapon is None:
            return 0.0, 0.0
        return weapon_damage(level.weapon, self.targets)

    def _stat(self, options: list[list[tuple[int, Any]]], name: str) -> float:
        """The best value a level can set, plus the best each pile can add."""
        stat = STATS.index(_STAT_OF[name])
        lower_better = name in ("cost_1", "cost_2")
        pick = min if lower_better else max
        values = [float(self.game.tables.base_stats[stat])]
        added = 0.0
        for pile in options:
            adds = [0.0]
            for _, level in pile:
                for index, how_set, value in level.stat_changes if level is not None else ():
                    if index == stat:
                        (values if how_set else adds).append(float(value))
            added += pick(adds)
        return max(0.0, pick(values) + added)


_STAT_OF = {
    "moves": "moves",
    "turret": "turret_shots",
    "recharge": "recharge",
    "overloads": "max_overloads",
    "cost_1": "overload_cost_1",
    "cost_2": "overload_cost_2",
    "shield": "shield",
}


def _knapsack(options: list[list[tuple[int, Any]]], budget: int, value: Any) -> float:
    """The most the piles' `value`s add up to, one option a pile, within budget."""
    best = [0.0] * (budget + 1)
    for pile in options:
        best = [
            max(best[spend - price] + value(level) for price, level in pile if price <= spend)
            for spend in range(budget + 1)
        ]
    return best[budget]


def recharges(
    owned: Profile, first: Profile, best: Profile, before: int, power_downs: int
) -> list[float]:
    """The recharge of each Power Down to come, in order: the `before` ones before the boss's
    last row, then `power_downs` among its turns. A Power Down recharges before it buys
    (R-PWD-1), so the first has only the upgrades `owned` now; those before the row and the
    row's first have what the Bellonium to be had before the row's rewards buys (`first`);
    the row's later ones, what all of it buys (`best`)."""
    found = [owned.recharge] + [first.recharge] * (before + min(power_downs, 1))
    return (found[:-1] + [best.recharge] * power_downs)[: before + power_downs]


def battle_profiles(
    first: Profile, best: Profile, battles: int, power_downs: int, now: bool
) -> tuple[tuple[Profile, int], ...]:
    """The upgrades each of the boss row's `battles` Battles can have, with `power_downs`
    Power Downs among its turns (one Power Down: prune.py's `Bounds._earning`). With none, the
    row's rewards are never spent, so every Battle has `first`, what the Bellonium to be had
    before them buys; with more, every Battle but the first can have `best` (every one, when a
    Battle in progress, `now`, can earn them)."""
    late = battles - (not now) if power_downs else 0
    return (first, battles - late), (best, late)
