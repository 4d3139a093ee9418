"""What every game's goldfish entry point shares: checking a run's settings, and
playing its job on a backend, timed (several decks as pairs on the same games)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from lalcheck.simulation.paired import PairableJob, PairedJob, Pairing
from lalcheck.simulation.runner import Backend, SimulationJob, Tally, simulate


def check_run(
    games: int, max_turns: int, most_turns: int, policy: str, policies: Iterable[str]
) -> None:
    """ValueError unless there is a game to play, ``max_turns`` is from 1 to the game's
    ``most_turns`` and ``policy`` is one of the game's ``policies``."""
    names = list(policies)
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if not 1 <= max_turns <= most_turns:
        raise ValueError(f"max_turns must be 1 to {most_turns}, not {max_turns}")
    if policy not in names:
        raise ValueError(f"unknown policy {policy!r}; policies: {', '.join(names)}")


def play_timed(
    job: SimulationJob[Any, Tally],
    games: int,
    backend: Backend,
    progress: Callable[[int], None] | None = None,
) -> tuple[tuple[Tally, ...], float]:
    """The tallies of ``games`` games of each series of ``job``, and the seconds it took."""
    start = time.perf_counter()
    tallies = simulate(job, games, backend, progress)
    return tallies, time.perf_counter() - start


def play_decks(
    job: PairableJob,
    games: int,
    backend: Backend,
    progress: Callable[[int], None] | None = None,
) -> tuple[tuple[Any, ...], tuple[Pairing, ...], float]:
    """Each series' tally, each later series' pairing with the first (several series
    play game ``i`` together, :class:`~lalcheck.simulation.paired.PairedJob`), and the
    seconds it took; ``progress`` counts the games of every series."""
    if job.series_count == 1:
        tallies, elapsed = play_timed(job, games, backend, progress)
        return tallies, (), elapsed
    decks = job.series_count
    counted = None if progress is None else (lambda played: progress(played * decks))
    (paired,), elapsed = play_timed(PairedJob(job), games, backend, counted)
    return paired.series, paired.pairings, elapsed
