"""The Restore the Luminous goldfish report: statistics read from tallies, and their JSON.

:class:`DeckStats` reads one deck's :class:`~.tally.Tally` for the sides it
played (going first, second or both); :class:`GoldfishReport` holds the run's
header, every deck, independent comparisons of later decks with the first and
sample logs. ``to_dict()`` gives the JSON document: for one deck the contract
§6 fields at the top level (``opening``, ``turns_to_win``, ``win_by_turn``,
``queries``) with this game's own (``lp_by_turn``, ``colours_by_turn``,
``curve``, ``opponent_hp_by_turn``), for several a ``decks`` list, the paired
``comparison`` of the second deck with the first (contract §8) and
``comparisons``, one per later deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from lalcheck import __version__
from lalcheck.db.model import DatabaseInfo
from lalcheck.games.restore_the_luminous.cards import COLOURS
from lalcheck.games.restore_the_luminous.engine import DeckList, GameRecord
from lalcheck.games.restore_the_luminous.goldfish.queries import drawn_by
from lalcheck.games.restore_the_luminous.goldfish.runner import GOLDFISHER, Opponent
from lalcheck.games.restore_the_luminous.goldfish.tally import (
    FIRST,
    SECOND,
    SIDES,
    Result,
    Tally,
    card_group,
)
from lalcheck.simulation import DeckInfo, GoldfishSettings
from lalcheck.simulation.paired import Pairing, WinDifferences, compare_wins, paired_to_dict
from lalcheck.simulation.query import Query, QueryResult
from lalcheck.simulation.report import WinTurns, interval, proportion, rounded
from lalcheck.simulation.runner import Going
from lalcheck.simulation.stats import Proportion, at_least_one

GAME_ID = "restore-the-luminous"


def sides_of(going: Going) -> tuple[str, ...]:
    """The sides a deck played: ``first``, ``second`` or both."""
    return SIDES if going is Going.BOTH else (FIRST if going is Going.FIRST else SECOND,)


@dataclass(frozen=True, slots=True)
class GroupOdds:
    """A card group of the opening hand: copies in the main deck, the exact
    (hypergeometric) and the simulated chance of at least one."""

    group: str
    copies: int
    exact: float
    simulated: Proportion


@dataclass(frozen=True, slots=True)
class DeckStats:
    """What the report says about one deck: its tally read for the sides it played."""

    deck: DeckInfo
    cards: DeckList
    tally: Tally
    sides: tuple[str, ...]
    queries: tuple[Query, ...] = ()

    def _sum(self, counts: Mapping[Any, int], *key: object, sides: tuple[str, ...] = ()) -> int:
        return sum(counts.get((side, *key), 0) for side in sides or self.sides)

    @property
    def games(self) -> int:
        return sum(self.tally.games[side] for side in self.sides)

    @property
    def turns(self) -> range:
        """Own turns 1 to the last one any game reached."""
        return range(1, self.tally.longest + 1)

    def win_turns(self, *sides: str) -> WinTurns:
        """Own turns to bring the opponent's HP to 0, over the games of ``sides``."""
        chosen = sides or self.sides
        histogram: Counter[int] = Counter()
        for (side, turn), games in self.tally.win_turns.items():
            if side in chosen:
                histogram[turn] += games
        games = sum(self.tally.games[side] for side in chosen)
        return WinTurns(games, dict(sorted(histogram.items())), self.tally.longest)

    def opening(self) -> tuple[GroupOdds, ...]:
        """Every card group of the main deck, the opening hand being the leader's size."""
        hand = self.cards.leader.opening_hand or 0
        copies = Counter(card_group(card) for card in self.cards.main)
        return tuple(
            GroupOdds(
                group,
                copies[group],
                at_least_one(len(self.cards.main), copies[group], hand),
                Proportion(self._sum(self.tally.opening, group), self.games),
            )
            for group in sorted(copies, key=lambda g: (not g.startswith("level"), g))
        )

    def query_results(self) -> tuple[QueryResult, ...]:
        """Each query's share of games, and for a pure draw question its exact chance:
        over the draws going first and second, weighted by the games of each side."""
        results = []
        for index, query in enumerate(self.queries):
            exact: float | None = 0.0
            for side in self.sides:
                chance = query.exact(self.cards.main, drawn_by(self.cards.leader, side == FIRST))
                if chance is None or exact is None:
                    exact = None
                elif self.games:
                    exact += chance * self.tally.games[side] / self.games
            held = self._sum(self.tally.queries, index)
            results.append(QueryResult(query, Proportion(held, self.games), exact))
        return tuple(results)

    def mean(self, counts: Mapping[Any, int], turn: int, *key: object) -> float:
        """A count per game over the games that played own turn ``turn``."""
        reached = self._sum(self.tally.reached, turn)
        return self._sum(counts, turn, *key) / reached if reached else 0.0

    def share(self, counts: Mapping[Any, int], turn: int, *key: object) -> Proportion:
        """The games that played own turn ``turn`` with a count at ``key``."""
        return Proportion(self._sum(counts, turn, *key), self._sum(self.tally.reached, turn))

    @property
    def colours(self) -> tuple[str, ...]:
        """The colours of the deck's cards, in the game's order."""
        used = {card.colour.value for card in self.cards.main}
        return tuple(colour.value for colour in COLOURS if colour.value in used)

    @property
    def levels(self) -> tuple[int, ...]:
        return tuple(sorted({card.level for card in self.cards.main}))

    def results(self) -> dict[str, int]:
        return {result.value: self._sum(self.tally.results, result.value) for result in Result}

    def unmodelled(self) -> list[dict[str, Any]]:
        names = {card.number: card.name for card in (self.cards.leader, *self.cards.main)}
        ranked = sorted(self.tally.unmodelled.items(), key=lambda item: (-item[1], item[0]))
        return [
            {"number": number, "name": names.get(number, number), "occasions": occasions}
            for number, occasions in ranked
        ]

    def to_dict(self) -> dict[str, Any]:
        """One deck's part of the JSON report."""
        turns = self.win_turns()
        document: dict[str, Any] = {
            "deck": {
                "path": self.deck.path,
                "name": self.deck.name,
                "sha256": self.deck.sha256,
                "legal": self.deck.legal,
                "leader": self.cards.leader.number,
            },
            "opening": {
                "hand_size": self.cards.leader.opening_hand,
                "mulligan": None,  # RTL-OPEN-2: the opening hand is kept as drawn
                "groups": {
                    odds.group: {
                        "copies": odds.copies,
                        "exact": rounded(odds.exact),
                        "simulated": rounded(odds.simulated.value),
                        "ci95": interval(odds.simulated.ci95),
                    }
                    for odds in self.opening()
                },
            },
            "turns_to_win": turns.to_dict(),
            "win_by_turn": turns.win_by_turn(),
            "lp_by_turn": {str(t): rounded(self.mean(self.tally.lp, t)) for t in self.turns},
            "colours_by_turn": {
                str(t): {
                    colour: {
                        "at_least_one": proportion(self.share(self.tally.coloured, t, colour)),
                        "mean": rounded(self.mean(self.tally.colour_lp, t, colour)),
                    }
                    for colour in self.colours
                }
                for t in self.turns
            },
            "curve": {
                str(t): {
                    f"L{level}": rounded(self.mean(self.tally.played, t, level))
                    for level in self.levels
                }
                for t in self.turns
            },
            "opponent_hp_by_turn": {
                str(t): rounded(self.mean(self.tally.opponent_hp, t)) for t in self.turns
            },
            "games_by_turn": {str(t): self._sum(self.tally.reached, t) for t in self.turns},
            "results": self.results(),
            "queries": [result.to_dict() for result in self.query_results()],
            "unmodelled": {
                "games": self._sum(self.tally.unmodelled_games),
                "share_of_games": rounded(
                    self._sum(self.tally.unmodelled_games) / self.games if self.games else 0.0
                ),
                "cards": self.unmodelled(),
            },
        }
        if len(self.sides) > 1:
            document["by_going"] = {
                side: {
                    "games": self.tally.games[side],
                    "turns_to_win": self.win_turns(side).to_dict(),
                    "win_by_turn": self.win_turns(side).win_by_turn(),
                }
                for side in self.sides
            }
        return document


@dataclass(frozen=True, slots=True)
class Comparison:
    """A later deck against the first on the same games (later minus first): the paired
    differences of turns to win, of games won by each own turn and of games not won."""

    baseline: DeckInfo
    deck: DeckInfo
    wins: WinDifferences

    def to_dict(self) -> dict[str, Any]:
        """Contract §8: ``{"turns_to_win": {"difference", "ci95", "method": "paired"}, ...}``."""
        wins = self.wins
        mean = wins.mean_turns_to_win
        return {
            "baseline": self.baseline.path,
            "deck": self.deck.path,
            "games": wins.games,
            "pairs_both_won": wins.pairs_won,
            "turns_to_win": None if mean is None else paired_to_dict(mean),
            "win_by_turn": {str(t): paired_to_dict(p) for t, p in wins.win_by_turn.items()},
            "not_won": paired_to_dict(wins.not_won),
            "note": "deck minus baseline. paired: game i of both decks on the same seed; "
            "turns to win (the opponent's HP to 0) over the games both won (mean of the "
            "per-game differences), proportions with Newcombe's paired score interval; "
            "independent_ci95 treats the decks' games as independent samples (Welch, "
            "Newcombe hybrid score); width_ratio is the paired interval's width over the "
            "independent one",
        }


def compare(baseline: DeckStats, other: DeckStats, pairing: Pairing) -> Comparison:
    """``other`` against ``baseline`` on the games they played in pairs."""
    return Comparison(
        baseline.deck, other.deck, compare_wins(baseline.win_turns(), other.win_turns(), pairing)
    )


@dataclass(frozen=True, slots=True)
class SampleLog:
    """One game's readable log (``--log K``)."""

    index: int
    record: GameRecord

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.index,
            "seed": self.record.seed,
            "going": FIRST if self.record.first_player == GOLDFISHER else SECOND,
            "outcome": str(self.record.outcome),
            "lines": list(self.record.log),
        }


@dataclass(frozen=True, slots=True)
class GoldfishReport:
    """A goldfish run: its settings, opponent, timing and the statistics of every deck."""

    settings: GoldfishSettings
    opponent: Opponent
    database: DatabaseInfo
    workers: int
    elapsed_s: float
    decks: tuple[DeckStats, ...]
    logs: tuple[SampleLog, ...] = ()
    #: Each later deck's games paired with the first deck's.
    pairings: tuple[Pairing, ...] = ()

    @property
    def comparisons(self) -> tuple[Comparison, ...]:
        return tuple(
            compare(self.decks[0], other, pairing)
            for other, pairing in zip(self.decks[1:], self.pairings, strict=True)
        )

    @property
    def games_per_second(self) -> float:
        played = self.settings.games * len(self.decks)
        return played / self.elapsed_s if self.elapsed_s > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The JSON document (contract §6, §8, §9)."""
        settings = self.settings
        document: dict[str, Any] = {
            "tool": "lalcheck",
            "version": __version__,
            "game": GAME_ID,
            "games": settings.games,
            "seed": settings.seed,
            "jobs": self.workers,
            "going": settings.going.value,
            "max_turns": settings.max_turns,
            "policies": {"player": settings.policy, "opponent": self.opponent.policy_name},
            "opponent": self.opponent.to_dict(),
            "database": {
                "name": self.database.name,
                "version": self.database.version,
                "sha256": self.database.sha256,
                "sample": self.database.sample,
            },
            "engine": {"version": __version__},
            "elapsed_s": round(self.elapsed_s, 3),
            "games_per_second": round(self.games_per_second, 1),
        }
        if len(self.decks) == 1:
            document.update(self.decks[0].to_dict())
        else:
            document["decks"] = [deck.to_dict() for deck in self.decks]
            comparisons = [comparison.to_dict() for comparison in self.comparisons]
            document["comparison"] = comparisons[0]
            document["comparisons"] = comparisons
        if self.logs:
            document["logs"] = [log.to_dict() for log in self.logs]
        return document
