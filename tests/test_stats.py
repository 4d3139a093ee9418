"""The statistics against published and exact values."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations

import pytest

from lalcheck.simulation.stats import (
    Mean,
    Proportion,
    at_least_one,
    mean_difference,
    proportion_difference,
    wilson,
)


@pytest.mark.parametrize(
    ("count", "total", "low", "high"),
    [
        # Newcombe (1998), "Two-sided confidence intervals for the single
        # proportion", Table I, method 3 (Wilson score, no continuity correction).
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # Textbook values.
        (5, 10, 0.2366, 0.7634),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
    ],
)
def test_wilson_interval_matches_published_values(
    count: int, total: int, low: float, high: float
) -> None:
    assert wilson(count, total) == pytest.approx((low, high), abs=5e-5)


def test_wilson_bounds_are_exact_at_the_edges_and_wide_open_without_data() -> None:
    assert wilson(0, 7)[0] == 0.0
    assert wilson(7, 7)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    assert Proportion(0, 0).value == 0.0


@pytest.mark.parametrize(
    ("a", "b", "low", "high"),
    [
        # Newcombe (1998), "Interval estimation for the difference between
        # independent proportions", Table II, method 10 (hybrid score).
        ((56, 70), (48, 80), 0.0524, 0.3339),
        ((9, 10), (3, 10), 0.1705, 0.8090),
        ((0, 10), (0, 20), -0.1611, 0.2775),
        ((0, 10), (0, 10), -0.2775, 0.2775),
    ],
)
def test_newcombe_difference_matches_published_values(
    a: tuple[int, int], b: tuple[int, int], low: float, high: float
) -> None:
    # Newcombe's difference is a - b; ours is "other minus baseline".
    difference = proportion_difference(Proportion(*b), Proportion(*a))
    assert difference.value == pytest.approx(a[0] / a[1] - b[0] / b[1])
    assert difference.ci95 == pytest.approx((low, high), abs=5e-5)
    assert difference.significant is (low > 0 or high < 0)


def test_at_least_one_in_the_opening_five_is_the_exact_hypergeometric_value() -> None:
    exact = 1 - Fraction(math.comb(42, 5), math.comb(50, 5))
    assert at_least_one(50, 8, 5) == pytest.approx(float(exact), rel=1e-12)
    assert at_least_one(50, 8, 5) == pytest.approx(0.59851, abs=1e-5)
    assert at_least_one(50, 0, 5) == 0.0
    assert at_least_one(50, 50, 5) == 1.0
    with pytest.raises(ValueError):
        at_least_one(50, 51, 5)


def test_at_least_one_agrees_with_enumerating_every_hand() -> None:
    deck = ["hit"] * 3 + ["miss"] * 5
    hands = list(combinations(range(len(deck)), 4))
    hits = sum(any(deck[i] == "hit" for i in hand) for hand in hands)
    assert at_least_one(8, 3, 4) == pytest.approx(hits / len(hands))


def test_mean_from_a_histogram_with_its_interval() -> None:
    mean = Mean.of_histogram({3: 2, 5: 2})
    assert mean is not None
    assert (mean.n, mean.value) == (4, 4.0)
    assert mean.sd == pytest.approx(math.sqrt(4 / 3))
    half = 1.959963984540054 * math.sqrt(4 / 3) / 2
    assert mean.ci95 == pytest.approx((4 - half, 4 + half))
    assert Mean.of_histogram({}) is None
    single = Mean.of_histogram({4: 1})
    assert single is not None and single.ci95 == (4.0, 4.0)


def test_difference_of_means_is_welch_with_the_normal_quantile() -> None:
    a = Mean(100, 5.0, 1.0)
    b = Mean(400, 4.5, 2.0)
    difference = mean_difference(a, b)
    half = 1.959963984540054 * math.sqrt(1 / 100 + 4 / 400)
    assert difference.value == pytest.approx(-0.5)
    assert difference.ci95 == pytest.approx((-0.5 - half, -0.5 + half))
    assert difference.significant
