"""Setup (R-TURN-0) and the turn structure (R-TURN-1 to R-TURN-6, R-ZONE-2)."""

from __future__ import annotations

from lalcheck.games.luck_and_logic.engine import (
    Attack,
    Discard,
    Game,
    LevelUp,
    Mulligan,
    Pass,
    Phase,
    ReturnLevel,
)
from lalcheck.games.luck_and_logic.engine import decisions as d

from .pool import (
    FOREIGNER,
    LOGICALIST,
    PARADOX,
    TACTICS,
    TRANSUNION_2,
    at_main,
    clear_hand,
    field,
    give,
    main_phase_game,
    make_deck,
    set_level,
)


def test_r_turn_0_setup_puts_six_gates_removes_four_and_draws_five(decks):
    """Seed 000 【0】 lines 107-111, §四 lines 80-81, 89."""
    game = Game.new(*decks, seed=3)
    for state in game.players:
        assert len(state.gates) == 6 and not any(state.gate_destroyed)
        assert len(state.removed) == 4
        assert len(state.hand) == 5 and len(state.deck) == 45
    assert game.phase is Phase.MULLIGAN and game.actor == game.first_player


def test_r_turn_0_first_player_is_random_unless_given(decks):
    """Seed 000 【0】 line 110."""
    firsts = {Game.new(*decks, seed=seed).first_player for seed in range(20)}
    assert firsts == {0, 1}
    assert Game.new(*decks, seed=3, first_player=1).first_player == 1


def test_r_turn_0_mulligan_bottoms_cards_and_draws_as_many(decks):
    """Seed 000 【0】 line 111."""
    game = Game.new(*decks, seed=3, first_player=0)
    state = game.players[0]
    hand = list(state.hand)
    top = state.deck[-2:]
    game.push(Mulligan((0, 2)))
    assert state.deck[0] is hand[2] and state.deck[1] is hand[0]
    assert state.hand == [hand[1], hand[3], hand[4], top[1], top[0]]
    assert game.actor == 1 and game.phase is Phase.MULLIGAN
    game.push(Mulligan())
    opening = game.openings[0]
    assert opening is not None and opening.hand == tuple(hand)
    assert opening.bottomed == (hand[0], hand[2])
    assert game.active == 0 and game.phase is Phase.LEVEL


def test_r_turn_0_mulligan_offers_every_subset(decks):
    """Seed 000 【0】 line 111 (any cards, once)."""
    game = Game.new(*decks, seed=3)
    assert len(game.legal_actions()) == 2**5


def test_r_turn_2_first_player_draws_two_and_charges_one_on_turn_one():
    """Seed 000 【2】 lines 118-119."""
    game = main_phase_game()
    state = game.players[0]
    assert len(state.hand) == 7 and len(state.cost) == 1 and len(state.deck) == 42


def test_r_turn_3_first_players_first_level_card_is_face_down():
    """Seed 000 【3】 lines 121-122, §四 line 83."""
    game = main_phase_game()
    game.push(LevelUp(0))
    assert game.players[0].level_face_up == [False]
    assert game.phase is Phase.MAIN


def test_r_turn_5_no_attack_on_the_first_players_first_turn():
    """Seed 000 【5】 line 155."""
    game = main_phase_game()
    field(game, 0, LOGICALIST, (1,))
    game.push(LevelUp(0))
    game.push(Pass())  # main -> battle: nothing to attack with, so the turn ends
    assert game.active == 1
    assert game.players[0].face_up_level_count == 0


def test_r_turn_3_level_zone_at_five_returns_one_face_down_included():
    """Seed 000 【3】 line 124, §四 line 83."""
    game = main_phase_game()
    set_level(game, 0, [PARADOX], face_up=False)
    at_main(game, [LOGICALIST, LOGICALIST, FOREIGNER])
    state = game.players[0]
    state.turns = 4
    game.phase = Phase.LEVEL
    game.push(LevelUp(0))
    assert game.phase is Phase.LEVEL_RETURN and len(state.level) == d.LEVEL_ZONE_RETURN_AT
    assert ReturnLevel(0) in list(game.legal_actions())  # the face-down one may return
    game.push(ReturnLevel(0))
    assert state.level_count == 4 and state.face_up_level_count == 4
    assert state.hand[-1] is PARADOX
    assert game.phase is Phase.MAIN


def test_r_turn_1_stand_phase_stands_members_and_level_cards():
    """Seed 000 【1】 line 116, line 191 (rested level cards stand)."""
    game = at_main(main_phase_game(), [LOGICALIST])
    member = field(game, 0, FOREIGNER, (1, 2))
    member.rested = True
    game.players[0].level_rested[0] = True
    game.push(Pass())  # to battle; the rested member cannot attack, so the turn ends
    assert game.active == 1
    game.push(Pass())  # B: level
    game.push(Pass())  # B: main -> battle -> end (no attacks at level 0)
    assert game.active == 0
    assert not member.rested and game.players[0].level_rested == [False]


def test_r_turn_5_attacks_are_limited_by_face_up_level_cards():
    """Seed 000 【5】 line 153."""
    game = at_main(main_phase_game(), [LOGICALIST])
    field(game, 0, LOGICALIST, (1,))
    field(game, 0, LOGICALIST, (3,))
    game.push(Pass())
    assert game.phase is Phase.BATTLE
    game.push(Attack(1, 1))
    assert game.active == 1, "one face-up level card: one attack, then the turn ends"


def test_r_zone_2_hand_limit_discards_down_to_eight_in_own_end_phase():
    """Seed 000 补充1 line 204."""
    game = at_main(main_phase_game())
    state = game.players[0]
    clear_hand(game, 0)
    give(game, 0, [LOGICALIST] * 5 + [TACTICS] * 2 + [PARADOX] * 3)
    game.push(Pass())
    assert game.phase is Phase.DISCARD and game.actor == 0
    assert set(game.legal_actions()) == {Discard(0), Discard(5), Discard(7)}
    game.push(Discard(7))
    assert game.phase is Phase.DISCARD
    game.push(Discard(0))
    assert len(state.hand) == d.HAND_LIMIT and game.active == 1
    assert state.drop.count(PARADOX) == 1 and LOGICALIST in state.drop


def test_r_turn_6_end_phase_ends_turn_boosts():
    """Seed 000 【6】 line 203."""
    game = at_main(main_phase_game(), [TRANSUNION_2])
    member = field(game, 0, LOGICALIST, (1,))
    member.power_bonus = 2000
    game.push(Pass())
    game.push(Pass())
    assert member.power_bonus == 0


def test_turn_summaries_record_each_own_turn():
    game = at_main(main_phase_game(), [LOGICALIST])
    field(game, 0, LOGICALIST, (1,))
    game.push(Pass())
    game.push(Attack(1, 1))
    summary = game.summaries[-1]
    assert (summary.player, summary.turn, summary.level, summary.members) == (0, 1, 1, 1)
    assert summary.gates_destroyed == 1 and summary.refreshes == 0


def test_second_player_levels_face_up_on_its_first_turn():
    """Seed 000 【3】 line 122 (only the first player's first)."""
    game = Game.new(make_deck(), make_deck(), seed=5, first_player=1)
    game.push(Mulligan())
    game.push(Mulligan())
    game.push(Pass())
    game.push(Pass())
    assert game.active == 0
    game.push(LevelUp(0))
    assert game.players[0].level_face_up == [True]


def test_turn_limit_ends_the_game_in_a_draw_without_a_duplicate_summary(monkeypatch):
    monkeypatch.setattr(d, "MAX_TURNS", 2)
    game = main_phase_game()
    game.push(Pass())
    game.push(Pass())  # A's turn ends
    game.push(Pass())
    game.push(Pass())  # B's turn ends: turn 3 would pass the limit
    assert game.outcome is not None and game.outcome.winner is None
    assert [(s.player, s.turn) for s in game.summaries] == [(0, 1), (1, 1)]


def test_r_turn_0_both_players_mulligan_once_whoever_decides_first(decks, monkeypatch):
    """Seed 000 【0】 line 111."""
    monkeypatch.setattr(d, "FIRST_PLAYER_MULLIGANS_FIRST", False)
    game = Game.new(*decks, seed=3, first_player=0)
    assert game.actor == 1 and game.phase is Phase.MULLIGAN
    game.push(Mulligan((0,)))
    assert game.actor == 0 and game.phase is Phase.MULLIGAN, "the first player mulligans too"
    game.push(Mulligan())
    assert game.openings[0] is not None and game.openings[1] is not None
    assert game.active == 0 and game.actor == 0 and game.phase is Phase.LEVEL
    assert len(game.players[0].hand) == 7 and len(game.players[1].hand) == 5


def test_r_zone_2_hand_limit_checks_the_turn_player_unless_decided_otherwise(monkeypatch):
    """Seed 000 补充1 line 204; decisions.HAND_LIMIT_TURN_PLAYER_ONLY."""
    game = at_main(main_phase_game())
    clear_hand(game, 0)
    clear_hand(game, 1)
    give(game, 1, [LOGICALIST] * 5 + [FOREIGNER] * 4)  # B holds 9 at the end of A's turn
    game.push(Pass())
    assert d.HAND_LIMIT_TURN_PLAYER_ONLY and game.active == 1 and game.phase is Phase.LEVEL

    monkeypatch.setattr(d, "HAND_LIMIT_TURN_PLAYER_ONLY", False)
    game = at_main(main_phase_game())
    clear_hand(game, 0)
    clear_hand(game, 1)
    give(game, 0, [LOGICALIST] * 5 + [FOREIGNER] * 4)  # A holds 9 too: A discards first
    give(game, 1, [LOGICALIST] * 5 + [FOREIGNER] * 4)
    game.push(Pass())
    assert game.phase is Phase.DISCARD and game.actor == 0
    game.push(Discard(0))
    assert game.phase is Phase.DISCARD and game.actor == 1 and game.active == 0
    game.push(Discard(0))
    assert game.players[1].drop == [LOGICALIST]
    assert len(game.players[1].hand) == d.HAND_LIMIT + d.DRAW_PHASE_DRAWS, "then B's turn"
    assert game.active == 1 and game.actor == 1 and game.phase is Phase.LEVEL
