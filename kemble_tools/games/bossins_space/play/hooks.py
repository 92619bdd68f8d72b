"""Bossin' Space's play hooks (kemble_tools.engine.edges.PlayHooks), set on its plugin as
`play`."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kemble_tools.engine.edges import LogEntry, Played, legal_words
from kemble_tools.games.bossins_space.engine import State, new_game
from kemble_tools.games.bossins_space.play import board_text, snapshot

WORDS = ("keep", "use", "cool", "lay", "choose", "end")
HELP = (
    ("keep CARD CARD [bottom CARD CARD]", "the draft: keep 2 of the cards just drawn"),
    ("use CARD [VALUE…]", "lay CARD in the next Timeline column and use it, answering its choices"),
    ("cool CARD", "lay CARD flipped to cool: heat -1 (-2 with Lasers level 3)"),
    ("lay CARD", "lay CARD in a column a Boss EMP skips: no effect"),
    ("choose VALUE", "answer what is asked: 1-4, A1…C4 or boss, left/right, a path, xp/repair"),
    ("end", "close the round once column 4 has resolved"),
)


class BossinPlay:
    board_help = "the board again: the Boss, the grid, the Ship, the Timeline and your cards"
    turn_words: tuple[str, ...] = ()  # every round starts with a keep: the log heads rounds

    def load_scenario(
        self, path: Path, content: list[Path] | None, with_base: bool
    ) -> tuple[State | None, list[Any]]:
        from kemble_tools.compile.pipeline import compile_validated
        from kemble_tools.load.yaml_loader import load_file
        from kemble_tools.validate.pipeline import validate_paths

        result = compile_validated(validate_paths([*(content or []), path], with_base=with_base))
        bundle = result.bundles.get("bossins-space")
        doc, _ = load_file(path)
        data = doc.data if doc is not None and isinstance(doc.data, dict) else {}
        if bundle is None or data.get("id") not in bundle["scenarios"]:
            return None, result.diagnostics
        return new_game(bundle, data["id"]), result.diagnostics

    def new_state(self, bundle: dict[str, Any], scenario: str) -> State:
        return new_game(bundle, scenario)

    def split_line(self, text: str) -> list[str]:
        """`use CARD VALUE…`: the use, then one `choose` per value, in the order asked."""
        parts = text.split()
        if len(parts) > 2 and parts[0] == "use":
            return [f"use {parts[1]}", *(f"choose {v}" for v in parts[2:])]
        return [text]

    def implied_action(self, state: State, text: str) -> tuple[str, str] | None:
        return None  # the automatic steps are the engine's own, with no line

    def suggest(self, state: State, text: str, commands: Sequence[str]) -> list[str]:
        if text.split()[:1] and text.split()[0] in WORDS:
            return []  # the words are right: the rules refused it
        return difflib.get_close_matches(text, [*legal_words(state), *commands], 3, 0.6)

    def action_help(self, state: State) -> Sequence[tuple[str, str]]:
        return HELP

    def state_json(self, state: State) -> dict[str, Any]:
        return snapshot.state_json(state)

    def render_board(self, state: State, played: Sequence[Played]) -> str:
        return board_text.render_board(state)

    def log_entry(self, played: Sequence[Played], index: int) -> LogEntry:
        step = played[index]
        return LogEntry(step.before.round, changes(step.before, step.after))

    def view(self, state: State, notes: list[tuple[Any, ...]]) -> dict[str, Any]:
        return board_text.view(state, notes)


def changes(before: State, after: State) -> list[str]:
    """What an action set off, in words: the Timeline cards that resolved or were skipped, the
    cards that left or entered the grid, and the Ship's, XP's and the Boss's changes."""
    said = [*timeline_steps(before, after)]
    gone = after.piles["enemy_discard"][len(before.piles["enemy_discard"]) :]
    said += [f"{card} is discarded" for card in gone]
    came = on_grid(after) - on_grid(before) - set(gone)
    said += [f"{card} enters the grid" for card in sorted(came)]
    for label, old, new in (
        ("life", before.life, after.life),
        ("heat", before.heat, after.heat),
        ("XP", before.xp, after.xp),
        ("Boss life", before.boss_life, after.boss_life),
        ("Ship column", before.ship, after.ship),
        ("Boss column", before.boss_column, after.boss_column),
    ):
        if old != new and after.round == before.round:
            said.append(f"{label} {old} -> {new}")
    if after.boss_status != before.boss_status:
        said.append(f"the Boss is {after.boss_status.replace('_', ' ')}")
    bought = [p for p in after.levels if after.levels[p] > before.levels[p]]
    said += [f"upgrade: {p} level {after.levels[p]}" for p in bought]
    if after.outcome != before.outcome:
        said.append(f"game over: {after.outcome} ({after.reason})")
    return said


def timeline_steps(before: State, after: State) -> list[str]:
    if after.round != before.round:
        return [f"round {after.round} begins"]
    found = []
    for k in range(4):
        for cards, done in (
            (after.threats, after.threat_done),
            (after.boss_threats, after.boss_threat_done),
        ):
            old = (before.threat_done if cards is after.threats else before.boss_threat_done)[k]
            if done[k] and not old:
                found.append(f"column {k + 1}: {cards[k]} {done[k].replace('_', ' ')}")
    return found


def on_grid(state: State) -> set[str]:
    return {cell[0] for row in state.grid for cell in row if cell is not None}


PLAY = BossinPlay()
