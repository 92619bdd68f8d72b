"""A sweep's plots, for reading balance at a glance (matplotlib, SVG and PNG, deterministic).

Each plot is drawn from the same rows as the tables (`tables.py`), so a plot and its table
never disagree; `figures()` returns the figures for tests to read their data back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kemble_tools.sweep.run import Results
from kemble_tools.sweep.tables import distribution_rows, simulation_rows, solution_rows

SEAT_COLOURS = ("#2458b3", "#d1495b", "#edae49", "#00798c", "#66a182")


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "kemble"  # the same ids in every SVG
    matplotlib.rcParams["font.family"] = "DejaVu Sans"
    import matplotlib.pyplot as plt

    return plt


def figures(results: Results) -> dict[str, Any]:
    """name -> figure, for the plots this sweep has data for."""
    found = {}
    sims = simulation_rows(results)
    if sims:
        found["win-rate"] = _win_rates(sims)
        dists = distribution_rows(results)
        for plot in results.plots:
            found[plot.name] = (
                _ranking(dists, plot.measure, plot.title, plot.ranking)
                if plot.ranking
                else _histograms(dists, plot.measure, plot.title)
            )
    solved = solution_rows(results)
    if len({row["alternative"] for row in solved}) > 1:
        found["alternatives"] = _alternatives(solved)
    return found


def write_plots(results: Results, out: Path) -> list[Path]:
    plt = _pyplot()
    written = []
    out.mkdir(parents=True, exist_ok=True)
    for name, figure in figures(results).items():
        for suffix in ("svg", "png"):
            target = out / f"{name}.{suffix}"
            metadata = {"Date": None} if suffix == "svg" else {"Software": None}
            figure.savefig(target, format=suffix, dpi=100, metadata=metadata)
            written.append(target)
        plt.close(figure)
    return written


def _label(row: dict[str, Any]) -> str:
    return f"{row['variant']} · {row['policy']}"


def _win_rates(rows: list[dict[str, Any]]) -> Any:
    """Grouped bars: for each player count (and variant and bot), each seat's win rate with
    its 95 % interval; the dashed line is an even share."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(max(6, 1.6 * len(rows)), 4.2))
    width = 0.16
    labelled: set[int] = set()
    for index, row in enumerate(rows):
        players = row["players"]
        for seat in range(players):
            rate = row[f"p{seat + 1}_win_rate"]
            low, high = row[f"p{seat + 1}_win_low"], row[f"p{seat + 1}_win_high"]
            x = index + (seat - (players - 1) / 2) * width
            label = None if seat in labelled else f"seat {seat + 1}"
            labelled.add(seat)
            axes.bar(x, rate, width * 0.9, color=SEAT_COLOURS[seat], label=label,
                     gid=f"bar-{index}-{seat}")  # fmt: skip
            axes.errorbar(x, rate, yerr=[[rate - low], [high - rate]], color="#1d2433",
                          capsize=2, linewidth=0.8)  # fmt: skip
        axes.hlines(1 / players, index - 0.45, index + 0.45, colors="#5b6478", linestyles="dashed")
    axes.set_xticks(range(len(rows)), [f"{r['players']} players\n{_label(r)}" for r in rows])
    axes.set_ylabel("win rate (95 % interval)")
    axes.set_ylim(0, 1)
    axes.set_title("Win rate by seat and player count")
    axes.legend(loc="upper right", fontsize=8)
    figure.tight_layout()
    return figure


def _histograms(rows: list[dict[str, Any]], measure: str, title: str) -> Any:
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(7, 4.2))
    groups: dict[str, dict[int, int]] = {}
    for row in rows:
        if row["measure"] == measure:
            name = f"{row['players']}p {_label(row)}"
            groups.setdefault(name, {})[int(row["value"])] = row["count"]
    for name, counts in groups.items():
        total = sum(counts.values())
        xs = sorted(counts)
        axes.step(xs, [counts[x] / total for x in xs], where="mid", label=name)
    axes.set_xlabel(title.lower())
    axes.set_ylabel("share")
    axes.set_title(f"Distribution: {title.lower()}")
    axes.legend(fontsize=8)
    figure.tight_layout()
    return figure


def _ranking(rows: list[dict[str, Any]], measure: str, title: str, axis: str, n: int = 12) -> Any:
    """The values of a measure counted most, summed over the sweep (the cards that destroyed
    players most)."""
    plt = _pyplot()
    totals: dict[str, int] = {}
    for row in rows:
        if row["measure"] == measure:
            totals[row["value"]] = totals.get(row["value"], 0) + row["count"]
    ranked = sorted(totals.items(), key=lambda item: (-item[1], item[0]))[:n]
    figure, axes = plt.subplots(figsize=(7, 0.35 * max(len(ranked), 3) + 1.2))
    names = [name for name, _ in ranked][::-1]
    axes.barh(names, [count for _, count in ranked][::-1], color="#d1495b")
    axes.set_xlabel(axis)
    axes.set_title(title)
    figure.tight_layout()
    return figure


def _alternatives(rows: list[dict[str, Any]]) -> Any:
    """Win probability per scenario for the content as it is and for each alternative."""
    plt = _pyplot()
    scenarios = sorted({row["scenario"] for row in rows})
    alternatives = sorted({row["alternative"] for row in rows}, key=lambda a: (a != "base", a))
    figure, axes = plt.subplots(figsize=(max(6, 1.2 * len(scenarios)), 4.2))
    width = 0.8 / len(alternatives)
    value = {(r["scenario"], r["alternative"]): r["win_probability"] for r in rows}
    for a_index, alternative in enumerate(alternatives):
        xs = [i + (a_index - (len(alternatives) - 1) / 2) * width for i in range(len(scenarios))]
        heights = [value.get((s, alternative)) or 0.0 for s in scenarios]
        axes.bar(xs, heights, width * 0.9, label=alternative)
    axes.set_xticks(range(len(scenarios)), scenarios)
    axes.set_ylim(0, 1.05)
    axes.set_ylabel("win probability")
    axes.set_title("Before and after: win probability per scenario")
    axes.legend(fontsize=8)
    figure.tight_layout()
    return figure
