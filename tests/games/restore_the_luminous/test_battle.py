"""The battle phase (seed 003 §7 lines 131-164), damage and HP (§8 lines 166-185)
and winning (§1 lines 20-23). Each test cites the seed line it follows."""

from __future__ import annotations

from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.engine import (
    Attack,
    DeclareCounter,
    EndReason,
    Pass,
    Phase,
    Play,
    Protect,
    ResolveCounter,
    SkipBattle,
    UseTurnover,
)
from lalcheck.games.restore_the_luminous.engine.battle import CounterWindowFrame
from lalcheck.games.restore_the_luminous.engine.effects import DamageFrame
from lalcheck.games.restore_the_luminous.engine.phases import MainFrame

from .helpers import (
    FILLER,
    card,
    counter_arts,
    lp_row,
    new_game,
    put_unit,
    set_hand,
    set_lp,
    to_battle,
)
from .test_setup_and_turns import pay

SMALL = card("B/1", power=1000)
MID = card("B/2", power=3000, damage=2)
BIG = card("B/3", power=5000)
GUARD = card("B/4", power=4000, keywords=["protect"], text="Protect.")
DRAW_ON_DESTROY = card("B/5", power=1000, effects=[{"when": "on_destroy", "do": [{"draw": 1}]}])
DRAW_COUNTER = counter_arts("B/6", {"draw": 1}, colour_cost=1)
KILL_COUNTER = counter_arts("B/7", {"destroy": "attacker"}, level=2)


def attacks(game):
    return [a for a in game.legal_actions() if isinstance(a, Attack)]


def test_rtl_bat_0_attacks_repeat_then_the_phase_ends_into_main_2():
    """RTL-BAT-0. Seed §7 line 131: メイン1の後に開始。①〜⑥を任意の回数繰り返し、
    終了するとメイン2."""
    game = new_game()
    put_unit(game, 0, SMALL)
    put_unit(game, 0, SMALL)
    to_battle(game)
    game.push(Attack(0, None))
    assert game.phase is Phase.BATTLE and game.players[1].hp == 9
    game.push(Attack(1, None))
    assert game.players[1].hp == 8
    frame = game.frames[-1]
    assert isinstance(frame, MainFrame) and not frame.first, "nothing left to attack: main 2"


def test_rtl_bat_1_and_rtl_state_5_only_passive_units_and_the_leader_are_targets():
    """RTL-BAT-1, RTL-STATE-5. Seed §7 line 134:
    攻撃対象にできるのは「パッシブ状態の相手ユニット」か
    「相手リーダー」のみ."""
    game = new_game()
    put_unit(game, 0, MID)
    put_unit(game, 1, SMALL, active=True)
    put_unit(game, 1, SMALL, active=False)
    to_battle(game)
    assert {a.target for a in attacks(game)} == {1, None}


def test_rtl_bat_1_and_open_6_units_cannot_attack_on_their_entry_turn():
    """RTL-BAT-1. Seed §10 line 198 (Gale exists, so plain units wait a turn): RTL-OPEN-6."""
    game = new_game()
    set_lp(game, 0, "rc")
    set_hand(game, 0, [SMALL])
    game.push(Play(0, pay(r=1)))
    assert game.players[0].units[0].active and d.ENTRY.enter_active
    game.push(Pass())
    frame = game.frames[-1]
    assert isinstance(frame, MainFrame) and not frame.first, "no attacker: on to main 2"


def test_rtl_bat_2_when_attacking_and_when_attacked_effects_resolve():
    """RTL-BAT-2. Seed §7 line 136: ② 攻撃時 / 攻撃された時の能力処理."""
    pumped = card(
        "B/8",
        power=2000,
        effects=[{"when": "on_attack", "do": [{"power": 2000, "target": "self"}]}],
    )
    drawer = card("B/9", power=3000, effects=[{"when": "on_attacked", "do": [{"draw": 1}]}])
    game = new_game()
    put_unit(game, 0, pumped)
    put_unit(game, 1, drawer, active=False)
    hand = len(game.players[1].hand)
    to_battle(game)
    game.push(Attack(0, 0))
    assert len(game.players[1].hand) == hand + 1
    assert [u.card for u in game.players[0].units] == [pumped], "4000 beats 3000"
    assert game.players[1].units == []


def test_rtl_bat_3_counter_window_1_only_at_the_turns_first_attack():
    """RTL-BAT-3. Seed §7 lines 137-138, 162: ③ カウンタータイミング1（1回目の攻撃時のみ）."""
    game = new_game()
    put_unit(game, 0, SMALL)
    put_unit(game, 0, SMALL)
    game.players[1].counters.extend([DRAW_COUNTER, DRAW_COUNTER])
    set_lp(game, 1, "uuu")
    to_battle(game)
    game.push(Attack(0, None))
    assert game.phase is Phase.COUNTER and game.actor == 1
    game.push(DeclareCounter(0, pay(u=1)))
    game.push(Pass())
    # the paid LP went passive and colourless; the damage card's return coloured it again
    assert len(game.players[1].counters) == 1 and lp_row(game, 1) == "uuU"
    game.push(Attack(1, None))
    window = game.frames[-1]
    assert game.players[1].hp == 8, "the second attack met no counter window"
    assert isinstance(window, CounterWindowFrame) and window.attacker is None  # window 2


def test_rtl_bat_3_several_counters_are_revealed_together_then_resolved_in_any_order():
    """RTL-BAT-3. Seed §7 line 138: 複数枚OK・一括公開→任意順で解決."""
    game = new_game()
    put_unit(game, 0, MID)
    game.players[1].counters.extend([DRAW_COUNTER, KILL_COUNTER])
    set_lp(game, 1, "uuu")
    to_battle(game)
    game.push(Attack(0, None))
    game.push(DeclareCounter(0, pay(u=1)))
    game.push(DeclareCounter(0, pay(u=2)))
    assert game.players[1].revealed == [DRAW_COUNTER, KILL_COUNTER]
    game.push(Pass())
    assert game.phase is Phase.COUNTER_ORDER
    assert set(game.legal_actions()) == {ResolveCounter(0), ResolveCounter(1)}
    game.push(ResolveCounter(1))  # the kill first
    assert game.players[0].units == [] and MID in game.players[0].graveyard
    assert game.players[1].hp == 10, "RTL-ENGINE-6: the attack ends without its attacker"


def test_rtl_bat_4_protect_moves_the_attack_onto_the_protector():
    """RTL-BAT-4. Seed §7 lines 139-140: ④ 『プロテクト』持ちをパッシブにし、
    攻撃をそのユニットに引き受ける."""
    game = new_game()
    put_unit(game, 0, MID)
    guard = put_unit(game, 1, GUARD)
    to_battle(game)
    game.push(Attack(0, None))
    assert game.phase is Phase.PROTECT and set(game.legal_actions()) == {Protect(0), Pass()}
    game.push(Protect(0))
    assert not guard.active and game.players[1].hp == 10
    assert game.players[0].units == [] and guard in game.players[1].units


def test_open_16_protect_also_guards_units_but_not_by_the_target_or_a_passive_unit():
    """RTL-OPEN-16 (seed line 201: 相手ユニットの攻撃時): against unit attacks too; only an active
    protector other than the target."""
    game = new_game()
    put_unit(game, 0, MID)
    put_unit(game, 1, SMALL, active=False)
    put_unit(game, 1, GUARD, active=False)
    put_unit(game, 1, GUARD)
    to_battle(game)
    game.push(Attack(0, 1))  # the passive guard is attacked
    assert set(game.legal_actions()) == {Protect(2), Pass()}
    assert d.PROTECT.per_attack == 1 and d.PROTECT.against_leader_attacks


def test_rtl_bat_5_three_outcomes_of_a_battle():
    """RTL-BAT-5. Seed §7 lines 143-150: 攻撃側勝利 / 攻撃側のみ破壊 / 同値で両者破壊."""
    for ours, theirs, survivors in (
        (3000, 1000, (1, 0)),
        (1000, 3000, (0, 1)),
        (3000, 3000, (0, 0)),
    ):
        game = new_game()
        put_unit(game, 0, card("B/A", power=ours))
        put_unit(game, 1, card("B/D", power=theirs), active=False)
        to_battle(game)
        game.push(Attack(0, 0))
        assert (len(game.players[0].units), len(game.players[1].units)) == survivors


def test_rtl_bat_6_and_rtl_dmg_1_2_leader_damage_moves_deck_cards_to_the_damage_zone():
    """RTL-BAT-6, RTL-DMG-1, RTL-DMG-2, RTL-ZONE-6. Seed §7 line 146 and §8 lines 181-182:
    ダメージ値分、デッキ上からダメージゾーンへ;
    HP = 最大HP − 枚数."""
    game = new_game()
    put_unit(game, 0, MID)
    top_two = game.players[1].deck[-2:]
    to_battle(game)
    game.push(Attack(0, None))
    assert game.players[1].damage == top_two[::-1]
    assert game.players[1].hp == 10 - 2


def test_rtl_bat_7_destroyed_units_then_their_on_destroy_effects():
    """RTL-BAT-7. Seed §7 lines 152-153: 敗北ユニットを破壊 → 破壊時効果を処理."""
    game = new_game()
    put_unit(game, 0, MID)
    put_unit(game, 1, DRAW_ON_DESTROY, active=False)
    hand = len(game.players[1].hand)
    to_battle(game)
    game.push(Attack(0, 0))
    assert DRAW_ON_DESTROY in game.players[1].graveyard and len(game.players[1].hand) == hand + 1


def test_rtl_bat_7_and_rtl_dmg_3_damage_cards_return_and_may_turn_over():
    """RTL-BAT-7, RTL-DMG-3. Seed §7 line 155 and §8 line 184: ⑥-b 還元・TO処理."""
    turnover = card(
        "B/T",
        colour="green",
        return_value=1,
        keywords=["turnover"],
        effects=[{"when": "turnover", "do": [{"draw": 1}]}],
    )
    game = new_game()
    put_unit(game, 0, SMALL)
    game.players[1].deck.append(turnover)
    hand = len(game.players[1].hand)
    to_battle(game)
    game.push(Attack(0, None))
    assert lp_row(game, 1) == "g", "the return coloured B's colourless LP green"
    assert game.phase is Phase.TURNOVER and game.actor == 1
    game.push(UseTurnover())
    assert len(game.players[1].hand) == hand + 1


def test_rtl_bat_8_and_open_13_counter_window_2_after_the_end_declaration():
    """RTL-BAT-8. Seed §7 lines 157-160: ⑦ 終了宣言 ⑧ カウンタータイミング2 ⑨ 終了; RTL-OPEN-13."""
    game = new_game()
    put_unit(game, 0, SMALL)
    game.players[1].counters.append(DRAW_COUNTER)
    set_lp(game, 1, "u")
    to_battle(game)
    game.push(Pass())
    assert game.phase is Phase.COUNTER and game.actor == 1, "window 2 even with no attack"
    game.push(Pass())
    game.push(Pass())  # main 2
    assert game.active == 1
    game = new_game()
    game.players[1].counters.append(DRAW_COUNTER)
    set_lp(game, 1, "u")
    game.push(SkipBattle())
    assert game.phase is Phase.MAIN and game.actor == 0, "skipping the battle skips window 2"
    assert d.COUNTER_WINDOW_2_WITHOUT_ATTACKS


def test_rtl_bat_9_zero_power_destroys_at_once_outside_battle_with_return():
    """RTL-BAT-9. Seed §7 line 164: パワー0以下で即時破壊 …
    還元や「破壊時」効果も通常通り発動する."""
    weaken = card(
        "B/W",
        "arts",
        colour="black",
        effects=[{"when": "on_play", "do": [{"power": -1000, "target": "chosen_enemy_unit"}]}],
    )
    game = new_game()
    set_lp(game, 0, "k")
    set_lp(game, 1, "c")
    victim = card(
        "B/V", colour="blue", power=1000, effects=[{"when": "on_destroy", "do": [{"draw": 1}]}]
    )
    put_unit(game, 1, victim)
    hand = len(game.players[1].hand)
    set_hand(game, 0, [weaken])
    game.push(Play(0, pay(k=1)))
    assert game.players[1].units == [] and victim in game.players[1].graveyard
    assert lp_row(game, 1) == "u" and len(game.players[1].hand) == hand + 1


def test_rtl_bat_9_zero_power_from_a_stage_or_lost_gear():
    """RTL-BAT-9. Seed §7 line 164: ステージ効果・ギア破壊によるパワー減少など、
    減らし方は問わない."""
    gate = card(
        "B/S",
        "stage",
        colour="black",
        keywords=["active"],
        effects=[
            {
                "when": "while_active",
                "do": [{"power": -1000, "target": "all_units", "filter": {"power_at_most": 1000}}],
            }
        ],
    )
    game = new_game()
    set_lp(game, 0, "k")
    put_unit(game, 0, SMALL)
    put_unit(game, 1, SMALL)
    put_unit(game, 1, BIG)
    set_hand(game, 0, [gate])
    game.push(Play(0, pay(k=1)))
    assert game.players[0].units == [] and [u.card for u in game.players[1].units] == [BIG]
    plate = card(
        "B/G",
        "gear",
        effects=[{"when": "continuous", "do": [{"power": 1000, "target": "equipped"}]}],
    )
    breaker = card(
        "B/X", "arts", effects=[{"when": "on_play", "do": [{"destroy_gear": "chosen_enemy_gear"}]}]
    )
    game = new_game()
    set_lp(game, 0, "r")
    zero = put_unit(game, 1, card("B/Z", power=0))
    zero.gear.append(plate)
    set_hand(game, 0, [breaker])
    game.push(Play(0, pay(r=1)))
    assert game.players[1].units == [] and plate in game.players[1].graveyard


def test_rtl_dmg_4_destruction_returns_whoever_caused_it():
    """RTL-DMG-4. Seed §8 line 176: 場にいる状態で破壊された時も還元される
    （自分・相手どちらの効果でも発動）."""
    own_kill = card(
        "B/O", "arts", effects=[{"when": "on_play", "do": [{"destroy": "chosen_own_unit"}]}]
    )
    game = new_game()
    set_lp(game, 0, "rc")
    put_unit(game, 0, card("B/Y", colour="yellow", return_value=1))
    set_hand(game, 0, [own_kill])
    game.push(Play(0, pay(r=1)))
    assert lp_row(game, 0) == "Ry"


def test_rtl_dmg_5_no_return_for_erased_or_reversed_cards():
    """RTL-DMG-5. Seed §8 line 177: 抹消や リバース で除外された場合は還元されない."""
    reverse = card("B/R", colour="yellow", return_value=2, keywords=["reverse"], text="Reverse.")
    game = new_game()
    set_lp(game, 1, "cc")
    game.players[1].deck.append(reverse)
    game.frames.append(DamageFrame(1, 1))
    game.run()
    assert game.players[1].excluded == [reverse] and lp_row(game, 1) == "cc"


def test_rtl_win_1_and_rtl_dmg_6_hp_zero_loses():
    """RTL-WIN-1, RTL-DMG-6. Seed §1 line 22 and §8 line 183: 相手のHPを0にする / HP 0 → 敗北."""
    game = new_game()
    put_unit(game, 0, MID)
    game.players[1].damage.extend(game.players[1].deck[:8])
    del game.players[1].deck[:8]
    to_battle(game)
    game.push(Attack(0, None))
    assert game.outcome is not None and game.outcome.winner == 0
    assert game.outcome.reason is EndReason.HP


def test_rtl_win_2_and_open_7_damage_that_empties_the_deck_loses():
    """RTL-WIN-2, RTL-OPEN-7. Seed §1 line 23, §8 line 185:
    ダメージや効果でデッキが0枚になった瞬間."""
    game = new_game()
    put_unit(game, 0, SMALL)
    state = game.players[1]
    state.graveyard.extend(state.deck[1:])
    del state.deck[1:]
    to_battle(game)
    game.push(Attack(0, None))
    assert game.outcome is not None and game.outcome.winner == 0
    assert game.outcome.reason is EndReason.DECK_OUT


def test_rtl_win_2_and_open_7_the_draw_phase_may_take_the_last_card_not_one_more():
    """RTL-WIN-2, RTL-OPEN-7. Seed §8 line 185: ドロー時に引けない場合 — the draw that empties the
    deck is not a loss."""
    game = new_game()
    state = game.players[1]
    state.graveyard.extend(state.deck[1:])
    del state.deck[1:]
    game.push(SkipBattle())
    game.push(Pass())
    assert game.outcome is None and state.deck == [] and not d.DECK_OUT.draw_phase_emptying_loses
    game.push(SkipBattle())
    game.push(Pass())
    game.push(SkipBattle())
    game.push(Pass())
    assert game.outcome is not None and game.outcome.winner == 0
    assert game.outcome.reason is EndReason.DECK_OUT


def test_open_7_an_effect_draw_that_empties_the_deck_loses_at_once():
    """RTL-OPEN-7. Seed line 185: 効果でデッキが0枚になった瞬間 (effect draws included)."""
    draw_two = card("B/D2", "arts", effects=[{"when": "on_play", "do": [{"draw": 2}]}])
    game = new_game()
    set_lp(game, 0, "r")
    state = game.players[0]
    state.graveyard.extend(state.deck[2:])
    del state.deck[2:]
    set_hand(game, 0, [draw_two])
    del state.deck[:-2]
    game.push(Play(0, pay(r=1)))
    assert game.outcome is not None and game.outcome.winner == 1


def test_rtl_win_3_rtl_kw_reverse_and_open_17_reverse_protects_from_that_loss():
    """RTL-WIN-3, RTL-KW-REVERSE, RTL-OPEN-17. Seed §10 line 207: リバース —
    そのダメージによってゲームに敗北しない."""
    reverse = card("B/R", keywords=["reverse"], text="Reverse.")
    game = new_game()
    state = game.players[1]
    state.damage.extend(state.deck[:9])
    del state.deck[:9]
    state.deck.extend([FILLER, reverse])  # the reverse card is placed first
    put_unit(game, 0, MID)
    to_battle(game)
    game.push(Attack(0, None))
    assert state.excluded == [reverse] and state.hp == 0 and game.outcome is None
    assert state.reverse_used == 1 == d.REVERSE_USES_PER_GAME


def test_rtl_kw_reverse_needs_more_damage_than_the_opponent():
    """RTL-KW-REVERSE. Seed §10 line 207:
    自分のリーダーが相手よりもダメージを受けている場合(このダメージを含む)."""
    reverse = card("B/R", keywords=["reverse"], text="Reverse.")
    game = new_game()
    game.players[0].damage.append(FILLER)
    game.players[1].deck.append(reverse)
    game.frames.append(DamageFrame(1, 1))
    game.run()
    assert game.players[1].damage == [reverse], "1 is not more than 1"
    game.players[1].deck.append(reverse)
    game.frames.append(DamageFrame(1, 1))
    game.run()
    assert game.players[1].excluded == [reverse], "2 is more than 1"


def test_open_8_both_players_losing_at_once_is_a_draw():
    """RTL-OPEN-8 (seed §1 lines 22-23 for each player alone)."""
    both = card("B/B", "arts", effects=[{"when": "on_play", "do": [{"damage": 1, "to": "both"}]}])
    game = new_game()
    set_lp(game, 0, "r")
    for state in game.players:
        state.damage.extend(state.deck[: state.max_hp - 1])
        del state.deck[: state.max_hp - 1]
    set_hand(game, 0, [both])
    game.push(Play(0, pay(r=1)))
    assert game.outcome is not None and game.outcome.winner is None
    assert game.outcome.reason is EndReason.BOTH_LOST and d.SIMULTANEOUS_LOSS_IS_DRAW


def test_open_18_several_damage_one_card_at_a_time_then_returns_then_the_check():
    """RTL-OPEN-18 (seed §7 lines 146, 155): place N one by one, then returns and Turnover."""
    cards = [card(f"B/{c}", colour=c, return_value=1) for c in ("red", "blue", "green")]
    game = new_game()
    set_lp(game, 1, "ccc")
    game.players[1].deck.extend(cards)
    game.frames.append(DamageFrame(1, 3))
    game.run()
    assert game.players[1].damage == cards[::-1] and lp_row(game, 1) == "gur"
    assert d.LOSS_CHECK_AFTER_DAMAGE_EVENT


def test_rtl_engine_6_an_attack_on_a_unit_that_left_ends():
    """Seed §7 lines 133-146 and RTL-ENGINE-6."""
    bounce = counter_arts("B/K", {"bounce": "chosen_own_unit"}, level=0)
    game = new_game()
    put_unit(game, 0, BIG)
    target = put_unit(game, 1, SMALL, active=False)
    game.players[1].counters.append(bounce)
    to_battle(game)
    game.push(Attack(0, 0))
    game.push(DeclareCounter(0, pay()))
    game.push(Pass())
    assert target.card in game.players[1].hand and game.players[1].damage == []
    assert d.ATTACK_ENDS_WITHOUT_ITS_UNITS
