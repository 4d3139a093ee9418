"""Policies: the passive goldfish opponent, the greedy player, the game record."""

from __future__ import annotations

from collections import Counter

import pytest

from lalcheck.engine import (
    EndReason,
    Game,
    GreedyPolicy,
    Mulligan,
    PassivePolicy,
    RandomPolicy,
    play_game,
)
from lalcheck.engine.policies import GreedyPolicy as Greedy

from .pool import (
    LOGICALIST,
    PARADOX,
    TRANSUNION_3,
    TRANSUNION_4,
    clear_hand,
    give,
    make_deck,
)

GOLDFISH = (GreedyPolicy(), PassivePolicy())


@pytest.fixture(scope="module")
def goldfish_records():
    return [
        play_game(make_deck(), make_deck(), GOLDFISH, seed, first_player=0) for seed in range(200)
    ]


def test_passive_player_never_acts(goldfish_records):
    for record in goldfish_records:
        game = Game.new(make_deck(), make_deck(), record.seed, 0)
        for action in record.actions:
            if game.actor == 1:
                assert type(action).__name__ in {"Mulligan", "Pass", "Discard"}
                if isinstance(action, Mulligan):
                    assert action.bottom == ()
            game.push(action)
        passive = game.players[1]
        assert passive.level == [] and passive.members() == [] and passive.battle == []


def test_greedy_goldfish_wins_by_gates_and_levels_every_turn(goldfish_records):
    for record in goldfish_records:
        assert record.outcome.winner == 0 and record.outcome.reason is EndReason.GATES
        levels = [s.level for s in record.turns_of(0)]
        assert levels == [min(turn, 4) for turn in range(1, len(levels) + 1)]
        last = record.turns_of(0)[-1]
        assert last.gates_destroyed == 6 and last.turn == record.turns[0]


def test_greedy_attacks_front_gates_first():
    record = play_game(make_deck(), make_deck(), GOLDFISH, seed=4, first_player=0, log=True)
    destroyed = [line.split("gate ")[1][0] for line in record.log if "is destroyed" in line]
    assert destroyed[:3] == ["1", "3", "5"]


def test_record_has_openings_turns_and_summaries(goldfish_records):
    record = goldfish_records[0]
    assert all(len(opening.hand) == 5 for opening in record.openings)
    assert record.openings[1].bottomed == ()
    assert record.turns[0] == len(record.turns_of(0))
    assert {s.player for s in record.summaries} == {0, 1}


def test_greedy_mulligan_bottoms_high_levels_and_excess_paradoxes():
    game = Game.new(make_deck(), make_deck(), seed=1, first_player=0)
    clear_hand(game, 0)
    give(game, 0, [LOGICALIST, TRANSUNION_3, PARADOX, PARADOX, TRANSUNION_4])
    action = Greedy().choose(game, game.legal_actions(), None)  # type: ignore[arg-type]
    assert action == Mulligan((1, 3, 4))


def test_greedy_against_greedy_uses_the_two_sided_rules():
    seen: Counter[str] = Counter()
    events = {
        "intercepts": "intercept",
        "defines": "define",
        "cancels": "paradox cancelled",
        "retreats": "retreat",
        "by spirit": "judged by spirit",
        "level support": "level support",
        "trances into": "trance",
    }
    winners = Counter()
    for seed in range(150):
        deck_a = make_deck("a", my_logicalist=True)
        record = play_game(deck_a, make_deck("b"), (GreedyPolicy(), GreedyPolicy()), seed, log=True)
        winners[record.outcome.winner] += 1
        for line in record.log:
            for marker, name in events.items():
                if marker in line:
                    seen[name] += 1
    assert set(seen) == set(events.values()), seen
    assert winners[0] and winners[1]


def test_random_policy_chooses_among_legal_actions():
    record = play_game(make_deck(), make_deck(), (RandomPolicy(), RandomPolicy()), seed=2)
    assert record.outcome is not None and len(record.actions) > 50


def test_greedy_trances_when_it_can():
    record = play_game(
        make_deck(), make_deck(), (GreedyPolicy(), GreedyPolicy()), seed=0, first_player=0, log=True
    )
    assert any("trances into" in line for line in record.log)
