"""What balance sweeps (`kemble sweep`) and content figures (`kemble stats`) ask of a game (its
registry stage `sweep`, docs/games.md).

The core reads and checks the sweep file's grid (variants × player counts × bots × seeds;
scenarios × content alternatives), runs it on Dask, merges the tallies and writes the tables
and plots. The game says which variants and bots there are and whether a grid point can be
played, plays a chunk of seeded games from one point and counts them in its own `Tally`, and
applies an alternative's changes to its content. `kemble simulate` plays one point of such a
grid and shows its tally; `kemble stats` asks it for the content's figures.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from kemble_tools.core.registry import hooks, registry

Bundle = Mapping[str, Any]


@dataclass(frozen=True)
class SimPoint:
    """One point of the grid: what a chunk of games is played with."""

    variant: str
    players: int
    policy: str  # the bots' name


class Problem(NamedTuple):
    """Something the sweep file asks that the game cannot do: a diagnostic at `path`, under
    the part of the file the hook was given."""

    code: str
    message: str
    hint: str | None = None
    path: tuple[str | int, ...] = ()


@dataclass(frozen=True)
class Plot:
    """A plot of one of the tally's distributions (`Tally.distributions`): a histogram of its
    values, or (`ranking`) the values counted most, as bars."""

    name: str  # the file's name, without its suffix
    measure: str
    title: str
    ranking: str | None = None  # a ranking's axis label ("players destroyed")


class Tally(Protocol):
    """What a chunk of games adds up to. Tallies of separate chunks merge into the tally of
    all of them (`add`), in any order: a sweep's workers each play a chunk."""

    games: int
    wins: list[int]  # per seat

    def add(self, other: Any) -> Any:
        """This tally with `other`'s games counted in (it changes and returns this one)."""
        ...

    def seat_columns(self, seat: int) -> dict[str, Any]:
        """The simulations table's columns of a seat after its win rate (None where the
        seat did not play)."""
        ...

    def columns(self) -> dict[str, Any]:
        """The simulations table's columns after the seats' (rounds, causes, …)."""
        ...

    def distributions(self) -> dict[str, Mapping[Any, int]]:
        """Each measure's values and how often each came (the distributions table)."""
        ...

    def summary(self) -> dict[str, Any]:
        """The games summarised (`kemble simulate`, whose --json adds the variant, the first
        seed and the bots' name before it)."""
        ...


class SweepHooks(Protocol):
    """A game's bots and balance."""

    bots: Sequence[str]  # the bots' names, the first the default
    plots: Sequence[Plot]  # the tally's plots, after the win rates

    def variants(self, bundle: Bundle) -> Collection[str]:
        """The variants its bots can play, the default first (a sweep's, `kemble simulate`'s)."""
        ...

    def setup_problem(self, bundle: Bundle, variant: str, players: int) -> str | None:
        """Why a variant cannot be set up for that many players, or None."""
        ...

    def bot_problem(self, bot: str) -> Problem | None:
        """Why a bot cannot play here (a library it needs is not installed), or None."""
        ...

    def play(self, bundle: Bundle, point: SimPoint, seeds: range) -> Tally:
        """One game per seed (its set-up and the bots' dice all from it), counted."""
        ...

    def alter(self, bundle: dict[str, Any], change: Mapping[str, Any]) -> list[Problem]:
        """Apply a content alternative's own changes (all but its `add`) to `bundle`, a copy
        of the content; each problem at its path under `change`."""
        ...

    def content_stats(self, bundle: Bundle) -> dict[str, Any]:
        """The content's figures (`kemble stats --json`)."""
        ...

    def stats_tables(self, stats: dict[str, Any], width: int | None = None) -> Any:
        """The figures as Rich renderables fitting `width` columns (None: any width)."""
        ...

    def summary_tables(self, summary: Mapping[str, Any]) -> Any:
        """`kemble simulate`'s summary (the variant, seed and policy, then `Tally.summary`)
        for people: a Rich renderable."""
        ...


def mcts_problem(bot: str) -> Problem | None:
    """Why a game's `mcts` bot cannot play here: it runs on OpenSpiel, an optional extra."""
    if bot != "mcts":
        return None
    try:
        import pyspiel  # noqa: F401  (the optional `openspiel` extra)
    except ImportError:
        hint = "pip install 'kemble_tools[openspiel]'"
        return Problem("sweep.mcts", "the MCTS bot needs OpenSpiel", hint)
    return None


class NoSweep(LookupError):
    """The bundle's game has no bots."""


def sweep_hooks(bundle: Bundle) -> SweepHooks:
    """The sweep hooks of the game a bundle says it is (one that names none: the game of the
    files that name none)."""
    game = registry().game(bundle.get("game"))
    found = hooks(game, "sweep")
    if found is None:
        raise NoSweep(f"{game.info.title} has no bots and no balance figures yet")
    return found  # type: ignore[no-any-return]
