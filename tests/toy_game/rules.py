"""Comet Run's rules: a two-minute solo game made up for the tests.

R-CR-1  The ship starts with the hull, fuel and guns of its ship card.
R-CR-2  Each turn the next hazard of the deck comes; a shuffled deck draws it by chance, every
        card left equally likely.
R-CR-3  Blast it (only if the guns are at least its armour): score its salvage.
R-CR-4  Dodge it (only with fuel left): pay 1 fuel.
R-CR-5  Brace: the hull takes its damage; a hull at 0 loses the game.
R-CR-6  When the deck is empty the game ends: won with at least the scenario's target score.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from kemble_tools.engine.api import CHANCE, IllegalAction

ACTIONS = ("blast", "dodge", "brace")
BLAST, DODGE, BRACE = range(3)
DRAW = 100  # chance outcome DRAW + i: the i-th card left comes next
ONGOING, WON, LOST = "ongoing", "won", "lost"


@dataclass(frozen=True)
class Hazard:
    id: str
    armour: int
    damage: int
    salvage: int


@dataclass(frozen=True)
class Setup:
    """A scenario compiled: the ship's values and the deck."""

    hull: int
    fuel: int
    guns: int
    deck: tuple[Hazard, ...]
    shuffled: bool
    target: int


@dataclass
class State:
    """A position; apply_action changes it in place, child() leaves it as it was."""

    setup: Setup
    hull: int
    fuel: int
    score: int = 0
    left: tuple[Hazard, ...] = ()  # the deck still to come, in order when not shuffled
    current: Hazard | None = None  # the hazard the ship faces now
    outcome: str = ONGOING

    @classmethod
    def start(cls, setup: Setup) -> State:  # R-CR-1
        state = cls(setup, setup.hull, setup.fuel, left=setup.deck)
        state._next()
        return state

    def _next(self) -> None:  # R-CR-2, R-CR-6
        if self.left and not self.setup.shuffled:
            self.current, self.left = self.left[0], self.left[1:]
        elif not self.left:
            self.current = None
            self.outcome = WON if self.score >= self.setup.target else LOST

    def current_player(self) -> int | None:
        if self.outcome != ONGOING:
            return None
        return CHANCE if self.current is None else 0

    def is_terminal(self) -> bool:
        return self.outcome != ONGOING

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            return []
        return [(DRAW + i, float(Fraction(1, len(self.left)))) for i in range(len(self.left))]

    def legal_actions(self) -> list[int]:
        if self.is_chance_node():
            return [action for action, _ in self.chance_outcomes()]
        if self.current is None:
            return []
        legal = [BLAST] if self.setup.guns >= self.current.armour else []
        return [*legal, *([DODGE] if self.fuel else []), BRACE]

    def apply_action(self, action: int, observer: Any = None) -> None:
        if action not in self.legal_actions():
            raise IllegalAction(*self._why_not(action))
        if self.is_chance_node():
            index = action - DRAW
            self.current, self.left = self.left[index], self.left[:index] + self.left[index + 1 :]
            return
        hazard = self.current
        assert hazard is not None
        if action == BLAST:  # R-CR-3
            self.score += hazard.salvage
        elif action == DODGE:  # R-CR-4
            self.fuel -= 1
        else:  # R-CR-5
            self.hull -= hazard.damage
        if observer is not None:
            observer.record([("event", f"{ACTIONS[action]} {hazard.id}")])
        self.current = None
        if self.hull <= 0:
            self.outcome = LOST
        else:
            self._next()

    def _why_not(self, action: int) -> tuple[str, str]:
        if self.outcome != ONGOING:
            return "R-CR-6", "the game is over"
        if action == BLAST:
            return "R-CR-3", "the guns are weaker than the hazard's armour"
        if action == DODGE:
            return "R-CR-4", "no fuel left to dodge"
        return "R-CR-2", "that is not an action now"

    def child(self, action: int, observer: Any = None) -> State:
        new = self.clone()
        new.apply_action(action, observer)
        return new

    def clone(self) -> State:
        return replace(self)

    def returns(self) -> list[float]:
        return [1.0 if self.outcome == WON else 0.0]

    def key(self) -> bytes:
        current = self.current.id if self.current else "-"
        ids = [hazard.id for hazard in self.left]
        left = ",".join(sorted(ids) if self.setup.shuffled else ids)
        return f"{self.hull}|{self.fuel}|{self.score}|{current}|{left}|{self.outcome}".encode()

    def action_to_string(self, action: int) -> str:
        if action >= DRAW:
            return f"draw {self.left[action - DRAW].id}"
        return ACTIONS[action]

    def string_to_action(self, text: str) -> int:
        words = text.split()
        if words[:1] == ["draw"] and len(words) == 2 and self.is_chance_node():
            ids = [h.id for h in self.left]
            if words[1] in ids:
                return DRAW + ids.index(words[1])
        if text in ACTIONS:
            return ACTIONS.index(text)
        raise IllegalAction("R-CR-2", f"'{text}' is not an action of Comet Run")
