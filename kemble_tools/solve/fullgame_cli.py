"""`kemble solve --variant V [--boss ID]`, and scenarios whose deck is shuffled: whole solo
games (fullgame.py), the command line's half: what was asked checked, a progress bar, the
table for people and the JSON (formats.md §6, "Whole games")."""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from kemble_tools.diagnostics import did_you_mean
from kemble_tools.solve.fullgame import MAX_SAMPLES, SAMPLES, STATES, Estimate, estimate
from kemble_tools.solve.hooks import NoSolver, solver_of

SCHEDULERS = ("local", "threads", "sync")  # or tcp://HOST:PORT, as `kemble sweep` takes


class Refused(ValueError):
    """What was asked cannot be answered: the message says why (exit 1)."""


@dataclass(frozen=True)
class WholeGames:
    """How whole games are estimated: the options of `kemble solve` that only they read."""

    samples: int = SAMPLES
    seed: int | None = None  # None: the scenario's own seed (0 for the rules' setup)
    limit_states: int | None = None  # None: STATES
    scheduler: str = "local"
    workers: int | None = None

    def problem(self) -> str | None:
        """Why these options cannot be used (exit 1), or None."""
        if not 1 <= self.samples <= MAX_SAMPLES:
            return f"--samples {self.samples}: give 1 to {MAX_SAMPLES:,} deals"
        if self.seed is not None and self.seed < 0:
            return f"--seed {self.seed}: seeds are 0 or more"
        return None


def usage_problem(scheduler: str) -> str | None:
    """A --scheduler that is none of those Dask can run (exit 2), or None."""
    if scheduler in SCHEDULERS or scheduler.startswith(("tcp://", "tls://")):
        return None
    return f"--scheduler: one of {', '.join(SCHEDULERS)} or tcp://HOST:PORT"


def rules_game(
    bundles: list[dict[str, Any]], variant: str, boss: str | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The bundle whose game has `variant`, and the scenario of a whole game of it against
    `boss` (the rules' own setup). Refused says what is wrong."""
    for bundle in bundles:
        if variant not in bundle.get("variants", {}):
            continue
        try:
            make = getattr(solver_of(bundle), "whole_game", None)
        except NoSolver as exc:
            raise Refused(str(exc)) from None
        if make is None:
            raise Refused(f"the game of variant '{variant}' has no whole solo games to solve")
        try:
            return bundle, make(bundle, variant, boss)
        except ValueError as exc:
            raise Refused(str(exc)) from None
    known = sorted({v for bundle in bundles for v in bundle.get("variants", {})})
    hint = did_you_mean(variant, tuple(known))
    raise Refused(
        f"unknown variant '{variant}'" + (f" ({hint})" if hint else "")
        + f"; the content has {', '.join(known) or 'none'}"
    )  # fmt: skip


def run_whole(
    bundle: dict[str, Any], scenario: Mapping[str, Any], name: str | None, options: WholeGames
) -> Estimate:
    """The estimate, with a progress bar on the terminal (deals done, verdicts so far)."""
    seed = options.seed if options.seed is not None else int(scenario.get("seed", 0))
    columns = [
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total} deals"),
        TextColumn("{task.fields[tally]}"),
        TimeElapsedColumn(),
    ]
    shown = Console(stderr=True)
    counts = {"solvable": 0, "unsolvable": 0, "unknown": 0, "bot won": 0}
    with Progress(*columns, transient=True, console=shown, disable=not shown.is_terminal) as bar:
        task = bar.add_task(name or "whole game", total=options.samples, tally="")

        def done(count: int, result: dict[str, Any]) -> None:
            counts[result["verdict"]] += 1
            counts["bot won"] += bool(result["bot_won"])
            tally = ", ".join(f"{what} {n}" for what, n in counts.items())
            bar.update(task, completed=count, tally=tally)

        return estimate(
            bundle,
            scenario,
            name,
            options.samples,
            seed,
            options.limit_states or STATES,
            scheduler=options.scheduler,
            workers=options.workers,
            done=done,
        )


def print_estimate(found: Estimate) -> None:
    """The estimate for people: what was played, the two bounds, and what they mean."""
    console = Console() if sys.stdout.isatty() else Console(width=120)
    data = found.to_json()
    title = f"{found.scenario}, {found.title}" if found.scenario else found.title
    sys.stdout.write(
        f"Whole game: {title}: {_deals(found.samples)} (seeds {found.seed}–"
        f"{found.seed + found.samples - 1}), each solved within {found.limit_states:,} engine "
        f"states and played by the {found.policy} bot\n"
    )
    table = Table(title_justify="left")
    for column in ("bound", "deals", "share", "95 % interval"):
        table.add_column(column, justify="left" if column == "bound" else "right")
    upper, lower = data["upper_bound"], data["lower_bound"]
    verdicts = data["verdicts"]
    rows = [
        ("upper: solved, every order known", upper["maybe_won"], upper),
        (f"lower: the {found.policy} bot", lower["won"], lower),
    ]
    for label, hits, bound in rows:
        low, high = bound["interval"]
        table.add_row(
            label, f"{hits} of {found.samples}", _percent(bound["share"]),
            f"{_percent(low, math.floor)} – {_percent(high, math.ceil)}",
        )  # fmt: skip
    console.print(table)
    low, high = data["win_probability_between"]
    sys.stdout.write(
        f"solved: {verdicts['solvable']} solvable, {verdicts['unsolvable']} unsolvable, "
        f"{verdicts['unknown']} unknown (counted as maybe won); "
        f"{data['states']:,} engine states\n"
        f"A player who does not know the decks' order wins, playing as well as possible, "
        f"between {_percent(low, math.floor)} and {_percent(high, math.ceil)} of these games "
        "(each end a one-sided "
        "97.5 % bound: both hold together at least 95 % of the time).\n"
    )
    sys.stderr.write(f"{_deals(found.samples)} in {found.seconds:.0f} s\n")


def _deals(count: int) -> str:
    return f"{count} deal{'s' if count != 1 else ''}"


def _percent(share: float, rounded: Callable[[float], float] = round) -> str:
    """A share in per cent to a tenth; an interval's ends are rounded outward."""
    return f"{rounded(round(1000 * share, 6)) / 10:.1f} %"  # 6 places: no float noise
