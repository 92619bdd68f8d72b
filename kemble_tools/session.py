"""A scenario played action by action, for people: what each action did (the event log, see
playlog.py), undo, and the actions so far as a script (formats.md §4). `kemble run` and its
interactive loop (interactive.py) play through one, with the hooks of the scenario's game
(engine/edges.py).

Each action makes a new state (`State.child`) and keeps the one before: states never change
once made, so undo is going back to the state before, exactly as a replay from the start
would give it (the engine is deterministic)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kemble_tools.core.registry import UnknownGame
from kemble_tools.diagnostics import Diagnostic
from kemble_tools.engine.api import IllegalAction, State
from kemble_tools.engine.edges import (
    NotPlayable,
    Played,
    PlayHooks,
    play_hooks,
    play_words,
    refusal,
    script_lines,
)
from kemble_tools.fileio import write_atomic
from kemble_tools.load.content import display_name
from kemble_tools.load.yaml_loader import load_file
from kemble_tools.load.yaml_nodes import YMap
from kemble_tools.validate.pipeline import check_game


@dataclass
class Session:
    state: State
    hooks: PlayHooks  # the game's (engine/edges.py)
    played: list[Played] = field(default_factory=list)

    def play(self, text: str, line: int = 0, commands: tuple[str, ...] = ()) -> list[Played]:
        """Play one action given in words, with the action a script may leave out before it
        (a solo sensor card). A refused action raises ScriptError (with the legal actions
        then and guesses for a typo; `commands` are other words the guesses may name) and
        leaves the session as it was."""
        line = line or self.actions() + 1
        done: list[Played] = []
        try:
            for part in self.hooks.split_line(text):
                now = done[-1].after if done else self.state
                implied = self.hooks.implied_action(now, part)
                if implied is not None:
                    done.append(play_words(now, implied[0], line, implied[1]))
                done.append(play_words(done[-1].after if done else self.state, part, line))
        except IllegalAction as exc:
            now = done[-1].after if done else self.state
            raise refusal(self.hooks, now, line, text, exc, commands) from None
        self.played += done
        self.state = done[-1].after
        return done

    def play_script(self, text: str) -> None:
        """Every line of a script (formats.md §4); ScriptError at the first the rules refuse,
        with the lines before it played."""
        for number, action in script_lines(text):
            self.play(action, number)

    def actions(self) -> int:
        """How many actions the player gave (one played for them is not one)."""
        return sum(not p.auto for p in self.played)

    def undo(self) -> Played | None:
        """Take back the last action the player gave (and one played for them before it)."""
        if not self.played:
            return None
        last = first = self.played.pop()
        while self.played and self.played[-1].auto:
            first = self.played.pop()
        self.state = first.before
        return last

    def board(self) -> str:
        """The state as text for people."""
        return self.hooks.render_board(self.state, self.played)

    def script(self, title: str = "") -> str:
        """The actions so far as an action script that replays to this state."""
        head = f"# {title}\n" if title else ""
        return head + "".join(f"{p.words}\n" for p in self.played)

    def save(self, path: Path, title: str = "") -> None:
        write_atomic(path, self.script(title))


def open_scenario(
    path: Path, content: list[Path] | None = None, with_base: bool = True
) -> tuple[Session | None, list[Diagnostic]]:
    """A session on a scenario file, set up by its game with its content; or None and the
    diagnostics that say why not."""
    hooks, wrong_game = scenario_hooks(path)
    if hooks is None:
        return None, wrong_game
    state, diagnostics = hooks.load_scenario(path, content, with_base)
    return (None if state is None else Session(state, hooks)), diagnostics


def scenario_hooks(path: Path) -> tuple[PlayHooks | None, list[Diagnostic]]:
    """The play hooks of the game a file's `game:` key names (none: the game of the files
    that name none; a file that cannot be read is left to that game to report); a game that
    is not registered or cannot be played is a diagnostic at the key, as validation says it."""
    doc, _ = load_file(path, display_name(path))
    if doc is None or not isinstance(doc.data, YMap) or "game" not in doc.data:
        try:
            return play_hooks(None), []
        except (UnknownGame, NotPlayable) as exc:
            return None, [Diagnostic(display_name(path), 1, 1, "", _code(exc), str(exc))]
    unknown = [d for d in check_game(doc) if d.code == "file.game"]
    if unknown:
        return None, unknown
    try:
        return play_hooks(doc.data["game"]), []
    except (UnknownGame, NotPlayable) as exc:
        return None, [doc.diagnostic(("game",), _code(exc), str(exc))]


def _code(exc: Exception) -> str:
    return "file.game_unsupported" if isinstance(exc, NotPlayable) else "file.game"


def open_bundle(bundle: Mapping[str, Any], scenario: str) -> Session:
    """A session on a scenario of a compiled bundle, by the game it names (its `game` key;
    none: the game of the files that name none). Raises UnknownGame or NotPlayable."""
    hooks = play_hooks(bundle.get("game"))
    return Session(hooks.new_state(bundle, scenario), hooks)
