"""What a game gives the solver (the registry's stage "solver", docs/games.md).

The search, its table, the witness, the analysis and the runner are the core's (search.py,
solver.py, graph.py, runner.py); a game says what they cannot know: what a node of its
round-level graph is, the canonical key with the resources that can only help, which actions to
try first, how `kemble run` plays a script, and how a position is drawn for people.

The player is player 0 of a single-player scenario; a game over is won when its `returns()[0]`
is 1 (a solo game's returns are 1 for a win and 0 otherwise).

A SoloGame may also have, and the search uses when it does (docs/games.md):
- `hopeless(state) -> bool`: sound bounds proving a state lost, so the search need not try it
  (Kemble's: the boss cannot fall in time, the ship cannot survive its turn), with
  `bounds_off`, why the bounds are off for this content (None when they are on);
- `cache_bytes() -> int`: the memory the game keeps for reuse while a search runs (such as its
  bounds' answers), which the search's memory limit counts with its table;
- `effort_bands`: the effort (states to a first win) below which a scenario is easy, medium,
  when the game's search needs fewer states than the core's default bands assume.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, Protocol

from kemble_tools.core.registry import GamePlugin, hooks, registry
from kemble_tools.engine.api import State

# How a script word begins a line of the narrated witness (`SoloGame.line_start`).
STEP, TURN = "step", "turn"


class SoloGame(Protocol):
    """One scenario's game as the solver sees it (the game's own object, made by
    `SolverHooks.solo_game`)."""

    scenario: Mapping[str, Any]  # as the bundle holds it (its `expect`, …)
    chance: bool  # some chance is left open: the states have chance nodes
    margin_name: str  # what `margin` measures ("energy"): the analysis's `<name>_margin`
    # what the game's report gives at its top level besides the core's keys, from the
    # analysis or `chance` (Bossin' Space's contract: its margins, the rounds, the game)
    top_level: tuple[str, ...]

    def new_initial_state(self) -> State:
        """The start, chance left open as the game was made."""
        ...

    def seeded_state(self) -> State:
        """The start as `kemble run` plays the scenario (chance drawn from its seed)."""
        ...

    def is_node(self, state: State) -> bool:
        """A node of the round-level graph: a round begins, chance draws, or the game is over.
        Rounds only go forward, so the graph is acyclic."""
        ...

    def round_of(self, state: State) -> int: ...

    def margin(self, state: State) -> int:
        """What the player has left (more is safer): the least of it along the best line is
        the analysis's margin."""
        ...

    def split(self, state: State) -> tuple[bytes, tuple[int, ...], tuple[int, ...]]:
        """The canonical key in parts: (board, resources, hand). Equal parts: the same future
        as far as winning goes. With one board, more of every resource (and a hand that holds
        the other's, as a multiset) is never worse; a game with nothing to compare gives
        (key, (), ())."""
        ...

    def ordered(self, state: State) -> list[int]:
        """The legal actions, those most likely to win first (the search tries them so)."""
        ...

    def promise(self, state: State) -> tuple[float, ...]:
        """How promising a node a round reaches looks (smaller first): after a quick first
        look, the search tries the most promising first."""
        ...

    def seeded_draws(self) -> Callable[[State, State], int]:
        """For a line played from the start with chance open: (state, previous) -> the
        outcome that `kemble run`'s draws from the scenario's seed give at this chance node."""
        ...

    def fixed_chance(self, most: int) -> tuple[Iterator[SoloGame], int | None]:
        """The scenario with no chance left, once per order of what chance draws: every order
        and their count when there are at most `most`, otherwise `most` samples and None."""
        ...

    def prepare(self, state: State, word: str) -> None:
        """What `kemble run` plays by itself before the script line `word` (such as a step a
        solo script may leave out); the line itself is then `state.string_to_action`."""
        ...

    def line_start(self, state: State, word: str) -> str | None:
        """How the narrated witness lays out `word`, about to be played on `state`: None
        continues the line; STEP begins a line; TURN begins the line of the round's turn,
        before which a critical round's position is drawn."""
        ...

    def draw(self, state: State) -> list[str]:
        """The position as lines of text, for people."""
        ...

    def witness_figures(self, words: list[str]) -> dict[str, Any]:
        """Figures the game reads off its witness replayed from `seeded_state` (Bossin'
        Space: `heat_margin`, the highest heat along the line); {} for none. They join the
        analysis, where a `<name>_margin` is reported like the margin."""
        ...


class SolverHooks(Protocol):
    """A game's `solver` attribute."""

    def solo_game(
        self, bundle: dict[str, Any], scenario: dict[str, Any], open_chance: bool
    ) -> SoloGame:
        """Scenario `scenario` of `bundle`. With `open_chance`, what the scenario leaves to
        chance is drawn at chance nodes; otherwise from the scenario's seed, as `kemble run`
        plays it."""
        ...

    def not_solvable(self, scenario: Mapping[str, Any]) -> str | None:
        """Why the solver cannot take this scenario (Bossin' Space: a crew scenario is for
        `kemble run` only), or None."""
        ...

    def reach(self, bundle: dict[str, Any], name: str) -> dict[str, Any]:
        """The bundle cut down to what scenario `name`'s game can read: the solver's whole
        input, hashed by the solution cache (the bundle itself will do)."""
        ...


class NoSolver(LookupError):
    """The bundle's game has no solver hooks."""


def game_of(bundle: Mapping[str, Any]) -> GamePlugin:
    """The game a bundle says it is (a bundle that names none: the game of such files)."""
    return registry().game(bundle.get("game"))


def solver_of(bundle: Mapping[str, Any]) -> SolverHooks:
    game = game_of(bundle)
    found = hooks(game, "solver")
    if found is None:
        raise NoSolver(f"{game.info.title} has no solver: its scenarios cannot be solved")
    return found  # type: ignore[no-any-return]


def not_solvable(bundle: dict[str, Any], names: list[str]) -> dict[str, str]:
    """The scenarios among `names` the bundle's game cannot solve, with why."""
    hooks_ = solver_of(bundle)
    found = {name: hooks_.not_solvable(bundle["scenarios"][name]) for name in names}
    return {name: why for name, why in found.items() if why is not None}


def solo_game(
    bundle: dict[str, Any], scenario: dict[str, Any], open_chance: bool = False
) -> SoloGame:
    """`scenario`'s game, made by the bundle's game (SolverHooks.solo_game)."""
    return solver_of(bundle).solo_game(bundle, scenario, open_chance)


def won(state: State) -> bool:
    """A game over the player won (module docstring)."""
    return state.returns()[0] == 1.0
