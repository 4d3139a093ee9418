"""Goldfishing: many seeded full-engine games against a passive opponent, and their statistics.

>>> report = goldfish([(DeckInfo.of_file(path, deck.name), DeckList.from_deck(deck))],
...                   games=2000, seed=7, database=db.info)           # doctest: +SKIP
>>> report.decks[0].turns_to_win.mean, report.to_dict()["win_by_turn"]  # doctest: +SKIP

The pieces: :mod:`~lalcheck.games.luck_and_logic.goldfish.runner` plays games in chunks on a
backend, :mod:`~lalcheck.games.luck_and_logic.goldfish.aggregate` counts them,
:mod:`~lalcheck.simulation.stats` holds the statistics and
:mod:`~lalcheck.games.luck_and_logic.goldfish.report` the results;
:mod:`~lalcheck.games.luck_and_logic.goldfish.sample` is one game seen from the
goldfishing side (``lalcheck draw``) and
:mod:`~lalcheck.games.luck_and_logic.goldfish.plot` draws the PNG. With a
process-pool backend a script must guard its entry point with ``if __name__ == "__main__":``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lalcheck.db.model import DatabaseInfo
from lalcheck.games.luck_and_logic.cards import Card
from lalcheck.games.luck_and_logic.engine import DeckList
from lalcheck.games.luck_and_logic.engine.decisions import MAX_TURNS
from lalcheck.games.luck_and_logic.goldfish.report import GoldfishReport, SampleLog, deck_stats
from lalcheck.games.luck_and_logic.goldfish.runner import POLICIES, Job
from lalcheck.simulation import DeckInfo
from lalcheck.simulation.goldfish import check_run, play_timed
from lalcheck.simulation.runner import Backend, Going, backend_for

#: ``--max-turns`` default: no sample deck needs more than 5 own turns.
DEFAULT_MAX_TURNS = 10
#: The engine calls a game a draw after ``MAX_TURNS`` turns of both players.
MAX_OWN_TURNS = MAX_TURNS // 2


@dataclass(frozen=True, slots=True)
class GateDeck:
    """Gates for the passive opponent instead of the deck's own: where they come from
    (a file name, for the report) and the ten gate cards."""

    source: str
    cards: tuple[Card, ...]


def passive_opponent(deck: DeckList, gates: GateDeck | None = None) -> DeckList:
    """The goldfish opponent of ``deck``: a copy of its main deck (never played) and
    its gate deck, or ``gates`` when given (:class:`DeckError` unless ten gates)."""
    if gates is None:
        return DeckList(main=deck.main, gates=deck.gates, name="passive opponent")
    return DeckList(
        main=deck.main, gates=gates.cards, name=f"passive opponent (gates of {gates.source})"
    )


def goldfish(
    decks: Sequence[tuple[DeckInfo, DeckList]],
    *,
    games: int,
    database: DatabaseInfo,
    seed: int = 0,
    going: Going = Going.FIRST,
    max_turns: int = DEFAULT_MAX_TURNS,
    policy: str = "greedy",
    jobs: int = 1,
    backend: Backend | None = None,
    opponent_gates: GateDeck | None = None,
    sample_logs: int = 0,
    progress: Callable[[int], None] | None = None,
) -> GoldfishReport:
    """Play ``games`` games of every deck on the same seeds and report on them.

    ``backend`` defaults to the local one for ``jobs`` (the report's ``jobs`` is
    the backend's number of workers); ``opponent_gates`` replace each deck's own
    gates for its opponent; the first ``sample_logs`` games of the first deck are
    replayed with their logs.
    """
    check_run(games, max_turns, MAX_OWN_TURNS, policy, POLICIES)
    job = Job(
        decks=tuple(cards for _, cards in decks),
        opponents=tuple(passive_opponent(cards, opponent_gates) for _, cards in decks),
        seed=seed,
        going=going,
        max_turns=max_turns,
        policy=policy,
    )
    backend = backend or backend_for(jobs)
    results, elapsed = play_timed(job, games, backend, progress)
    return GoldfishReport(
        games=games,
        seed=seed,
        jobs=backend.workers,
        going=going,
        max_turns=max_turns,
        policy=policy,
        database=database,
        elapsed_s=elapsed,
        decks=tuple(
            deck_stats(info, cards, sides, going)
            for (info, cards), sides in zip(decks, results, strict=True)
        ),
        opponent_gates=opponent_gates.source if opponent_gates else None,
        logs=tuple(
            SampleLog.of(i, job.play(0, i, log=True)) for i in range(min(sample_logs, games))
        ),
    )


__all__ = [
    "DEFAULT_MAX_TURNS",
    "MAX_OWN_TURNS",
    "Backend",
    "DeckInfo",
    "GateDeck",
    "Going",
    "GoldfishReport",
    "goldfish",
    "passive_opponent",
]
