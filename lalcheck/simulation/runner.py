"""Playing many seeded games: a job's games in :class:`Chunk` s, run by a :class:`Backend`.

A game's job (:class:`SimulationJob`) plays game ``i`` of a series (one deck
of a goldfish run, say) and tallies played games into an aggregate; game ``i``
is fully determined by the job and ``i`` (its seed is :func:`game_seed`
``(seed, i)``; whether a deck goes first is ``going.goes_first(i)``). A chunk
of game indexes therefore gives the same aggregate wherever it is played, and
aggregates add up exactly in any order, so the result is the same for any
number of workers or any backend.

A backend only has to play chunks somewhere and hand back their results::

    class Backend(Protocol):
        workers: int
        def run(self, job: SimulationJob, chunks: Sequence[Chunk]) -> Iterator[ChunkResult]: ...

:class:`SerialBackend` plays in this process, :class:`ProcessPoolBackend` on
local processes (each receives the job once, when it starts); the cluster
backends of :mod:`lalcheck.simulation.backends` on Ray or Dask. Every backend
but the serial one keeps at most :data:`IN_FLIGHT_PER_WORKER` chunks per worker
submitted at a time (:func:`play_in_window`), and :func:`simulate` folds each
result into its series' aggregate as it arrives, so the parent's memory stays
flat at any number of games. Results may arrive in any order.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from enum import StrEnum
from itertools import islice
from typing import Any, Generic, Protocol, Self, TypeVar

#: Chunks per worker (for load balance and progress) and the largest chunk.
CHUNKS_PER_WORKER = 8
MAX_CHUNK = 1000
#: Chunks submitted and not yet handed back, per worker: enough to keep each busy
#: while the parent folds a result in, few enough that the parent holds almost nothing.
IN_FLIGHT_PER_WORKER = 2


class Going(StrEnum):
    """Whether a deck goes first, second, or alternately (``both``)."""

    FIRST = "first"
    SECOND = "second"
    BOTH = "both"

    def goes_first(self, index: int) -> bool:
        """``both``: even game indexes go first, odd ones second (half and half)."""
        if self is Going.BOTH:
            return index % 2 == 0
        return self is Going.FIRST


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed`` (64 bits of BLAKE2b)."""
    digest = hashlib.blake2b(f"lalcheck-goldfish:{seed}:{index}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


class Mergeable(Protocol):
    """Counts over games that add up exactly, in any order."""

    def __add__(self, other: Self) -> Self: ...


Record = TypeVar("Record")
Tally = TypeVar("Tally", bound=Mergeable)
Tally_co = TypeVar("Tally_co", bound=Mergeable, covariant=True)


class SimulationJob(Protocol[Record, Tally_co]):
    """A game's simulation: everything needed to play any game of a run. Picklable.

    ``play(series, index)`` plays game ``index`` of series ``series`` (0 to
    ``series_count - 1``) into a per-game record; ``tally`` turns records into an
    aggregate; ``empty()`` is the aggregate of no game.
    """

    @property
    def series_count(self) -> int: ...

    def play(self, series: int, index: int) -> Record: ...

    def tally(self, records: Iterable[Record]) -> Tally_co: ...

    def empty(self) -> Tally_co: ...


@dataclass(frozen=True, slots=True)
class Chunk:
    """Games ``start`` to ``stop - 1`` of series number ``deck``."""

    deck: int
    start: int
    stop: int

    @property
    def games(self) -> int:
        return self.stop - self.start


@dataclass(frozen=True, slots=True)
class ChunkResult(Generic[Tally]):
    """A played chunk: which one, and its aggregate."""

    chunk: Chunk
    tally: Tally


def play_chunk(job: SimulationJob[Any, Tally], chunk: Chunk) -> ChunkResult[Tally]:
    """Play one chunk of games and tally them (the unit of work of every backend)."""
    indexes = range(chunk.start, chunk.stop)
    return ChunkResult(chunk, job.tally(job.play(chunk.deck, i) for i in indexes))


def make_chunks(decks: int, games: int, workers: int) -> list[Chunk]:
    """Every series' games in chunks, about :data:`CHUNKS_PER_WORKER` per worker."""
    size = max(1, min(MAX_CHUNK, math.ceil(games / (workers * CHUNKS_PER_WORKER))))
    return [
        Chunk(deck, start, min(start + size, games))
        for deck in range(decks)
        for start in range(0, games, size)
    ]


class Backend(Protocol):
    """Plays chunks of a job and yields each result when it is ready, in any order."""

    @property
    def workers(self) -> int: ...

    def run(
        self, job: SimulationJob[Any, Tally], chunks: Sequence[Chunk]
    ) -> Iterator[ChunkResult[Tally]]: ...


class SerialBackend:
    """Plays every chunk in this process, in order."""

    workers = 1

    def run(
        self, job: SimulationJob[Any, Tally], chunks: Sequence[Chunk]
    ) -> Iterator[ChunkResult[Tally]]:
        for chunk in chunks:
            yield play_chunk(job, chunk)


class _Worker:
    """The job of a process-pool worker, set once when the worker starts."""

    job: SimulationJob[Any, Any] | None = None


def _start_worker(job: SimulationJob[Any, Any]) -> None:
    _Worker.job = job


def _play_in_worker(chunk: Chunk) -> ChunkResult[Any]:
    assert _Worker.job is not None, "the worker was started without its job"
    return play_chunk(_Worker.job, chunk)


def start_method() -> str | None:
    """How the local pool starts its workers: ``fork`` on Linux when this process runs
    no other thread (the workers start at once, with the engine already imported and
    the job in memory), else ``forkserver`` where there is one (forking a process with
    a thread running, a progress bar's say, can deadlock), else the platform's default.
    The pool forks every worker before it starts a thread of its own."""
    if sys.platform == "linux" and threading.active_count() == 1:
        return "fork"
    return "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else None


class ProcessPoolBackend:
    """Plays chunks on ``workers`` local processes; each receives the job once."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, not {workers}")
        self.workers = workers

    def run(
        self, job: SimulationJob[Any, Tally], chunks: Sequence[Chunk]
    ) -> Iterator[ChunkResult[Tally]]:
        context = multiprocessing.get_context(start_method())
        executor = ProcessPoolExecutor(
            max_workers=min(self.workers, len(chunks)) or 1,
            mp_context=context,
            initializer=_start_worker,
            initargs=(job,),
        )
        try:
            yield from play_in_window(
                chunks,
                self.workers * IN_FLIGHT_PER_WORKER,
                submit=lambda chunk: executor.submit(_play_in_worker, chunk),
                wait_any=lambda pending: wait(pending, return_when=FIRST_COMPLETED),
                result=Future.result,
            )
        finally:
            executor.shutdown(wait=True, cancel_futures=True)


Handle = TypeVar("Handle")


def play_in_window(
    chunks: Iterable[Chunk],
    window: int,
    *,
    submit: Callable[[Chunk], Handle],
    wait_any: Callable[[Sequence[Handle]], tuple[Iterable[Handle], Iterable[Handle]]],
    result: Callable[[Handle], ChunkResult[Tally]],
) -> Iterator[ChunkResult[Tally]]:
    """Play ``chunks`` with at most ``window`` submitted at a time, yielding each result
    as it is ready: the sliding window every parallel backend runs on.

    ``submit`` starts a chunk somewhere and returns a handle on it (a future, a Ray
    object ref); ``wait_any`` blocks until at least one pending handle is done and returns
    the done and the still-pending ones; ``result`` gets a done handle's
    :class:`ChunkResult`. A handed-back handle is dropped at once, with its result.
    """
    if window < 1:
        raise ValueError(f"window must be at least 1, not {window}")
    queue = iter(chunks)
    pending = [submit(chunk) for chunk in islice(queue, window)]
    while pending:
        done, not_done = wait_any(pending)
        finished = list(done)
        pending = [*not_done, *(submit(chunk) for chunk in islice(queue, len(finished)))]
        while finished:
            yield result(finished.pop())


def backend_for(workers: int) -> Backend:
    """The local backend for ``--jobs``: serial for 1, a process pool otherwise."""
    return SerialBackend() if workers == 1 else ProcessPoolBackend(workers)


def simulate(
    job: SimulationJob[Any, Tally],
    games: int,
    backend: Backend,
    progress: Callable[[int], None] | None = None,
) -> tuple[Tally, ...]:
    """Play ``games`` games of each series of ``job``; ``progress(n)`` after every chunk."""
    totals = [job.empty() for _ in range(job.series_count)]
    for result in backend.run(job, make_chunks(job.series_count, games, backend.workers)):
        totals[result.chunk.deck] += result.tally
        if progress is not None:
            progress(result.chunk.games)
    return tuple(totals)
