"""Card types and zones (seed 003 §2 lines 36-41, §5 lines 99-107), the effect
language, leader abilities (§9 line 194), and what the engine cannot run."""

from __future__ import annotations

import inspect
import re

from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.cards import Trigger
from lalcheck.games.restore_the_luminous.engine import (
    Activate,
    Attack,
    Choose,
    DeckList,
    Game,
    Pass,
    Phase,
    Play,
    SetCounter,
    SkipBattle,
)
from lalcheck.games.restore_the_luminous.engine.continuous import power

from .helpers import (
    FILLER,
    FILLER_B,
    LEADER,
    card,
    counter_arts,
    deck,
    lp_row,
    new_game,
    put_unit,
    set_hand,
    set_lp,
    to_battle,
)
from .test_setup_and_turns import pay

SMALL = card("E/1", power=1000)
BIG = card("E/2", power=5000)
PLATE = card(
    "E/G", "gear", effects=[{"when": "continuous", "do": [{"power": 1000, "target": "equipped"}]}]
)
LIBRARY = card(
    "E/L",
    "stage",
    colour="blue",
    keywords=["active"],
    effects=[{"when": "start_of_turn", "do": [{"draw": 1}]}],
)
KILL = card("E/K", "arts", effects=[{"when": "on_play", "do": [{"destroy": "chosen_enemy_unit"}]}])


def test_rtl_type_arts_resolves_then_goes_to_the_graveyard_without_return():
    """RTL-TYPE-ARTS. Seed line 39: アーツ: 手札からプレイ→効果を発揮→墓地へ; RTL-OPEN-10: not
    destroyed."""
    draw = card("E/A", "arts", return_value=2, effects=[{"when": "on_play", "do": [{"draw": 1}]}])
    game = new_game()
    set_lp(game, 0, "rc")
    set_hand(game, 0, [draw])
    game.push(Play(0, pay(r=1)))
    assert game.players[0].graveyard == [draw] and len(game.players[0].hand) == 1
    assert lp_row(game, 0) == "Rc" and d.RETURN_ONLY_WHEN_DESTROYED


def test_rtl_type_stage_rtl_zone_3_and_open_9_one_shared_stage_replaced_by_either_player():
    """RTL-ENGINE-12. RTL-TYPE-STAGE, RTL-ZONE-3, RTL-OPEN-9. Seed lines 40, 104: ステージ:
    場に1枚のみ、
    上書き可。効果は自分・相手の両方に適用."""
    other = card("E/S2", "stage", colour="blue", return_value=2)
    game = new_game()
    set_lp(game, 0, "u")
    set_hand(game, 0, [LIBRARY])
    game.push(Play(0, pay(u=1)))
    assert game.stages[0] is not None and game.stages[0].card is LIBRARY and len(game.stages) == 1
    hand = len(game.players[1].hand)
    game.push(SkipBattle())
    game.push(Pass())
    assert len(game.players[1].hand) == hand + 2, "B draws in its draw phase and from the stage"
    set_lp(game, 1, "uc")
    set_hand(game, 1, [other])
    game.push(Play(0, pay(u=1)))
    assert game.stages[0] is not None and game.stages[0].card is other
    assert game.players[0].graveyard == [LIBRARY] and lp_row(game, 1) == "Uc", "no return"
    assert d.SHARED_STAGE and d.STAGE_TRIGGERS_FOR_TURN_PLAYER


def test_rtl_type_gear_and_rtl_zone_2_gear_on_a_unit_uses_no_slot_and_follows_it():
    """RTL-TYPE-GEAR, RTL-ZONE-2. Seed lines 41, 101, 107: ギア … ユニット枠を消費しない /
    1体に3つまで / 装備先が場を離れるとギアも墓地へ."""
    game = new_game()
    set_lp(game, 0, "r" * 5)
    host = put_unit(game, 0, SMALL)
    set_hand(game, 0, [PLATE] * 4)
    assert {a.on for a in game.legal_actions() if isinstance(a, Play)} == {0}
    for _ in range(3):
        game.push(Play(0, pay(r=1), 0))
    assert len(host.gear) == d.GEAR_PER_UNIT and len(game.players[0].units) == 1
    assert not any(isinstance(a, Play) for a in game.legal_actions()), "at most 3 per unit"
    assert power(game, host) == 4000
    game.push(SkipBattle())
    game.push(Pass())
    set_lp(game, 1, "rc")
    set_hand(game, 1, [KILL])
    game.push(Play(0, pay(r=1)))
    assert game.players[0].graveyard.count(PLATE) == 3 and SMALL in game.players[0].graveyard
    assert lp_row(game, 0) == "rrRRR", "gear falling off gives no return (RTL-OPEN-10)"


def test_rtl_zone_7_the_graveyard_receives_units_arts_and_gear():
    """RTL-ZONE-7. Seed line 39 and §7 line 153: destroyed units, used arts, gear whose unit
    left."""
    game = new_game()
    set_lp(game, 0, "rr")
    host = put_unit(game, 1, SMALL)
    host.gear.append(PLATE)
    set_hand(game, 0, [KILL])
    game.push(Play(0, pay(r=1)))
    assert game.players[0].graveyard == [KILL]
    assert game.players[1].graveyard == [PLATE, SMALL]


def test_open_12_setting_a_counter_is_free_and_hidden():
    """RTL-OPEN-12 (seed line 126): 手札をカウンターゾーンにセット."""
    trap = counter_arts("E/T", {"draw": 1}, level=2, colour_cost=1)
    game = new_game()
    set_lp(game, 0, "cc")
    set_hand(game, 0, [trap, SMALL])
    assert {a for a in game.legal_actions() if isinstance(a, SetCounter)} == {SetCounter(0)}
    game.push(SetCounter(0))
    assert game.players[0].counters == [trap] and lp_row(game, 0) == "cc"
    assert d.COUNTERS.cost_includes_colour


def test_targets_are_chosen_by_the_controller_skipped_when_there_are_none():
    game = new_game()
    set_lp(game, 0, "rrr")
    set_hand(game, 0, [KILL, KILL])
    game.push(Play(0, pay(r=1)))
    assert game.phase is Phase.MAIN, "no opposing unit: the step does nothing"
    put_unit(game, 1, SMALL)
    put_unit(game, 1, BIG)
    game.push(Play(0, pay(r=1)))
    assert game.phase is Phase.TARGET and game.actor == 0
    assert set(game.legal_actions()) == {Choose(1, 0), Choose(1, 1)}
    game.push(Choose(1, 1))
    assert [u.card for u in game.players[1].units] == [SMALL]


def test_leader_abilities_follow_the_rank_and_rtl_evo_3():
    """RTL-EVO-3. Seed line 194: 進化で強化されるのはリーダーの能力（パッシブ・アクティブ効果）."""
    leader = card(
        "E/LD",
        "leader",
        abilities=[
            {
                "rank": 1,
                "effects": [{"when": "activated", "cost": {"l_accel": 1}, "do": [{"draw": 1}]}],
            },
            {
                "rank": 2,
                "effects": [{"when": "activated", "cost": {"l_accel": 1}, "do": [{"draw": 2}]}],
            },
        ],
    )
    game = Game.new(DeckList(leader, (FILLER,) * 40), deck(filler=FILLER_B), 0, first_player=0)
    hand = len(game.players[0].hand)
    game.push(Activate("leader", 0, 0, pay(c=1)))
    assert len(game.players[0].hand) == hand + 1
    game.players[0].rank = 2
    game.players[0].leader_used = 0
    game.push(Activate("leader", 0, 0, pay(c=1)))
    assert len(game.players[0].hand) == hand + 3


def test_a_leader_on_attacked_ability():
    """Seed §7 line 136 (攻撃された時) on a leader."""
    leader = card(
        "E/LA",
        "leader",
        abilities=[{"rank": 1, "effects": [{"when": "on_attacked", "do": [{"draw": 1}]}]}],
    )
    game = Game.new(deck(), DeckList(leader, (FILLER_B,) * 40), 0, first_player=0)
    put_unit(game, 0, SMALL)
    hand = len(game.players[1].hand)
    to_battle(game)
    game.push(Attack(0, None))
    assert len(game.players[1].hand) == hand + 1


def test_cards_whose_text_has_no_structure_are_counted_not_skipped():
    """Whatever the engine cannot run is counted (STANDARDS: engines are faithful or say so)."""
    mystery = card("E/M", "arts", text="Something the effect language cannot say.")
    assert not mystery.is_modelled
    game = new_game()
    set_lp(game, 0, "r")
    set_hand(game, 0, [mystery])
    game.push(Play(0, pay(r=1)))
    assert game.unmodelled == {"E/M": 1}


def test_open_25_the_trigger_names():
    """RTL-OPEN-25: the effect timings, named after the battle steps of seed §7."""
    assert tuple(t.value for t in Trigger) == d.TRIGGERS


def test_rtl_engine_9_a_bound_unit_has_no_on_destroy():
    """RTL-ENGINE-9. Seed §10 line 210: a bound unit's effects are negated, its on-destroy too."""
    drawer = card("E/D", power=1000, effects=[{"when": "on_destroy", "do": [{"draw": 1}]}])
    game = new_game()
    set_lp(game, 0, "r")
    put_unit(game, 1, drawer).bind = 1
    hand = len(game.players[1].hand)
    set_hand(game, 0, [KILL])
    game.push(Play(0, pay(r=1)))
    assert len(game.players[1].hand) == hand and not d.BOUND_UNIT_ON_DESTROY


def test_rtl_engine_10_and_11_trigger_order():
    """RTL-ENGINE-10, RTL-ENGINE-11 (seed lines 144, 199). On win before Critical; triggers arising
    together resolve in
    order."""
    winner = card(
        "E/W", power=3000, keywords=["critical"], effects=[{"when": "on_win", "do": [{"draw": 1}]}]
    )
    game = Game.new(deck(), deck(filler=FILLER_B), 0, first_player=0, log=True)
    put_unit(game, 0, winner)
    put_unit(game, 1, SMALL, active=False)
    to_battle(game)
    game.push(Attack(0, 0))
    text = "\n".join(game.log or ())
    assert text.index("A: draws") < text.index("B: takes 1 damage") and d.ON_WIN_BEFORE_CRITICAL
    assert d.TURN_PLAYER_TRIGGERS_FIRST


def test_rtl_engine_13_bind_keeps_power_bonuses():
    """RTL-ENGINE-13. Seed §10 line 210: Bind negates effects; power the unit receives still
    counts."""
    game = new_game()
    unit = put_unit(game, 0, SMALL)
    unit.gear.append(PLATE)
    unit.bind = 2
    assert power(game, unit) == 2000 and d.BIND_KEEPS_POWER_BONUSES


def test_every_open_point_is_one_named_decision_citing_its_id_and_the_seed():
    source = inspect.getsource(d)
    for number in range(1, 26):
        cited = re.findall(rf"#: RTL-OPEN-{number} \((seed:\d+)", source)
        assert len(cited) == 1, f"RTL-OPEN-{number} is decided once, citing a seed line"
    assert LEADER.type == "leader"
