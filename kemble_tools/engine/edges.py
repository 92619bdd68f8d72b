"""Playing at the edges, for any game: action scripts (formats.md §4: one action per line, `#`
starts a comment), refusals with what may help, the record of a played action, and the hooks a
game gives `kemble run`, its interactive loop, the event log and the site's replay viewer (its
registry stage `play`, docs/games.md). Words and files live here and in the game's hooks; the
engine inside works with integers."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from kemble_tools.core.registry import GameInfo, UnknownGame, hooks, registry
from kemble_tools.engine.api import IllegalAction, Observer, State

if TYPE_CHECKING:
    from kemble_tools.diagnostics import Diagnostic

__all__ = [
    "LogEntry",
    "NotPlayable",
    "PlayHooks",
    "Played",
    "Recorder",
    "ScriptError",
    "UnknownGame",
    "legal_words",
    "play_hooks",
    "play_words",
    "refusal",
    "run_script",
    "script_lines",
]


@dataclass
class Played:
    """One action and what it did."""

    words: str  # as the engine names it: replays to the same action
    line: int  # where it came from: the script line, or the action's number in a session
    before: State
    after: State
    notes: list[tuple[Any, ...]]  # everything the engine told its observer, in order
    auto: bool = False  # played for the player: the action a script may leave out
    why: str = ""  # for an `auto` action, why it was played (the log says it after the words)


@dataclass(frozen=True)
class LogEntry:
    """What the event log says of one action."""

    round: int  # the round it was played in: the log heads each round with its number
    happened: list[str]  # what it did, in words
    after: list[str] = field(default_factory=list)  # what the log adds: what a turn cost, say


class PlayHooks(Protocol):
    """What a game gives the play edges. A state is the game's `State` (engine/api.py); its
    actions are words through `action_to_string` and `string_to_action`."""

    # what `render_board` shows, for the interactive loop's help: "the board again, with …"
    board_help: str
    # the actions that begin a player's turn: where the replay viewer's Page Up/Down stop
    turn_words: Collection[str]

    def load_scenario(
        self, path: Path, content: list[Path] | None, with_base: bool
    ) -> tuple[State | None, list[Diagnostic]]:
        """A scenario file set up as a game with its content (the game's own unless
        `with_base` is False, and the `content` folders: an expansion's), or None and the
        diagnostics that say why not."""
        ...

    def new_state(self, bundle: dict[str, Any], scenario: str) -> State:
        """The start of scenario `scenario` of a compiled bundle."""
        ...

    def split_line(self, text: str) -> list[str]:
        """The actions one script line holds, in order, each in the engine's words (most
        games: the line itself; Bossin' Space's `use CARD 2 2` is a use and two answers)."""
        ...

    def implied_action(self, state: State, text: str) -> tuple[str, str] | None:
        """The action a script may leave out before `text` here (Kemble: a solo player's
        sensor card), and why it is played: a few words for the log; None when there is none."""
        ...

    def suggest(self, state: State, text: str, commands: Sequence[str]) -> list[str]:
        """What a mistyped action may have meant (at most 3); `commands` are other words the
        line may hold (the interactive loop's). Nothing when the words are right: then the
        rules refused it, and a guess would mislead."""
        ...

    def action_help(self, state: State) -> Sequence[tuple[str, str]]:
        """Each action form (`fire [WEAPON]`) and what it does, one line each."""
        ...

    def state_json(self, state: State) -> dict[str, Any]:
        """The state as `kemble run --json` prints it (formats.md §5)."""
        ...

    def render_board(self, state: State, played: Sequence[Played]) -> str:
        """The state as text for people, lines ending in a line feed; `played` is the line
        that led to it (say, to show what this turn cost)."""
        ...

    def log_entry(self, played: Sequence[Played], index: int) -> LogEntry:
        """What the event log says of `played[index]`, from the notes its observer heard and
        the states before and after it."""
        ...

    def view(self, state: State, notes: list[tuple[Any, ...]]) -> dict[str, Any]:
        """What the site's replay viewer draws of `state`, reached by actions whose observer
        heard `notes`: JSON, put in the frame between the action and the state."""
        ...


class NotPlayable(LookupError):
    """A registered game without play hooks."""

    def __init__(self, info: GameInfo) -> None:
        super().__init__(f"{info.title} is registered, but `kemble run` cannot play it yet")
        self.info = info


def play_hooks(game_id: str | None) -> PlayHooks:
    """The play hooks of the game a file or bundle names (None: the game of the files that
    name none). Raises UnknownGame (with the known ids) or NotPlayable."""
    game = registry().game(game_id)
    found = hooks(game, "play")
    if found is None:
        raise NotPlayable(game.info)
    return found


@dataclass
class ScriptError(Exception):
    """An action the rules refuse, at a line of the script."""

    line: int
    action: str
    rule: str
    message: str
    legal: list[str] = field(default_factory=list)  # the legal actions at that point
    suggestions: list[str] = field(default_factory=list)  # what a typo may have meant

    def __str__(self) -> str:
        return f"line {self.line}: '{self.action}': {self.message} ({self.rule})"


def script_lines(text: str) -> list[tuple[int, str]]:
    """(line number, action) for every action line; `#` starts a comment. Only a line feed
    ends a line (`str.splitlines` would also split at a form feed or U+2028, turning the rest
    of a comment into an action)."""
    lines = []
    for number, raw in enumerate(text.split("\n"), start=1):
        action = " ".join(raw.split("#", 1)[0].split())
        if action:
            lines.append((number, action))
    return lines


def legal_words(state: State) -> list[str]:
    """The legal actions in words."""
    return [state.action_to_string(action) for action in state.legal_actions()]


def refusal(
    hooks: PlayHooks,
    state: State,
    line: int,
    action: str,
    exc: IllegalAction,
    commands: Sequence[str] = (),
) -> ScriptError:
    """A refused action with what may help: the legal actions now and, for a typo, guesses."""
    suggestions = hooks.suggest(state, action, commands)
    return ScriptError(line, action, exc.rule, exc.message, legal_words(state), suggestions)


@dataclass
class Recorder:
    """An observer that keeps every note the engine tells it, in order."""

    notes: list[tuple[Any, ...]] = field(default_factory=list)

    def record(self, notes: list[Any]) -> None:
        self.notes += notes


def play_words(state: State, text: str, line: int, why: str = "") -> Played:
    """One action given in words, played on a new state (`state` stays as it was); a refusal
    raises IllegalAction. `why` marks an action played for the player."""
    action = state.string_to_action(text)
    words = state.action_to_string(action)  # before playing it: the words may read the state
    recorder = Recorder()
    after = state.child(action, recorder)
    return Played(words, line, state, after, recorder.notes, bool(why), why)


def run_script(
    hooks: PlayHooks, state: State, text: str, observer: Observer | None = None
) -> State:
    """Play every line in place, each after the action it implies; raises ScriptError at the
    first one the rules refuse."""
    for number, action in script_lines(text):
        try:
            for part in hooks.split_line(action):
                implied = hooks.implied_action(state, part)
                if implied is not None:
                    state.apply_action(state.string_to_action(implied[0]), observer)
                state.apply_action(state.string_to_action(part), observer)
        except IllegalAction as exc:
            raise refusal(hooks, state, number, action, exc) from None
    return state
