"""Seeded random play with invariants after every action, greedy play, replays."""

from __future__ import annotations

import os

import pytest

from lalcheck.games.luck_and_logic.engine import (
    Define,
    Game,
    GreedyPolicy,
    IllegalActionError,
    Mobilize,
    PassivePolicy,
    RandomPolicy,
    play_game,
    replay,
)
from lalcheck.games.luck_and_logic.engine.game import policy_rng

from .pool import ability_deck, check_invariants, make_deck

#: Random games per deck pair and test run (1000 in all by default); raise it for a
#: longer soak (LALCHECK_FUZZ_GAMES=20000).
FUZZ_GAMES = int(os.environ.get("LALCHECK_FUZZ_GAMES", "500"))
CHUNKS = 10
#: The plain pool, and decks using every part of the ability language.
DECK_PAIRS = {
    "pool": lambda: (make_deck("a", my_logicalist=True), make_deck("b")),
    "abilities": lambda: (ability_deck("a"), ability_deck("b", my_logicalist=False)),
}


@pytest.mark.parametrize("pair", sorted(DECK_PAIRS))
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_play_keeps_every_invariant(chunk, pair):
    decks = DECK_PAIRS[pair]()
    policy = RandomPolicy()
    for seed in range(chunk, FUZZ_GAMES, CHUNKS):
        game = Game.new(*decks, seed)
        rngs = (policy_rng(seed, 0), policy_rng(seed, 1))
        check_invariants(game, decks)
        while game.outcome is None:
            action = policy.choose(game, game.legal_actions(), rngs[game.actor])
            if len(game.actions) % 16 == 0:
                actions = list(game.legal_actions())
                assert len(set(actions)) == len(actions), "no action twice"
                assert all(game.is_legal(a) for a in actions)
            game.push(action)
            check_invariants(game, decks)
        assert game.outcome is not None


def test_is_legal_rejects_what_is_not_generated():
    game = Game.new(make_deck(), make_deck(), seed=1)
    assert not game.is_legal(Define(0)) and not game.is_legal(Mobilize(0, (1,)))
    assert not game.is_legal("pass")
    with pytest.raises(IllegalActionError):
        game.push_legal(Define(0))


@pytest.mark.parametrize("seed", range(3))
def test_replay_reproduces_a_random_game_exactly(seed):
    decks = (make_deck("a", my_logicalist=True), make_deck("b"))
    record = play_game(*decks, (RandomPolicy(), RandomPolicy()), seed=seed, log=True)
    again = replay(*decks, seed, record.actions, log=True)
    assert again.outcome == record.outcome
    assert tuple(again.log or ()) == record.log
    assert tuple(again.summaries) == record.summaries


def test_replay_reproduces_greedy_games_and_the_same_seed_gives_the_same_game():
    decks = (make_deck("a"), make_deck("b"))
    policies = (GreedyPolicy(), GreedyPolicy())
    for seed in range(20):
        record = play_game(*decks, policies, seed=seed)
        assert play_game(*decks, policies, seed=seed) == record
        assert replay(*decks, seed, record.actions).outcome == record.outcome


@pytest.mark.parametrize("pair", sorted(DECK_PAIRS))
def test_greedy_and_passive_games_keep_the_invariants(pair):
    decks = DECK_PAIRS[pair]()
    for policies in ((GreedyPolicy(), PassivePolicy()), (GreedyPolicy(), GreedyPolicy())):
        for seed in range(100):
            record = play_game(*decks, policies, seed=seed)
            game = replay(*decks, seed, record.actions)
            check_invariants(game, decks)


def test_replay_reproduces_random_games_of_the_ability_decks():
    decks = DECK_PAIRS["abilities"]()
    for seed in range(5):
        record = play_game(*decks, (RandomPolicy(), RandomPolicy()), seed=seed, log=True)
        again = replay(*decks, seed, record.actions, log=True)
        assert again.outcome == record.outcome and tuple(again.log or ()) == record.log
