"""Benchmark: games per second of `kemble sweep` on a Dask LocalCluster with 1, 2 and all cores,
against plain single-process simulation (what `kemble simulate` runs), in the same run.

Run from the project root:

    python benchmarks/sweep.py [--games 2400] [--chunk 100] [--policy random] [--players 3]

The baseline plays every game in this process with `engine.simulate.play_games` (the function
`kemble simulate` calls for each game). Each sweep plays the same games (same seeds) as tasks
of CHUNK games on a LocalCluster with N worker processes (one thread each); its time runs from
submitting the first task to the last result, with the cluster already started and the bundle
already on the workers (starting a cluster is a one-off cost, reported apart). The results
are checked to be the baseline's.

Overhead per task: each task reports when its games started and ended inside its worker; the
overhead of a task is the time its worker spent before it that was not a game (since the
submission, or since the worker's previous task ended): scheduling, sending the task and its
result. Its mean is given as a share of a task's mean compute time.

Goals (issue "Balance sweeps at scale"): speed-up ≥ 0.8 × cores with all cores, and overhead
per task under 5 % of its work.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def timed_chunk(bundle: dict, variant: str, players: int, policy: str, seeds: range) -> tuple:
    """One task: the tally, and when its games started and ended inside the worker (wall
    clock, comparable across the processes of one machine), and which worker ran it."""
    from kemble_tools.games.kembles_cascade.engine.game import Game
    from kemble_tools.games.kembles_cascade.engine.simulate import play_games

    started = time.time()
    tally = play_games(Game.from_variant(bundle, variant, players), policy, seeds)
    return tally, started, time.time(), os.getpid()


def baseline(bundle: dict, players: int, policy: str, games: int) -> tuple[float, object]:
    from kemble_tools.games.kembles_cascade.engine.game import Game
    from kemble_tools.games.kembles_cascade.engine.simulate import Tally, play_games

    game = Game.from_variant(bundle, "standard", players)
    started = time.perf_counter()
    tally = Tally(players)
    for seed in range(games):
        tally.add(play_games(game, policy, range(seed, seed + 1)))
    return time.perf_counter() - started, tally


def on_cluster(bundle: dict, workers: int, args: argparse.Namespace) -> dict:
    from distributed import Client, LocalCluster, wait

    from kemble_tools.games.kembles_cascade.engine.simulate import Tally
    from kemble_tools.sweep.run import share, worker_settings

    worker_settings()

    opened = time.perf_counter()
    cluster = LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"
    )
    client = Client(cluster)
    try:
        start_up = time.perf_counter() - opened
        shared = share(client, "base", bundle)
        wait(shared)
        # warm every worker (imports, the Game tables) outside the timed part
        warm = [
            client.submit(timed_chunk, shared, "standard", args.players, args.policy,
                          range(10**6 + w, 10**6 + w + 1), pure=False)
            for w in range(workers)
        ]  # fmt: skip
        wait(warm)
        chunks = [
            range(s, min(s + args.chunk, args.games)) for s in range(0, args.games, args.chunk)
        ]
        started = time.time()
        futures = [client.submit(timed_chunk, shared, "standard", args.players, args.policy, c,
                                 pure=False) for c in chunks]  # fmt: skip
        outputs = client.gather(futures)
        wall = time.time() - started
    finally:
        client.close()
        cluster.close()
    tally = Tally(args.players)
    for part, *_ in outputs:
        tally.add(part)
    compute = [end - start for _, start, end, _ in outputs]
    return {
        "workers": workers,
        "wall": wall,
        "start_up": start_up,
        "tally": tally,
        "overhead_share": _gaps(outputs, started) / statistics.mean(compute),
        "tasks": len(chunks),
    }


def _gaps(outputs: list, submitted: float) -> float:
    """The mean time a worker spent between two of its tasks (from the submission to its
    first one, then from the end of one to the start of the next): scheduling, sending the
    task and its result. The idle time of a worker after its last task (the other workers
    still busy) is load imbalance, not a task's overhead, and is not counted."""
    by_worker: dict[int, list[tuple[float, float]]] = {}
    for _, start, end, pid in outputs:
        by_worker.setdefault(pid, []).append((start, end))
    gaps = []
    for spans in by_worker.values():
        spans.sort()
        previous = submitted
        for start, end in spans:
            gaps.append(max(0.0, start - previous))
            previous = end
    return statistics.mean(gaps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2400)
    parser.add_argument("--chunk", type=int, default=100)
    parser.add_argument("--policy", default="random")
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()

    from kemble_tools.compile.pipeline import compile_validated
    from kemble_tools.validate.pipeline import validate_paths

    bundle = compile_validated(validate_paths([])).bundle
    cores = os.cpu_count() or 1
    base_seconds, base_tally = baseline(bundle, args.players, args.policy, args.games)
    base_rate = args.games / base_seconds
    print(
        f"{args.games} games of standard, {args.players} players, {args.policy} bots; {cores} cores"
    )
    print(f"single process (kemble simulate): {base_rate:,.0f} games/s ({base_seconds:.1f} s)")
    for workers in sorted({1, 2, cores}):
        run = on_cluster(bundle, workers, args)
        assert run["tally"].wins == base_tally.wins and run["tally"].rounds == base_tally.rounds
        rate = args.games / run["wall"]
        speed_up = rate / base_rate
        print(
            f"LocalCluster {workers} worker{'s' * (workers > 1)}: {rate:,.0f} games/s, "
            f"speed-up {speed_up:.2f}x (goal ≥ {0.8 * workers:.1f}x: "
            f"{'met' if speed_up >= 0.8 * workers else 'NOT met'}), overhead per task "
            f"{run['overhead_share']:.1%} of its work (goal < 5 %: "
            f"{'met' if run['overhead_share'] < 0.05 else 'NOT met'}), {run['tasks']} tasks, "
            f"cluster start {run['start_up']:.1f} s"
        )
        if workers == cores:
            million = 1_000_000 / rate
            print(
                f"1,000,000 games at this rate: {million / 60:.0f} min on {workers} workers; "
                f"on N workers about {million * workers / 3600:.1f} h / N"
            )


if __name__ == "__main__":
    main()
