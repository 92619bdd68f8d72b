"""A sweep's results as tables (CSV for a spreadsheet, Parquet for notebooks), the same bytes
for the same sweep: rows in grid order, no timings, fixed column types.

- simulations: one row per grid point (variant, players, policy): win rate per seat with its
  95 % Wilson interval and the game's figures of that seat, then the game's figures per game
  (its `Tally`'s columns: rounds, what destroyed players, …);
- distributions: the same points in long form (each of the tally's measures: value and count),
  for histograms;
- solutions: one row per scenario and content alternative: verdict, win probability and the
  difficulty metrics, with the change in win probability from the content as it is.
"""

from __future__ import annotations

import csv
import io
import math
from pathlib import Path
from typing import Any

from kemble_tools.fileio import write_atomic
from kemble_tools.sweep.run import Results
from kemble_tools.sweep.spec import BASE

MAX_SEATS = 5
Z95 = 1.959964


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + Z95**2 / (2 * trials)
    spread = Z95 * math.sqrt(p * (1 - p) / trials + Z95**2 / (4 * trials**2))
    scale = 1 + Z95**2 / trials
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def simulation_rows(results: Results) -> list[dict[str, Any]]:
    rows = []
    for point, tally in results.simulations.items():
        games = tally.games
        row: dict[str, Any] = {
            "variant": point.variant,
            "players": point.players,
            "policy": point.policy,
            "games": games,
        }
        for seat in range(MAX_SEATS):
            playing = seat < point.players
            low, high = wilson(tally.wins[seat], games) if playing else (None, None)
            row[f"p{seat + 1}_win_rate"] = round(tally.wins[seat] / games, 4) if playing else None
            row[f"p{seat + 1}_win_low"] = None if low is None else round(low, 4)
            row[f"p{seat + 1}_win_high"] = None if high is None else round(high, 4)
            row |= tally.seat_columns(seat)
        rows.append(row | tally.columns())
    return rows


def distribution_rows(results: Results) -> list[dict[str, Any]]:
    rows = []
    for point, tally in results.simulations.items():
        for measure, counts in tally.distributions().items():
            for value, count in sorted(counts.items(), key=lambda item: str(item[0]).zfill(6)):
                rows.append(
                    {
                        "variant": point.variant,
                        "players": point.players,
                        "policy": point.policy,
                        "measure": measure,
                        "value": str(value),
                        "count": count,
                    }
                )
    return rows


def solution_rows(results: Results) -> list[dict[str, Any]]:
    base = {
        row["scenario"]: row["win_probability"]
        for row in results.solutions
        if row["alternative"] == BASE
    }
    rows = []
    for row in results.solutions:
        before, after = base.get(row["scenario"]), row["win_probability"]
        change = None if before is None or after is None else round(after - before, 6)
        rows.append({**row, "win_probability_change": change})
    return rows


TYPES = {  # pyarrow type names of the core's columns; a game's are typed by their values
    "players": "int64", "games": "int64", "count": "int64",
    "effort": "int64", "winning_lines": "int64", "states": "int64", "limit_hit": "bool_",
}  # fmt: skip


def write_tables(results: Results, out: Path) -> list[Path]:
    """CSV and Parquet of each table that has rows; the paths written."""
    written = []
    for name, rows in (("simulations", simulation_rows(results)),
                       ("distributions", distribution_rows(results)),
                       ("solutions", solution_rows(results))):  # fmt: skip
        if not rows:
            continue
        write_atomic(out / f"{name}.csv", _csv(rows))
        write_atomic(out / f"{name}.parquet", _parquet(rows))
        written += [out / f"{name}.csv", out / f"{name}.parquet"]
    return written


def _csv(rows: list[dict[str, Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return buffer.getvalue()


def _parquet(rows: list[dict[str, Any]]) -> bytes:
    import pyarrow as pa
    import pyarrow.parquet as pq

    schema = pa.schema([(column, _arrow_type(column, rows)) for column in rows[0]])
    table = pa.Table.from_pylist(rows, schema=schema)
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd")
    return sink.getvalue().to_pybytes()


def _arrow_type(column: str, rows: list[dict[str, Any]]) -> Any:
    import pyarrow as pa

    if column in TYPES:
        return getattr(pa, TYPES[column])()
    sample = next((row[column] for row in rows if row[column] is not None), "")
    if isinstance(sample, bool):
        return pa.bool_()
    if isinstance(sample, int):
        return pa.int64()
    return pa.float64() if isinstance(sample, float) else pa.string()
