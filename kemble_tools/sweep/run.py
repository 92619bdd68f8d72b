"""Running a sweep on Dask: a LocalCluster (one worker process per core), an existing cluster
(tcp://HOST:PORT), or Dask's threaded and synchronous schedulers for debugging.

Each bundle goes to the cluster once (`share`); each task names its bundle, its grid point
and its seeds. Results are gathered by task, then merged in task order, so the tables are the
same bytes whatever the number of workers or the order tasks finish in.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from kemble_tools.sweep.hooks import Plot, SimPoint, Tally, sweep_hooks
from kemble_tools.sweep.spec import BASE, Sweep
from kemble_tools.sweep.tasks import SimTask, SolveTask, run_sim, run_solve

SCHEDULERS = ("local", "threads", "sync")  # or tcp://HOST:PORT
CONNECT_SECONDS = 10


class SchedulerUnreachable(Exception):
    """The cluster named by --scheduler does not answer."""


@dataclass
class Results:
    simulations: dict[SimPoint, Tally] = field(default_factory=dict)
    solutions: list[dict[str, Any]] = field(default_factory=list)
    tasks: int = 0
    seconds: float = 0.0  # wall time, reported, never written into the tables
    plots: tuple[Plot, ...] = ()  # what the game plots of its tallies (SweepHooks.plots)


def tasks_of(sweep: Sweep) -> list[SimTask | SolveTask]:
    """Every grid point cut into chunks of seeded games, then every (scenario, alternative)."""
    sims: list[SimTask | SolveTask] = [
        SimTask(point, first, min(sweep.chunk, sweep.seed + sweep.games - first))
        for point in sweep.points
        for first in range(sweep.seed, sweep.seed + sweep.games, sweep.chunk)
    ]
    solves = [
        SolveTask(scenario, alternative, sweep.limit_seconds)
        for scenario in sweep.scenarios
        for alternative in sweep.bundles
    ]
    return [*sims, *solves]


Progress = Callable[[int, int], None]  # (tasks done, games done)
Done = Callable[[int, Any, Any], None]  # (tasks done, the task, its result)


def run_sweep(
    sweep: Sweep,
    scheduler: str = "local",
    workers: int | None = None,
    progress: Progress | None = None,
    announce: Callable[[str], None] | None = None,
) -> Results:
    tasks = tasks_of(sweep)
    started = time.perf_counter()
    games = 0

    def finished(done: int, task: SimTask | SolveTask, _: Any) -> None:
        nonlocal games
        games += _games(task)
        if progress:
            progress(done, games)

    outputs = run_tasks(
        sweep.bundles, tasks, _call, _bundle_of, scheduler, workers, finished, announce
    )
    results = _merge(tasks, outputs)
    results.seconds = time.perf_counter() - started
    results.plots = tuple(sweep_hooks(sweep.bundles[BASE]).plots)
    return results


def run_tasks(
    bundles: dict[str, dict[str, Any]],
    tasks: Sequence[Any],
    call: Callable[[dict[str, Any], Any], Any],
    bundle_of: Callable[[Any], str],
    scheduler: str = "local",
    workers: int | None = None,
    done: Done | None = None,
    announce: Callable[[str], None] | None = None,
) -> list[Any]:
    """`call(bundle, task)` for every task, on Dask, the results in the tasks' order (the same
    whatever the number of workers or the order tasks finish in). Each task has a unique `key`
    and names its bundle (`bundle_of`); each bundle goes to the workers once. `call` is a
    module-level function, so that Dask's workers import it. `kemble sweep`'s tasks and
    `kemble solve`'s samples of a whole game (solve/fullgame.py) both run here."""
    if scheduler in ("threads", "sync"):
        return _run_local_scheduler(bundles, tasks, call, bundle_of, scheduler, workers, done)
    return _run_distributed(bundles, tasks, call, bundle_of, address=scheduler,
                            workers=workers, done=done, announce=announce)  # fmt: skip


def _bundle_of(task: SimTask | SolveTask) -> str:
    return task.alternative if isinstance(task, SolveTask) else BASE


def _call(bundle: dict[str, Any], task: SimTask | SolveTask) -> Any:
    return run_sim(bundle, task) if isinstance(task, SimTask) else run_solve(bundle, task)


def _games(task: SimTask | SolveTask) -> int:
    return task.count if isinstance(task, SimTask) else 0


def _run_local_scheduler(
    bundles: dict[str, dict[str, Any]],
    tasks: Sequence[Any],
    call: Callable[[dict[str, Any], Any], Any],
    bundle_of: Callable[[Any], str],
    scheduler: str,
    workers: int | None,
    done: Done | None,
) -> list[Any]:
    """Dask's threaded or synchronous scheduler, on delayed calls (no cluster at all)."""
    import dask
    from dask.callbacks import Callback

    delayed = {name: dask.delayed(data, name=f"bundle-{name}") for name, data in bundles.items()}
    calls = [
        dask.delayed(call, pure=True)(delayed[bundle_of(t)], t, dask_key_name=t.key) for t in tasks
    ]
    by_key = {task.key: task for task in tasks}
    count = 0

    def finished(key: Any, result: Any, *_: Any) -> None:
        nonlocal count
        if key in by_key:
            count += 1
            if done:
                done(count, by_key[key], result)

    with Callback(posttask=finished):
        options = {"num_workers": workers} if scheduler == "threads" and workers else {}
        return list(dask.compute(*calls, scheduler=scheduler, **options))


def worker_settings() -> None:
    """Dask's statistical profiler samples every worker thread's stack every 10 ms; on pure
    Python work that costs a measurable share of the time (benchmarks/sweep.py), and a sweep
    has no use for it. Set before a LocalCluster starts, so its workers inherit it."""
    import dask

    dask.config.set({"distributed.worker.profile.enabled": False})


def share(client: Any, name: str, bundle: dict[str, Any]) -> Any:
    """The bundle as a task's result, fetched by the workers that need it. Not scatter(): a
    scattered value lost with a killed worker cancels every task needing it, where a task's
    result lost that way is computed again."""
    return client.submit(_bundle, bundle, key=f"bundle-{name}", pure=False)


def _bundle(bundle: dict[str, Any]) -> dict[str, Any]:
    return bundle


def _run_distributed(
    bundles: dict[str, dict[str, Any]],
    tasks: Sequence[Any],
    call: Callable[[dict[str, Any], Any], Any],
    bundle_of: Callable[[Any], str],
    address: str,
    workers: int | None,
    done: Done | None,
    announce: Callable[[str], None] | None,
) -> list[Any]:
    """dask.distributed: a LocalCluster of worker processes, or the cluster at `address`."""
    from distributed import Client, LocalCluster, as_completed

    cluster = None
    if address == "local":
        worker_settings()
        cluster = LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,  # the engine is pure Python: processes, not threads
            processes=True,
            dashboard_address=":0",
        )
        client = Client(cluster)
    else:
        try:
            client = Client(address, timeout=CONNECT_SECONDS)
        except (OSError, TimeoutError) as exc:
            raise SchedulerUnreachable(
                f"cannot reach the Dask scheduler at {address}: {exc}"
            ) from None
    try:
        if announce:
            announce(f"Dask dashboard: {client.dashboard_link}")
        shared = {name: share(client, name, bundle) for name, bundle in bundles.items()}
        futures = [
            client.submit(call, shared[bundle_of(t)], t, key=t.key, pure=False) for t in tasks
        ]
        index = {future.key: i for i, future in enumerate(futures)}
        outputs: list[Any] = [None] * len(tasks)
        for count, (future, result) in enumerate(as_completed(futures, with_results=True), 1):
            outputs[index[future.key]] = result
            if done:
                done(count, tasks[index[future.key]], result)
        return outputs
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _merge(tasks: list, outputs: list[Any]) -> Results:
    """Each point's tally, its chunks added in task order; the solutions in task order."""
    results = Results(tasks=len(tasks))
    for task, output in zip(tasks, outputs, strict=True):
        if not isinstance(task, SimTask):
            results.solutions.append(output)
        elif task.point in results.simulations:
            results.simulations[task.point].add(output)
        else:
            results.simulations[task.point] = output
    return results
