"""Seeded random play with the invariants after every action; replays; greedy play.

Invariants (see ``helpers.check_invariants``): every card in exactly one zone,
HP within bounds, unit/counter/gear/stage slots respected, LP rows consistent
and never shrinking, rank and colourings consistent, no unit left at 0 power,
hand limit kept between actions, a game in progress always has an action.
"""

from __future__ import annotations

import os

import pytest

from lalcheck.games.restore_the_luminous.engine import (
    DeckList,
    Game,
    GreedyPolicy,
    IllegalActionError,
    PassivePolicy,
    Play,
    RandomPolicy,
    WallPolicy,
    play_game,
    replay,
)
from lalcheck.games.restore_the_luminous.engine.game import POLICY_NAMESPACE
from lalcheck.simulation.engine import policy_rng

from .helpers import check_invariants, new_game

#: Random games per run; raise it for a soak (LALCHECK_RTL_FUZZ_GAMES=5000).
FUZZ_GAMES = int(os.environ.get("LALCHECK_RTL_FUZZ_GAMES", "200"))
CHUNKS = 4


def pairing(decks: dict[str, DeckList], seed: int) -> tuple[DeckList, DeckList]:
    """Every ordered pair of sample decks in turn, mirror matches included."""
    names = sorted(decks)
    return decks[names[seed % len(names)]], decks[names[seed // len(names) % len(names)]]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_play_keeps_every_invariant(chunk: int, decks: dict[str, DeckList]) -> None:
    policy = RandomPolicy()
    for seed in range(chunk, FUZZ_GAMES, CHUNKS):
        pair = pairing(decks, seed)
        game = Game.new(*pair, seed)
        rngs = (policy_rng(seed, 0, POLICY_NAMESPACE), policy_rng(seed, 1, POLICY_NAMESPACE))
        check_invariants(game, pair)
        while game.outcome is None:
            if len(game.actions) % 16 == 0:
                actions = list(game.legal_actions())
                assert len(set(actions)) == len(actions), "no action twice"
                assert all(game.is_legal(a) for a in actions)
            game.push(policy.choose(game, game.legal_actions(), rngs[game.actor]))
            check_invariants(game, pair)


def test_is_legal_rejects_what_is_not_generated() -> None:
    game = new_game()
    assert not game.is_legal(Play(0, (9, 0, 0, 0, 0, 0)))
    assert not game.is_legal(Play(99, (0, 0, 0, 0, 0, 0)))
    assert not game.is_legal("pass")
    with pytest.raises(IllegalActionError):
        game.push_legal(Play(0, (9, 0, 0, 0, 0, 0)))


@pytest.mark.parametrize("seed", range(4))
def test_replay_reproduces_a_random_game_exactly(seed: int, decks: dict[str, DeckList]) -> None:
    pair = pairing(decks, seed * 7)
    record = play_game(*pair, (RandomPolicy(), RandomPolicy()), seed=seed, log=True)
    again = replay(*pair, seed, record.actions, log=True)
    assert again.outcome == record.outcome
    assert tuple(again.log or ()) == record.log
    assert tuple(again.summaries) == record.summaries


def test_the_same_seed_gives_the_same_game_for_every_policy(decks: dict[str, DeckList]) -> None:
    policies = ((GreedyPolicy(), GreedyPolicy()), (GreedyPolicy(), WallPolicy()))
    for seed in range(12):
        pair = pairing(decks, seed)
        for matchup in policies:
            record = play_game(*pair, matchup, seed=seed)
            assert play_game(*pair, matchup, seed=seed) == record
            assert replay(*pair, seed, record.actions).outcome == record.outcome


def test_greedy_wall_and_passive_games_keep_the_invariants(decks: dict[str, DeckList]) -> None:
    matchups = (
        (GreedyPolicy(), PassivePolicy()),
        (GreedyPolicy(), GreedyPolicy()),
        (WallPolicy(), GreedyPolicy()),
    )
    for matchup in matchups:
        for seed in range(24):
            pair = pairing(decks, seed)
            record = play_game(*pair, matchup, seed=seed)
            check_invariants(replay(*pair, seed, record.actions), pair)


def test_records_carry_what_a_goldfish_runner_aggregates(decks: dict[str, DeckList]) -> None:
    pair = (decks["red-rush"], decks["blue-tide"])
    record = play_game(*pair, (GreedyPolicy(), PassivePolicy()), seed=3, first_player=0)
    assert record.winner == 0 and record.first_player == 0
    mine = record.turns_of(0)
    assert [s.turn for s in mine] == list(range(1, record.turns[0] + 1))
    assert mine[0].lp == 2 and mine[-1].opponent_hp == 0
    assert all(len(s.colours) == 5 for s in mine)
    assert sum(len(s.played) for s in mine) > 0 and record.unmodelled == {}
