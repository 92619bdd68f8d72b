"""`kemble run --interactive`: a scenario played by hand, to debug a card. Each action shows
what it did (the event log, playlog.py) and the board; `help`, `legal`, `board`, `log`,
`undo`, `save FILE` and `quit` are the loop's own commands. The loop reads through a function
like `input` and writes to a stream, so tests drive it with a list of lines."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from kemble_tools.engine.edges import ScriptError, legal_words
from kemble_tools.playlog import heading, log_lines
from kemble_tools.session import Session

EXIT_INTERRUPTED = 130  # as a shell reports Ctrl-C
COMMANDS = ("help", "?", "legal", "board", "log", "undo", "save", "quit", "exit")
_LOOP_HELP = (
    ("help, ?", "this list"),
    ("legal", "the actions the rules allow now"),
    ("board", ""),  # what the game's board shows (PlayHooks.board_help)
    ("log", "the event log so far: what each action did, round by round"),
    ("undo", "take back the last action (again for the one before it)"),
    ("save FILE", "write the actions so far as a script: kemble run SCENARIO --actions FILE"),
    ("quit, exit", "leave (so do Ctrl-D and Ctrl-C)"),
)


def help_text(actions: Sequence[tuple[str, str]], board: str) -> str:
    """The game's action forms (formats.md §4) and the loop's commands, one line each; `board`
    says what the board shows."""
    loop = [(word, what or board) for word, what in _LOOP_HELP]
    width = max(len(word) for word, _ in [*actions, *loop])
    lines = ["actions (formats.md §4):"]
    lines += [f"  {word.ljust(width)}  {what}" for word, what in actions]
    lines += ["commands:"]
    lines += [f"  {word.ljust(width)}  {what}" for word, what in loop]
    return "\n".join(lines) + "\n"


def refusal_lines(error: ScriptError) -> list[str]:
    """What helps after a refused action: a guess for a typo, and what is legal now."""
    lines = []
    if error.suggestions:
        lines.append("did you mean: " + " or ".join(f"'{s}'" for s in error.suggestions) + "?")
    lines.append("legal now: " + (", ".join(error.legal) or "nothing (the game is over)"))
    return lines


def terminal_input() -> Callable[[str], str]:
    """`input`, with line editing and history on a terminal."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (importing it is what turns it on)
    return input


class _Loop:
    def __init__(self, session: Session, out: TextIO, title: str) -> None:
        self.session, self.out, self.title = session, out, title
        self.saved = session.script(title)

    def say(self, *lines: str) -> None:
        self.out.write("".join(f"{line}\n" for line in lines))

    def show(self) -> None:
        state = self.session.state
        self.out.write(self.session.board())
        if state.is_terminal():
            self.say("the game is over: undo, save FILE, log, or quit")
        else:
            self.say("legal: " + ", ".join(legal_words(state)))

    def handle(self, line: str) -> bool:
        """One line; False when it asks to leave."""
        words = line.split("#", 1)[0].split()
        if not words:
            return True
        command, rest = words[0], " ".join(words[1:])
        if command in ("quit", "exit") and not rest:
            return False
        if command in ("help", "?"):
            hooks = self.session.hooks
            self.out.write(help_text(hooks.action_help(self.session.state), hooks.board_help))
        elif command == "legal" and not rest:
            self.say("legal: " + ", ".join(legal_words(self.session.state)))
        elif command == "board" and not rest:
            self.show()
        elif command == "log" and not rest:
            played = log_lines(self.session.hooks, self.session.played, "action")
            self.say(*(played or ["nothing played yet"]))
        elif command == "undo" and not rest:
            self.undo()
        elif command == "save":
            self.save(line.split("#", 1)[0].strip()[len("save") :].strip())
        else:
            self.play(" ".join(words))
        return True

    def play(self, action: str) -> None:
        try:
            done = self.session.play(action, commands=COMMANDS)
        except ScriptError as error:
            self.say(f"not allowed: {error.message} ({error.rule})", *refusal_lines(error))
            return
        played = self.session.played
        for index in range(len(played) - len(done), len(played)):
            if played[index].auto:
                self.say(heading(played[index]))
            happened = self.session.hooks.log_entry(played, index).happened
            self.say(*(f"  {line}" for line in happened))
        self.show()

    def undo(self) -> None:
        undone = self.session.undo()
        if undone is None:
            self.say("nothing to undo")
            return
        self.say(f"took back: {undone.words}")
        self.show()

    def save(self, name: str) -> None:
        if not name:
            self.say("save needs a file: save FILE")
            return
        path = Path(name).expanduser()
        try:
            self.session.save(path, self.title)
        except OSError as exc:
            self.say(f"cannot save to {path}: {exc.strerror or exc}")
            return
        self.saved = self.session.script(self.title)
        count = self.session.actions()
        self.say(f"saved {count} action{'s' * (count != 1)} to {path}")

    def leave(self) -> None:
        if self.session.script(self.title) != self.saved:
            self.say("(the actions since the last save are not saved: save FILE keeps them)")


def interact(session: Session, read: Callable[[str], str], out: TextIO, title: str = "") -> int:
    """Play until `quit` or the end of the input (exit code 0) or Ctrl-C (130). `title` heads
    a saved script."""
    loop = _Loop(session, out, title)
    loop.show()
    while True:
        try:
            if not loop.handle(read("> ")):
                break
        except EOFError:
            out.write("\n")
            break
        except KeyboardInterrupt:
            out.write("\ninterrupted\n")
            loop.leave()
            return EXIT_INTERRUPTED
        except UnicodeDecodeError:
            loop.say("that line is not UTF-8 text")
    loop.leave()
    return 0
