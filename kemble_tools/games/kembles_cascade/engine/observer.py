"""What happened in a game, for those who want to know: the event log of `kemble run` and the
golden traces, and the causes of destruction that `kemble simulate` reports. None of it is part
of the state, so searching costs nothing for it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Observer:
    """Pass one to `Game.apply` / `State.apply_action` to hear about that transition."""

    events: list[str] = field(default_factory=list)  # "r3: p1 move N", in order
    destructions: list[tuple[int, str]] = field(default_factory=list)  # (player, cause)

    def record(self, notes: list[Any]) -> None:
        for note in notes:
            if note[0] == "event":
                self.events.append(note[1])
            elif note[0] == "destroyed":
                self.destructions.append((note[1], note[2]))
