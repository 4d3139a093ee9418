"""Perft: exact counts of legal action sequences from seeded positions (golden values).

A change in these numbers is a change in the rules as played: check it against
the rules digest before updating a golden count.
"""

from __future__ import annotations

import pytest

from lalcheck.games.luck_and_logic.engine import Game, Mulligan, RushPolicy, perft
from lalcheck.games.luck_and_logic.engine.game import policy_rng

from .pool import make_deck


def greedy_position(seed: int, phase: str | None = None, actions: int | None = None) -> Game:
    """The racing greedy player against itself (A first, A with My Logicalist) until
    the first decision in ``phase``, or for ``actions`` actions. Both keep their
    opening hands, so that tuning the greedy mulligan does not move the positions
    (and the defending greedy's tuning neither)."""
    game = Game.new(make_deck("a", my_logicalist=True), make_deck("b"), seed, first_player=0)
    game.push(Mulligan())
    game.push(Mulligan())
    policies = (RushPolicy(), RushPolicy())
    rngs = (policy_rng(seed, 0), policy_rng(seed, 1))
    while game.outcome is None:
        if phase is not None and game.phase.name == phase:
            return game
        if actions is not None and len(game.actions) == actions:
            return game
        game.push(policies[game.actor].choose(game, game.legal_actions(), rngs[game.actor]))
    raise AssertionError("position not reached")


def test_perft_from_the_start_counts_mulligans():
    game = Game.new(make_deck("a"), make_deck("b"), seed=7, first_player=0)
    assert [perft(game, depth) for depth in (1, 2, 3)] == [32, 1024, 5792]


@pytest.mark.parametrize(
    "seed, actions, counts",
    [
        (1, 10, [25, 499, 8475]),
        (2, 20, [9, 52, 401]),
        (3, 30, [34, 771, 14827]),
        (4, 40, [6, 32, 404]),
    ],
)
def test_perft_golden_counts_mid_game(seed, actions, counts):
    game = greedy_position(seed, actions=actions)
    assert [perft(game, depth) for depth in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize(
    "seed, phase, counts",
    [
        (0, "DEFINE", [6, 35, 191, 1145]),
        (2, "INTERCEPT", [3, 8, 31, 120]),
        (0, "BATTLE", [4, 32, 700, 17549]),
        (1, "LEVEL_RETURN", [3, 57, 877, 11696]),
        (18, "DISCARD", [5, 30, 270, 7705]),
    ],
)
def test_perft_golden_counts_in_each_kind_of_decision(seed, phase, counts):
    game = greedy_position(seed, phase=phase)
    assert [perft(game, depth) for depth in range(1, len(counts) + 1)] == counts


def test_perft_leaves_the_position_untouched():
    game = greedy_position(0, phase="DEFINE")
    before = (list(game.actions), [list(p.hand) for p in game.players], game.rng.getstate())
    perft(game, 3)
    after = (list(game.actions), [list(p.hand) for p in game.players], game.rng.getstate())
    assert before == after
