"""The statistics of the goldfish report, exact and dependency-free (``math`` only).

* :class:`Proportion` — a count out of a total with its Wilson 95% score interval;
* :class:`Mean` — a mean from a histogram with its normal-approximation 95% interval;
* :func:`proportion_difference` — Newcombe's hybrid score interval (method 10 of
  Newcombe 1998) for the difference of two independent proportions;
* :func:`mean_difference` — Welch's difference of two means, normal approximation;
* :func:`paired_proportion_difference` — Newcombe's score interval for the difference
  of two proportions measured on the same games (method 10 of Newcombe 1998b);
* :func:`paired_mean_difference` — the mean of per-game differences with its 95% interval;
* :func:`at_least_one` — the exact hypergeometric chance of drawing at least one
  of ``copies`` cards in ``draws`` cards from a ``population``;
* :func:`draw_probability` — the exact (multivariate hypergeometric) chance that
  the cards drawn by successive stages satisfy a condition.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
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


def paired_mean_difference(differences: Mapping[int, int]) -> Difference | None:
    """The mean of per-game differences ``{difference: games}`` ± 1.96 standard errors
    of the differences (the paired interval); None without games."""
    mean = Mean.of_histogram(differences)
    return Difference(mean.value, mean.ci95) if mean is not None else None


def paired_proportion_difference(
    both: int, baseline_only: int, other_only: int, neither: int
) -> Difference:
    """``other - baseline`` for two proportions measured on the same games.

    The games fall into four cells: both succeeded, only the baseline, only the
    other, neither. Newcombe's method 10 (Stat. Med. 17:2635, 1998) combines the
    two Wilson intervals with the correlation ``phi`` of the pairs; with ``phi = 0``
    it is the independent hybrid score interval.
    """
    n = both + baseline_only + other_only + neither
    baseline = Proportion(both + baseline_only, n)
    other = Proportion(both + other_only, n)
    p1, p2 = baseline.value, other.value
    low1, high1 = baseline.ci95
    low2, high2 = other.ci95
    margins = (
        (both + baseline_only)
        * (other_only + neither)
        * (both + other_only)
        * (baseline_only + neither)
    )
    phi = (both * neither - baseline_only * other_only) / math.sqrt(margins) if margins else 0.0
    difference = p2 - p1
    below = (p2 - low2) ** 2 - 2 * phi * (p2 - low2) * (high1 - p1) + (high1 - p1) ** 2
    above = (high2 - p2) ** 2 - 2 * phi * (high2 - p2) * (p1 - low1) + (p1 - low1) ** 2
    return Difference(
        difference,
        (
            max(-1.0, difference - math.sqrt(max(0.0, below))),
            min(1.0, difference + math.sqrt(max(0.0, above))),
        ),
    )


def at_least_one(population: int, copies: int, draws: int) -> float:
    """P(at least one of ``copies`` cards among ``draws`` drawn from ``population``)."""
    if not 0 <= copies <= population or not 0 <= draws <= population:
        raise ValueError(f"impossible draw: {draws} of {population} cards holding {copies}")
    return 1 - math.comb(population - copies, draws) / math.comb(population, draws)


#: :func:`draw_probability` gives up (None) beyond this many ways of drawing.
MAX_DRAW_PATHS = 200_000

#: Cards of each kind drawn by the end of each stage: ``counts[stage][kind]``.
StageCounts = tuple[tuple[int, ...], ...]


def draw_probability(
    kinds: Sequence[int],
    population: int,
    stages: Sequence[int],
    accept: Callable[[StageCounts], bool],
) -> float | None:
    """The exact chance that ``accept`` holds for the cards drawn from a shuffled deck.

    The deck holds ``population`` cards, ``kinds[k]`` of kind ``k`` (the rest are of
    no kind); ``stages[s]`` cards have been drawn by the end of stage ``s`` (a
    non-decreasing sequence). ``accept`` sees how many of each kind were drawn by
    each stage. Every way of drawing is weighed with integers, so the result is
    exact up to the final division; None when there are more than
    :data:`MAX_DRAW_PATHS` ways to look at.
    """
    if sum(kinds) > population or any(k < 0 for k in kinds):
        raise ValueError(f"kinds {list(kinds)} do not fit in {population} cards")
    if any(b < a for a, b in zip((0, *stages), stages, strict=False)) or (
        stages and stages[-1] > population
    ):
        raise ValueError(f"stages must rise from 0 to at most {population}: {list(stages)}")
    paths: dict[StageCounts, int] = {(): 1}
    drawn = 0
    for stage in stages:
        new = stage - drawn
        left = population - drawn
        grown: dict[StageCounts, int] = {}
        for path, ways in paths.items():
            counts = path[-1] if path else (0,) * len(kinds)
            remaining = [n - c for n, c in zip(kinds, counts, strict=True)]
            others = left - sum(remaining)
            for extra in _compositions(remaining, new):
                rest = new - sum(extra)
                if rest > others:
                    continue
                weight = math.comb(others, rest)
                for r, x in zip(remaining, extra, strict=True):
                    weight *= math.comb(r, x)
                key = (*path, tuple(c + x for c, x in zip(counts, extra, strict=True)))
                grown[key] = grown.get(key, 0) + ways * weight
                if len(grown) > MAX_DRAW_PATHS:
                    return None
        paths = grown
        drawn = stage
    total = sum(paths.values())
    return sum(ways for path, ways in paths.items() if accept(path)) / total


def _compositions(limits: Sequence[int], most: int) -> list[tuple[int, ...]]:
    """Every tuple ``x`` with ``0 <= x[k] <= limits[k]`` and ``sum(x) <= most``."""
    found: list[tuple[int, ...]] = [()]
    for limit in limits:
        found = [(*x, i) for x in found for i in range(min(limit, most - sum(x)) + 1)]
    return found
