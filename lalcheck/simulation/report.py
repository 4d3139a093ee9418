"""The statistics of a goldfish report as JSON values, the same for every game, and
a game's report with the functions that write it (:class:`Formatted`).

Proportions and means are rounded to :data:`DIGITS` places; a proportion is
``{"value", "ci95"}``; turns to win (the own turn in which a game was won,
over every game played) are :class:`WinTurns`, with their mean, the share won
by each own turn and the games not won.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from lalcheck.simulation.stats import Difference, Interval, Mean, Proportion

#: Decimal places of proportions and means in the JSON reports.
DIGITS = 4

Report = TypeVar("Report")


@dataclass(frozen=True, slots=True)
class Formatted(Generic[Report]):
    """A game's goldfish report with the functions that write it as text, JSON and PNG
    (a :class:`~lalcheck.simulation.SimulationReport`)."""

    report: Report
    text: Callable[[Report], str]
    json: Callable[[Report], str]
    png: Callable[[Report, Path], None]

    def to_text(self) -> str:
        return self.text(self.report)

    def to_json(self) -> str:
        return self.json(self.report)

    def plot(self, path: Path) -> None:
        self.png(self.report, path)


def rounded(value: float) -> float:
    return round(value, DIGITS)


def interval(bounds: Interval) -> list[float]:
    return [rounded(bounds[0]), rounded(bounds[1])]


def proportion(share: Proportion) -> dict[str, Any]:
    """``{"value": 0.25, "ci95": [0.2, 0.3]}``."""
    return {"value": rounded(share.value), "ci95": interval(share.ci95)}


def difference(change: Difference) -> dict[str, Any]:
    """``{"difference": -0.4, "ci95": [-0.6, -0.2]}``."""
    return {"difference": rounded(change.value), "ci95": interval(change.ci95)}


@dataclass(frozen=True, slots=True)
class WinTurns:
    """Over ``games`` games: how many were won in each own turn (``histogram``), up to
    the last own turn any game reached."""

    games: int
    histogram: Mapping[int, int]
    last_turn: int

    @property
    def won(self) -> int:
        return sum(self.histogram.values())

    @property
    def not_won(self) -> int:
        return self.games - self.won

    @property
    def mean(self) -> Mean | None:
        """The mean own turn of the won games (None when none was won)."""
        return Mean.of_histogram(self.histogram)

    def by_turn(self, turn: int) -> Proportion:
        """The games won by the end of own turn ``turn``."""
        return Proportion(sum(n for t, n in self.histogram.items() if t <= turn), self.games)

    def to_dict(self) -> dict[str, Any]:
        """Contract §6 ``turns_to_win``: histogram, mean with its interval, not won."""
        mean = self.mean
        return {
            "histogram": {str(turn): self.histogram[turn] for turn in sorted(self.histogram)},
            "mean": rounded(mean.value) if mean else None,
            "ci95": interval(mean.ci95) if mean else None,
            "sd": rounded(mean.sd) if mean else None,
            "won": self.won,
            "not_won": self.games - self.won,
        }

    def win_by_turn(self) -> dict[str, float]:
        """Contract §6 ``win_by_turn``: the share won by each own turn."""
        return {
            str(turn): rounded(self.by_turn(turn).value) for turn in range(1, self.last_turn + 1)
        }
