"""Goldfishing Restore the Luminous decks: many seeded full-engine games, and their statistics.

>>> settings = GoldfishSettings(games=2000, seed=7, going=Going.BOTH, max_turns=15,
...                             policy="greedy")                          # doctest: +SKIP
>>> report = goldfish([(DeckInfo.of_file(path, deck.name), cards)], settings, db.info,
...                   Opponent(OpponentKind.WALL))                         # doctest: +SKIP
>>> report.decks[0].win_turns().mean, report.to_dict()["lp_by_turn"]            # doctest: +SKIP

The question a goldfish answers here is how many own turns a deck needs to
bring the opponent's HP to 0 (RTL-WIN-1), going first (9 HP each) or second;
with it come the LP and colours the player has by turn, the cards it plays by
level, the opponent's HP by turn and the opening hand's odds, exact
(hypergeometric) against simulated, the answers to ``--query`` and, for
several decks, their paired differences on the same seeds. The pieces:
:mod:`~.runner` (the job and the opponents: ``passive``, ``wall``, a deck),
:mod:`~.tally` (counts that add up), :mod:`~.queries` (the game's query
words), :mod:`~.report` (statistics and JSON),
:mod:`~.text` (the text report and one sample game), :mod:`~.hooks` (the
game's :class:`~lalcheck.simulation.Simulation`).
"""

from __future__ import annotations

from collections.abc import Sequence

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
from lalcheck.simulation import DeckInfo, GoldfishSettings
from lalcheck.simulation.goldfish import check_run, play_decks
from lalcheck.simulation.runner import backend_for

#: ``--max-turns`` default: the sample decks win against the wall by their own turn 8.
DEFAULT_MAX_TURNS = 15
#: The engine calls a game a draw after ``MAX_TURNS`` turns of both players.
MAX_OWN_TURNS = MAX_TURNS // 2


def goldfish(
    decks: Sequence[tuple[DeckInfo, DeckList]],
    settings: GoldfishSettings,
    database: DatabaseInfo,
    opponent: Opponent | None = None,
) -> GoldfishReport:
    """Play ``settings.games`` games of every deck on the same seeds against
    ``opponent`` (default: passive) and report on them, with the answers to
    ``settings.queries``. Several decks are played as pairs on the same games, and
    each later deck is compared with the first; the first ``settings.sample_logs``
    games of the first deck are replayed with their logs."""
    check_run(settings.games, settings.max_turns, MAX_OWN_TURNS, settings.policy, POLICIES)
    job = Job(
        tuple(cards for _, cards in decks),
        opponent or Opponent(),
        settings.seed,
        settings.going,
        settings.max_turns,
        settings.policy,
        settings.queries,
    )
    backend = settings.backend or backend_for(settings.jobs)
    tallies, pairings, elapsed = play_decks(job, settings.games, backend, settings.progress)
    sides = sides_of(settings.going)
    logs = range(min(settings.sample_logs, settings.games))
    return GoldfishReport(
        settings=settings,
        opponent=job.opponent,
        database=database,
        workers=backend.workers,
        elapsed_s=elapsed,
        decks=tuple(
            DeckStats(info, cards, tally, sides, job.queries)
            for (info, cards), tally in zip(decks, tallies, strict=True)
        ),
        logs=tuple(SampleLog(i, job.play(0, i, log=True)) for i in logs),
        pairings=pairings,
    )


__all__ = [
    "DEFAULT_MAX_TURNS",
    "MAX_OWN_TURNS",
    "GoldfishReport",
    "Opponent",
    "OpponentKind",
    "goldfish",
]
