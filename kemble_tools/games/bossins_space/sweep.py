"""Bossin' Space's bots and balance (kemble_tools/sweep/hooks.py `SweepHooks`): the variants are
a level and a Boss (`normal/BOSS-1`), solo only until crew play is built; a chunk of seeded
whole games counted (bots.py); an alternative removes cards; `kemble stats` shows the mix of
the content (stats.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from kemble_tools.games.bossins_space import stats
from kemble_tools.games.bossins_space.bots import POLICIES, Tally, play_games
from kemble_tools.sweep.hooks import Plot, Problem, SimPoint, mcts_problem

Bundle = Mapping[str, Any]
REMOVABLE = ("enemies", "commands", "threats")
PLOTS = (
    Plot("rounds", "rounds", "Rounds a game lasted"),
    Plot("endings", "ending", "How games ended", ranking="games"),
)


@dataclass(frozen=True)
class BossinSweep:
    bots: Sequence[str] = POLICIES
    plots: Sequence[Plot] = PLOTS

    def variants(self, bundle: Bundle) -> list[str]:
        """Every level with every Boss, `normal/` and the first Boss first."""
        levels = [lv["id"] for lv in bundle["setup"]["levels"]]
        levels.sort(key=lambda level: level != "normal")
        return [f"{level}/{boss}" for level in levels for boss in sorted(bundle["bosses"])]

    def setup_problem(self, bundle: Bundle, variant: str, players: int) -> str | None:
        if variant not in self.variants(bundle):
            return f"no variant {variant!r}: a level and a Boss, such as normal/BOSS-1"
        if players != 1:
            return "only solo games can be played by bots yet (crew play is not built)"
        return None

    def bot_problem(self, bot: str) -> Problem | None:
        return mcts_problem(bot)

    def play(self, bundle: Bundle, point: SimPoint, seeds: range) -> Tally:
        return play_games(cast(dict[str, Any], bundle), point.variant, point.policy, seeds)

    def alter(self, bundle: dict[str, Any], change: Mapping[str, Any]) -> list[Problem]:
        """An alternative's card ids removed (Enemy, Command and Threat cards)."""
        found: list[Problem] = []
        for index, removed in enumerate(change.get("remove", [])):
            section = next((s for s in REMOVABLE if removed in bundle[s]), None)
            if section is None:
                message = f"no Enemy, Command or Threat card '{removed}'"
                found.append(Problem("sweep.unknown_id", message, path=("remove", index)))
                continue
            del bundle[section][removed]
        if change.get("replace"):
            message = "Bossin' Space alternatives can remove cards, not replace them"
            found.append(Problem("sweep.replace", message, path=("replace",)))
        return found

    def content_stats(self, bundle: Bundle) -> dict[str, Any]:
        return stats.content_stats(bundle)

    def stats_tables(self, figures: dict[str, Any], width: int | None = None) -> Any:
        return stats.render_tables(figures)

    def summary_tables(self, summary: Mapping[str, Any]) -> Any:
        from rich.console import Group
        from rich.table import Table

        head = (
            f"{summary['games']} solo games of {summary['variant']}, {summary['policy']} bot, "
            f"seeds {summary['seed']}–{summary['seed'] + summary['games'] - 1}: win rate "
            f"{summary['win_rate']['p1']:.1%}, {summary['mean_rounds']} rounds on average"
        )
        table = Table(title="How the games ended", title_justify="left")
        table.add_column("ending")
        table.add_column("games", justify="right")
        for part in filter(None, str(summary["endings"]).split("; ")):
            ending, games = part.split(": ")
            table.add_row(ending, games)
        return Group(head, table)


SWEEP = BossinSweep()
