"""Paired comparison on common random numbers: game ``i`` of every deck on one seed.

Comparing two decks on the same seeds makes their games pairs: the same
shuffle, the same first player, the same opponent's luck. The difference of
the pair's outcomes then varies less than the outcomes themselves, so the
interval of the mean difference is narrower than the one that treats the decks'
games as independent samples. :class:`PairedJob` plays game ``i`` of every
series of a game's job together and keeps, besides each series' own tally, a
:class:`Pairing` of each later series with the first: how many games ended
with each pair of outcomes (the own turn the player won in, 0 when not won),
which adds up exactly in any order like any tally.

:func:`compare_wins` reads a pairing as the differences every game's report
gives (turns to win, won by each own turn, not won), each :class:`Paired` with
the interval that treats the decks' games as independent beside it, and
:func:`paired_to_dict` is their JSON.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol

from lalcheck.simulation.report import difference, interval, rounded
from lalcheck.simulation.runner import Tally
from lalcheck.simulation.stats import (
    Difference,
    Mean,
    Proportion,
    mean_difference,
    paired_mean_difference,
    paired_proportion_difference,
    proportion_difference,
)

#: A :class:`Pairing` outcome: the own turn the game was won in; 0: not won.
NOT_WON = 0


class PairableJob(Protocol):
    """A game's job whose games have a turn-to-win outcome (see :class:`PairedJob`)."""

    @property
    def series_count(self) -> int: ...

    def play(self, series: int, index: int) -> Any: ...

    def tally(self, records: Iterable[Any]) -> Any: ...

    def empty(self) -> Any: ...

    def outcome(self, record: Any) -> int:
        """The own turn the series' player won in, :data:`NOT_WON` when it did not."""


@dataclass(frozen=True, slots=True)
class Pairing:
    """A later series against the baseline on the same games: (baseline outcome,
    other outcome) -> games."""

    joint: Counter[tuple[int, int]] = field(default_factory=Counter)

    def __add__(self, other: Pairing) -> Pairing:
        return Pairing(self.joint + other.joint)

    @property
    def games(self) -> int:
        return sum(self.joint.values())

    @property
    def both_won(self) -> int:
        return sum(n for (a, b), n in self.joint.items() if a and b)

    @property
    def turns_to_win(self) -> Difference | None:
        """Mean of (other minus baseline) own turns to win over the games both won."""
        differences: Counter[int] = Counter()
        for (a, b), n in self.joint.items():
            if a and b:
                differences[b - a] += n
        return paired_mean_difference(differences)

    def won_by(self, turn: int) -> Difference:
        """Difference (other minus baseline) of the share of games won by ``turn``."""
        return self._proportion(lambda outcome: NOT_WON < outcome <= turn)

    @property
    def not_won(self) -> Difference:
        return self._proportion(lambda outcome: outcome == NOT_WON)

    def _proportion(self, hit: Callable[[int], bool]) -> Difference:
        both = baseline_only = other_only = neither = 0
        for (a, b), n in self.joint.items():
            if hit(a) and hit(b):
                both += n
            elif hit(a):
                baseline_only += n
            elif hit(b):
                other_only += n
            else:
                neither += n
        return paired_proportion_difference(both, baseline_only, other_only, neither)


@dataclass(frozen=True, slots=True)
class PairedTally(Generic[Tally]):
    """Each series' own tally, and each later series' pairing with the first."""

    series: tuple[Tally, ...]
    pairings: tuple[Pairing, ...]

    def __add__(self, other: PairedTally[Tally]) -> PairedTally[Tally]:
        return PairedTally(
            tuple(a + b for a, b in zip(self.series, other.series, strict=True)),
            tuple(a + b for a, b in zip(self.pairings, other.pairings, strict=True)),
        )


@dataclass(frozen=True, slots=True)
class PairedJob:
    """Plays game ``i`` of every series of ``inner`` together (one series of rows)."""

    inner: PairableJob
    series_count: int = 1

    def play(self, series: int, index: int) -> tuple[Any, ...]:
        return tuple(self.inner.play(s, index) for s in range(self.inner.series_count))

    def tally(self, rows: Iterable[tuple[Any, ...]]) -> PairedTally[Any]:
        columns: list[list[Any]] = [[] for _ in range(self.inner.series_count)]
        joints: list[Counter[tuple[int, int]]] = [Counter() for _ in columns[1:]]
        for row in rows:
            baseline = self.inner.outcome(row[0])
            for column, record in zip(columns, row, strict=True):
                column.append(record)
            for joint, record in zip(joints, row[1:], strict=True):
                joint[baseline, self.inner.outcome(record)] += 1
        return PairedTally(
            tuple(self.inner.tally(column) for column in columns),
            tuple(Pairing(joint) for joint in joints),
        )

    def empty(self) -> PairedTally[Any]:
        count = self.inner.series_count
        return PairedTally(
            tuple(self.inner.empty() for _ in range(count)),
            tuple(Pairing() for _ in range(count - 1)),
        )


@dataclass(frozen=True, slots=True)
class Paired:
    """A difference measured on pairs of games (same seeds), next to the interval that
    treats the decks' games as independent samples."""

    paired: Difference
    independent: Difference

    @property
    def narrowing(self) -> float | None:
        """Width of the paired interval over the independent one (None if that is 0)."""
        width = self.independent.ci95[1] - self.independent.ci95[0]
        return (self.paired.ci95[1] - self.paired.ci95[0]) / width if width > 0 else None


def paired_to_dict(paired: Paired) -> dict[str, Any]:
    """``{"difference", "ci95", "method": "paired", "independent_ci95", "width_ratio"}``."""
    narrowing = paired.narrowing
    return {
        **difference(paired.paired),
        "method": "paired",
        "independent_ci95": interval(paired.independent.ci95),
        "width_ratio": None if narrowing is None else rounded(narrowing),
    }


class WinCounts(Protocol):
    """One deck's own turns to win over its games (a game report's turns-to-win)."""

    @property
    def games(self) -> int: ...

    @property
    def histogram(self) -> Mapping[int, int]: ...

    @property
    def last_turn(self) -> int: ...

    @property
    def not_won(self) -> int: ...

    @property
    def mean(self) -> Mean | None: ...

    def by_turn(self, turn: int) -> Proportion: ...


@dataclass(frozen=True, slots=True)
class WinDifferences:
    """A later deck against the first on the same games (later minus first): the
    games, the pairs both won, and the paired differences."""

    games: int
    pairs_won: int
    win_by_turn: Mapping[int, Paired]
    mean_turns_to_win: Paired | None
    not_won: Paired


def compare_wins(baseline: WinCounts, other: WinCounts, pairing: Pairing) -> WinDifferences:
    """``other`` against ``baseline``, from the first own turn in which either won a game."""
    a, b = baseline, other
    means = (a.mean, b.mean)
    first_win = min((*a.histogram, *b.histogram), default=1)
    paired_mean = pairing.turns_to_win
    return WinDifferences(
        games=pairing.games,
        pairs_won=pairing.both_won,
        win_by_turn={
            turn: Paired(
                pairing.won_by(turn), proportion_difference(a.by_turn(turn), b.by_turn(turn))
            )
            for turn in range(first_win, max(a.last_turn, b.last_turn) + 1)
        },
        mean_turns_to_win=(
            Paired(paired_mean, mean_difference(means[0], means[1]))
            if means[0] is not None and means[1] is not None and paired_mean is not None
            else None
        ),
        not_won=Paired(
            pairing.not_won,
            proportion_difference(Proportion(a.not_won, a.games), Proportion(b.not_won, b.games)),
        ),
    )
