"""The 20 keyword abilities of seed 003 §10 (lines 198-217), one scenario each or more."""

from __future__ import annotations

from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.cards import Keyword
from lalcheck.games.restore_the_luminous.engine import (
    Activate,
    Attack,
    Choose,
    DeclareCounter,
    Pass,
    Phase,
    Play,
    Protect,
    Revive,
    SetCounter,
    SkipBattle,
    UseTurnover,
)
from lalcheck.games.restore_the_luminous.engine.continuous import has_keyword, power
from lalcheck.games.restore_the_luminous.engine.effects import DamageFrame

from .helpers import FILLER, card, lp_row, new_game, put_unit, set_hand, set_lp, to_battle
from .test_setup_and_turns import pay

SMALL = card("K/1", power=1000)
MID = card("K/2", power=3000)
BIG = card("K/3", power=5000)


def attack_targets(game, unit=0):
    return {a.target for a in game.legal_actions() if isinstance(a, Attack) and a.unit == unit}


def end_turn(game):
    game.push(SkipBattle())
    game.push(Pass())


def test_rtl_kw_gale_attacks_on_its_entry_turn():
    """RTL-KW-GALE. Seed line 198: ゲイル: 場に出たターンでも攻撃が出来る."""
    gale = card("K/G", keywords=["gale"], text="Gale.")
    game = new_game()
    put_unit(game, 0, gale, new=True)
    put_unit(game, 0, SMALL, new=True)
    put_unit(game, 1, SMALL, active=False)
    put_unit(game, 1, SMALL)
    to_battle(game)
    assert attack_targets(game, 0) == {0, None} and attack_targets(game, 1) == set()


def test_rtl_kw_critical_deals_1_damage_when_it_wins_a_battle():
    """RTL-KW-CRITICAL. Seed line 199: クリティカル:
    ユニットとのバトルに勝利した時に1ダメージを相手リーダーに与える."""
    critical = card("K/C", power=3000, keywords=["critical"], text="Critical.")
    game = new_game()
    put_unit(game, 0, critical)
    put_unit(game, 1, SMALL, active=False)
    put_unit(game, 1, BIG, active=False)
    to_battle(game)
    game.push(Attack(0, 0))
    assert game.players[1].hp == 10 - d.CRITICAL_DAMAGE
    game = new_game()
    put_unit(game, 0, critical)
    put_unit(game, 1, BIG, active=False)
    to_battle(game)
    game.push(Attack(0, 0))
    assert game.players[1].hp == 10, "no damage when it loses"


def test_rtl_kw_assault_hits_active_units_on_its_entry_turn_but_not_the_leader():
    """RTL-KW-ASSAULT. Seed lines 135, 200: アサルト: 場に出たターンのみ …
    アクティブ状態のユニットも対象 (リーダーは対象外)."""
    assault = card("K/A", power=3000, keywords=["assault"], text="Assault.")
    game = new_game()
    put_unit(game, 0, assault, new=True)
    put_unit(game, 1, SMALL)
    put_unit(game, 1, SMALL, active=False)
    to_battle(game)
    assert attack_targets(game) == {0, 1}
    game.turn += 2  # a later turn: back to the normal rules
    assert attack_targets(game) == {1, None}


def test_open_23_gale_and_assault_together_may_also_hit_the_leader():
    """RTL-OPEN-23 (seed lines 198, 200)."""
    both = card("K/W", power=3000, keywords=["gale", "assault"], text="Gale. Assault.")
    game = new_game()
    put_unit(game, 0, both, new=True)
    put_unit(game, 1, SMALL)
    to_battle(game)
    assert attack_targets(game) == {0, None} and d.GALE_WITH_ASSAULT_MAY_HIT_LEADER


def test_rtl_kw_protect_a_bound_unit_cannot_protect():
    """RTL-KW-PROTECT. Seed lines 140, 201 and RTL-OPEN-19: Protect is one of the bound unit's
    effects."""
    guard = card("K/P", power=4000, keywords=["protect"], text="Protect.")
    game = new_game()
    put_unit(game, 0, MID)
    bound = put_unit(game, 1, guard)
    bound.bind = 1
    to_battle(game)
    game.push(Attack(0, None))
    assert game.phase is not Phase.PROTECT and game.players[1].hp == 9
    assert not d.KEYWORD_DETAILS.bound_unit_can_protect


def test_rtl_kw_revenger_destroys_the_unit_it_battled_and_open_24():
    """RTL-KW-REVENGER, RTL-OPEN-24. Seed line 202: リベンジャー:
    このユニットとバトルしたユニットはバトル終了時に破壊される."""
    revenger = card("K/R", power=1000, keywords=["revenger"], text="Revenger.")
    game = new_game()
    put_unit(game, 0, BIG)
    put_unit(game, 1, revenger, active=False)
    to_battle(game)
    game.push(Attack(0, 0))
    assert game.players[0].units == [] and game.players[1].units == []
    assert BIG in game.players[0].graveyard and d.REVENGER_WHEN_DESTROYED_TOO


def test_rtl_kw_turnover_may_be_used_for_free_or_declined():
    """RTL-KW-TURNOVER. Seed line 203: ターンオーバー:
    ダメージによってデッキからダメージエリアに置かれた際に
    コストを支払わずに効果を発動してもよい."""
    to_card = card(
        "K/T", level=5, keywords=["turnover"], effects=[{"when": "turnover", "do": [{"draw": 2}]}]
    )
    for use, drawn in ((UseTurnover(), 2), (Pass(), 0)):
        game = new_game()
        game.players[1].deck.append(to_card)
        hand = len(game.players[1].hand)
        game.frames.append(DamageFrame(1, 1))
        game.run()
        assert game.phase is Phase.TURNOVER and lp_row(game, 1) == "r"
        game.push(use)
        assert len(game.players[1].hand) == hand + drawn and lp_row(game, 1) == "r"


def test_rtl_kw_counter_is_set_then_used_from_the_counter_slot_for_level_and_colour():
    """RTL-KW-COUNTER. Seed lines 126, 204: カウンター[x]:
    指定のコストを支払うことでカウンターエリアからも発動.
    レベルコスト、カラーコスト共に必要 (RTL-OPEN-12)."""
    ambusher = card(
        "K/CU",
        colour="blue",
        power=4000,
        keywords=[{"id": "counter", "cost": {"level": 2, "colour_cost": 1}}, "protect"],
        text="Counter[2, blue 1]. Protect.",
    )
    game = new_game()
    game.push(SkipBattle())
    game.push(Pass())  # B's turn
    set_hand(game, 1, [ambusher])
    game.push(SetCounter(0))
    assert game.players[1].counters == [ambusher] and d.COUNTERS.set_needs_counter_keyword
    game.push(SkipBattle())
    game.push(Pass())  # A's turn 2
    put_unit(game, 0, MID)
    set_lp(game, 1, "ucc")
    to_battle(game)
    game.push(Attack(0, None))
    assert set(game.legal_actions()) == {DeclareCounter(0, pay(c=1, u=1)), Pass()}
    game.push(DeclareCounter(0, pay(c=1, u=1)))  # nothing else to declare: it resolves
    assert [u.card for u in game.players[1].units] == [ambusher]
    assert game.phase is Phase.PROTECT, "the counter unit entered active and can Protect"
    game.push(Protect(0))
    assert game.players[0].units == [] and lp_row(game, 1) == "CcC"


def test_rtl_kw_revive_summons_from_the_graveyard_for_its_cost():
    """RTL-KW-REVIVE. Seed line 205: リバイブ[x]:
    指定のコストを支払うことで墓地からも召喚が出来る."""
    rat = card(
        "K/RV",
        colour="black",
        keywords=[{"id": "revive", "cost": {"level": 1, "colour_cost": 1}}],
        text="Revive[1, black 1].",
    )
    game = new_game()
    set_lp(game, 0, "kc")
    game.players[0].graveyard.append(rat)
    assert set(a for a in game.legal_actions() if isinstance(a, Revive)) == {Revive(0, pay(k=1))}
    game.push(Revive(0, pay(k=1)))
    assert [u.card for u in game.players[0].units] == [rat] and lp_row(game, 0) == "Cc"


def test_rtl_kw_count_goes_up_and_conditions_read_it():
    """RTL-KW-COUNT. Seed line 206: カウント: カード効果によって発生し、
    特定の条件達成により増減する."""
    rite = card(
        "K/CT",
        "arts",
        keywords=["persistent", "count"],
        effects=[
            {"when": "start_of_turn", "do": [{"count": 1}]},
            {"when": "start_of_turn", "if": {"count_at_least": 2}, "do": [{"draw": 1}]},
        ],
    )
    game = new_game()
    set_lp(game, 0, "r")
    set_hand(game, 0, [rite])
    game.push(Play(0, pay(r=1)))
    arts = game.players[0].persistent[0]
    hands = []
    for _ in range(2):
        end_turn(game)
        end_turn(game)
        hands.append(len(game.players[0].hand))
    assert arts.count == 2 and hands[1] == hands[0] + 2, "turn 3 draws 1 + 1 from the count"


def test_rtl_kw_hold_stays_passive_through_the_next_start_phase():
    """RTL-KW-HOLD. Seed line 208: ホールド:
    パッシブにする。次のスタートフェイズでアクティブにならない."""
    jailer = card(
        "K/H",
        colour="blue",
        keywords=["hold"],
        effects=[{"when": "on_play", "do": [{"hold": "chosen_enemy_unit"}]}],
    )
    game = new_game()
    set_lp(game, 0, "u")
    victim = put_unit(game, 1, BIG)
    set_hand(game, 0, [jailer])
    game.push(Play(0, pay(u=1)))
    assert not victim.active and victim.hold
    end_turn(game)
    assert not victim.active and not victim.hold, "B's start phase skipped it once"
    end_turn(game)
    end_turn(game)
    assert victim.active


def test_rtl_kw_decoy_must_be_targeted_first_by_abilities_not_by_attacks():
    """RTL-KW-DECOY. Seed line 209: デコイ: 相手が能力で対象を選択する際、
    デコイを持つユニットを優先的に対象に."""
    decoy = card("K/D", power=3000, keywords=["decoy"], text="Decoy.")
    spell = card(
        "K/S", "arts", effects=[{"when": "on_play", "do": [{"destroy": "chosen_enemy_unit"}]}]
    )
    game = new_game()
    set_lp(game, 0, "r")
    put_unit(game, 1, BIG, active=False)
    put_unit(game, 1, decoy, active=False)
    put_unit(game, 1, card("K/D2", keywords=["decoy"], text="Decoy."), active=False)
    set_hand(game, 0, [spell])
    game.push(Play(0, pay(r=1)))
    assert game.phase is Phase.TARGET
    assert set(game.legal_actions()) == {Choose(1, 1), Choose(1, 2)}
    game.push(Choose(1, 1))
    put_unit(game, 0, MID)
    to_battle(game)
    assert attack_targets(game) == {0, 1, None} and not d.KEYWORD_DETAILS.decoy_binds_attacks


def test_rtl_kw_bind_negates_and_stops_attacks_until_it_wears_off():
    """RTL-KW-BIND. Seed line 210: バインド[x]:
    効果が無効化され攻撃出来ない。バインド値は相手ターン終了時に減少."""
    binder = card(
        "K/B",
        colour="blue",
        keywords=[{"id": "bind", "value": 2}],
        effects=[{"when": "on_play", "do": [{"bind": 2, "target": "chosen_enemy_unit"}]}],
    )
    gale = card("K/BG", keywords=["gale"], power=3000, text="Gale.")
    game = new_game()
    set_lp(game, 0, "u")
    victim = put_unit(game, 1, gale)
    set_hand(game, 0, [binder])
    game.push(Play(0, pay(u=1)))
    assert victim.bind == 2 and not has_keyword(game, victim, Keyword.GALE)
    end_turn(game)  # the end of A's turn: B's opponent's turn
    assert victim.bind == 1
    game.push(Pass())
    assert game.phase is Phase.MAIN, "B's bound unit cannot attack: no battle"
    game.push(Pass())
    end_turn(game)
    assert victim.bind == 0 and d.KEYWORD_DETAILS.bind_decrease == 1


def test_rtl_kw_l_accel_turns_lp_passive_to_activate():
    """RTL-KW-LACCEL. Seed line 211: L-アクセル[x]:
    指定の数のレベルポイントをパッシブにして発動する効果."""
    weaver = card(
        "K/LA",
        power=3000,
        keywords=[{"id": "l_accel", "value": 2}],
        effects=[
            {"when": "activated", "cost": {"l_accel": 2}, "do": [{"power": 2000, "target": "self"}]}
        ],
    )
    game = new_game()
    set_lp(game, 0, "rcc")
    unit = put_unit(game, 0, weaver)
    options = {a for a in game.legal_actions() if isinstance(a, Activate)}
    assert options == {Activate("unit", 0, 0, pay(c=2)), Activate("unit", 0, 0, pay(c=1, r=1))}
    game.push(Activate("unit", 0, 0, pay(c=2)))
    assert power(game, unit) == 5000 and lp_row(game, 0) == "rCC"
    assert not any(isinstance(a, Activate) for a in game.legal_actions()), "RTL-ENGINE-4"


def test_rtl_kw_c_accel_uses_up_colours_and_leaves_lp_as_they_were():
    """RTL-KW-CACCEL. Seed line 212: C-アクセル:
    レベルポイントに付いた指定の色を消費して発動する効果."""
    harvester = card(
        "K/CA",
        colour="black",
        keywords=["c_accel"],
        effects=[{"when": "activated", "cost": {"c_accel": {"black": 2}}, "do": [{"draw": 1}]}],
    )
    game = new_game()
    set_lp(game, 0, "kKkc")
    put_unit(game, 0, harvester)
    game.push(Activate("unit", 0, 0, pay()))
    assert lp_row(game, 0) == "kCcc", "the passive black first (RTL-ENGINE-5), then the lowest"
    assert d.KEYWORD_DETAILS.c_accel_colour_reverts


def test_rtl_kw_l_boost_gains_colourless_active_lp_within_the_cap():
    """RTL-KW-LBOOST. Seed line 213: L-ブースト[x]:
    レベルポイントを指定の数だけ獲得する。増えたぶんは無色."""
    sprout = card(
        "K/LB",
        colour="green",
        keywords=[{"id": "l_boost", "value": 2}],
        effects=[{"when": "on_play", "do": [{"l_boost": 2}]}],
    )
    game = new_game()
    set_lp(game, 0, "g" + "c" * 8)
    set_hand(game, 0, [sprout])
    game.push(Play(0, pay(g=1)))
    assert lp_row(game, 0) == "G" + "c" * 9 and d.KEYWORD_DETAILS.l_boost_enters_active


def test_rtl_kw_c_boost_colours_colourless_lp_without_adding_any():
    """RTL-KW-CBOOST. Seed line 214: C-ブースト:
    無色のレベルポイントに指定の色を付ける。レベルポイントの数は増えない."""
    shaman = card(
        "K/CB",
        colour="green",
        keywords=["c_boost"],
        effects=[{"when": "on_play", "do": [{"c_boost": 2}]}],
    )
    game = new_game()
    set_lp(game, 0, "gCc")
    set_hand(game, 0, [shaman])
    game.push(Play(0, pay(g=1)))
    assert lp_row(game, 0) == "GGg"


def test_rtl_kw_transform_keeps_the_state_and_leaves_as_the_original():
    """RTL-ENGINE-7. RTL-KW-TRANSFORM. Seed line 215: 変身:
    変身後は変身元のユニットのカード状態を引き継ぐ。場を離れた場合には変身前のカード."""
    king = card("K/TK", colour="black", power=7000)
    knight = card(
        "K/TN",
        colour="black",
        power=4000,
        keywords=[{"id": "transform", "into": "K/TK"}],
        effects=[{"when": "on_win", "do": [{"transform": "K/TK"}]}],
    )
    game = new_game()
    game.forms = {"K/TK": king}
    unit = put_unit(game, 0, knight)
    unit.gear.append(card("K/GR", "gear"))
    put_unit(game, 1, SMALL, active=False)
    to_battle(game)
    game.push(Attack(0, 0))
    assert unit.face is king and unit.card is knight and not unit.active and len(unit.gear) == 1
    spell = card(
        "K/X", "arts", effects=[{"when": "on_play", "do": [{"destroy": "chosen_enemy_unit"}]}]
    )
    game.push(Pass())
    game.push(Pass())
    set_lp(game, 1, "r")
    set_hand(game, 1, [spell])
    game.push(Play(0, pay(r=1)))
    assert knight in game.players[0].graveyard and king not in game.players[0].graveyard


def test_rtl_kw_active_stage_effects_apply_last_to_both_players():
    """RTL-KW-ACTIVE. Seed lines 104, 216: 発動中: ほかのカードの効果のあとに処理し、
    パワーなどの条件はそのときの値で."""
    grove = card(
        "K/ST",
        "stage",
        colour="green",
        keywords=["active"],
        effects=[
            {
                "when": "while_active",
                "do": [{"power": 1000, "target": "all_units", "filter": {"power_at_least": 5000}}],
            }
        ],
    )
    game = new_game()
    set_lp(game, 0, "g")
    mine = put_unit(game, 0, card("K/M", power=4000))
    theirs = put_unit(game, 1, BIG)
    set_hand(game, 0, [grove])
    game.push(Play(0, pay(g=1)))
    assert (power(game, mine), power(game, theirs)) == (4000, 6000)
    mine.power_mod += 1000  # another card's effect first; the stage reads the result
    assert power(game, mine) == 6000


def test_rtl_kw_persistent_arts_stay_on_the_field():
    """RTL-KW-PERSIST. Seed lines 39, 217: 持続: アーツが持つ能力。発動後に場に留まり続ける
    (RTL-OPEN-21)."""
    ledger = card(
        "K/PA",
        "arts",
        keywords=["persistent"],
        effects=[{"when": "continuous", "do": [{"power": 1000, "target": "all_own_units"}]}],
    )
    game = new_game()
    set_lp(game, 0, "r")
    unit = put_unit(game, 0, FILLER)
    set_hand(game, 0, [ledger])
    game.push(Play(0, pay(r=1)))
    assert [a.card for a in game.players[0].persistent] == [ledger] and ledger not in game.players[
        0
    ].graveyard
    assert power(game, unit) == 2000 and d.PERSISTENT_ARTS_LIMIT is None
