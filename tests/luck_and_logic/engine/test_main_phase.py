"""The main phase: R-MOB, R-TER, move/swap, R-TRANCE (with My Logicalist and
Trance Change), R-LD and R-LUCK."""

from __future__ import annotations

from dataclasses import replace

import pytest

from lalcheck.games.luck_and_logic.abilities.model import Filter
from lalcheck.games.luck_and_logic.cards import Color
from lalcheck.games.luck_and_logic.engine import (
    Attack,
    LogicDrive,
    LuckDrive,
    Mobilize,
    Move,
    Pass,
    Source,
    Trance,
    TranceChange,
)
from lalcheck.games.luck_and_logic.engine import decisions as d
from lalcheck.games.luck_and_logic.engine.layers import member_matches
from lalcheck.games.luck_and_logic.engine.state import SHAPES

from .pool import (
    FOREIGNER,
    FOREIGNER_SMALL,
    LOGICALIST,
    LOGICALIST_DRAW,
    MY_LOGICALIST,
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
    """Seed 000 [关于势力范围] line 140."""
    game = hand_game([LOGICALIST], [TACTICS])
    assert [a.circles for a in mobilizes(game)] == [(c,) for c in range(1, 7)]


def test_r_ter_territory_2_is_adjacent_pairs_never_diagonal():
    """Seed 000 line 140."""
    game = hand_game([FOREIGNER], [TACTICS])
    pairs = {a.circles for a in mobilizes(game)}
    assert pairs == {(1, 2), (1, 3), (2, 4), (3, 4), (3, 5), (4, 6), (5, 6)}
    assert (1, 4) not in pairs and (2, 3) not in pairs


def test_r_ter_territory_4_is_the_left_or_right_four():
    """Seed 000 line 140."""
    game = hand_game([TRANSUNION_3], [FOREIGNER, FOREIGNER, FOREIGNER], cost=2)
    assert {a.circles for a in mobilizes(game)} == {(1, 2, 3, 4), (3, 4, 5, 6)}


def test_r_ter_destroyed_gates_still_count_as_circles():
    """Seed 000 line 140 (即使是被破坏的门)."""
    game = hand_game([FOREIGNER], [TACTICS])
    game.players[0].gate_destroyed[:] = [True] * 5 + [False]
    assert len(mobilizes(game)) == len(SHAPES[2])


def test_r_mob_needs_level_at_least_the_cards_level():
    """Seed 000 line 135, §三 ⑸ line 35."""
    game = hand_game([TRANSUNION_2], [TACTICS], cost=3)
    assert mobilizes(game) == []
    set_level(game, 0, [LOGICALIST])
    assert len(mobilizes(game)) == len(SHAPES[2])


def test_r_mob_needs_the_cost_in_the_cost_zone_and_pays_it_into_the_drop_zone():
    """Seed 000 line 135, §三 ⑺ line 36."""
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
    """Seed 000 lines 135-137."""
    blue = hand_game([TRANSUNION_2], [FOREIGNER, FOREIGNER], cost=1)  # yellow Septpia needed
    assert mobilizes(blue) == []
    same_world = hand_game([TRANSUNION_3], [FOREIGNER_SMALL, PARADOX, TACTICS], cost=2)
    assert mobilizes(same_world)  # PARADOX is blue Monolium like TRANSUNION_3


def test_r_mob_face_down_level_card_gives_no_color():
    """Seed 000 line 135; decisions.FACE_DOWN_LEVEL_CARD_ENABLES_TRANSUNION."""
    game = hand_game([TRANSUNION_2], [FOREIGNER], cost=1)
    set_level(game, 0, [TACTICS], face_up=False)
    assert d.FACE_DOWN_LEVEL_CARD_ENABLES_TRANSUNION is False
    assert mobilizes(game) == []


def test_r_mob_members_on_the_chosen_circles_go_to_the_drop_zone():
    """Seed 000 line 135 (将那个成员送入弃牌区)."""
    game = hand_game([FOREIGNER], [TACTICS])
    old = field(game, 0, LOGICALIST, (1,))
    field(game, 0, LOGICALIST, (3,))
    game.push(Mobilize(0, (1, 2)))
    state = game.players[0]
    assert state.drop == [old.card]
    assert state.member_at(1) is not None and state.member_at(1).card is FOREIGNER
    assert state.member_at(3) is not None


def test_r_mob_on_mobilize_effect_draws():
    """Seed 000 §五 【自】 line 96."""
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
    """Seed 000 line 135 (one action per distinct outcome)."""
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
    """Seed 000 [关于合体] line 143."""
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
    """Seed 000 【4】 line 130, line 143."""
    game = trance_game()
    field(game, 0, LOGICALIST, (5,))
    field(game, 0, FOREIGNER_SMALL, (6,))
    game.push(Trance(1, 3, 0, Source.HAND, (1, 2)))
    assert not any(isinstance(a, Trance) for a in game.legal_actions())


def test_r_trance_searches_the_deck_and_shuffles_it():
    """Seed 000 line 143 (从手牌或卡组中出场)."""
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
    """Seed 000 line 144, [关于卡组更新] line 91."""
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
    """Seed 000 补充3 lines 210-212; seed 001 lines 152-153."""
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


def test_r_trance_my_logicalist_lends_its_character_to_the_fused_logicalist():
    """Seed 000 补充3 line 212: the fused logicalist's name counts as the My Logicalist's
    character, so a ``soul_character`` filter finds it, as it finds a soul card's."""
    game = hand_game([TRANSUNION_2], [TACTICS, LOGICALIST], cost=2, my_logicalist=True)
    field(game, 0, FOREIGNER, (3, 4))
    game.push(Trance(None, 3, 0, Source.HAND, (3, 4)))
    member = game.players[0].member_at(3)
    assert member is not None and member.soul_character == MY_LOGICALIST.character
    heroine = Filter(soul_character=MY_LOGICALIST.character)
    assert member_matches(game, member, heroine, member.uid)
    assert not member_matches(game, member, Filter(soul_character="Someone Else"), member.uid)
    plain = hand_game([TRANSUNION_2], [TACTICS], cost=2)
    lead = field(plain, 0, LOGICALIST, (1,))
    lead.card = replace(LOGICALIST, character="Plain Lead")
    field(plain, 0, FOREIGNER, (3, 4))
    plain.push(Trance(1, 3, 0, Source.HAND, (3, 4)))
    fused = plain.players[0].member_at(3) or plain.players[0].member_at(1)
    assert fused is not None and fused.soul_character is None
    assert not member_matches(plain, fused, heroine, fused.uid)
    assert member_matches(plain, fused, Filter(soul_character="Plain Lead"), fused.uid)


def test_r_trance_change_is_a_second_fusion_into_the_named_form():
    """Seed 000 补充4 line 214; seed 001 TC lines 154-157."""
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
    """Seed 000 §五 line 98, [关于逻辑驱动] line 148."""
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
    """Seed 000 [关于幸运驱动] line 150."""
    game = hand_game([], [TACTICS], cost=2)
    state = game.players[0]
    assert LuckDrive() in game.legal_actions()  # 2 + 1 charged in the draw phase
    game.push(LuckDrive())
    assert len(state.cost) == 0 and len(state.drop) == 3 and len(state.hand) == 1
    assert LuckDrive() not in game.legal_actions()


def test_main_phase_pass_goes_to_battle():
    """Seed 000 【4】 line 127 (any order and number, then battle)."""
    game = hand_game([], [TACTICS])
    field(game, 0, LOGICALIST, (1,))
    game.push(Pass())
    assert game.phase.name == "BATTLE"


@pytest.mark.parametrize("territory, count", [(1, 6), (2, 7), (4, 2)])
def test_r_ter_shape_counts(territory, count):
    assert len(SHAPES[territory]) == count


def test_r_mob_colorless_is_no_shared_color_unless_decided_otherwise(monkeypatch):
    """Seed 000 line 135; decisions.COLORLESS_IS_A_COLOR."""
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


def test_r_trance_refresh_when_the_wanted_transunion_is_not_in_the_deck(monkeypatch):
    """Seed 000 "关于合体" line 144: "目标合理体在卡组中不存在的场合，可以进行卡组更新。这个场合，
    将合体的合理体出击后，要处理卡组更新的惩罚"."""
    game = trance_game()
    state = game.players[0]
    assert not any(
        isinstance(a, Trance) and a.source is Source.REFRESH for a in game.legal_actions()
    ), "a copy is still in the deck"
    state.hand.clear()
    for copy in [c for c in state.deck if c is TRANSUNION_2]:
        state.deck.remove(copy)
        state.drop.append(copy)
    state.drop.append(TRANSUNION_2)  # the hand copy
    refreshes = [
        a for a in game.legal_actions() if isinstance(a, Trance) and a.source is Source.REFRESH
    ]
    assert refreshes and all(state.drop[a.transunion] is TRANSUNION_2 for a in refreshes)
    old_deck, dropped = list(state.deck), len(state.drop)
    game.push(next(a for a in refreshes if a.circles == (1, 2)))
    member = state.member_at(1)
    assert member is not None and member.card is TRANSUNION_2
    assert state.penalties == 1 and state.refreshes == 1 and len(state.removed) == 5
    assert d.TRANCE_REFRESH_KEEPS_DECK
    assert len(state.deck) == len(old_deck) + dropped - 2, "the transunion and the penalty card"
    assert len(state.drop) == 1 and len(state.cost) == 2, "its cost was paid after the refresh"

    monkeypatch.setattr(d, "TRANCE_REFRESH_KEEPS_DECK", False)
    game = trance_game()
    state = game.players[0]
    state.hand.clear()
    for copy in [c for c in state.deck if c is TRANSUNION_2]:
        state.deck.remove(copy)
        state.drop.append(copy)
    top = list(state.deck)
    game.push(
        next(
            a
            for a in game.legal_actions()
            if isinstance(a, Trance) and a.source is Source.REFRESH and a.circles == (1, 2)
        )
    )
    assert state.deck[-len(top) + 1 :] == top[:-1], "the old deck stays on top (its top removed)"


def test_r_trance_soul_cards_give_what_their_soul_field_says():
    """Seed 000 "关于合体" line 143: "合体状态的合理体成员将得到使者与定理者成为灵魂时的效果"."""
    from lalcheck.games.luck_and_logic.cards import CardType

    from .pool import auto, written

    bare = replace(LOGICALIST, number="T/S0", soul=None)
    drawing_soul = replace(
        FOREIGNER,
        number="T/S1",
        soul=written(CardType.TRANSUNION, auto("attack", {"effect": "draw"})),
    )
    game = hand_game([], [TACTICS, LOGICALIST], cost=2)
    member = field(game, 0, TRANSUNION_2, (1, 2))
    member.souls = (bare,)
    from lalcheck.games.luck_and_logic.engine import layers

    assert layers.power(game, member) == 8000
    field(game, 1, LOGICALIST, (1,))
    field(game, 0, LOGICALIST, (5,))  # keeps A's battle phase going
    game.push(Pass())
    game.push(Attack(1, 1))
    battle = game.battle
    assert battle is not None and layers.power(game, member) == 8000, "no soul field: nothing"
    while game.battle is not None:
        game.push(Pass())
    member.souls = (bare, drawing_soul)
    member.rested = False
    hand = len(game.players[0].hand)
    game.push(Attack(1, 3))
    assert len(game.players[0].hand) == hand + 1, "its soul card's attack ability ran"


def test_r_trance_change_forms_are_matched_by_character():
    """Seed 001 "TC" line 156: "合体出来的成员则必须为TC-「XX」里，这个XX一样的角色"."""
    other_eight = replace(TRANSUNION_2, number="T/T8", name="Another Eight", character="Eight")
    named_eight = replace(TRANSUNION_2, number="T/T9", name="Eight", character="Nine")
    game = hand_game([], [TACTICS, LOGICALIST, LOGICALIST, PARADOX], cost=3)
    state = game.players[0]
    state.hand.extend([other_eight, named_eight, TC_FORM])
    state.deck.remove(TC_FORM)
    transunion = field(game, 0, TRANSUNION_4, (1,))
    transunion.souls = (LOGICALIST, FOREIGNER)
    field(game, 0, FOREIGNER_SMALL, (3,))
    forms = {
        (state.deck if a.source is Source.DECK else state.hand)[a.form].number
        for a in game.legal_actions()
        if isinstance(a, TranceChange)
    }
    assert forms == {"T/T8", TC_FORM.number}, "character Eight, whatever the card's name"


def test_r_turn_4_members_of_territory_2_and_4_move_and_displace():
    """Seed 000 【4】 line 135: "场上的成员在主要阶段中，可以自由地移放在别的圆阵中，
    也可进行替换，但不能改变横置或竖置的状态"; decisions: displaced members take the
    circles the mover left."""
    game = hand_game([], [TACTICS])
    state = game.players[0]
    pair = field(game, 0, FOREIGNER, (1, 2))
    one = field(game, 0, LOGICALIST, (3,))
    two = field(game, 0, LOGICALIST_DRAW, (4,))
    two.rested = True
    game.push(Move(1, (3, 4)))
    assert state.member_at(3) is pair and state.member_at(1) is one and state.member_at(2) is two
    assert two.rested and not pair.rested
    other = field(game, 0, FOREIGNER_SMALL, (5,))
    moves = {(a.circle, a.circles) for a in game.legal_actions() if isinstance(a, Move)}
    assert (3, (3, 5)) in moves, "the member on 5 takes circle 4"
    state.remove_member(other)
    field(game, 0, FOREIGNER, (5, 6))
    moves = {(a.circle, a.circles) for a in game.legal_actions() if isinstance(a, Move)}
    assert (3, (3, 5)) not in moves, "the pair on 5+6 would be split"
    big = field(game, 0, TRANSUNION_3, (3, 4, 5, 6))  # drops the two pairs: R-MOB
    assert pair.card in state.drop
    game.push(Move(3, (1, 2, 3, 4)))
    assert state.member_at(1) is big and state.member_at(5) is one and state.member_at(6) is two


def test_r_trance_super_logicalists_pair_as_decided(monkeypatch):
    """R-TRANCE super logicalists (not in the seeds): decisions.TRANCE_PAIRS."""
    from lalcheck.games.luck_and_logic.cards import CardType

    from .pool import member

    superb = member("T/SL", CardType.SUPER_LOGICALIST, power=5000)
    game = hand_game([TRANSUNION_2], [TACTICS, LOGICALIST], cost=2)
    field_super = game.new_member(superb, (1,))
    game.players[0].place(field_super)
    game.players[0].place(game.new_member(superb, (5,)))
    field(game, 0, LOGICALIST, (3,))

    def pairs():
        return {(a.logicalist, a.partner) for a in game.legal_actions() if isinstance(a, Trance)}

    assert pairs() == {(1, 5)}, "two super logicalists, never with an ordinary logicalist"
    field(game, 0, FOREIGNER_SMALL, (6,))
    assert pairs() == {(1, 5), (1, 6), (5, 6), (3, 6)}
    monkeypatch.setattr(d, "TRANCE_PAIRS", frozenset({(CardType.LOGICALIST, CardType.FOREIGNER)}))
    assert pairs() == {(3, 6)}


def test_r_trance_any_transunion_whatever_its_covenanter():
    """Seed 000 "关于合体" line 145: "出击的合理体，使用的使者与定理者可以与合理者没有任何关系"."""
    stranger = replace(TRANSUNION_2, number="T/CV", covenanter="Someone Else")
    game = hand_game([], [TACTICS, LOGICALIST], cost=2)
    game.players[0].hand.append(stranger)
    field(game, 0, LOGICALIST, (1,))
    field(game, 0, FOREIGNER, (3, 4))
    assert any(isinstance(a, Trance) for a in game.legal_actions())


def test_r_mob_level_5_members_are_never_mobilized():
    """Seed 000 line 138: "等于大于等于5级的卡无法直接出场或合体出场" (the level zone keeps 4)."""
    high = replace(TRANSUNION_2, number="T/L5", level=5)
    game = hand_game([], [TACTICS, LOGICALIST, LOGICALIST, PARADOX], cost=3)
    game.players[0].hand.append(high)
    assert mobilizes(game) == []


def test_r_luck_drive_any_number_of_times():
    """Seed 000 line 150: "只要费用区有足够的卡片，便可以进行任意次数的幸运驱动"."""
    game = hand_game([], [TACTICS], cost=5)
    game.push(LuckDrive())
    assert LuckDrive() in game.legal_actions()
    game.push(LuckDrive())
    assert len(game.players[0].hand) == 2 and LuckDrive() not in game.legal_actions()
