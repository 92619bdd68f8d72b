"""The boss's last row as the work a win needs: its parts and the ways they can fall (whether
some turns can do that work: relaxed.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import product
from typing import Any

from kemble_tools.dsl.ir import Call, Lit, Op
from kemble_tools.games.kembles_cascade.engine import Game, State
from kemble_tools.games.kembles_cascade.solve.bounds.relaxed import NO_RAMS, Option
from kemble_tools.games.kembles_cascade.solve.bounds.schedule import Window
from kemble_tools.games.kembles_cascade.solve.bounds.sources import Sources


@dataclass(frozen=True)
class Part:
    now: int  # the damage it still needs in the turn in progress (R-FIR-6: damage adds up)
    energy: int  # the damage it needs in any later turn
    ram: float | None  # the energy a ship pays to destroy it by moving onto it, or None
    column: int  # its column in the row
    reward: int = 0  # the Bellonium destroying it pays (R-FIR-7)


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
            made = self._options[key] = pareto(_ways(self._parts(s, found, shown)))
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

    def _shown(self, s: State, card: int) -> tuple[int, ...]:
        """The quadrants a card shows: in play, or as it will be dealt."""
        cell = self.game.card_cell(s, card)
        return (s.cells[cell], s.cells[cell + 1]) if cell >= 0 else self.game.dealt_side(card)

    def _parts(
        self, s: State, found: Window, shown_by_card: tuple[tuple[int, ...], ...]
    ) -> list[tuple[tuple[Part, ...], ...]]:
        """For each card of the row: its sides' parts to destroy."""
        game, tables = self.game, self.game.tables
        rule = defeat_rule(game, tables.bosses[found.boss].id)
        done = dict(s.turn.damage) if s.turn is not None else {}
        cards: list[tuple[tuple[Part, ...], ...]] = []
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


def pareto(options: Iterator[Option]) -> list[Option]:
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
