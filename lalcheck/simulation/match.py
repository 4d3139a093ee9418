"""Many seeded games between two decks and their policies (``lalcheck play --games``).

Game ``i`` is fully determined by the run's seed and ``i``: its seed is
:func:`~lalcheck.simulation.runner.game_seed` ``(seed, i)`` and deck A goes first
in the even games, deck B in the odd ones (half and half), so the first
player's share is measured on both decks alike and the same seed gives the same
numbers for any number of workers. A game brings a :class:`MatchSeries` (its
engine playing game ``i``); the core tallies the :class:`MatchGame` s, runs them
on a backend and reports (contract §8).
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from lalcheck import __version__
from lalcheck.db.model import DatabaseInfo
from lalcheck.simulation import DeckInfo
from lalcheck.simulation.report import interval as report_interval
from lalcheck.simulation.report import rounded
from lalcheck.simulation.runner import Backend, Going, game_seed, simulate
from lalcheck.simulation.stats import Mean, Proportion
from lalcheck.simulation.text import interval, percent, render, section, table
from lalcheck.wording import plural

#: Players by index: deck A is 0, deck B is 1.
A, B = 0, 1
#: :attr:`MatchGame.winner` of a drawn game.
DRAW = -1


#: Who goes first, as the match report says it.
_GOING = {
    Going.BOTH: "A goes first in even games, B in odd ones",
    Going.FIRST: "A goes first in every game",
    Going.SECOND: "B goes first in every game",
}


def first_player(index: int, going: Going = Going.BOTH) -> int:
    """Who goes first in game ``index``: deck A in every game (``first``), deck B in
    every game (``second``), or A in the even games and B in the odd ones (``both``)."""
    return A if going.goes_first(index) else B


@dataclass(frozen=True, slots=True)
class MatchGame:
    """One finished game: the winner (:data:`A`, :data:`B` or :data:`DRAW`), who went
    first, and the turns played (both players')."""

    winner: int
    first: int
    turns: int


class MatchSeries(Protocol):
    """A game's engine for a match: plays game ``index`` with ``first`` going first.
    Picklable (it is sent to every worker)."""

    def play(self, index: int, first: int) -> MatchGame: ...


@dataclass(frozen=True, slots=True)
class EngineMatch:
    """The :class:`MatchSeries` of an engine whose ``play_game(deck_a, deck_b,
    policies, seed, first_player=...)`` returns a record with ``outcome.winner`` (a
    player, or None for a draw) and ``turns`` (each player's): game ``index`` is
    seeded :func:`~lalcheck.simulation.runner.game_seed` ``(seed, index)``, each side
    played by a fresh policy of its class. Picklable when its parts are (module-level
    functions and classes)."""

    play_game: Callable[..., Any]
    policies: tuple[Callable[[], Any], Callable[[], Any]]
    decks: tuple[Any, Any]
    seed: int

    def play(self, index: int, first: int) -> MatchGame:
        record = self.play_game(
            *self.decks,
            (self.policies[A](), self.policies[B]()),
            game_seed(self.seed, index),
            first_player=first,
        )
        winner = record.outcome.winner
        return MatchGame(DRAW if winner is None else winner, first, sum(record.turns))


@dataclass(frozen=True, slots=True)
class MatchTally:
    """Games by (first player, winner), and by turns played."""

    outcomes: Counter[tuple[int, int]] = field(default_factory=Counter)
    turns: Counter[int] = field(default_factory=Counter)

    def __add__(self, other: MatchTally) -> MatchTally:
        return MatchTally(self.outcomes + other.outcomes, self.turns + other.turns)

    @classmethod
    def of(cls, games: Iterable[MatchGame]) -> MatchTally:
        outcomes: Counter[tuple[int, int]] = Counter()
        turns: Counter[int] = Counter()
        for game in games:
            outcomes[game.first, game.winner] += 1
            turns[game.turns] += 1
        return cls(outcomes, turns)

    @property
    def games(self) -> int:
        return sum(self.outcomes.values())

    def wins(self, winner: int) -> Proportion:
        """Games won by ``winner`` (or drawn, :data:`DRAW`), out of all."""
        return Proportion(sum(n for (_, w), n in self.outcomes.items() if w == winner), self.games)

    @property
    def first_player_wins(self) -> Proportion:
        return Proportion(sum(n for (f, w), n in self.outcomes.items() if w == f), self.games)

    @property
    def second_player_wins(self) -> Proportion:
        won = sum(n for (f, w), n in self.outcomes.items() if w not in (f, DRAW))
        return Proportion(won, self.games)

    @property
    def second_player_share(self) -> Proportion:
        """The second player's wins out of the decided games."""
        second = self.second_player_wins.count
        return Proportion(second, second + self.first_player_wins.count)

    def going_first(self, player: int) -> MatchTally:
        """The games in which ``player`` went first."""
        return MatchTally(Counter({k: n for k, n in self.outcomes.items() if k[0] == player}))

    @property
    def mean_turns(self) -> Mean | None:
        return Mean.of_histogram(self.turns)


@dataclass(frozen=True, slots=True)
class MatchJob:
    """The core's job for a match: one series, game ``i`` from the game's series."""

    series: MatchSeries
    going: Going = Going.BOTH
    series_count: int = 1

    def play(self, series: int, index: int) -> MatchGame:
        return self.series.play(index, first_player(index, self.going))

    def tally(self, games: Iterable[MatchGame]) -> MatchTally:
        return MatchTally.of(games)

    def empty(self) -> MatchTally:
        return MatchTally()


@dataclass(frozen=True, slots=True)
class MatchSide:
    """One side of a match: the deck and the policy that plays it."""

    deck: DeckInfo
    policy: str

    def to_dict(self) -> dict[str, Any]:
        deck = self.deck
        return {"path": deck.path, "name": deck.name, "sha256": deck.sha256, "policy": self.policy}


@dataclass(frozen=True, slots=True)
class MatchReport:
    """A match: its settings, timing and tally."""

    game: str
    games: int
    seed: int
    jobs: int
    sides: tuple[MatchSide, MatchSide]
    database: DatabaseInfo
    elapsed_s: float
    tally: MatchTally
    going: Going = Going.BOTH

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed_s if self.elapsed_s > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """Contract §8: ``games``, ``wins``, ``first_player_wins``, ``second_player_wins``,
        ``ci95``, ``mean_turns``; shares are of all games."""
        tally = self.tally
        mean = tally.mean_turns
        shares = {
            "a": tally.wins(A),
            "b": tally.wins(B),
            "draw": tally.wins(DRAW),
            "first_player_wins": tally.first_player_wins,
            "second_player_wins": tally.second_player_wins,
            "second_player_share_of_decided": tally.second_player_share,
        }
        return {
            "tool": "lalcheck",
            "version": __version__,
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "jobs": self.jobs,
            "going": self.going.value,
            "a": self.sides[A].to_dict(),
            "b": self.sides[B].to_dict(),
            "database": {
                "name": self.database.name,
                "version": self.database.version,
                "sha256": self.database.sha256,
                "sample": self.database.sample,
            },
            "wins": {"a": shares["a"].count, "b": shares["b"].count, "draw": shares["draw"].count},
            "first_player_wins": rounded(tally.first_player_wins.value),
            "second_player_wins": rounded(tally.second_player_wins.value),
            "second_player_share_of_decided": rounded(tally.second_player_share.value),
            "ci95": {name: report_interval(share.ci95) for name, share in shares.items()},
            "mean_turns": rounded(mean.value) if mean else None,
            "mean_turns_ci95": report_interval(mean.ci95) if mean else None,
            "going_first": {
                side: {
                    "games": part.games,
                    "wins": {"a": part.wins(A).count, "b": part.wins(B).count},
                    "draw": part.wins(DRAW).count,
                }
                for side, part in (("a", tally.going_first(A)), ("b", tally.going_first(B)))
            },
            "elapsed_s": round(self.elapsed_s, 3),
            "games_per_second": round(self.games_per_second, 1),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=2) + "\n"

    def to_text(self) -> str:
        tally = self.tally
        a, b = self.sides
        header = "\n".join(
            [
                f"Match: {plural(self.games, 'game')} · seed {self.seed} · " + _GOING[self.going],
                f"  A: {a.deck.title} ({a.policy} policy)",
                f"  B: {b.deck.title} ({b.policy} policy)",
                f"  {self.games} games in {self.elapsed_s:.2f} s: "
                f"{self.games_per_second:,.1f} games/s with {plural(self.jobs, 'job')}",
            ]
        )
        rows = table("result", "games", "share", "95% CI")
        for name, share in (
            ("A wins", tally.wins(A)),
            ("B wins", tally.wins(B)),
            ("draws", tally.wins(DRAW)),
            ("first player wins", tally.first_player_wins),
            ("second player wins", tally.second_player_wins),
        ):
            rows.add_row(name, str(share.count), percent(share.value), interval(share.ci95))
        second = tally.second_player_share
        mean = tally.mean_turns
        turns = (
            f"{mean.value:.2f} turns of both players (95% CI {mean.ci95[0]:.2f} – "
            f"{mean.ci95[1]:.2f})"
            if mean
            else "no game"
        )
        note = (
            f"The second player won {percent(second.value)} of the decided games "
            f"(95% CI {interval(second.ci95)}); a game lasted {turns}."
        )
        return header + "\n\n" + render([section("Results", rows, note)])


def play_match(
    series: MatchSeries,
    *,
    game: str,
    games: int,
    seed: int,
    sides: tuple[MatchSide, MatchSide],
    database: DatabaseInfo,
    backend: Backend,
    progress: Callable[[int], None] | None = None,
    going: Going = Going.BOTH,
) -> MatchReport:
    """Play ``games`` games of ``series`` on ``backend`` and report on them; ``going``
    says whether deck A goes first in every game, second, or in the even games."""
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    start = time.perf_counter()
    (tally,) = simulate(MatchJob(series, going), games, backend, progress)
    return MatchReport(
        game=game,
        games=games,
        seed=seed,
        jobs=backend.workers,
        sides=sides,
        database=database,
        elapsed_s=time.perf_counter() - start,
        tally=tally,
        going=going,
    )
