"""The machine: frames of steps on a stack inside the state, choices, chance, hook dispatch.

Everything here works on any state object with three attributes: `frames` (a tuple of Frame,
top last), `choice` (a pending Choice or None) and `outcome` (ONGOING while the game goes on).
All three are immutable values, so a state paused in the middle of an effect clones and
hashes like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, Protocol

CHANCE = -1  # the "player" who decides chance nodes, as in OpenSpiel
ONGOING = 0  # the outcome of a game that goes on
_new = tuple.__new__  # builds a Frame without a Python-level __new__ (the hot path)

Handler = Callable[[Any, Any, "Step", "Frame"], None]
Condition = Callable[[Any, Any, "Frame"], Any]


class Machine(Protocol):
    frames: tuple[Frame, ...]
    choice: Choice | None
    outcome: int


class Step:
    """One unit of work: a handler and its compiled arguments. Steps belong to a game and are
    compared by identity, so equal states hold the same step objects and hash alike."""

    __slots__ = ("args", "name", "run", "source")

    def __init__(self, name: str, run: Handler, args: Any, source: Any = None) -> None:
        self.name, self.run, self.args, self.source = name, run, args, source

    def __repr__(self) -> str:
        return f"Step({self.name})"


class Frame(NamedTuple):
    """Work still to do: `steps` from `pc` on, with the bindings of the event that started
    it, the quadrant hosting the effect (`host`, -1 for none), the player owning the card it
    came from (`owner`, -1 for none) and the value of the last answered choice."""

    steps: tuple[Step, ...]
    pc: int = 0
    bindings: tuple[Any, ...] = ()
    host: int = -1
    owner: int = -1
    chosen: Any = None

    def then(self, steps: tuple[Step, ...]) -> Frame:
        """A frame for nested steps (a branch, a choice's follow-up) in this frame's context."""
        return Frame(steps, 0, self.bindings, self.host, self.owner, self.chosen)


class Effect(NamedTuple):
    """A compiled effect: when its trigger fires and `condition` holds, run `steps`."""

    condition: Condition | None
    steps: tuple[Step, ...]
    trigger: str = ""


class Choice(NamedTuple):
    """A decision that must be taken before the game goes on: who decides (a player index, or
    CHANCE), what kind of thing is chosen, the values to choose from, and the frame that runs
    with the chosen value bound."""

    player: int
    kind: str
    values: tuple[Any, ...]
    then: Frame | None
    optional: bool = False


class RegistryError(Exception):
    """The handlers do not match the language they implement."""


class Registry:
    """Step handlers in two namespaces: `actions`, one per action of the effect language, and
    `steps`, the engine's own internal steps (turn order, scrolling, …), which content can
    never name."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.actions: dict[str, Handler] = {}
        self.steps: dict[str, Handler] = {}

    def action(self, name: str) -> Callable[[Handler], Handler]:
        return self._register(self.actions, name)

    def step(self, name: str) -> Callable[[Handler], Handler]:
        return self._register(self.steps, name)

    def _register(self, table: dict[str, Handler], name: str) -> Callable[[Handler], Handler]:
        def decorate(handler: Handler) -> Handler:
            if name in table:
                raise RegistryError(f"{self.name}: '{name}' has two handlers")
            table[name] = handler
            return handler

        return decorate

    def check(self, vocabulary: Iterable[str]) -> None:
        """Every action of the language has a handler, and every handler an action."""
        words = set(vocabulary)
        missing = sorted(words - set(self.actions))
        unknown = sorted(set(self.actions) - words)
        if missing or unknown:
            raise RegistryError(
                f"{self.name}: actions without a handler: {', '.join(missing) or 'none'}; "
                f"handlers for no action: {', '.join(unknown) or 'none'}"
            )


class Steps:
    """The engine's internal steps of one game, made once and shared (see Step)."""

    def __init__(self, registry: Registry) -> None:
        self._handlers = registry.steps
        self._made: dict[tuple[Any, ...], Any] = {}

    def __call__(self, name: str, *args: Any) -> Step:
        key = (name, *args)
        step = self._made.get(key)
        if step is None:
            step = self._made[key] = Step(name, self._handlers[name], args)
        return step

    def frame(self, name: str, *args: Any) -> Frame:
        """A frame of that one step (frames are values, so one serves every state)."""
        key = ("frame", name, *args)
        made = self._made.get(key)
        if made is None:
            made = self._made[key] = Frame((self(name, *args),))
        return made  # type: ignore[return-value]


def push(state: Machine, frame: Frame) -> None:
    """Work that runs next, before whatever was waiting."""
    if frame.steps:
        state.frames = (*state.frames, frame)


def push_below(state: Machine, frame: Frame) -> None:
    """Work that runs after everything already waiting."""
    if frame.steps:
        state.frames = (frame, *state.frames)


def run_after(game: Any, state: Machine, frame: Frame, mark: int) -> None:
    """Run `frame` after the work pushed since the stack had `mark` frames, and before what
    was waiting then. When nothing is waiting at all, a one-step frame runs at once: the loop
    would run it next anyway, and this saves its trip through the stack."""
    frames = state.frames
    if (
        mark == 0
        and not frames
        and len(frame.steps) == 1
        and state.choice is None
        and state.outcome == ONGOING
    ):
        step = frame.steps[0]
        step.run(game, state, step, frame)
    elif frame.steps:
        state.frames = (*frames[:mark], frame, *frames[mark:])


def ask(state: Machine, choice: Choice) -> None:
    state.choice = choice


def answer(state: Machine, value: Any) -> None:
    """Take the pending choice's answer: its follow-up runs with `chosen` bound to `value`."""
    choice = state.choice
    state.choice = None
    if choice is not None and choice.then is not None:
        then = choice.then
        push(state, Frame(then.steps, then.pc, then.bindings, then.host, then.owner, value))


def push_effects(
    game: Any,
    state: Machine,
    effects: tuple[Effect, ...],
    bindings: tuple[Any, ...],
    host: int = -1,
    owner: int = -1,
) -> None:
    """Hook dispatch: the effects whose condition holds now run in the order written. Every
    condition is decided before any of them acts."""
    push_all(state, arm_effects(game, state, effects, bindings, host, owner))


def arm_effects(
    game: Any,
    state: Machine,
    effects: tuple[Effect, ...],
    bindings: tuple[Any, ...],
    host: int = -1,
    owner: int = -1,
) -> list[Frame]:
    """Hook dispatch decided now and pushed later (`push_all`): for an event whose hooks must
    judge the world before the rules change it further."""
    frames = []
    notes = getattr(state, "notes", None)  # a watching observer's (observer.py), else None
    mark = len(notes) if notes is not None else 0
    for effect in reversed(effects):
        frame = _new(Frame, (effect.steps, 0, bindings, host, owner, None))
        if effect.condition is None or effect.condition(game, state, frame):
            frames.append(frame)
            if notes is not None:  # for the event log: which effect fired, from where
                notes.insert(mark, ("effect", effect.trigger, host, owner, bindings, effect.steps))
    return frames


def push_all(state: Machine, frames: list[Frame]) -> None:
    if frames:
        state.frames = (*state.frames, *frames)


def run(game: Any, state: Machine) -> None:
    """Run waiting work until a choice is pending, the stack is empty or the game is over."""
    while state.frames and state.choice is None and state.outcome == ONGOING:
        frames = state.frames
        frame = frames[-1]
        steps, pc = frame[0], frame[1]  # Frame's fields by position: this loop is the hot path
        if pc + 1 < len(steps):
            rest = _new(Frame, (steps, pc + 1, frame[2], frame[3], frame[4], frame[5]))
            state.frames = (*frames[:-1], rest)
        else:
            state.frames = frames[:-1]
        step = steps[pc]
        step.run(game, state, step, frame)
