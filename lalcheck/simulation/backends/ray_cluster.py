"""The Ray backend (``lalcheck[ray]``): chunks played as Ray tasks.

The cluster is the one ``RAY_ADDRESS`` names (``ray.init`` reads it), else a
local Ray started with as many CPUs as ``--jobs`` and shut down at the end; a
driver that has already called ``ray.init`` (a script, a test) keeps its own.
lalcheck must be installed on every node of a named cluster, as the tasks import it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, cast

import ray
import ray.exceptions
from ray import ObjectRef

from lalcheck.simulation.backends import ClusterError, check_reachable
from lalcheck.simulation.runner import IN_FLIGHT_PER_WORKER, play_chunk, play_in_window

if TYPE_CHECKING:
    from lalcheck.simulation.runner import Chunk, ChunkResult, SimulationJob, Tally

#: The task that plays a chunk (one CPU, Ray's default for a task).
_play_remote: Any = ray.remote(play_chunk)


class RayBackend:
    """Plays chunks as Ray tasks on the cluster ``ray.init`` connected to; the job is put
    in the object store once and every task reads it from there."""

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def run(
        self, job: SimulationJob[Any, Tally], chunks: Sequence[Chunk]
    ) -> Iterator[ChunkResult[Tally]]:
        job_ref = ray.put(job)
        try:
            yield from play_in_window(
                chunks,
                self.workers * IN_FLIGHT_PER_WORKER,
                submit=lambda chunk: _submit(job_ref, chunk),
                wait_any=_first_ready,
                result=lambda ref: ray.get(ref),  # ray.get is overloaded: a lambda types it
            )
        except ray.exceptions.RayTaskError:
            raise  # a game failed: the engine's error, as it would be raised locally
        except ray.exceptions.RayError as error:
            raise ClusterError(f"the Ray cluster failed while playing: {error}") from error


def _submit(job_ref: ObjectRef[Any], chunk: Chunk) -> ObjectRef[Any]:
    ref: ObjectRef[Any] = _play_remote.remote(job_ref, chunk)
    return ref


def _first_ready(
    pending: Sequence[ObjectRef[Any]],
) -> tuple[list[ObjectRef[Any]], list[ObjectRef[Any]]]:
    ready, not_ready = ray.wait(list(pending), num_returns=1)
    return cast(list[ObjectRef[Any]], ready), cast(list[ObjectRef[Any]], not_ready)


@contextmanager
def ray_backend(workers: int) -> Iterator[RayBackend]:
    """A :class:`RayBackend` on the cluster of ``RAY_ADDRESS``, else on a local Ray of
    ``workers`` CPUs; shuts down what it started."""
    if ray.is_initialized():
        yield RayBackend(_cluster_cpus())
        return
    address = os.environ.get("RAY_ADDRESS")
    if address:
        if address not in ("auto", "local"):
            check_reachable(
                address,
                f"the Ray cluster at RAY_ADDRESS={address}",
                "give the head node's address (ray start --head prints it) or unset "
                "RAY_ADDRESS for a local Ray",
                grpc=True,
            )
        options: dict[str, Any] = {}
    else:
        options = {"num_cpus": workers, "include_dashboard": False}
    try:
        ray.init(log_to_driver=False, logging_level=logging.ERROR, **options)
    except (ConnectionError, ValueError, RuntimeError) as error:
        where = f"the Ray cluster at RAY_ADDRESS={address}" if address else "a local Ray"
        raise ClusterError(f"cannot start {where}: {error}") from error
    try:
        yield RayBackend(_cluster_cpus() if address else workers)
    finally:
        ray.shutdown()


def _cluster_cpus() -> int:
    return max(1, int(ray.cluster_resources().get("CPU", 1)))
