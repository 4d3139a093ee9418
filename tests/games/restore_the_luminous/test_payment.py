"""Paying and colouring LP (seed 003 §4 lines 73-95, §8 lines 168-177)."""

from __future__ import annotations

from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.engine import ColourLP, Play
from lalcheck.games.restore_the_luminous.engine.effects import give_return
from lalcheck.games.restore_the_luminous.engine.payment import payments

from .helpers import card, lp_row, new_game, set_hand, set_lp
from .test_setup_and_turns import pay

RED_3_1 = card("P/1", level=3, colour_cost=1)
RED_6_3 = card("P/2", level=6, colour_cost=3, power=6000)
RED_2_0 = card("P/3", level=2, colour_cost=0)


def plays(game, index=0):
    return [a.pay for a in game.legal_actions() if isinstance(a, Play) and a.card == index]


def test_rtl_pay_1_a_card_spends_as_many_lp_as_its_level():
    """RTL-PAY-1. Seed §4 line 87: レベル分のLPを消費する."""
    game = new_game()
    set_lp(game, 0, "rrcc")
    set_hand(game, 0, [RED_3_1])
    assert plays(game) and all(sum(p) == 3 for p in plays(game))
    set_lp(game, 0, "rc")
    assert plays(game) == []


def test_rtl_pay_2_and_rtl_col_4_the_colour_cost_needs_lp_of_the_colour():
    """RTL-PAY-2, RTL-COL-4. Seed §4 line 88 and §2 line 52:
    無色そのものはカラーコストにならない."""
    game = new_game()
    set_lp(game, 0, "cccc")
    set_hand(game, 0, [RED_3_1])
    assert plays(game) == []
    set_lp(game, 0, "ucccc")
    assert plays(game) == [], "blue cannot pay a red colour cost"
    set_lp(game, 0, "rcccc")
    assert plays(game) == [pay(c=2, r=1)]


def test_rtl_pay_3_and_rtl_pay_5_example_1_the_colour_cost_lp_turns_colourless():
    """RTL-PAY-3, RTL-PAY-5. Seed §4 lines 89 and 94: Lv3・赤1 —
    赤1を含む3個を消費。使ったカラーは無色に戻る."""
    game = new_game()
    set_lp(game, 0, "rcc")
    set_hand(game, 0, [RED_3_1])
    game.push(Play(0, pay(c=2, r=1)))
    assert lp_row(game, 0) == "CCC"


def test_rtl_pay_4_a_card_without_colour_cost_still_needs_one_lp_of_its_colour():
    """RTL-PAY-4. Seed §4 line 90:
    自身の色のLPを最低1個は含めて消費する（その1個の色は変わらない）."""
    game = new_game()
    set_lp(game, 0, "ccc")
    set_hand(game, 0, [RED_2_0])
    assert plays(game) == []
    set_lp(game, 0, "rcc")
    assert plays(game) == [pay(c=1, r=1)]
    game.push(Play(0, pay(c=1, r=1)))
    assert lp_row(game, 0) == "RcC"  # RTL-ENGINE-2: from the bottom of the row


def test_rtl_pay_6_and_open_14_example_2_the_spare_red_lp_keeps_its_colour():
    """RTL-PAY-6, RTL-OPEN-14. Seed §4 line 95: Lv6・赤3 with 4 red LP —
    赤3個が無色に戻る。残り1個の赤は色付きのまま."""
    for payment in (pay(c=3, r=3), pay(c=2, r=4)):
        game = new_game()
        set_lp(game, 0, "rrrrccc")
        set_hand(game, 0, [RED_6_3])
        assert payment in plays(game)
        game.push(Play(0, payment))
        state = game.players[0]
        assert state.colour_counts()[0] == 1, f"{payment}: one red LP is left"
        assert sum(not active for active in state.lp_active) == 6
    assert d.LEVEL_PART_KEEPS_COLOUR


def test_which_lp_pay_is_a_decision_each_distinct_payment_once():
    """RTL-PAY and RTL-ENGINE-2: payments differ by how many LP of each kind they spend."""
    assert list(payments([1, 2, 1, 0, 0, 0], 2, 1, 1)) == [
        (1, 1, 0, 0, 0, 0),
        (0, 1, 1, 0, 0, 0),
        (0, 2, 0, 0, 0, 0),
    ]
    game = new_game()
    set_lp(game, 0, "rucc")
    set_hand(game, 0, [RED_2_0])
    game.push(Play(0, pay(u=1, r=1)))
    assert lp_row(game, 0) == "RUcc", "the colourless LP stay active for later plays"


def test_rtl_engine_3_a_level_0_card_needs_no_lp():
    """RTL-ENGINE-3. Seed §4 line 90 asks for one LP of the colour among those spent; none are."""
    game = new_game()
    set_lp(game, 0, "cc")
    set_hand(game, 0, [card("P/0", level=0)])
    assert plays(game) == [pay()] and d.LEVEL_ZERO_NEEDS_NO_COLOUR


def test_rtl_col_1_colouring_erases_a_hand_card_and_colours_an_active_colourless_lp():
    """RTL-COL-1. Seed §4 line 76: 手札を指定 → 無色LP1つにそのカードの色が付く
    （指定したカードは抹消される）."""
    game = new_game()
    set_lp(game, 0, "rCc")
    fodder = card("P/Y", colour="yellow")
    set_hand(game, 0, [fodder])
    game.push(ColourLP(0))
    assert lp_row(game, 0) == "rCy" and d.COLOUR_ACTIVE_LP_FIRST  # RTL-ENGINE-1
    assert game.players[0].erased == [fodder] and game.players[0].hand == []
    set_lp(game, 0, "rr")
    set_hand(game, 0, [fodder])
    game.players[0].colourings = 0
    assert not any(isinstance(a, ColourLP) for a in game.legal_actions()), "no colourless LP"


def test_rtl_col_3_and_open_11_returns_colour_from_the_top_and_lose_the_excess():
    """RTL-COL-3. Seed §8 line 175: 無色LPの上から順に、その色で塗られる; RTL-OPEN-11."""
    game = new_game()
    set_lp(game, 0, "rCcC")
    give_return(game, 0, card("P/K", colour="black", return_value=2))
    assert lp_row(game, 0) == "rKkC"
    give_return(game, 0, card("P/G", colour="green", return_value=3))
    assert lp_row(game, 0) == "rKkG" and d.RETURN_COLOURS_PASSIVE_LP
