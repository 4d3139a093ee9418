"""Goldfishing: many seeded full-engine games against an opponent, and their statistics.

The opponent (:class:`~lalcheck.simulation.opponent.Opponent`) is the wall by
default: vanilla blockers that defend but never attack
(:mod:`~lalcheck.games.luck_and_logic.engine.wall`); ``passive`` never acts; a
deck is played by a policy.

>>> report = goldfish([(DeckInfo.of_file(path, deck.name), DeckList.from_deck(deck))],
...                   games=2000, seed=7, database=db.info)           # doctest: +SKIP
>>> report.decks[0].turns_to_win.mean, report.to_dict()["win_by_turn"]  # doctest: +SKIP

The pieces: :mod:`~lalcheck.games.luck_and_logic.goldfish.runner` plays games in chunks on a
backend, :mod:`~lalcheck.games.luck_and_logic.goldfish.aggregate` counts them,
:mod:`~lalcheck.simulation.stats` holds the statistics and
:mod:`~lalcheck.games.luck_and_logic.goldfish.report` the results;
:mod:`~lalcheck.games.luck_and_logic.goldfish.sample` is one game seen from the
goldfishing side (``lalcheck draw``) and
:mod:`~lalcheck.games.luck_and_logic.goldfish.queries` answers ``--query`` and
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
from lalcheck.games.luck_and_logic.engine.wall import wall_deck
from lalcheck.games.luck_and_logic.goldfish.report import GoldfishReport, SampleLog, deck_stats
from lalcheck.games.luck_and_logic.goldfish.runner import POLICIES, Job, Rival
from lalcheck.simulation import DeckInfo
from lalcheck.simulation.goldfish import check_run, play_decks
from lalcheck.simulation.opponent import Opponent, OpponentKind, Wall, WallLimits
from lalcheck.simulation.query import Query
from lalcheck.simulation.runner import Backend, Going, backend_for

#: ``--max-turns`` default: no sample deck needs more than 5 own turns.
DEFAULT_MAX_TURNS = 10
#: The engine calls a game a draw after ``MAX_TURNS`` turns of both players.
MAX_OWN_TURNS = MAX_TURNS // 2
#: The wall's members (``--wall-power``, ``--wall-spirit``, ``--wall-members``):
#: the default and the most each option takes.
WALL = WallLimits(default=Wall(power=6000, spirit=2, members=2), most=Wall(50_000, 20, 6))
#: ``--opponent`` default (contract §8).
DEFAULT_OPPONENT = Opponent(OpponentKind.WALL, WALL.default)


@dataclass(frozen=True, slots=True)
class GateDeck:
    """Gates for the passive or wall opponent instead of the deck's own: where they
    come from (a file name, for the report) and the ten gate cards."""

    source: str
    cards: tuple[Card, ...]


def rival(
    deck: DeckList,
    opponent: Opponent,
    gates: GateDeck | None = None,
    opponent_deck: DeckList | None = None,
) -> Rival:
    """The opponent of ``deck``: passive (a copy of its main deck, never played) or the
    wall, with the deck's gates or ``gates``; or ``opponent_deck`` played by the
    opponent's policy."""
    gate_cards = gates.cards if gates is not None else deck.gates
    if opponent.kind is OpponentKind.PASSIVE:
        return Rival(DeckList(main=deck.main, gates=gate_cards, name="passive opponent"))
    if opponent.kind is OpponentKind.WALL:
        wall = opponent.wall or WALL.default
        members = wall.members
        return Rival(wall_deck(wall.power, wall.spirit, gate_cards), "wall", members)
    policy = opponent.policy
    if opponent_deck is None or policy is None or policy not in POLICIES:
        raise ValueError("a deck opponent needs its deck and one of the policies")
    return Rival(opponent_deck, policy)


def goldfish(
    decks: Sequence[tuple[DeckInfo, DeckList]],
    *,
    games: int,
    database: DatabaseInfo,
    seed: int = 0,
    going: Going = Going.FIRST,
    max_turns: int = DEFAULT_MAX_TURNS,
    policy: str = "greedy",
    opponent: Opponent = DEFAULT_OPPONENT,
    opponent_deck: DeckList | None = None,
    opponent_gates: GateDeck | None = None,
    queries: Sequence[Query] = (),
    jobs: int = 1,
    backend: Backend | None = None,
    sample_logs: int = 0,
    progress: Callable[[int], None] | None = None,
    check_actions: bool = False,
) -> GoldfishReport:
    """Play ``games`` games of every deck on the same seeds and report on them.

    Games stop after the deck's own turn ``max_turns``. ``opponent`` is whom every
    deck plays (``opponent_deck``: the deck of a deck opponent; ``opponent_gates``
    replace each deck's own gates for a passive or wall opponent); ``queries`` are
    answered for every deck. Several decks are played as pairs on the same games,
    and each later deck is compared with the first. ``backend`` defaults to the
    local one for ``jobs`` (the report's ``jobs`` is the backend's number of
    workers); the first ``sample_logs`` games of the first deck are replayed with
    their logs. The built-in policies are trusted: ``check_actions`` checks each of
    their actions to be legal all the same (tests do, and get the same report).
    """
    check_run(games, max_turns, MAX_OWN_TURNS, policy, POLICIES)
    job = Job(
        decks=tuple(cards for _, cards in decks),
        rivals=tuple(rival(cards, opponent, opponent_gates, opponent_deck) for _, cards in decks),
        seed=seed,
        going=going,
        max_turns=max_turns,
        policy=policy,
        queries=tuple(queries),
        check_actions=check_actions,
    )
    backend = backend or backend_for(jobs)
    results, pairings, elapsed = play_decks(job, games, backend, progress)
    return GoldfishReport(
        games=games,
        seed=seed,
        jobs=backend.workers,
        going=going,
        max_turns=max_turns,
        policy=policy,
        opponent=opponent,
        database=database,
        elapsed_s=elapsed,
        decks=tuple(
            deck_stats(info, cards, sides, going, job.queries)
            for (info, cards), sides in zip(decks, results, strict=True)
        ),
        pairings=pairings,
        opponent_gates=opponent_gates.source if opponent_gates else None,
        logs=tuple(
            SampleLog.of(i, job.play(0, i, log=True).record) for i in range(min(sample_logs, games))
        ),
    )


__all__ = [
    "DEFAULT_MAX_TURNS",
    "DEFAULT_OPPONENT",
    "MAX_OWN_TURNS",
    "WALL",
    "Backend",
    "DeckInfo",
    "GateDeck",
    "Going",
    "GoldfishReport",
    "goldfish",
    "rival",
]
