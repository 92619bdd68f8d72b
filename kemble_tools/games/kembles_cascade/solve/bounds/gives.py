"""What an effect can give the player, at most: an abstract interpretation of the closed DSL.

The effect language is closed (docs/dsl.md): every action, selector and expression has a known
type, so each can be read for the most it can ever do. `give` reads a list of actions and
answers, for one run of them, upper bounds on what the player gains (energy, Bellonium, threat
removed, extra moves and shots, power-ups drawn, damage dealt to quadrants by the effect itself,
a chance to buy) and the best values a statistic can be given. `effect_flags` says what an
effect can do to the board that the bounds must know about (destroy or cover quadrants, swap or
turn cards, spawn objects).

Expressions are read as intervals (`Interval`). What cannot be bounded (a counter, the damage
an object has taken) is infinite, and an infinite gain turns the bounds off for the content with
the place of the effect as the reason (`Unbounded`), never a guess. Conditions are not read: an
effect is assumed to run whenever it may, which can only overstate what it gives.

Every action the vocabulary has is listed here (`ACTION_MEANINGS`); tests/test_solve_bounds.py
checks the list against the vocabulary, so a new action cannot join the language unread.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from kemble_tools.dsl.ir import Act, Lit, Select
from kemble_tools.games.kembles_cascade.solve.bounds.expressions import (
    INF,
    Host,
    Unbounded,
    interval,
    upper,
)

# The statistics a player can be given and which way is better for the player (costs: lower).
LOWER_IS_BETTER = frozenset({"overload_cost_1", "overload_cost_2", "rotate_cost", "buy_fee"})
# The selectors whose values are quadrants, and how many quadrants each can give at most in
# a play area of `cells` quadrants.
QUADRANT_SELECTORS = frozenset(
    {"this_quadrant", "event_quadrant", "player_quadrant", "chosen", "adjacent_quadrants"}
    | {"quadrants_of", "boss_parts"}
)
SINGLE_QUADRANT = frozenset({"this_quadrant", "event_quadrant", "player_quadrant", "chosen"})


@dataclass(frozen=True)
class Give:
    """Upper bounds on what one run of some actions gives the player."""

    energy: float = 0
    bellonium: float = 0
    unthreat: float = 0  # threat points removed
    moves: float = 0  # extra moves this turn (extra_moves)
    shots: float = 0  # extra turret shots this turn (extra_shots)
    powerups: float = 0  # power-up cards drawn
    damage: float = 0  # damage the effect deals to quadrants, all targets together
    buy: bool = False  # a buy action outside Power Down
    stats: tuple[tuple[str, float], ...] = ()  # (stat, the best value it can be set to)
    changes: tuple[tuple[str, float], ...] = ()  # (stat, the helpful change, all added up)

    def __add__(self, other: Give) -> Give:
        return Give(
            self.energy + other.energy,
            self.bellonium + other.bellonium,
            self.unthreat + other.unthreat,
            self.moves + other.moves,
            self.shots + other.shots,
            self.powerups + other.powerups,
            self.damage + other.damage,
            self.buy or other.buy,
            best_stats(self.stats + other.stats),
            added_changes(self.changes + other.changes),
        )

    def times(self, count: float) -> Give:
        if count == 1:
            return self
        if count == 0:
            return NOTHING

        def scaled(value: float) -> float:
            return 0 if value == 0 else value * count

        return Give(
            scaled(self.energy),
            scaled(self.bellonium),
            scaled(self.unthreat),
            scaled(self.moves),
            scaled(self.shots),
            scaled(self.powerups),
            scaled(self.damage),
            self.buy,
            self.stats,  # what a statistic can be in one turn, however often a source runs
            self.changes,
        )

    def stat(self, name: str, own: float) -> float:
        """The best value statistic `name` can have for a player whose own value is `own`:
        the best it can be set to, then every helpful change added (costs never below 0)."""
        sets = [value for stat, value in self.stats if stat == name]
        change = sum(value for stat, value in self.changes if stat == name)
        if name in LOWER_IS_BETTER:
            return max(0.0, min([own, *sets]) + change)
        return max([own, *sets]) + change

    @property
    def gives_resources(self) -> bool:
        return any((self.energy, self.bellonium, self.unthreat, self.moves, self.shots)) or any(
            (self.powerups, self.damage, self.buy, self.stats, self.changes)
        )


NOTHING = Give()


def best_stats(pairs: Iterable[tuple[str, float]]) -> tuple[tuple[str, float], ...]:
    best: dict[str, float] = {}
    for stat, value in pairs:
        pick = min if stat in LOWER_IS_BETTER else max
        best[stat] = pick(best[stat], value) if stat in best else value
    return tuple(sorted(best.items()))


def most(gives: list[Give]) -> Give:
    """Figure by figure the most one of `gives` gives (one of them runs, not all)."""
    if not gives:
        return NOTHING
    return Give(
        energy=max(g.energy for g in gives),
        bellonium=max(g.bellonium for g in gives),
        unthreat=max(g.unthreat for g in gives),
        moves=max(g.moves for g in gives),
        shots=max(g.shots for g in gives),
        powerups=max(g.powerups for g in gives),
        damage=max(g.damage for g in gives),
        buy=any(g.buy for g in gives),
        stats=best_stats(pair for g in gives for pair in g.stats),
        changes=tuple(
            (name, max(value for g in gives for n, value in g.changes if n == name))
            for name in sorted({n for g in gives for n, _ in g.changes})
        ),
    )


def added_changes(pairs: Iterable[tuple[str, float]]) -> tuple[tuple[str, float], ...]:
    summed: dict[str, float] = {}
    for stat, change in pairs:
        summed[stat] = summed.get(stat, 0) + change
    return tuple(sorted(summed.items()))


def total(gives: Iterable[Give]) -> Give:
    result = NOTHING
    for one in gives:
        result = result + one
    return result


@dataclass
class Flags:
    """What effects can do to the board (each a reason, for the report), beyond what they give."""

    removes: list[str] = field(default_factory=list)  # destroy/cover quadrants not their own
    removes_self: bool = False  # destroy/cover `this_quadrant`
    swaps: list[str] = field(default_factory=list)  # swap_card
    spawns: list[str] = field(default_factory=list)  # the object kinds `spawn` puts down
    spawned_over: list[tuple[str, str | None, str]] = field(default_factory=list)
    # ^ where `spawn` puts them: (selector, the object kind it is limited to, source)
    teleports: bool = False


# --- actions ---------------------------------------------------------------------------------

# What each action of the vocabulary means to the bounds: "give" (it gives the player
# something: read by `give`), "board" (it changes the board: read by `effect_flags`), "nested"
# (it runs other actions) or "none" (it can only hurt the player or change what the bounds do
# not read: position, glory, markers, missions).
ACTION_MEANINGS: dict[str, str] = {
    "damage": "give",
    "gain_energy": "give",
    "lose_energy": "none",
    "add_threat": "none",
    "remove_threat": "give",
    "gain_bellonium": "give",
    "gain_glory": "none",
    "gain_reward": "give",
    "draw_powerup": "give",
    "cover": "board",
    "destroy": "board",
    "flip_card": "board",
    "swap_card": "board",
    "shift_player": "none",
    "teleport": "board",
    "reveal_sensors": "nested",
    "extra_moves": "give",
    "extra_shots": "give",
    "modify": "give",
    "mark": "none",
    "end_turn": "none",
    "buy": "give",
    "advance_mission": "none",
    "claim_achievement": "none",
    "spawn": "board",
    "choose": "nested",
    "if": "nested",
}


def give(actions: Iterable[Act], host: Host) -> Give:
    """The most one run of `actions` can give the player (the branches of `if`, `choose` and
    the options each counted as if they all ran)."""
    result = NOTHING
    for act in actions:
        meaning = ACTION_MEANINGS.get(act.action)
        if meaning is None:
            raise Unbounded(f"the bounds cannot read the action {act.action!r}", act.span)
        if meaning == "nested":
            for inner in nested(act):
                result = result + give(inner, host)
        elif meaning == "give":
            result = result + _give_one(act, host)
    _check_finite(result, actions)
    return result


def movers(actions: Iterable[Act]) -> set[str]:
    """The actions among `actions` (nested ones too) that put a ship somewhere other than a
    move or a push does: the positional bound (position.py) must know them."""
    found: set[str] = set()
    for act in actions:
        if act.action in ("teleport", "shift_player"):
            found.add(act.action)
        elif ACTION_MEANINGS.get(act.action) == "nested":
            for inner in nested(act):
                found |= movers(inner)
    return found


def nested(act: Act) -> list[tuple[Act, ...]]:
    """The action lists an action runs (`then`, `else`, a choice's options)."""
    found: list[tuple[Act, ...]] = []
    for key in ("then", "else"):
        inner = act.args.get(key)
        if inner:
            found.append(tuple(inner))
    option = act.args.get("option")
    if isinstance(option, dict):
        found += [tuple(actions) for actions in option.values()]
    return found


def _give_one(act: Act, host: Host) -> Give:
    args, name = act.args, act.action
    amount = args.get("amount", Lit(1))
    if name == "damage":
        target = args.get("to")
        if _selector(target) in QUADRANT_SELECTORS:
            return Give(damage=upper(amount, host) * _reach(target, host))
        return NOTHING  # damage to players: a cost
    if name == "gain_energy":
        return Give(energy=upper(amount, host))
    if name == "gain_bellonium":
        return Give(bellonium=upper(amount, host))
    if name == "remove_threat":
        return Give(unthreat=upper(amount, host))
    if name == "gain_reward":
        return Give(energy=host.reward_energy, bellonium=host.reward_bellonium)
    if name == "draw_powerup":
        return Give(powerups=upper(args.get("count", Lit(1)), host))
    if name == "extra_moves":
        return Give(moves=upper(amount, host))
    if name == "extra_shots":
        return Give(shots=upper(amount, host))
    if name == "buy":
        return Give(buy=True)
    if name == "modify":
        return _modified(act, host)
    raise Unbounded(f"the bounds cannot read the action {name!r}", act.span)


def _modified(act: Act, host: Host) -> Give:
    """A statistic set to a value (its best) or changed by an amount (its helpful part)."""
    stat = act.args["stat"].value
    lower_better = stat in LOWER_IS_BETTER
    if "set" in act.args:
        value = interval(act.args["set"], host)
        return Give(stats=((stat, value.low if lower_better else value.high),))
    change = interval(act.args["by"], host)
    helpful = min(0.0, change.low) if lower_better else max(0.0, change.high)
    if helpful in (INF, -INF):
        raise Unbounded(f"a change of {stat} the bounds cannot bound", act.span)
    return Give(changes=((stat, helpful),))


def _selector(node: Any) -> str | None:
    return node.name if isinstance(node, Select) else None


def _reach(target: Any, host: Host) -> float:
    """How many quadrants a quadrant selector can give at most."""
    name = _selector(target)
    if name in SINGLE_QUADRANT:
        return 1
    if name == "adjacent_quadrants":
        return 8
    return host.cells


def _check_finite(result: Give, actions: Iterable[Act]) -> None:
    for value in (result.energy, result.bellonium, result.unthreat, result.moves, result.shots):
        if value == INF:
            span = next((a.span for a in actions), None)
            raise Unbounded("an amount the bounds cannot bound", span)
    if result.powerups == INF or result.damage == INF:
        raise Unbounded("an amount the bounds cannot bound", next((a.span for a in actions), None))


# --- what effects do to the board --------------------------------------------------------------


def removes_itself(actions: Iterable[Act]) -> bool:
    """Some run of `actions` (in a branch too) destroys or covers the quadrant carrying them."""
    for act in actions:
        if ACTION_MEANINGS.get(act.action) == "nested":
            if any(removes_itself(inner) for inner in nested(act)):
                return True
        elif act.action in ("destroy", "cover"):
            target = act.args.get("target" if act.action == "destroy" else "quadrant")
            if (_selector(target) or "this_quadrant") == "this_quadrant":
                return True
    return False


def effect_flags(actions: Iterable[Act], flags: Flags, where: str) -> None:
    """Record what `actions` can do to the board (`Flags`), `where` naming their source."""
    for act in actions:
        name = act.action
        if ACTION_MEANINGS.get(name) == "nested":
            for inner in nested(act):
                effect_flags(inner, flags, where)
        elif name in ("destroy", "cover"):
            target = act.args.get("target" if name == "destroy" else "quadrant")
            selector = _selector(target) or "this_quadrant"
            if selector == "this_quadrant":
                flags.removes_self = True
            elif selector in QUADRANT_SELECTORS:
                flags.removes.append(f"{where}: {name} {selector}")
        elif name == "swap_card":
            flags.swaps.append(f"{where}: swap_card")
        elif name == "spawn":
            kind = act.args.get("object")
            flags.spawns.append(str(getattr(kind, "value", kind)))
            target = act.args.get("quadrant")
            shows = target.args.get("object") if isinstance(target, Select) else None
            limit = str(shows.value) if isinstance(shows, Lit) else None
            flags.spawned_over.append((_selector(target) or "?", limit, where))
        elif name == "teleport":
            flags.teleports = True
