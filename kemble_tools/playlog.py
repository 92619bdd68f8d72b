"""The event log of a played line, for a designer debugging a card: what each action did, in
words, round by round. The game says what each action did (its `log_entry` hook reads what the
engine told the observer and what changed between the states before and after); this lays the
log out. Nothing here changes a state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from kemble_tools.engine.edges import Played, PlayHooks


def log_lines(hooks: PlayHooks, played: Sequence[Played], label: str = "line") -> list[str]:
    """The whole log: a heading per round, each action under it with what it did."""
    lines: list[str] = []
    shown_round = None
    for index, record in enumerate(played):
        entry = hooks.log_entry(played, index)
        if entry.round != shown_round:
            shown_round = entry.round
            lines.append(f"round {shown_round}")
        lines.append(f"  {label} {record.line}: {heading(record)}")
        lines += [f"      {line}" for line in [*entry.happened, *entry.after]]
    return lines


def log_json(hooks: PlayHooks, played: Sequence[Played]) -> list[dict[str, Any]]:
    """The log for `kemble run --json --log`: one item per action."""
    items = []
    for index, record in enumerate(played):
        entry = hooks.log_entry(played, index)
        items.append(
            {
                "line": record.line,
                "round": entry.round,
                "action": record.words,
                "auto": record.auto,
                "happened": [*entry.happened, *entry.after],
            }
        )
    return items


def heading(record: Played) -> str:
    return record.words + (f" ({record.why})" if record.auto else "")
