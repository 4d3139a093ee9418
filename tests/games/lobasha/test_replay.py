"""Seeded games replay exactly; copies are independent; perft counts are golden."""

from __future__ import annotations

import random

import pytest

from lalcheck.games.lobasha.engine import (
    Ask,
    Game,
    HeuristicPolicy,
    IllegalActionError,
    Pass,
    RandomPolicy,
    Setup,
    Use,
    perft,
    play_game,
    replay,
)

from .helpers import scenario


@pytest.mark.parametrize("players", [2, 5, 12])
def test_the_same_seed_and_answers_give_the_same_game(players: int) -> None:
    setup = Setup.bundled()
    record = play_game(players, setup, RandomPolicy(), seed=11, log=True)
    assert play_game(players, setup, RandomPolicy(), seed=11, log=True) == record
    again = replay(players, setup, 11, record.answers, log=True)
    assert again.outcome is not None and again.outcome.winner == record.winner
    assert tuple(again.log or ()) == record.log
    assert record.log and record.log[-1].startswith("the game ends")


def test_heuristic_games_replay_from_their_answers() -> None:
    setup = Setup.bundled()
    for seed in range(5):
        record = play_game(5, setup, HeuristicPolicy(), seed)
        game = replay(5, setup, seed, record.answers)
        assert game.outcome is not None and game.table.round == record.rounds


def test_a_copy_goes_on_like_the_original_and_apart_from_it() -> None:
    setup = Setup.bundled()
    game = Game.new(6, setup, seed=5, log=True)
    rng = random.Random(5)
    policy = RandomPolicy()
    for step in range(600):
        if game.request is None:
            break
        if step % 37 == 0:
            copy = game.copy()
            assert copy.request == game.request and copy.log == game.log
            assert copy.table.draw_pile == game.table.draw_pile
            branch = copy.copy()
            probe = random.Random(step)
            for _ in range(10):
                if branch.request is None:
                    break
                branch.push(policy.choose(branch.view(), branch.legal_actions(), probe))
            assert copy.log == game.log  # the branch did not touch its source
        game.push(policy.choose(game.view(), game.legal_actions(), rng))


def test_pushing_after_the_end_or_an_illegal_answer_is_refused() -> None:
    game = scenario("LP", hands={0: ["kill"]})
    with pytest.raises(IllegalActionError):
        game.push_legal(Use(999, (1,)))
    record = play_game(2, Setup.bundled(), RandomPolicy(), seed=1)
    finished = replay(2, Setup.bundled(), 1, record.answers)
    with pytest.raises(IllegalActionError):
        finished.push(Pass())
    assert finished.copy().outcome == finished.outcome
    assert not list(finished.legal_actions())


def test_perft_counts_from_a_fixed_position() -> None:
    """Golden counts of answer sequences: a change here is a change in the rules as played."""
    game = scenario(
        "LGPA",
        hands={
            0: ["kill:club:5", "dodge:diamond:3", "duel:diamond:1"],
            1: ["undo:club:12"],
            3: ["dodge:diamond:10"],
        },
        # the Lord's draw, then what 寶箱 draws: the counts do not depend on the pile's order
        top=[
            "treasure-chest:heart:11",
            "power-shortage:club:4",
            "energy-blade:spade:6",
            "dodge:heart:8",
        ],
    )
    assert game.request is not None and game.request.ask is Ask.PLAY
    assert [perft(game, depth) for depth in (1, 2, 3)] == PERFT


PERFT = [10, 33, 62]
