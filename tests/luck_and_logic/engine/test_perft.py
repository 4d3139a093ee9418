"""Perft: exact counts of legal action sequences from seeded positions (golden values).

A change in these numbers is a change in the rules as played: check it against
the rules digest before updating a golden count.

Issue 10 changed four of them, each traced to a rule fix by diffing the action trees
against the previous engine: members of territory 2 and 4 now move and displace
members (seed 000 【4】 line 135: seeds 1/10, 3/30, LEVEL_RETURN and DISCARD gain moves,
and a plain exchange is one action where it was a ``swap``), and two face-up
paradoxes of one's own now ask which one to turn face down (seed 000 line 196:
DEFINE's fourth ply is that choice instead of both turning face down).
"""

from __future__ import annotations

import pytest

from lalcheck.games.luck_and_logic.engine import Game, Mulligan, RushPolicy, perft
from lalcheck.games.luck_and_logic.engine.game import policy_rng

from .pool import ability_deck, make_deck


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
        (1, 10, [25, 526, 9756]),
        (2, 20, [9, 52, 401]),
        (3, 30, [38, 983, 22211]),
        (4, 40, [6, 32, 404]),
    ],
)
def test_perft_golden_counts_mid_game(seed, actions, counts):
    game = greedy_position(seed, actions=actions)
    assert [perft(game, depth) for depth in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize(
    "seed, phase, counts",
    [
        (0, "DEFINE", [6, 35, 191, 1130]),
        (2, "INTERCEPT", [3, 8, 31, 120]),
        (0, "BATTLE", [4, 32, 700, 17549]),
        (1, "LEVEL_RETURN", [3, 57, 886, 12299]),
        (18, "DISCARD", [5, 30, 270, 7740]),
    ],
)
def test_perft_golden_counts_in_each_kind_of_decision(seed, phase, counts):
    game = greedy_position(seed, phase=phase)
    assert [perft(game, depth) for depth in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize(
    "seed, kind, counts",
    [
        (1, "deck", [3, 18, 96, 3222]),
        (2, "move", [6, 42, 762, 14814]),
        (3, "hand", [5, 75, 1270, 19898]),
    ],
)
def test_perft_golden_counts_through_ability_choices(seed, kind, counts):
    """Decks using every part of the ability language, greedy against greedy, up to
    the first choice an ability asks for (a search, a move, a discard); the rushing
    greedy player, the one the goldens were counted with."""
    game = Game.new(ability_deck("a"), ability_deck("b", my_logicalist=False), seed, 0)
    game.push(Mulligan())
    game.push(Mulligan())
    policies = (RushPolicy(), RushPolicy())
    rngs = (policy_rng(seed, 0), policy_rng(seed, 1))
    while game.phase.name != "CHOOSE":
        game.push(policies[game.actor].choose(game, game.legal_actions(), rngs[game.actor]))
    assert game.choice is not None and game.choice.kind.value == kind
    assert [perft(game, depth) for depth in range(1, len(counts) + 1)] == counts


def test_perft_leaves_the_position_untouched():
    game = greedy_position(0, phase="DEFINE")
    before = (list(game.actions), [list(p.hand) for p in game.players], game.rng.getstate())
    perft(game, 3)
    after = (list(game.actions), [list(p.hand) for p in game.players], game.rng.getstate())
    assert before == after
