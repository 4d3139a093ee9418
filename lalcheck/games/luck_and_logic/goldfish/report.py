"""The goldfish report: frozen results built from aggregates, and their JSON (contract §6, §8).

:func:`deck_stats` turns one deck's :class:`~lalcheck.games.luck_and_logic.goldfish.runner.BySide`
aggregates into :class:`DeckStats`; :class:`GoldfishReport` holds the run's
header, every deck, the comparisons of later decks with the first, and sample
logs (:func:`lalcheck.games.luck_and_logic.goldfish.goldfish` builds one). ``to_dict()`` gives the
JSON document: for one deck the contract §6 fields at the top level, for
several a ``decks`` list, the ``comparison`` of the second deck with the first
(contract §8) and ``comparisons``, one per later deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from lalcheck import __version__
from lalcheck.db.model import DatabaseInfo
from lalcheck.games.luck_and_logic.engine import DeckList, GameRecord
from lalcheck.games.luck_and_logic.engine import decisions as d
from lalcheck.games.luck_and_logic.goldfish.aggregate import (
    PARADOX,
    Aggregate,
    Result,
    card_group,
    group_order,
)
from lalcheck.games.luck_and_logic.goldfish.queries import drawn_by
from lalcheck.games.luck_and_logic.goldfish.runner import GOLDFISHER, BySide
from lalcheck.simulation import DeckInfo
from lalcheck.simulation.opponent import Opponent, OpponentKind
from lalcheck.simulation.paired import Paired, Pairing, compare_wins
from lalcheck.simulation.paired import paired_to_dict as _paired
from lalcheck.simulation.query import Query, QueryResult
from lalcheck.simulation.report import difference, interval, proportion, rounded
from lalcheck.simulation.runner import Going
from lalcheck.simulation.stats import (
    Difference,
    Mean,
    Proportion,
    at_least_one,
    proportion_difference,
)

#: The JSON forms of proportions, intervals and differences (shared by every game).
_r, _ci, _proportion, _difference = rounded, interval, proportion, difference


@dataclass(frozen=True, slots=True)
class GroupOdds:
    """One card group of the opening hand: copies in the main deck, the exact and the
    simulated chance of at least one in the opening five, and the kept hand."""

    group: str
    copies: int
    exact: float
    simulated: Proportion
    kept: Proportion
    kept_mean: float


@dataclass(frozen=True, slots=True)
class OpeningStats:
    """The opening hand (R-TURN-0): mulligans and the card groups."""

    mulligans: Proportion
    bottomed_mean: float
    groups: tuple[GroupOdds, ...]

    @property
    def paradox(self) -> GroupOdds:
        """Paradox cards (contract §6 ``paradox_at_least_one``): always a group."""
        return next(g for g in self.groups if g.group == PARADOX)


@dataclass(frozen=True, slots=True)
class TurnsToWin:
    """Own turns up to the one in which the sixth gate fell, over ``games`` games."""

    games: int
    histogram: Mapping[int, int]
    last_turn: int
    lost_to_refresh: int

    @property
    def won(self) -> int:
        return sum(self.histogram.values())

    @property
    def not_won(self) -> int:
        return self.games - self.won

    @property
    def mean(self) -> Mean | None:
        return Mean.of_histogram(self.histogram)

    @property
    def turns(self) -> range:
        """Own turns 1 to the last turn any game reached."""
        return range(1, self.last_turn + 1)

    def share(self, turn: int) -> Proportion:
        """Games won in exactly this own turn."""
        return Proportion(self.histogram.get(turn, 0), self.games)

    def by_turn(self, turn: int) -> Proportion:
        """Games won by the end of this own turn."""
        return Proportion(sum(n for t, n in self.histogram.items() if t <= turn), self.games)

    @classmethod
    def of(cls, counts: Aggregate) -> TurnsToWin:
        return cls(
            counts.games,
            dict(sorted(counts.win_turns.items())),
            counts.longest,
            counts.count(Result.LOST_TO_REFRESH),
        )


@dataclass(frozen=True, slots=True)
class Tempo:
    """Per own turn: the chance of having reached level k, and of having had n
    members on the field, by the end of that turn."""

    games: int
    last_turn: int
    levels: Mapping[tuple[int, int], int]
    members: Mapping[tuple[int, int], int]

    @property
    def max_level(self) -> int:
        return max((level for _, level in self.levels), default=0)

    @property
    def max_members(self) -> int:
        return max((members for _, members in self.members), default=0)

    def level_exactly(self, turn: int, level: int) -> Proportion:
        return Proportion(self.levels.get((turn, level), 0), self.games)

    def level_at_least(self, turn: int, level: int) -> Proportion:
        return _at_least(self.levels, self.games, turn, level)

    def members_at_least(self, turn: int, members: int) -> Proportion:
        return _at_least(self.members, self.games, turn, members)


def _at_least(counts: Mapping[tuple[int, int], int], games: int, turn: int, k: int) -> Proportion:
    return Proportion(sum(n for (t, v), n in counts.items() if t == turn and v >= k), games)


@dataclass(frozen=True, slots=True)
class UnmodelledCard:
    number: str
    name: str
    occasions: int


@dataclass(frozen=True, slots=True)
class DeckStats:
    """Everything the report says about one deck."""

    deck: DeckInfo
    opening: OpeningStats
    turns_to_win: TurnsToWin
    tempo: Tempo
    games_with_refresh: Proportion
    results: Mapping[str, int]
    unmodelled_games: Proportion
    unmodelled: tuple[UnmodelledCard, ...]
    #: ``going both`` only: the turns to win of the games going first and second.
    by_going: Mapping[str, TurnsToWin] = field(default_factory=dict)
    #: Games stopped undecided after own turn ``max_turns``.
    stopped: int = 0
    queries: tuple[QueryResult, ...] = ()

    @property
    def lost_to_refresh(self) -> Proportion:
        turns = self.turns_to_win
        return Proportion(turns.lost_to_refresh, turns.games)


def deck_stats(
    deck: DeckInfo,
    cards: DeckList,
    sides: BySide,
    going: Going,
    queries: tuple[Query, ...] = (),
) -> DeckStats:
    """The statistics of one deck from its aggregates, with the answers to ``queries``."""
    counts = sides.both
    games = counts.games
    copies = Counter(card_group(card) for card in cards.main)
    groups = tuple(
        GroupOdds(
            group=group,
            copies=copies[group],
            exact=at_least_one(len(cards.main), copies[group], d.OPENING_HAND),
            simulated=Proportion(counts.opening_hits[group], games),
            kept=Proportion(sum(n for (g, c), n in counts.kept.items() if g == group), games),
            kept_mean=sum(c * n for (g, c), n in counts.kept.items() if g == group) / games,
        )
        for group in sorted(copies.keys() | {PARADOX}, key=group_order)
    )
    names = {card.number: card.name for card in (*cards.main, *cards.gates)}
    unmodelled = tuple(
        UnmodelledCard(number, names.get(number, number), occasions)
        for number, occasions in sorted(counts.unmodelled.items(), key=lambda i: (-i[1], i[0]))
    )
    by_going = (
        {"first": TurnsToWin.of(sides.first), "second": TurnsToWin.of(sides.second)}
        if going is Going.BOTH
        else {}
    )
    return DeckStats(
        deck=deck,
        opening=OpeningStats(
            Proportion(counts.mulligans, games),
            sum(c * n for c, n in counts.bottomed.items()) / games,
            groups,
        ),
        turns_to_win=TurnsToWin.of(counts),
        tempo=Tempo(games, counts.longest, counts.level_by_turn, counts.members_by_turn),
        games_with_refresh=Proportion(counts.refreshed, games),
        results={result.value: counts.count(result) for result in Result},
        unmodelled_games=Proportion(counts.unmodelled_games, games),
        unmodelled=unmodelled,
        by_going=by_going,
        stopped=counts.stopped,
        queries=tuple(
            QueryResult(
                query, Proportion(counts.queries[i], games), query.exact(cards.main, drawn_by)
            )
            for i, query in enumerate(queries)
        ),
    )


@dataclass(frozen=True, slots=True)
class Comparison:
    """A later deck against the first: differences (later minus first) with 95% intervals.

    The decks play game ``i`` on the same seed, so turns to win, games won by each
    turn and games not won are compared pair by pair (:class:`Paired`: the mean of
    the per-game differences, Newcombe's paired interval for proportions), with the
    independent intervals beside them; the mulligan rate is compared as independent
    samples (Newcombe's hybrid score interval).
    """

    baseline: DeckInfo
    deck: DeckInfo
    games: int
    pairs_won: int
    win_by_turn: Mapping[int, Paired]
    mean_turns_to_win: Paired | None
    not_won: Paired
    mulligan_rate: Difference


def compare(baseline: DeckStats, other: DeckStats, pairing: Pairing) -> Comparison:
    """``other`` against ``baseline``, from the first own turn in which either won a game."""
    wins = compare_wins(baseline.turns_to_win, other.turns_to_win, pairing)
    return Comparison(
        baseline=baseline.deck,
        deck=other.deck,
        games=wins.games,
        pairs_won=wins.pairs_won,
        win_by_turn=wins.win_by_turn,
        mean_turns_to_win=wins.mean_turns_to_win,
        not_won=wins.not_won,
        mulligan_rate=proportion_difference(baseline.opening.mulligans, other.opening.mulligans),
    )


@dataclass(frozen=True, slots=True)
class SampleLog:
    """One game's readable log (``--log K``)."""

    index: int
    seed: int
    going_first: bool
    outcome: str
    lines: tuple[str, ...]

    @classmethod
    def of(cls, index: int, record: GameRecord) -> SampleLog:
        return cls(
            index, record.seed, record.first_player == GOLDFISHER, str(record.outcome), record.log
        )


@dataclass(frozen=True, slots=True)
class GoldfishReport:
    """A goldfish run: its settings, timing and the statistics of every deck."""

    games: int
    seed: int
    jobs: int
    going: Going
    max_turns: int
    policy: str
    opponent: Opponent
    database: DatabaseInfo
    elapsed_s: float
    decks: tuple[DeckStats, ...]
    #: Each later deck's games paired with the first deck's.
    pairings: tuple[Pairing, ...] = ()
    opponent_gates: str | None = None
    logs: tuple[SampleLog, ...] = ()
    engine_version: str = __version__

    @property
    def games_per_second(self) -> float:
        return self.games * len(self.decks) / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def opponent_policy(self) -> str:
        """Who plays the opponent: ``passive``, ``wall`` or the deck opponent's policy."""
        opponent = self.opponent
        if opponent.kind is OpponentKind.DECK and opponent.policy is not None:
            return opponent.policy
        return opponent.kind.value

    @property
    def comparisons(self) -> tuple[Comparison, ...]:
        return tuple(
            compare(self.decks[0], other, pairing)
            for other, pairing in zip(self.decks[1:], self.pairings, strict=True)
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON document of contract §6."""
        document: dict[str, Any] = {
            "tool": "lalcheck",
            "version": __version__,
            "games": self.games,
            "seed": self.seed,
            "jobs": self.jobs,
            "going": self.going.value,
            "max_turns": self.max_turns,
            "policies": {"player": self.policy, "opponent": self.opponent_policy},
            "opponent": self.opponent.to_dict(),
            "opponent_gates": self.opponent_gates,
            "database": {
                "name": self.database.name,
                "version": self.database.version,
                "sha256": self.database.sha256,
                "sample": self.database.sample,
            },
            "engine": {"version": self.engine_version},
            "elapsed_s": round(self.elapsed_s, 3),
            "games_per_second": round(self.games_per_second, 1),
        }
        if len(self.decks) == 1:
            document.update(deck_to_dict(self.decks[0]))
        else:
            document["decks"] = [deck_to_dict(deck) for deck in self.decks]
            comparisons = [comparison_to_dict(c) for c in self.comparisons]
            document["comparison"] = comparisons[0]
            document["comparisons"] = comparisons
        if self.logs:
            document["logs"] = [
                {
                    "game": log.index,
                    "seed": log.seed,
                    "going": "first" if log.going_first else "second",
                    "outcome": log.outcome,
                    "lines": list(log.lines),
                }
                for log in self.logs
            ]
        return document


def turns_to_win_to_dict(turns: TurnsToWin) -> dict[str, Any]:
    mean = turns.mean
    return {
        "histogram": {str(turn): n for turn, n in turns.histogram.items()},
        "mean": _r(mean.value) if mean else None,
        "ci95": _ci(mean.ci95) if mean else None,
        "sd": _r(mean.sd) if mean else None,
        "won": turns.won,
        "not_won": turns.not_won,
        "lost_to_refresh": turns.lost_to_refresh,
        "share": {str(t): _proportion(turns.share(t)) for t in turns.histogram},
        "cumulative": {str(t): _proportion(turns.by_turn(t)) for t in turns.turns},
    }


def _win_by_turn(turns: TurnsToWin) -> dict[str, float]:
    return {str(t): _r(turns.by_turn(t).value) for t in turns.turns}


def deck_to_dict(stats: DeckStats) -> dict[str, Any]:
    """One deck's part of the JSON report (contract §6 field names and shapes)."""
    opening = stats.opening
    paradox = opening.paradox
    tempo = stats.tempo
    turns = stats.turns_to_win
    document: dict[str, Any] = {
        "deck": {
            "path": stats.deck.path,
            "name": stats.deck.name,
            "sha256": stats.deck.sha256,
            "legal": stats.deck.legal,
        },
        "opening": {
            "paradox_at_least_one": {
                "simulated": _r(paradox.simulated.value),
                "exact": _r(paradox.exact),
                "ci95": _ci(paradox.simulated.ci95),
            },
            "mulligan_rate": _r(opening.mulligans.value),
            "mulligan_ci95": _ci(opening.mulligans.ci95),
            "cards_bottomed_mean": _r(opening.bottomed_mean),
            "groups": {
                g.group: {
                    "copies": g.copies,
                    "simulated": _r(g.simulated.value),
                    "exact": _r(g.exact),
                    "ci95": _ci(g.simulated.ci95),
                    "kept_at_least_one": _r(g.kept.value),
                    "kept_ci95": _ci(g.kept.ci95),
                    "kept_mean": _r(g.kept_mean),
                }
                for g in opening.groups
            },
        },
        "turns_to_win": turns_to_win_to_dict(turns),
        "win_by_turn": _win_by_turn(turns),
        "win_by_turn_ci95": {str(t): _ci(turns.by_turn(t).ci95) for t in turns.turns},
        # contract §6: the share of games at exactly level k by own turn t (zeros left out)
        "level_by_turn": {
            str(t): {
                str(k): _r(tempo.level_exactly(t, k).value)
                for k in range(1, tempo.max_level + 1)
                if tempo.level_exactly(t, k).count
            }
            for t in turns.turns
        },
        "level_at_least_by_turn": {
            str(t): {
                str(k): _r(tempo.level_at_least(t, k).value) for k in range(1, tempo.max_level + 1)
            }
            for t in turns.turns
        },
        "members_by_turn": {
            str(t): {
                str(n): _r(tempo.members_at_least(t, n).value)
                for n in range(1, tempo.max_members + 1)
            }
            for t in turns.turns
        },
        "refresh": {
            "games_with_refresh": _r(stats.games_with_refresh.value),
            "lost_to_refresh": _r(stats.lost_to_refresh.value),
            "games_with_refresh_ci95": _ci(stats.games_with_refresh.ci95),
            "lost_to_refresh_ci95": _ci(stats.lost_to_refresh.ci95),
        },
        "results": dict(stats.results),
        "stopped": stats.stopped,
        "queries": [result.to_dict() for result in stats.queries],
        "unmodelled": {
            "occasions": sum(card.occasions for card in stats.unmodelled),
            "games": stats.unmodelled_games.count,
            "share_of_games": _r(stats.unmodelled_games.value),
            "cards": [
                {"number": c.number, "name": c.name, "occasions": c.occasions}
                for c in stats.unmodelled
            ],
        },
    }
    if stats.by_going:
        document["by_going"] = {
            side: {
                "games": turns.games,
                "turns_to_win": turns_to_win_to_dict(turns),
                "win_by_turn": _win_by_turn(turns),
            }
            for side, turns in stats.by_going.items()
        }
    return document


def comparison_to_dict(comparison: Comparison) -> dict[str, Any]:
    """Contract §8: ``{"turns_to_win": {"difference", "ci95", "method": "paired"}, ...}``."""
    return {
        "baseline": comparison.baseline.path,
        "deck": comparison.deck.path,
        "games": comparison.games,
        "pairs_both_won": comparison.pairs_won,
        "turns_to_win": (
            _paired(comparison.mean_turns_to_win) if comparison.mean_turns_to_win else None
        ),
        "win_by_turn": {str(t): _paired(p) for t, p in comparison.win_by_turn.items()},
        "not_won": _paired(comparison.not_won),
        "mulligan_rate": {**_difference(comparison.mulligan_rate), "method": "independent"},
        "note": "deck minus baseline. paired: game i of both decks on the same seed; turns to "
        "win over the games both won (mean of the per-game differences), proportions with "
        "Newcombe's paired score interval; independent_ci95 treats the decks' games as "
        "independent samples (Welch, Newcombe hybrid score); width_ratio is the paired "
        "interval's width over the independent one",
    }
