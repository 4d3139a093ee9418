"""The Dask backend (``lalcheck[dask]``): chunks played as tasks of a Dask cluster.

The cluster is the scheduler ``--scheduler`` names, else Dask's
``scheduler-address`` setting (``DASK_SCHEDULER_ADDRESS``), else a
``LocalCluster`` of ``--jobs`` single-threaded worker processes, closed at the end.
lalcheck must be installed on every worker of a named cluster, as the tasks import it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import CancelledError
from contextlib import ExitStack, contextmanager
from typing import TYPE_CHECKING, Any

import dask.config
from distributed import Client, Future, KilledWorker, LocalCluster, wait
from distributed.comm.core import CommClosedError

from lalcheck.simulation.backends import CONNECT_TIMEOUT_S, ClusterError, check_reachable
from lalcheck.simulation.runner import IN_FLIGHT_PER_WORKER, play_chunk, play_in_window

if TYPE_CHECKING:
    from lalcheck.simulation.runner import Chunk, ChunkResult, SimulationJob, Tally


class DaskBackend:
    """Plays chunks as tasks of ``client``'s cluster; the job is scattered to every
    worker once and each task takes it from the worker's memory."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.workers = max(1, sum(client.nthreads().values()))

    def run(
        self, job: SimulationJob[Any, Tally], chunks: Sequence[Chunk]
    ) -> Iterator[ChunkResult[Tally]]:
        job_future = self.client.scatter(job, broadcast=True, hash=False)
        try:
            yield from play_in_window(
                chunks,
                self.workers * IN_FLIGHT_PER_WORKER,
                submit=lambda chunk: self.client.submit(play_chunk, job_future, chunk, pure=False),
                wait_any=lambda pending: wait(pending, return_when="FIRST_COMPLETED"),
                result=Future.result,
            )
        except (KilledWorker, CancelledError, CommClosedError) as error:
            raise ClusterError(f"the Dask cluster failed while playing: {error}") from error
        finally:
            job_future.release()


@contextmanager
def dask_backend(workers: int, scheduler: str | None) -> Iterator[DaskBackend]:
    """A :class:`DaskBackend` on the scheduler named by ``scheduler`` or Dask's settings,
    else on a local cluster of ``workers`` processes; closes what it started."""
    # Dask reads DASK_SCHEDULER_ADDRESS into its settings once, when first imported.
    address = (
        scheduler
        or os.environ.get("DASK_SCHEDULER_ADDRESS")
        or dask.config.get("scheduler-address", None)
    )
    with ExitStack() as stack:
        if address:
            check_reachable(
                address,
                f"the Dask scheduler at {address}",
                "start it (dask scheduler), or name none (--scheduler, DASK_SCHEDULER_ADDRESS) "
                "for a local cluster",
            )
            try:
                client = Client(address, timeout=CONNECT_TIMEOUT_S)
            except (OSError, ValueError) as error:
                raise ClusterError(
                    f"cannot connect to the Dask scheduler at {address}: {error}"
                ) from error
        else:
            cluster = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",  # any free port (no dashboard without bokeh)
                silence_logs=logging.ERROR,
            )
            stack.enter_context(cluster)
            client = Client(cluster)
        stack.enter_context(client)
        yield DaskBackend(client)
