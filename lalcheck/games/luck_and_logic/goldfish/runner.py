"""Playing many goldfish games: a :class:`Job` in :class:`Chunk` s, run by a :class:`Backend`.

Game ``i`` of a run is fully determined by the job and ``i``: its seed is
:func:`game_seed` ``(seed, i)`` and whether the deck goes first is
``going.goes_first(i)``. A chunk of game indexes therefore gives the same
:class:`~lalcheck.games.luck_and_logic.goldfish.aggregate.Aggregate` wherever it is played, and
aggregates add up exactly in any order, so the report is the same for any
number of workers or any backend.

A backend only has to play chunks somewhere and hand back their results::

    class Backend(Protocol):
        workers: int
        def run(self, job: Job, chunks: Sequence[Chunk]) -> Iterator[ChunkResult]: ...

:class:`SerialBackend` plays in this process, :class:`ProcessPoolBackend` on
local processes (each receives the job once, when it starts). A cluster
backend plugs in the same way without touching the statistics; with Ray::

    class RayBackend:
        def __init__(self, workers: int) -> None:
            self.workers = workers

        def run(self, job, chunks):
            remote = ray.remote(play_chunk)
            job_ref = ray.put(job)                    # shipped to the cluster once
            pending = [remote.remote(job_ref, chunk) for chunk in chunks]
            while pending:
                done, pending = ray.wait(pending)
                yield ray.get(done[0])

(Dask: ``client.scatter(job, broadcast=True)``, ``client.map(play_chunk, ...)``
and ``distributed.as_completed``.) Results may arrive in any order.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from lalcheck.games.luck_and_logic.engine import (
    DeckList,
    GameRecord,
    GreedyPolicy,
    PassivePolicy,
    Policy,
    RandomPolicy,
    play_game,
)
from lalcheck.games.luck_and_logic.goldfish.aggregate import Aggregate, aggregate

#: The goldfishing deck is player 0 (A), the passive opponent player 1 (B).
GOLDFISHER, OPPONENT = 0, 1
#: Policies the goldfishing player may use, by name.
POLICIES: Mapping[str, Callable[[], Policy]] = {"greedy": GreedyPolicy, "random": RandomPolicy}
OPPONENT_POLICY = "passive"
#: Chunks per worker (for load balance and progress) and the largest chunk.
CHUNKS_PER_WORKER = 8
MAX_CHUNK = 1000


class Going(StrEnum):
    """Whether the goldfishing deck goes first, second, or alternately (``both``)."""

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


@dataclass(frozen=True, slots=True)
class Job:
    """Everything needed to play any game of a run: the decks (each with its
    passive opponent), seed, going and turn cut-off. Picklable."""

    decks: tuple[DeckList, ...]
    opponents: tuple[DeckList, ...]
    seed: int
    going: Going
    max_turns: int
    policy: str = "greedy"

    def play(self, deck: int, index: int, *, log: bool = False) -> GameRecord:
        """Game ``index`` of deck number ``deck``, against its passive opponent."""
        first = GOLDFISHER if self.going.goes_first(index) else OPPONENT
        return play_game(
            self.decks[deck],
            self.opponents[deck],
            (POLICIES[self.policy](), PassivePolicy()),
            game_seed(self.seed, index),
            first_player=first,
            log=log,
        )


@dataclass(frozen=True, slots=True)
class Chunk:
    """Games ``start`` to ``stop - 1`` of deck number ``deck``."""

    deck: int
    start: int
    stop: int

    @property
    def games(self) -> int:
        return self.stop - self.start


@dataclass(frozen=True, slots=True)
class BySide:
    """The aggregates of the games a deck went first and second."""

    first: Aggregate = field(default_factory=Aggregate)
    second: Aggregate = field(default_factory=Aggregate)

    @property
    def both(self) -> Aggregate:
        return self.first + self.second

    def __add__(self, other: BySide) -> BySide:
        return BySide(self.first + other.first, self.second + other.second)


@dataclass(frozen=True, slots=True)
class ChunkResult:
    """A played chunk: which one, and its aggregates."""

    chunk: Chunk
    sides: BySide


def play_chunk(job: Job, chunk: Chunk) -> ChunkResult:
    """Play one chunk of games and aggregate them (the unit of work of every backend)."""
    indexes = range(chunk.start, chunk.stop)
    sides = [
        aggregate(
            (job.play(chunk.deck, i) for i in indexes if job.going.goes_first(i) is first),
            GOLDFISHER,
            job.max_turns,
        )
        for first in (True, False)
    ]
    return ChunkResult(chunk, BySide(*sides))


def make_chunks(decks: int, games: int, workers: int) -> list[Chunk]:
    """Every deck's games in chunks, about :data:`CHUNKS_PER_WORKER` per worker."""
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

    def run(self, job: Job, chunks: Sequence[Chunk]) -> Iterator[ChunkResult]: ...


class SerialBackend:
    """Plays every chunk in this process, in order."""

    workers = 1

    def run(self, job: Job, chunks: Sequence[Chunk]) -> Iterator[ChunkResult]:
        for chunk in chunks:
            yield play_chunk(job, chunk)


class _Worker:
    """The job of a process-pool worker, set once when the worker starts."""

    job: Job | None = None


def _start_worker(job: Job) -> None:
    _Worker.job = job


def _play_in_worker(chunk: Chunk) -> ChunkResult:
    assert _Worker.job is not None, "the worker was started without its job"
    return play_chunk(_Worker.job, chunk)


class ProcessPoolBackend:
    """Plays chunks on ``workers`` local processes; each receives the job once."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise ValueError(f"workers must be at least 1, not {workers}")
        self.workers = workers

    def run(self, job: Job, chunks: Sequence[Chunk]) -> Iterator[ChunkResult]:
        # forkserver (where it exists) rather than fork: a progress bar's thread
        # may be running, and forking a threaded process can deadlock.
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else None)
        executor = ProcessPoolExecutor(
            max_workers=min(self.workers, len(chunks)) or 1,
            mp_context=context,
            initializer=_start_worker,
            initargs=(job,),
        )
        try:
            futures = [executor.submit(_play_in_worker, chunk) for chunk in chunks]
            for future in as_completed(futures):
                yield future.result()
        finally:
            executor.shutdown(wait=True, cancel_futures=True)


def backend_for(workers: int) -> Backend:
    """The local backend for ``--jobs``: serial for 1, a process pool otherwise."""
    return SerialBackend() if workers == 1 else ProcessPoolBackend(workers)


def simulate(
    job: Job,
    games: int,
    backend: Backend,
    progress: Callable[[int], None] | None = None,
) -> tuple[BySide, ...]:
    """Play ``games`` games of each deck of ``job``; ``progress(n)`` after every chunk."""
    totals = [BySide() for _ in job.decks]
    for result in backend.run(job, make_chunks(len(job.decks), games, backend.workers)):
        totals[result.chunk.deck] += result.sides
        if progress is not None:
            progress(result.chunk.games)
    return tuple(totals)
