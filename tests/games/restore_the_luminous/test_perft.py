"""Perft: exact counts of legal action sequences from seeded positions (golden values).

A change in these numbers is a change in the rules as played: check it against
docs/rules/restore-the-luminous.md before updating a golden count.
"""

from __future__ import annotations

import pytest

from lalcheck.games.restore_the_luminous.engine import DeckList, Game, RandomPolicy, perft
from lalcheck.games.restore_the_luminous.engine.game import POLICY_NAMESPACE
from lalcheck.simulation.engine import policy_rng


def position(
    decks: dict[str, DeckList], a: str, b: str, seed: int, *, phase: str = "", actions: int = -1
) -> Game:
    """Random play (A first; the random policy, so that tuning the greedy one moves no
    position) until the first decision in ``phase`` or for ``actions`` actions."""
    game = Game.new(decks[a], decks[b], seed, first_player=0)
    policy = RandomPolicy()
    rngs = (policy_rng(seed, 0, POLICY_NAMESPACE), policy_rng(seed, 1, POLICY_NAMESPACE))
    while game.outcome is None:
        if game.phase.name == phase or len(game.actions) == actions:
            return game
        game.push(policy.choose(game, game.legal_actions(), rngs[game.actor]))
    raise AssertionError("position not reached")


def test_perft_from_the_start(decks: dict[str, DeckList]) -> None:
    """Turn 1, LP 2 colourless: nothing is payable (RTL-PAY-4); four distinct hand
    cards to colour with (RTL-COL-1), the leader's L-Accel[2], pass, skip battle."""
    game = Game.new(decks["red-rush"], decks["blue-tide"], 7, first_player=0)
    assert len(game.legal_actions()) == 4 + 1 + 2
    assert [perft(game, depth) for depth in (1, 2, 3, 4)] == [7, 37, 122, 252]


@pytest.mark.parametrize(
    "a, b, seed, actions, counts",
    [
        ("red-rush", "blue-tide", 1, 20, [6, 19, 57, 370]),
        ("green-growth", "yellow-bastion", 2, 40, [7, 35, 126, 394]),
        ("black-crypt", "red-black-twilight", 3, 60, [3, 16, 73, 313]),
    ],
)
def test_perft_golden_counts_mid_game(decks, a, b, seed, actions, counts) -> None:
    game = position(decks, a, b, seed, actions=actions)
    assert [perft(game, depth) for depth in range(1, len(counts) + 1)] == counts


@pytest.mark.parametrize(
    "phase, a, b, seed, counts",
    [
        ("BATTLE", "black-crypt", "black-crypt", 0, [2, 8, 43, 262]),
        ("COUNTER", "black-crypt", "black-crypt", 0, [2, 12, 91, 533]),
        ("COUNTER_ORDER", "green-growth", "blue-tide", 8, [1, 3, 15, 34]),
        ("PROTECT", "blue-tide", "black-crypt", 1, [2, 4, 5, 54]),
        ("TARGET", "black-crypt", "black-crypt", 0, [2, 8, 24, 81]),
        ("TURNOVER", "blue-tide", "black-crypt", 1, [2, 4, 12, 58]),
        ("ERASE", "red-black-twilight", "blue-tide", 45, [8, 247, 4926]),
    ],
)
def test_perft_golden_counts_in_each_kind_of_decision(decks, phase, a, b, seed, counts) -> None:
    game = position(decks, a, b, seed, phase=phase)
    assert game.phase.name == phase
    assert [perft(game, depth) for depth in range(1, len(counts) + 1)] == counts


def test_perft_leaves_the_position_untouched(decks: dict[str, DeckList]) -> None:
    game = position(decks, "green-growth", "blue-tide", 8, phase="COUNTER_ORDER")
    before = (list(game.actions), [list(p.hand) for p in game.players], game.rng.getstate())
    perft(game, 3)
    after = (list(game.actions), [list(p.hand) for p in game.players], game.rng.getstate())
    assert before == after
