"""What every game's engine gives the game-free stages (run, solve, site replay, sweep): a state
in the style of OpenSpiel's Python games. A game's `Game` holds its rules and makes states; a
state is plain data that answers these questions and takes integer actions. Words appear only
at the edges (`action_to_string`, `string_to_action`)."""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from kemble_tools.engine.kernel import CHANCE

__all__ = ["CHANCE", "IllegalAction", "Observer", "SetupError", "State"]


class IllegalAction(Exception):
    """An action the rules do not allow now; `rule` names the rule ID it breaks."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} ({rule})")
        self.rule, self.message = rule, message


class SetupError(Exception):
    """A game that cannot be set up (validation catches these first; this guards the API)."""


class Observer(Protocol):
    """Passed to `apply_action` to hear what a transition did: notes are tuples whose first
    item says what they are ("event", ...); a game documents its own."""

    def record(self, notes: list[Any]) -> None: ...


@runtime_checkable
class State(Protocol):
    """A position of any game. `current_player` is CHANCE (-1) at a chance node and None when
    the game is over; `key` is equal for states the rules cannot tell apart."""

    def current_player(self) -> int | None: ...
    def legal_actions(self) -> list[int]: ...
    def apply_action(self, action: int, observer: Observer | None = None) -> None: ...
    def child(self, action: int, observer: Observer | None = None) -> State: ...
    def clone(self) -> State: ...
    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def chance_outcomes(self) -> list[tuple[int, float]]: ...
    def returns(self) -> list[float]: ...
    def key(self) -> bytes: ...
    def action_to_string(self, action: int) -> str: ...
    def string_to_action(self, text: str) -> int: ...
