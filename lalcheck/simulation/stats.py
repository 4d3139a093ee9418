"""The statistics of the goldfish report, exact and dependency-free (``math`` only).

* :class:`Proportion` — a count out of a total with its Wilson 95% score interval;
* :class:`Mean` — a mean from a histogram with its normal-approximation 95% interval;
* :func:`proportion_difference` — Newcombe's hybrid score interval (method 10 of
  Newcombe 1998) for the difference of two independent proportions;
* :func:`mean_difference` — Welch's difference of two means, normal approximation;
* :func:`at_least_one` — the exact hypergeometric chance of drawing at least one
  of ``copies`` cards in ``draws`` cards from a ``population``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

#: The two-sided 95% quantile of the standard normal distribution.
Z95 = 1.959963984540054

Interval = tuple[float, float]


def wilson(count: int, total: int, z: float = Z95) -> Interval:
    """The Wilson score interval of ``count`` successes in ``total`` trials.

    With no trials nothing is known: ``(0.0, 1.0)``.
    """
    if total <= 0:
        return (0.0, 1.0)
    p = count / total
    z2 = z * z
    denominator = 1 + z2 / total
    centre = (p + z2 / (2 * total)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total))
    # At 0 or ``total`` successes one bound is exactly 0 or 1 (not a rounding away).
    low = 0.0 if count == 0 else max(0.0, centre - half)
    high = 1.0 if count == total else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True, slots=True)
class Proportion:
    """``count`` out of ``total`` (0.0 when the total is 0), with its Wilson interval."""

    count: int
    total: int

    @property
    def value(self) -> float:
        return self.count / self.total if self.total else 0.0

    @property
    def ci95(self) -> Interval:
        return wilson(self.count, self.total)


@dataclass(frozen=True, slots=True)
class Mean:
    """The mean of ``n`` values with their sample standard deviation."""

    n: int
    value: float
    sd: float

    @classmethod
    def of_histogram(cls, histogram: Mapping[int, int]) -> Mean | None:
        """The mean of a histogram ``{value: count}``; None when it is empty."""
        n = sum(histogram.values())
        if n == 0:
            return None
        mean = sum(value * count for value, count in histogram.items()) / n
        squares = sum(count * (value - mean) ** 2 for value, count in histogram.items())
        return cls(n, mean, math.sqrt(squares / (n - 1)) if n > 1 else 0.0)

    @property
    def standard_error(self) -> float:
        return self.sd / math.sqrt(self.n)

    @property
    def ci95(self) -> Interval:
        """mean ± 1.96 standard errors (the games are many, so the normal
        approximation holds; a single value gives a zero-width interval)."""
        half = Z95 * self.standard_error
        return (self.value - half, self.value + half)


@dataclass(frozen=True, slots=True)
class Difference:
    """An estimated difference (later minus baseline) and its 95% interval."""

    value: float
    ci95: Interval

    @property
    def significant(self) -> bool:
        """The interval excludes zero."""
        low, high = self.ci95
        return low > 0 or high < 0


def proportion_difference(baseline: Proportion, other: Proportion) -> Difference:
    """``other - baseline`` with Newcombe's hybrid score interval from the Wilson intervals."""
    p1, p2 = baseline.value, other.value
    low1, high1 = baseline.ci95
    low2, high2 = other.ci95
    difference = p2 - p1
    low = difference - math.sqrt((p2 - low2) ** 2 + (high1 - p1) ** 2)
    high = difference + math.sqrt((high2 - p2) ** 2 + (p1 - low1) ** 2)
    return Difference(difference, (low, high))


def mean_difference(baseline: Mean, other: Mean) -> Difference:
    """``other - baseline`` ± 1.96 standard errors of the difference (Welch)."""
    difference = other.value - baseline.value
    half = Z95 * math.hypot(baseline.standard_error, other.standard_error)
    return Difference(difference, (difference - half, difference + half))


def at_least_one(population: int, copies: int, draws: int) -> float:
    """P(at least one of ``copies`` cards among ``draws`` drawn from ``population``)."""
    if not 0 <= copies <= population or not 0 <= draws <= population:
        raise ValueError(f"impossible draw: {draws} of {population} cards holding {copies}")
    return 1 - math.comb(population - copies, draws) / math.comb(population, draws)
