"""Kemble's Cascade's bots and balance (kemble_tools/sweep/hooks.py `SweepHooks`): its variants,
whether one can be set up for a player count, the bots (the MCTS bot needs OpenSpiel), a chunk
of seeded games counted in its `Tally` (glory, rounds, causes of destruction), an alternative's
changes to the content (ids removed, space cards given new quadrants), `kemble simulate`'s
summary for people, and `kemble stats`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from kemble_tools.diagnostics import did_you_mean
from kemble_tools.games.kembles_cascade import stats
from kemble_tools.games.kembles_cascade.engine.errors import SetupError
from kemble_tools.games.kembles_cascade.engine.game import Game
from kemble_tools.games.kembles_cascade.engine.setup import variant_setup
from kemble_tools.games.kembles_cascade.engine.simulate import POLICIES, Tally, play_games
from kemble_tools.sweep.hooks import Plot, Problem, SimPoint, mcts_problem

Bundle = Mapping[str, Any]
REMOVABLE = ("upgrades", "powerups", "missions", "achievements")  # what an alternative removes
PLOTS = (
    Plot("rounds", "rounds", "Rounds a game lasted"),
    Plot("final-glory", "final_glory", "Final glory of a player"),
    Plot("top-cards", "card", "Cards that destroy players most", ranking="players destroyed"),
)

_GAMES: dict[tuple[int, str, int], Game] = {}  # per worker: (bundle, variant, players) -> Game


@dataclass(frozen=True)
class KembleSweep:
    bots: Sequence[str] = POLICIES
    plots: Sequence[Plot] = PLOTS

    def variants(self, bundle: Bundle) -> list[str]:
        """The content's variants, the standard game (the default) first."""
        return sorted(bundle["variants"], key=lambda name: name != "standard")

    def setup_problem(self, bundle: Bundle, variant: str, players: int) -> str | None:
        try:
            variant_setup(cast(dict[str, Any], bundle), variant, players)
        except SetupError as error:
            return str(error)
        return None

    def bot_problem(self, bot: str) -> Problem | None:
        return mcts_problem(bot)

    def play(self, bundle: Bundle, point: SimPoint, seeds: range) -> Tally:
        """The Game (the bundle's typed tables) is built once per worker and variant, not once
        per chunk."""
        key = (id(bundle), point.variant, point.players)
        if key not in _GAMES:
            if len(_GAMES) > 16:
                _GAMES.clear()
            # the bundle itself: the Game keeps its compiled effects by the bundle's id
            content = cast(dict[str, Any], bundle)
            _GAMES[key] = Game.from_variant(content, point.variant, point.players)
        return play_games(_GAMES[key], point.policy, seeds)

    def alter(self, bundle: dict[str, Any], change: Mapping[str, Any]) -> list[Problem]:
        return alter(bundle, change)

    def content_stats(self, bundle: Bundle) -> dict[str, Any]:
        return stats.content_stats(cast(dict[str, Any], bundle))

    def stats_tables(self, figures: dict[str, Any], width: int | None = None) -> Any:
        return stats.render_tables(figures, width)

    def summary_tables(self, summary: Mapping[str, Any]) -> Any:
        return summary_tables(summary)


SWEEP = KembleSweep()


def summary_tables(summary: Mapping[str, Any]) -> Any:
    """`kemble simulate`'s summary: a line of averages, then the seats, the causes of
    destruction and the cards that destroyed players most, as tables."""
    from rich.console import Group  # Rich only for the people who read it
    from rich.table import Table

    shown: list[Any] = [
        f"{summary['games']} games of {summary['variant']}, {summary['players']} "
        f"player(s), {summary['policy']} bots, seeds {summary['seed']}–"
        f"{summary['seed'] + summary['games'] - 1}: {summary['average_rounds']} rounds "
        f"and {summary['destructions_per_game']} destructions a game on average"
    ]
    if summary["unfinished_games"]:
        shown.append(
            f"warning: {summary['unfinished_games']} games did not end within the action limit "
            "(their figures are of the game so far)"
        )
    seats = Table(title="Seats", title_justify="left")
    for column in ("seat", "win rate", "average glory"):
        seats.add_column(column, justify="right")
    for seat, rate in summary["win_rate"].items():
        seats.add_row(seat, f"{rate:.1%}", str(summary["average_glory"][seat]))
    shown.append(seats)
    for title, key in (
        ("Causes of destruction", "causes_of_destruction"),
        ("Cards that destroyed players most", "cards_that_destroyed_most"),
    ):
        table = Table(title=title, title_justify="left")
        table.add_column("what")
        table.add_column("times", justify="right")
        for what, times in summary[key].items():
            table.add_row(what, str(times))
        shown.append(table)
    return Group(*shown)


def alter(bundle: dict[str, Any], change: Mapping[str, Any]) -> list[Problem]:
    """An alternative's ids removed (upgrades, power-ups, missions, achievements: none that the
    rest of the content still names) and space cards given new quadrants."""
    found: list[Problem] = []
    for index, removed in enumerate(change.get("remove", [])):
        section = next((s for s in REMOVABLE if removed in bundle[s]), None)
        if section is None:
            known = {k: 1 for s in REMOVABLE for k in bundle[s]}
            found.append(_unknown(("remove", index), "id", removed, known))
            continue
        del bundle[section][removed]
        if (user := _still_used(bundle, removed)) is not None:
            message = f"'{removed}' cannot be removed: {user} still names it"
            found.append(Problem("sweep.still_used", message, path=("remove", index)))
    for card_id, card in change.get("replace", {}).items():
        path = ("replace", card_id)
        if card_id not in bundle["cards"]:
            found.append(_unknown(path, "space card", card_id, bundle["cards"]))
            continue
        for index, quadrant in enumerate(card["quadrants"]):
            if quadrant.get("object") not in bundle["objects"]:
                where = (*path, "quadrants", index, "object")
                kind = str(quadrant.get("object"))
                found.append(_unknown(where, "object kind", kind, bundle["objects"]))
        bundle["cards"][card_id]["quadrants"] = [dict(q) for q in card["quadrants"]]
    return found


def _still_used(bundle: Bundle, removed: str) -> str | None:
    """Where the rest of the content still names a removed id (a variant's rules, a
    scenario's power-ups or starting upgrades), as 'variants/standard/rules/...'."""
    for section in ("variants", "scenarios"):
        for name, entry in bundle[section].items():
            if (where := _find(entry, removed)) is not None:
                return f"{section}/{name}{where}"
    return None


def _find(value: Any, wanted: str, path: str = "") -> str | None:
    if value == wanted:
        return path
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, item in items:
        if key == wanted:
            return f"{path}/{key}"
        if (found := _find(item, wanted, f"{path}/{key}")) is not None:
            return found
    return None


def _unknown(path: tuple[Any, ...], what: str, name: str, known: Any) -> Problem:
    hint = did_you_mean(name, tuple(known))
    return Problem("sweep.unknown", f"unknown {what} '{name}'", hint, path)
