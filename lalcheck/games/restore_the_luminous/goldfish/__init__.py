"""Goldfishing Restore the Luminous decks: many seeded full-engine games, and their statistics.

>>> report = goldfish([(DeckInfo.of_file(path, deck.name), cards)], games=2000, seed=7,
...                   database=db.info, opponent=Opponent(OpponentKind.WALL))  # doctest: +SKIP
>>> report.decks[0].win_turns().mean, report.to_dict()["lp_by_turn"]            # doctest: +SKIP

The question a goldfish answers here is how many own turns a deck needs to
bring the opponent's HP to 0 (RTL-WIN-1), going first (9 HP each) or second;
with it come the LP and colours the player has by turn, the cards it plays by
level, the opponent's HP by turn and the opening hand's odds, exact
(hypergeometric) against simulated. The pieces:
:mod:`~.runner` (the job and the opponents: ``passive``, ``wall``, a deck),
:mod:`~.tally` (counts that add up), :mod:`~.report` (statistics and JSON),
:mod:`~.text` (the text report and one sample game), :mod:`~.hooks` (the
game's :class:`~lalcheck.simulation.Simulation`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from lalcheck.db.model import DatabaseInfo
from lalcheck.games.restore_the_luminous.decisions import MAX_TURNS
from lalcheck.games.restore_the_luminous.engine import DeckList
from lalcheck.games.restore_the_luminous.goldfish.report import (
    DeckStats,
    GoldfishReport,
    SampleLog,
    sides_of,
)
from lalcheck.games.restore_the_luminous.goldfish.runner import (
    POLICIES,
    Job,
    Opponent,
    OpponentKind,
)
from lalcheck.simulation import DeckInfo
from lalcheck.simulation.runner import Backend, Going, backend_for, simulate

#: ``--max-turns`` default: the sample decks win against the wall by their own turn 8.
DEFAULT_MAX_TURNS = 15
#: The engine calls a game a draw after ``MAX_TURNS`` turns of both players.
MAX_OWN_TURNS = MAX_TURNS // 2


def goldfish(
    decks: Sequence[tuple[DeckInfo, DeckList]],
    *,
    games: int,
    database: DatabaseInfo,
    seed: int = 0,
    going: Going = Going.FIRST,
    max_turns: int = DEFAULT_MAX_TURNS,
    policy: str = "greedy",
    opponent: Opponent | None = None,
    jobs: int = 1,
    backend: Backend | None = None,
    sample_logs: int = 0,
    progress: Callable[[int], None] | None = None,
) -> GoldfishReport:
    """Play ``games`` games of every deck on the same seeds against ``opponent``
    (default: passive) and report on them; the first ``sample_logs`` games of the
    first deck are replayed with their logs."""
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if not 1 <= max_turns <= MAX_OWN_TURNS:
        raise ValueError(f"max_turns must be 1 to {MAX_OWN_TURNS}, not {max_turns}")
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}; policies: {', '.join(POLICIES)}")
    job = Job(
        decks=tuple(cards for _, cards in decks),
        opponent=opponent or Opponent(),
        seed=seed,
        going=going,
        max_turns=max_turns,
        policy=policy,
    )
    backend = backend or backend_for(jobs)
    start = time.perf_counter()
    tallies = simulate(job, games, backend, progress)
    elapsed = time.perf_counter() - start
    return GoldfishReport(
        games=games,
        seed=seed,
        jobs=backend.workers,
        going=going,
        max_turns=max_turns,
        policy=policy,
        opponent=job.opponent,
        database=database,
        elapsed_s=elapsed,
        decks=tuple(
            DeckStats(info, cards, tally, sides_of(going))
            for (info, cards), tally in zip(decks, tallies, strict=True)
        ),
        logs=tuple(SampleLog(i, job.play(0, i, log=True)) for i in range(min(sample_logs, games))),
    )


__all__ = [
    "DEFAULT_MAX_TURNS",
    "MAX_OWN_TURNS",
    "GoldfishReport",
    "Opponent",
    "OpponentKind",
    "goldfish",
]
