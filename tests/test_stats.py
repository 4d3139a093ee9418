"""The statistics against published and exact values."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations, permutations

import pytest

from lalcheck.simulation.stats import (
    Mean,
    Proportion,
    at_least_one,
    draw_probability,
    mean_difference,
    paired_mean_difference,
    paired_proportion_difference,
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


def test_paired_proportions_follow_newcombe_method_10_by_hand() -> None:
    # 50 games: both won 10, only the baseline 5, only the other 15, neither 20.
    both, baseline_only, other_only, neither = 10, 5, 15, 20
    p1, p2 = 15 / 50, 25 / 50
    (l1, u1), (l2, u2) = wilson(15, 50), wilson(25, 50)
    phi = (10 * 20 - 5 * 15) / math.sqrt(15 * 35 * 25 * 25)
    low = (p2 - p1) - math.sqrt((p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2)
    high = (p2 - p1) + math.sqrt((u2 - p2) ** 2 - 2 * phi * (u2 - p2) * (p1 - l1) + (p1 - l1) ** 2)
    difference = paired_proportion_difference(both, baseline_only, other_only, neither)
    assert difference.value == pytest.approx(0.2)
    assert difference.ci95 == pytest.approx((low, high))
    # positively correlated pairs: narrower than the independent interval
    independent = proportion_difference(Proportion(15, 50), Proportion(25, 50))
    assert difference.ci95[1] - difference.ci95[0] < independent.ci95[1] - independent.ci95[0]


def test_uncorrelated_pairs_give_the_independent_interval() -> None:
    # phi = 0 (both * neither == baseline_only * other_only): Newcombe's hybrid score
    paired = paired_proportion_difference(4, 4, 4, 4)
    independent = proportion_difference(Proportion(8, 16), Proportion(8, 16))
    assert paired.ci95 == pytest.approx(independent.ci95)
    # no games: nothing known, clipped to [-1, 1]
    assert paired_proportion_difference(0, 0, 0, 0).ci95 == (-1.0, 1.0)


def test_paired_mean_difference_is_the_mean_of_per_game_differences() -> None:
    difference = paired_mean_difference({-1: 3, 0: 5, 2: 2})
    assert difference is not None
    values = [-1] * 3 + [0] * 5 + [2] * 2
    mean = sum(values) / 10
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / 9)
    half = 1.959963984540054 * sd / math.sqrt(10)
    assert difference.value == pytest.approx(mean)
    assert difference.ci95 == pytest.approx((mean - half, mean + half))
    assert paired_mean_difference({}) is None


def test_draw_probability_agrees_with_enumerating_every_order() -> None:
    # 7 cards: 2 of kind 0, 2 of kind 1, 3 others; 2 drawn by stage 0, 4 by stage 1.
    deck = [0, 0, 1, 1, None, None, None]

    def accept(counts: tuple[tuple[int, ...], ...]) -> bool:
        return counts[0][0] >= 1 and counts[1][1] == 2

    orders = list(permutations(range(len(deck))))
    hits = 0
    for order in orders:
        cards = [deck[i] for i in order]
        by_stage = [tuple(cards[:n].count(kind) for kind in (0, 1)) for n in (2, 4)]
        hits += accept(tuple(by_stage))
    assert draw_probability([2, 2], 7, [2, 4], accept) == pytest.approx(hits / len(orders))


def test_draw_probability_is_the_hypergeometric_for_one_kind_and_one_stage() -> None:
    probability = draw_probability([8], 50, [5], lambda counts: counts[0][0] >= 1)
    assert probability == pytest.approx(at_least_one(50, 8, 5), rel=1e-12)
    assert draw_probability([8], 50, [], lambda counts: True) == 1.0
    with pytest.raises(ValueError):
        draw_probability([60], 50, [5], lambda counts: True)
    with pytest.raises(ValueError):
        draw_probability([8], 50, [5, 3], lambda counts: True)
