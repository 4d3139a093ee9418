"""The main phase: R-MOB, R-TER, move/swap, R-TRANCE (with My Logicalist and
Trance Change), R-LD and R-LUCK."""

from __future__ import annotations

from dataclasses import replace

import pytest

from lalcheck.cards import Color
from lalcheck.engine import (
    LogicDrive,
    LuckDrive,
    Mobilize,
    Move,
    Pass,
    Source,
    Trance,
    TranceChange,
)
from lalcheck.engine import decisions as d
from lalcheck.engine.state import SHAPES

from .pool import (
    FOREIGNER,
    FOREIGNER_SMALL,
    LOGICALIST,
    LOGICALIST_DRAW,
    PARADOX,
    TACTICS,
    TC_FORM,
    TRANSUNION_2,
    TRANSUNION_3,
    TRANSUNION_4,
    at_main,
    clear_hand,
    field,
    give,
    main_phase_game,
    set_level,
)


def hand_game(cards, level=(), cost=0, **kwargs):
    game = at_main(main_phase_game(**kwargs), level, cost)
    clear_hand(game, 0)
    give(game, 0, cards)
    return game


def mobilizes(game):
    return [a for a in game.legal_actions() if isinstance(a, Mobilize)]


def test_r_ter_territory_1_fits_each_circle():
    game = hand_game([LOGICALIST], [TACTICS])
    assert [a.circles for a in mobilizes(game)] == [(c,) for c in range(1, 7)]


def test_r_ter_territory_2_is_adjacent_pairs_never_diagonal():
    game = hand_game([FOREIGNER], [TACTICS])
    pairs = {a.circles for a in mobilizes(game)}
    assert pairs == {(1, 2), (1, 3), (2, 4), (3, 4), (3, 5), (4, 6), (5, 6)}
    assert (1, 4) not in pairs and (2, 3) not in pairs


def test_r_ter_territory_4_is_the_left_or_right_four():
    game = hand_game([TRANSUNION_3], [FOREIGNER, FOREIGNER, FOREIGNER], cost=2)
    assert {a.circles for a in mobilizes(game)} == {(1, 2, 3, 4), (3, 4, 5, 6)}


def test_r_ter_destroyed_gates_still_count_as_circles():
    game = hand_game([FOREIGNER], [TACTICS])
    game.players[0].gate_destroyed[:] = [True] * 5 + [False]
    assert len(mobilizes(game)) == len(SHAPES[2])


def test_r_mob_needs_level_at_least_the_cards_level():
    game = hand_game([TRANSUNION_2], [TACTICS], cost=3)
    assert mobilizes(game) == []
    set_level(game, 0, [LOGICALIST])
    assert len(mobilizes(game)) == len(SHAPES[2])


def test_r_mob_needs_the_cost_in_the_cost_zone_and_pays_it_into_the_drop_zone():
    game = hand_game([TRANSUNION_2], [TACTICS, LOGICALIST])
    state = game.players[0]
    state.deck.extend(state.cost)
    state.cost.clear()
    assert mobilizes(game) == []
    state.cost.append(state.deck.pop())
    game.push(Mobilize(0, (1, 2)))
    assert state.cost == [] and len(state.drop) == 1
    member = state.member_at(1)
    assert member is not None and member.card is TRANSUNION_2 and not member.rested


def test_r_mob_transunion_needs_a_level_card_of_its_color_or_world():
    blue = hand_game([TRANSUNION_2], [FOREIGNER, FOREIGNER], cost=1)  # yellow Septpia needed
    assert mobilizes(blue) == []
    same_world = hand_game([TRANSUNION_3], [FOREIGNER_SMALL, PARADOX, TACTICS], cost=2)
    assert mobilizes(same_world)  # PARADOX is blue Monolium like TRANSUNION_3


def test_r_mob_face_down_level_card_gives_no_color():
    game = hand_game([TRANSUNION_2], [FOREIGNER], cost=1)
    set_level(game, 0, [TACTICS], face_up=False)
    assert d.FACE_DOWN_LEVEL_CARD_ENABLES_TRANSUNION is False
    assert mobilizes(game) == []


def test_r_mob_members_on_the_chosen_circles_go_to_the_drop_zone():
    game = hand_game([FOREIGNER], [TACTICS])
    old = field(game, 0, LOGICALIST, (1,))
    field(game, 0, LOGICALIST, (3,))
    game.push(Mobilize(0, (1, 2)))
    state = game.players[0]
    assert state.drop == [old.card]
    assert state.member_at(1) is not None and state.member_at(1).card is FOREIGNER
    assert state.member_at(3) is not None


def test_r_mob_on_mobilize_effect_draws():
    game = hand_game([LOGICALIST_DRAW], [TACTICS])
    game.push(Mobilize(0, (1,)))
    assert len(game.players[0].hand) == 1


def test_r_turn_4_move_keeps_rested_state_and_a_move_onto_a_member_swaps_them():
    """Seed 000 【4】 line 135: members move freely and swap; stand/rest stays."""
    game = hand_game([], [TACTICS])
    one = field(game, 0, LOGICALIST, (1,))
    one.rested = True
    two = field(game, 0, LOGICALIST_DRAW, (3,))
    assert Move(1, (2,)) in game.legal_actions()
    game.push(Move(1, (2,)))
    state = game.players[0]
    assert state.member_at(2) is one and one.rested and state.field[0] is None
    game.push(Move(2, (3,)))  # onto the other member: it takes the circle this one left
    assert state.member_at(3) is one and state.member_at(2) is two
    assert one.rested and not two.rested


def test_r_turn_4_equivalent_members_do_not_swap():
    game = hand_game([], [TACTICS])
    field(game, 0, LOGICALIST, (1,))
    field(game, 0, LOGICALIST, (3,))
    moves = {(a.circle, a.circles) for a in game.legal_actions() if isinstance(a, Move)}
    assert (1, (3,)) not in moves and (3, (1,)) not in moves
    assert (1, (2,)) in moves


def trance_game(**kwargs):
    game = hand_game([TRANSUNION_2], [TACTICS, LOGICALIST], cost=2, **kwargs)
    field(game, 0, LOGICALIST, (1,))
    field(game, 0, FOREIGNER, (3, 4))
    return game


def test_r_trance_fuses_logicalist_and_foreigner_into_a_transunion_from_hand():
    game = trance_game()
    trances = [a for a in game.legal_actions() if isinstance(a, Trance)]
    assert trances and all(set(a.circles) & {1, 3, 4} for a in trances)
    game.push(Trance(1, 3, 0, Source.HAND, (1, 2)))
    state = game.players[0]
    member = state.member_at(1)
    assert member is not None and member.card is TRANSUNION_2
    assert member.souls == (LOGICALIST, FOREIGNER)
    assert state.field[2] is None and state.field[3] is None
    assert state.trance_used and len(state.cost) == 2  # 2 + 1 charged - cost 1


def test_r_trance_once_per_turn():
    game = trance_game()
    field(game, 0, LOGICALIST, (5,))
    field(game, 0, FOREIGNER_SMALL, (6,))
    game.push(Trance(1, 3, 0, Source.HAND, (1, 2)))
    assert not any(isinstance(a, Trance) for a in game.legal_actions())


def test_r_trance_searches_the_deck_and_shuffles_it():
    game = trance_game()
    state = game.players[0]
    state.hand.clear()
    state.drop.append(TRANSUNION_2)  # keep the card count: the hand copy goes to the drop
    deck_trances = [
        a for a in game.legal_actions() if isinstance(a, Trance) and a.source is Source.DECK
    ]
    assert {state.deck[a.transunion].number for a in deck_trances} == {TRANSUNION_2.number}
    before = len(state.deck)
    game.push(deck_trances[0])
    assert len(state.deck) == before - 1
    assert state.member_at(deck_trances[0].circles[0]) is not None


def test_r_trance_deck_emptied_by_the_search_refreshes_after_the_transunion():
    game = trance_game()
    state = game.players[0]
    state.hand.clear()
    state.drop.extend(state.deck)
    state.deck.clear()
    state.drop.remove(TRANSUNION_2)
    state.drop.append(TRANSUNION_2)
    state.deck.append(TRANSUNION_2)
    state.drop.remove(TRANSUNION_2)
    game.push(Trance(1, 3, 0, Source.DECK, (1, 2)))
    assert state.member_at(1) is not None and state.member_at(1).card is TRANSUNION_2
    assert state.refreshes == 1 and state.penalties == 1 and len(state.deck) > 0


def test_r_trance_my_logicalist_once_per_game_rests_instead_of_a_logicalist():
    game = hand_game([TRANSUNION_2], [TACTICS, LOGICALIST], cost=2, my_logicalist=True)
    field(game, 0, FOREIGNER, (3, 4))
    trances = [a for a in game.legal_actions() if isinstance(a, Trance)]
    assert trances and all(a.logicalist is None for a in trances)
    game.push(Trance(None, 3, 0, Source.HAND, (3, 4)))
    state = game.players[0]
    member = state.member_at(3)
    assert member is not None and member.souls == (FOREIGNER,)
    assert state.my_logicalist_used and state.my_logicalist is not None
    state.trance_used = False
    field(game, 0, FOREIGNER_SMALL, (1,))
    give(game, 0, [TRANSUNION_2])
    assert not any(isinstance(a, Trance) for a in game.legal_actions())


def test_r_trance_change_is_a_second_fusion_into_the_named_form():
    game = hand_game([TC_FORM], [TACTICS, LOGICALIST, LOGICALIST, PARADOX], cost=3)
    state = game.players[0]
    transunion = field(game, 0, TRANSUNION_4, (1,))
    transunion.souls = (LOGICALIST, FOREIGNER)
    state.deck.remove(LOGICALIST)
    state.deck.remove(FOREIGNER)
    field(game, 0, FOREIGNER_SMALL, (3,))
    state.trance_used = True
    changes = [a for a in game.legal_actions() if isinstance(a, TranceChange)]
    assert changes and all(a.transunion == 1 and a.foreigner == 3 for a in changes)
    game.push(TranceChange(1, 3, 0, Source.HAND, (1,)))
    member = state.member_at(1)
    assert member is not None and member.card is TC_FORM
    assert member.souls == (TRANSUNION_4, LOGICALIST, FOREIGNER, FOREIGNER_SMALL)
    assert state.trance_change_used
    assert not any(isinstance(a, TranceChange) for a in game.legal_actions())


def test_r_ld_only_a_transunion_with_soul_once_per_turn():
    game = hand_game([], [TACTICS, FOREIGNER, PARADOX])
    bare = field(game, 0, TRANSUNION_3, (1, 2, 3, 4))
    assert LogicDrive(1) not in game.legal_actions()
    bare.souls = (FOREIGNER,)
    game.players[0].deck.remove(FOREIGNER)
    assert LogicDrive(1) in game.legal_actions()
    game.push(LogicDrive(1))
    assert len(game.players[0].hand) == 1  # its Logic Drive draws 1
    assert LogicDrive(1) not in game.legal_actions()


def test_r_luck_drive_pays_three_cost_cards_and_draws_one():
    game = hand_game([], [TACTICS], cost=2)
    state = game.players[0]
    assert LuckDrive() in game.legal_actions()  # 2 + 1 charged in the draw phase
    game.push(LuckDrive())
    assert len(state.cost) == 0 and len(state.drop) == 3 and len(state.hand) == 1
    assert LuckDrive() not in game.legal_actions()


def test_main_phase_pass_goes_to_battle():
    game = hand_game([], [TACTICS])
    field(game, 0, LOGICALIST, (1,))
    game.push(Pass())
    assert game.phase.name == "BATTLE"


@pytest.mark.parametrize("territory, count", [(1, 6), (2, 7), (4, 2)])
def test_r_ter_shape_counts(territory, count):
    assert len(SHAPES[territory]) == count


def test_r_mob_colorless_is_no_shared_color_unless_decided_otherwise(monkeypatch):
    colorless = replace(TRANSUNION_2, number="T/C1", color=Color.COLORLESS, world=None)
    colorless_level = replace(TACTICS, number="T/C2", color=Color.COLORLESS, world=None)
    game = hand_game([], [LOGICALIST], cost=1)  # yellow Septpia: shares nothing with them
    state = game.players[0]
    state.hand.append(colorless)
    state.level.append(colorless_level)
    state.level_face_up.append(True)
    state.level_rested.append(False)
    assert d.COLORLESS_IS_A_COLOR is False and mobilizes(game) == []
    monkeypatch.setattr(d, "COLORLESS_IS_A_COLOR", True)
    assert len(mobilizes(game)) == len(SHAPES[2])
