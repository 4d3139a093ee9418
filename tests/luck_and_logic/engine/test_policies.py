"""Policies: the passive goldfish opponent, the greedy player, the game record."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from lalcheck.games.luck_and_logic.engine import (
    Attack,
    Define,
    EndReason,
    Game,
    GreedyPolicy,
    Mulligan,
    Pass,
    PassivePolicy,
    RandomPolicy,
    Trance,
    play_game,
)
from lalcheck.games.luck_and_logic.engine.policies import GreedyPolicy as Greedy

from .pool import (
    FOREIGNER,
    LOGICALIST,
    PARADOX,
    TACTICS,
    TRANSUNION_2,
    TRANSUNION_3,
    TRANSUNION_4,
    at_main,
    clear_hand,
    field,
    give,
    main_phase_game,
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


def greedy_mulligan(hand, second=None):
    game = Game.new(make_deck(), make_deck(), seed=1, first_player=0)
    clear_hand(game, 0)
    give(game, 0, hand)
    if second is not None:
        game.players[0].hand.insert(1, second)
    return Greedy().choose(game, game.legal_actions(), None)  # type: ignore[arg-type]


def test_greedy_keeps_a_hand_with_a_first_turn_member():
    # high levels and paradoxes are level-zone fodder (R-TURN-3): nothing to fix here
    assert greedy_mulligan([LOGICALIST, TRANSUNION_3, PARADOX, PARADOX, TRANSUNION_4]) == Mulligan()


def test_greedy_mulligan_without_a_first_turn_member_keeps_only_early_members():
    early = replace(FOREIGNER, number="T/L2", level=2)
    hand = [TRANSUNION_2, PARADOX, TACTICS, TRANSUNION_4]
    assert greedy_mulligan(hand, early) == Mulligan((0, 2, 3, 4))


def test_greedy_mulligans_a_minority_of_hands(goldfish_records):
    mulliganed = sum(1 for record in goldfish_records if record.openings[0].bottomed)
    assert 0 < mulliganed < len(goldfish_records) // 4


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
    game = at_main(main_phase_game(), [LOGICALIST, LOGICALIST], cost=2)
    clear_hand(game, 0)
    give(game, 0, [TRANSUNION_2])
    field(game, 0, LOGICALIST, (1,))
    field(game, 0, FOREIGNER, (3, 4))
    action = Greedy().choose(game, game.legal_actions(), None)  # type: ignore[arg-type]
    assert isinstance(action, Trance) and game.is_legal(action)
    trancing = 0
    greedy = (GreedyPolicy(), GreedyPolicy())
    for seed in range(20):
        record = play_game(make_deck(), make_deck(), greedy, seed, first_player=0, log=True)
        trancing += any("trances into" in line for line in record.log)
    assert trancing >= 5


def test_greedy_knows_its_second_paradox_keeps_spirit_deciding():
    """R-BAT-4 (seed 000 line 196): a second paradox of one's own turns only one face
    down, so it cannot bring power back; the greedy player does not waste it."""
    game = at_main(main_phase_game(), [LOGICALIST, LOGICALIST])
    clear_hand(game, 0)
    clear_hand(game, 1)
    field(game, 0, FOREIGNER, (1, 2))  # 4500, spirit 1
    defender = field(game, 1, LOGICALIST, (1,))  # 3000, spirit 1 + 1
    defender.spirit_bonus = 1
    give(game, 0, [PARADOX, PARADOX])
    game.push(Pass())
    game.push(Attack(1, 1))
    game.push(Define(0))  # R-BAT-4: spirit decides now, and the attacker loses 1 to 2
    assert game.up_paradox is not None and game.actor == 0
    action = Greedy().choose(game, game.legal_actions(), None)  # type: ignore[arg-type]
    assert action != Define(0) and action in game.legal_actions()


def test_greedy_cancels_the_opponents_paradox_when_power_would_win():
    """R-BAT-4 (seed 000 line 195): an opponent's face-up paradox and a new one cancel."""
    game = at_main(main_phase_game(), [LOGICALIST, LOGICALIST])
    clear_hand(game, 0)
    clear_hand(game, 1)
    field(game, 0, FOREIGNER, (1, 2))  # 4500, spirit 1
    defender = field(game, 1, LOGICALIST, (1,))  # 3000, spirit 1 + 1
    defender.spirit_bonus = 1
    give(game, 0, [PARADOX])
    give(game, 1, [PARADOX])
    game.push(Pass())
    game.push(Attack(1, 1))
    game.push(Define(0))  # the defender's paradox: spirit decides, 1 against 2
    assert game.up_paradox is not None and game.actor == 0
    action = Greedy().choose(game, game.legal_actions(), None)  # type: ignore[arg-type]
    assert action == Define(0), "both turn face down: power decides, 4500 beats 3000"


def test_passive_defender_never_intercepts_or_defines():
    game = at_main(main_phase_game(), [LOGICALIST])
    clear_hand(game, 0)
    field(game, 0, FOREIGNER, (1, 2))
    field(game, 1, LOGICALIST, (1,))
    field(game, 1, FOREIGNER, (3, 4))
    give(game, 1, [PARADOX, TACTICS])
    game.push(Pass())
    game.push(Attack(1, 1))
    passive = PassivePolicy()
    assert game.phase.name == "INTERCEPT" and game.actor == 1
    assert passive.choose(game, game.legal_actions(), None) == Pass()  # type: ignore[arg-type]
    game.push(Pass())
    assert game.phase.name == "DEFINE" and game.actor == 1
    assert passive.choose(game, game.legal_actions(), None) == Pass()  # type: ignore[arg-type]
