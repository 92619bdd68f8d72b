"""`kemble sweep`: checked sweep files, the same bytes for any number of Dask workers, a killed
worker's chunk re-run and counted once, plots whose data are the tables', and smarter bots."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import Counter
from pathlib import Path

import pytest
from cli_helpers import kemble

from kemble_tools.games.kembles_cascade.engine.game import Game
from kemble_tools.games.kembles_cascade.engine.simulate import play_games
from kemble_tools.sweep.run import run_sweep, tasks_of
from kemble_tools.sweep.spec import read_sweep
from kemble_tools.sweep.tables import simulation_rows, solution_rows, wilson, write_tables

from engine_helpers import base_bundle

SMALL = """\
kind: sweep
simulate:
  variants: [standard]
  players: [2, 3]
  policies: [random]
  games: 48
  seed: 7
  chunk: 8
solve:
  scenarios: [solo-07]
  limit_seconds: 30
  alternatives:
    - name: no_shield
      remove: [shield]
"""


def _spec(folder: Path, text: str = SMALL, name: str = "sweep.yaml") -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _outputs(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


# --- the sweep file ---------------------------------------------------------------------------

BAD = [
    ("policies: [random]", "policies: [randm]", "schema.enum", 5),
    ("variants: [standard]", "variants: [standrd]", "sweep.unknown", 3),
    ("scenarios: [solo-07]", "scenarios: [solo-77]", "sweep.unknown", 10),
    ("remove: [shield]", "remove: [sheild]", "sweep.unknown", 14),
    ("remove: [shield]", "remove: [rotary_cage]", "sweep.still_used", 14),
    ("players: [2, 3]", "players: [2, 6]", "schema.range", 4),
    ("players: [2, 3]", "players: [1, 3]", "sweep.players", 4),
    ("games: 48", "games: 9000000", "sweep.too_many_tasks", 8),  # 2 points × chunks of 8
]


@pytest.mark.parametrize(("old", "new", "code", "line"), BAD, ids=[b[1] for b in BAD])
def test_a_bad_sweep_file_gives_a_positioned_diagnostic(
    tmp_path: Path, old: str, new: str, code: str, line: int
) -> None:
    sweep, problems = read_sweep(_spec(tmp_path, SMALL.replace(old, new)))
    assert sweep is None
    assert code in {p.code for p in problems}
    (problem,) = [p for p in problems if p.code == code]
    assert problem.line == line and problem.file.endswith("sweep.yaml")


def test_replace_and_add_are_checked_where_they_are_written(tmp_path: Path) -> None:
    text = SMALL.replace(
        "      remove: [shield]\n",
        "      replace:\n        S1-02: {quadrants: [{object: fightr}, {object: empty}]}\n"
        "      add: [nowhere]\n",
    )
    sweep, problems = read_sweep(_spec(tmp_path, text))
    assert sweep is None
    assert [(p.code, p.line) for p in problems] == [("sweep.path", 16)]
    sweep, problems = read_sweep(_spec(tmp_path, text.replace("      add: [nowhere]\n", "")))
    assert [(p.code, p.line, p.hint) for p in problems] == [
        ("sweep.unknown", 15, "did you mean 'fighter'?")
    ]


def test_the_cli_reports_a_bad_file_and_exits_1(tmp_path: Path) -> None:
    run = kemble("sweep", str(_spec(tmp_path, SMALL.replace("games: 48", "games: lots"))))
    assert run.returncode == 1 and "sweep.yaml:6:" in run.stdout and "schema" in run.stdout


def test_alternatives_change_the_content_they_name(tmp_path: Path) -> None:
    text = SMALL.replace(
        "      remove: [shield]\n",
        "      remove: [shield]\n    - name: tougher\n      replace:\n"
        "        S1-02: {quadrants: [{object: empty}, {object: fighter, energy: 3, threat: 2}]}\n",
    )
    sweep, problems = read_sweep(_spec(tmp_path, text))
    assert problems == [] and sweep is not None
    assert set(sweep.bundles) == {"base", "no_shield", "tougher"}
    assert "shield" in sweep.bundles["base"]["upgrades"]
    assert "shield" not in sweep.bundles["no_shield"]["upgrades"]
    assert sweep.bundles["tougher"]["cards"]["S1-02"]["quadrants"][1]["energy"] == 3
    assert sweep.bundles["base"]["cards"]["S1-02"]["quadrants"][1]["energy"] == 1
    assert len(tasks_of(sweep)) == 2 * 6 + 3  # 2 points × 48/8 chunks, 1 scenario × 3 contents


# --- Dask ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    sweep, problems = read_sweep(_spec(tmp_path_factory.mktemp("spec")))
    assert problems == []
    return sweep


@pytest.fixture(scope="module")
def synchronous(small, tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:  # type: ignore[no-untyped-def]
    out = tmp_path_factory.mktemp("sync")
    write_tables(run_sweep(small, "sync"), out)
    return _outputs(out)


def test_tables_are_the_same_bytes_with_1_and_4_workers(small, synchronous, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    for workers in (1, 4):
        out = tmp_path / f"w{workers}"
        results = run_sweep(small, "local", workers)
        write_tables(results, out)
        assert _outputs(out) == synchronous, f"{workers} workers"
    threads = tmp_path / "threads"
    write_tables(run_sweep(small, "threads", 2), threads)
    assert _outputs(threads) == synchronous
    names = set(synchronous)
    assert names == {f"{t}.{s}" for t in ("simulations", "distributions", "solutions")
                     for s in ("csv", "parquet")}  # fmt: skip


def test_the_tables_hold_what_the_games_and_the_solver_say(small) -> None:  # type: ignore[no-untyped-def]
    results = run_sweep(small, "sync")
    rows = simulation_rows(results)
    assert [(r["players"], r["games"]) for r in rows] == [(2, 48), (3, 48)]
    direct = play_games(Game.from_variant(base_bundle(), "standard", 3), "random", range(7, 55))
    three = rows[1]
    assert [three[f"p{i}_win_rate"] for i in (1, 2, 3)] == [
        round(w / 48, 4) for w in direct.wins
    ], "the chunks add up to the games played in one go"
    low, high = wilson(direct.wins[0], 48)
    assert (three["p1_win_low"], three["p1_win_high"]) == (round(low, 4), round(high, 4))
    assert three["p4_win_rate"] is None
    solved = {(r["scenario"], r["alternative"]): r for r in solution_rows(results)}
    assert solved[("solo-07", "base")]["verdict"] == "unsolvable"
    assert solved[("solo-07", "no_shield")]["win_probability_change"] == 0.0


def test_a_killed_worker_has_its_chunk_rerun_and_counted_once(
    small, synchronous, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    """A worker process is killed while chunks run; the nanny restarts it, the scheduler
    re-runs what it held, and the tables are still the single-process tables."""
    from distributed import Client, LocalCluster

    cluster = LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    )
    killed: list[int] = []
    with Client(cluster) as client:
        pids = list(client.run(os.getpid).values())

        def kill_when_busy() -> None:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                busy = [w for w, tasks in client.processing().items() if tasks]
                if busy:
                    try:
                        pid = client.run(os.getpid, workers=[busy[0]])[busy[0]]
                    except (KeyError, OSError):  # it finished and left the list meanwhile
                        continue
                    os.kill(pid, signal.SIGKILL)
                    killed.append(pid)
                    return
                time.sleep(0.01)

        killer = threading.Thread(target=kill_when_busy)
        killer.start()
        results = run_sweep(small, cluster.scheduler_address)
        killer.join()
        after = list(client.run(os.getpid).values())
    cluster.close()
    assert killed and killed[0] in pids and killed[0] not in after, "a worker was replaced"
    assert sum(t.games for t in results.simulations.values()) == 2 * 48, "no game counted twice"
    out = tmp_path / "out"
    write_tables(results, out)
    assert _outputs(out) == synchronous


# --- plots --------------------------------------------------------------------------------------


def test_plots_show_the_tables_data_and_are_deterministic(small, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from kemble_tools.sweep.plots import figures, write_plots

    results = run_sweep(small, "sync")
    drawn = figures(results)
    assert set(drawn) == {"win-rate", "rounds", "final-glory", "top-cards", "alternatives"}
    bars = {
        patch.get_gid(): patch.get_height()
        for patch in drawn["win-rate"].axes[0].patches
        if patch.get_gid()
    }
    rows = simulation_rows(results)
    expected = {
        f"bar-{i}-{seat}": row[f"p{seat + 1}_win_rate"]
        for i, row in enumerate(rows)
        for seat in range(row["players"])
    }
    assert bars == pytest.approx(expected)
    top = drawn["top-cards"].axes[0]
    cards = Counter()
    for tally in results.simulations.values():
        cards.update(tally.cards)
    labels = [t.get_text() for t in top.get_yticklabels()][::-1]
    assert labels[0] == sorted(cards.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
    alternatives = drawn["alternatives"].axes[0]
    assert [t.get_text() for t in alternatives.get_legend().get_texts()] == ["base", "no_shield"]
    first = write_plots(results, tmp_path / "a")
    second = write_plots(results, tmp_path / "b")
    assert len(first) == 10 and all(p.stat().st_size > 1000 for p in first)
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name


# --- bots ---------------------------------------------------------------------------------------


def test_the_lookahead_bot_overloads_itself_to_death_less_than_random_bots() -> None:
    game = Game.from_variant(base_bundle(), "standard", 2)
    seeds = range(100, 106)
    random_bots = play_games(game, "random", seeds)
    lookahead = play_games(game, "lookahead", seeds)
    # seeds 100-105: random bots 38 overload deaths of 81 destructions, the look-ahead bot
    # none of 30 (threat takes 17 of them)
    assert 5 * lookahead.causes["overload"] < random_bots.causes["overload"]
    assert 2 * lookahead.destroyed < random_bots.destroyed


def test_the_mcts_bot_plays_whole_games() -> None:
    pytest.importorskip("pyspiel")
    game = Game.from_variant(base_bundle(), "solo", 1)
    tally = play_games(game, "mcts", range(2))
    assert tally.games == 2 and tally.unfinished == 0
    again = play_games(game, "mcts", range(2))
    assert again.rounds == tally.rounds and again.causes == tally.causes, "seeded: the same games"


def test_the_cli_writes_tables_and_plots(tmp_path: Path) -> None:
    spec = _spec(tmp_path, SMALL.replace("games: 48", "games: 16"))
    run = kemble(
        "sweep", str(spec), "--scheduler", "threads", "--out", str(tmp_path / "out"),
        "--plots", str(tmp_path / "plots"),
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    assert "sweep: 2 grid points × 16 games" in run.stdout and "games/s" in run.stdout
    assert (tmp_path / "out" / "simulations.parquet").is_file()
    assert (tmp_path / "plots" / "win-rate.svg").is_file()


def test_an_unreachable_scheduler_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from kemble_tools.sweep import cli, run

    monkeypatch.setattr(run, "CONNECT_SECONDS", 1)  # 10 s for a real cluster
    spec = _spec(tmp_path, SMALL.replace("games: 48", "games: 8"))
    assert cli.run(spec, tmp_path / "o", "tcp://127.0.0.1:9", None, None) == 1
    err = capsys.readouterr().err
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in err
    assert not (tmp_path / "o").exists()
