"""A scenario played action by action, for people: what each action did (the event log, see
playlog.py), undo, and the actions so far as a script (formats.md §4). `kemble run` and its
interactive loop (interactive.py) play through one.

Each action makes a new state (`State.child`) and keeps the one before: states never change
once made, so undo is going back to the state before, exactly as a replay from the start
would give it (the engine is deterministic)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kemble_tools.fileio import write_atomic
from kemble_tools.games.kembles_cascade.engine.errors import IllegalAction
from kemble_tools.games.kembles_cascade.engine.observer import Observer
from kemble_tools.games.kembles_cascade.engine.state import State
from kemble_tools.games.kembles_cascade.play import due_sensor, refusal, script_lines

TURN_WORDS = ("battle", "powerdown")  # the first action of a turn (formats.md §4)


@dataclass
class Played:
    """One action and what it did."""

    words: str  # as the engine names it: replays to the same action
    line: int  # where it came from: the script line, or the action's number in a session
    before: State
    after: State
    notes: list[tuple[Any, ...]]  # everything the engine told its observer, in order
    auto: bool = False  # a solo sensor card played for the player (formats.md §4)


@dataclass
class _Recorder(Observer):
    """An observer that keeps every note, effects and destructions included."""

    notes: list[tuple[Any, ...]] = field(default_factory=list)

    def record(self, notes: list[Any]) -> None:
        super().record(notes)
        self.notes += notes


@dataclass
class Session:
    state: State
    played: list[Played] = field(default_factory=list)

    def play(self, text: str, line: int = 0, commands: tuple[str, ...] = ()) -> list[Played]:
        """Play one action given in words, with the sensor card a solo script may leave out
        before it. A refused action raises ScriptError (with the legal actions then and
        guesses for a typo; `commands` are other words the guesses may name) and leaves the
        session as it was."""
        line = line or self.actions() + 1
        done: list[Played] = []
        sensor = due_sensor(self.state, text)
        try:
            if sensor is not None:
                done.append(_apply(self.state, sensor, line, auto=True))
            done.append(_apply(done[-1].after if done else self.state, text, line))
        except IllegalAction as exc:
            now = done[-1].after if done else self.state
            raise refusal(now, line, text, exc, commands) from None
        self.played += done
        self.state = done[-1].after
        return done

    def play_script(self, text: str) -> None:
        """Every line of a script (formats.md §4); ScriptError at the first the rules refuse,
        with the lines before it played."""
        for number, action in script_lines(text):
            self.play(action, number)

    def actions(self) -> int:
        """How many actions the player gave (a sensor card played for them is not one)."""
        return sum(not p.auto for p in self.played)

    def undo(self) -> Played | None:
        """Take back the last action the player gave (and a sensor card played before it)."""
        if not self.played:
            return None
        last = first = self.played.pop()
        while self.played and self.played[-1].auto:
            first = self.played.pop()
        self.state = first.before
        return last

    def turn_damage(self) -> dict[int, tuple[int, int]] | None:
        return turn_damage(self.played)

    def script(self, title: str = "") -> str:
        """The actions so far as an action script that replays to this state."""
        head = f"# {title}\n" if title else ""
        return head + "".join(f"{p.words}\n" for p in self.played)

    def save(self, path: Path, title: str = "") -> None:
        write_atomic(path, self.script(title))


def turn_damage(played: Sequence[Played]) -> dict[int, tuple[int, int]] | None:
    """Per player, the energy lost and the threat received in the last turn of `played`
    (the turn going on, or the one that just ended until the next begins); None before the
    first turn."""
    starts = [i for i, record in enumerate(played) if record.words in TURN_WORDS]
    if not starts:
        return None
    taken: dict[int, tuple[int, int]] = {}
    for record in played[starts[-1] :]:
        pairs = zip(record.before.players, record.after.players, strict=True)
        for index, (old, new) in enumerate(pairs):
            lost, threat = taken.get(index, (0, 0))
            taken[index] = (
                lost + max(0, old.energy - new.energy),
                threat + max(0, new.threat - old.threat),
            )
    return taken


def _apply(state: State, text: str, line: int, auto: bool = False) -> Played:
    action = state.string_to_action(text)
    words = state.action_to_string(action)  # before playing it: `choose` reads the state
    recorder = _Recorder()
    after = state.child(action, recorder)
    return Played(words, line, state, after, recorder.notes, auto)
