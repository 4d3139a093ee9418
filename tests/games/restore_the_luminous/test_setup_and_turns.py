"""Setup (seed 003 §3), LP (§4), active/passive (§2), the turn (§6), leader
evolution (§9) and the hand limit (§5). Each test cites the seed line it follows."""

from __future__ import annotations

from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.engine import (
    ColourLP,
    DeckList,
    Erase,
    Game,
    Pass,
    PassivePolicy,
    Phase,
    Play,
    SetCounter,
    SkipBattle,
)
from lalcheck.games.restore_the_luminous.engine.phases import MainFrame
from lalcheck.games.restore_the_luminous.engine.state import KINDS

from .helpers import (
    FILLER,
    LEADER,
    card,
    counter_arts,
    deck,
    lp_row,
    new_game,
    put_unit,
    set_hand,
    set_lp,
)

COUNTER_ARTS = counter_arts("S/C01", {"draw": 1})


def pay(c: int = 0, r: int = 0, u: int = 0, g: int = 0, y: int = 0, k: int = 0) -> tuple[int, ...]:
    return (c, r, u, g, y, k)


def advance(game: Game, player: int, own_turn: int) -> None:
    """Both players pass until ``player``'s main phase 1 of their ``own_turn``."""
    passive = PassivePolicy()
    while not (
        game.players[player].turns == own_turn
        and game.phase is Phase.MAIN
        and game.actor == player
        and isinstance(game.frames[-1], MainFrame)
        and game.frames[-1].first
    ):
        game.push(passive.choose(game, game.legal_actions(), game.rng))


def end_turn(game: Game) -> None:
    """Skip the battle phase and end main phase 2."""
    game.push(SkipBattle())
    game.push(Pass())


def test_rtl_set_1_first_player_has_9_hp_second_10():
    """RTL-SET-1. Seed §3 line 60: HP 先攻9 / 後攻10."""
    game = new_game()
    assert (game.players[0].max_hp, game.players[1].max_hp) == (d.HP_FIRST, d.HP_SECOND) == (9, 10)
    assert game.players[0].hp == 9 and game.players[1].hp == 10


def test_rtl_set_2_opening_hand_size_comes_from_the_leader():
    """RTL-SET-2. Seed §3 line 61: 初期手札: リーダーにより3〜5枚."""
    small = DeckList(card("S/L3", "leader", opening_hand=3), (FILLER,) * 40)
    game = Game.new(small, deck(), seed=1, first_player=1)
    assert len(game.players[0].hand) == 3  # second player, nothing drawn yet
    assert len(game.players[1].hand) == LEADER.opening_hand  # first player, no draw on turn 1


def test_rtl_set_3_the_first_player_skips_only_the_first_draw():
    """RTL-SET-3. Seed §3 line 62 and §6 line 111: 先攻1ターン目はドローなし."""
    game = new_game()
    assert len(game.players[0].hand) == 5
    end_turn(game)
    assert len(game.players[1].hand) == 6  # the second player draws on their first turn
    end_turn(game)
    assert len(game.players[0].hand) == 6  # and the first player from turn 2 on


def test_rtl_set_4_and_rtl_lp_2_one_lp_then_one_more_each_start_phase_up_to_10():
    """RTL-SET-4, RTL-LP-2. Seed §4 lines 69-71: 開始時1個 → 毎ターン+1（無色）→ 上限10個; turn 1
    starts with 2."""
    game = new_game()
    assert lp_row(game, 0) == "cc" and lp_row(game, 1) == "c"
    end_turn(game)
    assert lp_row(game, 1) == "cc"
    advance(game, 1, 12)
    assert lp_row(game, 0) == "c" * d.LP_CAP and len(game.players[1].lp_kind) == d.LP_CAP


def test_rtl_open_2_the_seed_picks_the_first_player_and_there_is_no_mulligan():
    """Seed §3 line 60 names first and second player without saying how: RTL-OPEN-2."""
    firsts = {Game.new(deck(), deck(), seed).first_player for seed in range(20)}
    assert firsts == {0, 1}
    assert Game.new(deck(), deck(), 5).first_player == Game.new(deck(), deck(), 5).first_player
    game = Game.new(deck(), deck(), 3, first_player=1)
    assert game.phase is Phase.MAIN and game.actor == 1 and d.MULLIGAN == "none"


def test_rtl_lp_1_six_kinds_of_lp_colourless_is_not_a_colour():
    """RTL-LP-1. Seed §4 line 75: 無色を加えた6種類; seed §2 line 52."""
    assert KINDS == 6
    game = new_game()
    set_hand(game, 0, [card("S/1", colour="green")])
    game.push(ColourLP(0))
    assert lp_row(game, 0) == "gc"


def test_rtl_lp_3_rtl_state_3_spent_lp_are_passive_until_the_own_start_phase():
    """RTL-LP-3, RTL-STATE-3. Seed §2 line 49 and §4 line 70: 消費するとパッシブ →
    ターン開始時にアクティブ."""
    game = new_game()
    set_lp(game, 0, "rc")
    set_hand(game, 0, [card("S/1", level=2)])
    game.push(Play(0, pay(c=1, r=1)))
    assert lp_row(game, 0) == "RC"
    end_turn(game)
    assert lp_row(game, 0) == "RC", "RTL-OPEN-4: not in the opponent's start phase"
    end_turn(game)
    assert lp_row(game, 0) == "rcc"


def test_rtl_state_1_2_4_attacking_units_turn_passive_and_recover_in_their_own_start():
    """RTL-STATE-1, RTL-STATE-2, RTL-STATE-4, RTL-OPEN-4. Seed §2 lines 45-49: ユニット:
    攻撃するとパッシブに / ターン開始時にアクティブへ."""
    game = new_game()
    unit = put_unit(game, 0, FILLER)
    game.push(Pass())  # to the battle phase
    game.push(next(a for a in game.legal_actions() if type(a).__name__ == "Attack"))
    assert not unit.active
    while game.actor == 0 and game.players[0].turns == 1:
        game.push(Pass())
    assert not unit.active, "RTL-OPEN-4: the opponent's start phase does not recover it"
    end_turn(game)
    assert unit.active and d.RECOVER_TURN_PLAYER_ONLY


def test_rtl_turn_1_to_6_the_phases_run_in_order():
    """RTL-TURN-1 to RTL-TURN-6. Seed §6 lines 115-120: start, draw, main 1, battle, main 2, end."""
    game = Game.new(deck(), deck(), 2, first_player=0, log=True)
    game.push(Pass())  # main 1 -> battle phase (nothing can attack: straight on) -> main 2
    frame = game.frames[-1]
    assert isinstance(frame, MainFrame) and not frame.first  # RTL-TURN-5: main phase 2
    game.push(Pass())  # main 2 -> end phase -> B's turn
    assert game.active == 1 and game.players[1].turns == 1
    text = "\n".join(game.log or ())
    assert text.index("T1 A: -- turn 1") < text.index("T2 B: -- turn 1 (LP 2)")
    assert "T2 B: draws" in text  # RTL-TURN-2: the draw phase comes after the start phase


def test_rtl_turn_3_and_5_main_phases_offer_colouring_plays_and_counters():
    """RTL-TURN-3, RTL-TURN-5. Seed §6 lines 124-127: 色付与, LPを消費してカードをプレイ,
    カウンターセット;
    メイン1・2で同じ."""
    game = new_game()
    set_lp(game, 0, "rc")
    set_hand(game, 0, [FILLER, COUNTER_ARTS])
    kinds = {type(action).__name__ for action in game.legal_actions()}
    assert {"ColourLP", "Play", "SetCounter", "Pass", "SkipBattle"} <= kinds
    game.push(SkipBattle())
    kinds = {type(action).__name__ for action in game.legal_actions()}
    assert {"ColourLP", "Play", "SetCounter", "Pass"} <= kinds and "SkipBattle" not in kinds


def test_rtl_turn_4_the_battle_phase_is_optional():
    """RTL-TURN-4. Seed §6 line 118: バトルフェーズ（任意 / スキップ可）."""
    game = new_game()
    put_unit(game, 0, FILLER)
    assert SkipBattle() in game.legal_actions()
    game.push(SkipBattle())
    assert game.phase is Phase.MAIN and game.players[1].damage == []


def test_rtl_evo_1_2_and_open_5_evolution_on_own_turns_4_and_7_draws_two():
    """RTL-EVO-1, RTL-EVO-2, RTL-OPEN-5. Seed §9 lines 191-193: 4ターン目 1→2, 7ターン目 2→3,
    進化したターンは2枚引く."""
    game = new_game()
    advance(game, 0, 3)
    assert game.players[0].rank == 1
    hand = len(game.players[0].hand)
    end_turn(game)
    advance(game, 0, 4)
    assert game.players[0].rank == 2
    assert len(game.players[0].hand) == hand + d.EVOLUTION_DRAWS
    assert game.players[1].rank == 1, "B's own turn 4 has not come yet"
    advance(game, 1, 4)
    assert game.players[1].rank == 2
    advance(game, 0, 7)
    assert game.players[0].rank == 3 and d.EVOLUTION_BY_OWN_TURN == {4: 2, 7: 3}


def test_rtl_evo_3_and_rtl_zone_9_evolution_changes_no_hp_or_slots():
    """RTL-EVO-3, RTL-ZONE-9. Seed §9 line 194:
    HP・ユニット枠・カウンター枠は試合開始時から変化しない."""
    game = new_game()
    before = [(p.max_hp, p.unit_slots, p.counter_slots) for p in game.players]
    advance(game, 0, 7)
    assert [(p.max_hp, p.unit_slots, p.counter_slots) for p in game.players] == before


def test_rtl_evo_4_rtl_col_2_and_open_3_colourings_per_turn_up_to_the_rank():
    """RTL-EVO-4, RTL-COL-2, RTL-OPEN-3. Seed §4 line 76 and §6 line 124:
    1ターンにリーダーのランク(1〜3)まで;
    main 1 and 2 share it."""
    game = new_game()
    set_lp(game, 0, "cccc")
    set_hand(game, 0, [card(f"S/{i}") for i in range(4)])
    game.push(ColourLP(0))
    assert not any(isinstance(a, ColourLP) for a in game.legal_actions())
    game.push(SkipBattle())
    assert not any(isinstance(a, ColourLP) for a in game.legal_actions())
    game.players[0].rank = 3
    assert sum(isinstance(a, ColourLP) for a in game.legal_actions()) == 3
    assert d.COLOURINGS_BY_RANK == {1: 1, 2: 2, 3: 3}


def test_rtl_zone_1_unit_slots_come_from_the_leader():
    """RTL-ZONE-1, RTL-TYPE-UNIT. Seed §5 line 103: ユニット枠: 3〜5体（リーダーにより異なる）."""
    game = new_game()
    set_lp(game, 0, "rrrr")
    for _ in range(LEADER.unit_slots or 0):
        put_unit(game, 0, FILLER)
    set_hand(game, 0, [card("S/1")])
    assert not any(isinstance(a, Play) for a in game.legal_actions())


def test_rtl_zone_4_counter_slots_come_from_the_leader():
    """RTL-ZONE-4. Seed §5 line 105: カウンター枠: 1〜3枚（リーダーにより異なる）."""
    game = new_game()
    set_hand(game, 0, [COUNTER_ARTS] * 3)
    game.push(SetCounter(0))
    game.push(SetCounter(0))
    assert len(game.players[0].counters) == LEADER.counter_slots == 2
    assert not any(isinstance(a, SetCounter) for a in game.legal_actions())


def test_rtl_zone_5_and_open_22_the_owner_erases_cards_above_ten():
    """RTL-ZONE-5, RTL-OPEN-22. Seed §5 line 106: 手札上限: 10枚（各アクション解決時に判定 /
    超えた分は抹消される）."""
    draw_three = card("S/D3", "arts", effects=[{"when": "on_play", "do": [{"draw": 3}]}])
    game = new_game()
    set_lp(game, 0, "r")
    set_hand(game, 0, [draw_three, *[card(f"S/{i}") for i in range(9)]])
    game.push(Play(0, pay(r=1)))
    assert game.phase is Phase.ERASE and game.actor == 0 and len(game.players[0].hand) == 12
    erased = game.players[0].hand[4]
    game.push(Erase(4))
    game.push(Erase(0))
    assert game.phase is Phase.MAIN and len(game.players[0].hand) == d.HAND_LIMIT
    assert erased in game.players[0].erased and d.HAND_LIMIT_OWNER_CHOOSES


def test_rtl_zone_8_erased_cards_never_come_back():
    """RTL-ZONE-8. Seed §4 line 83: 指定したカードは抹消され、ゲームから取り除かれる."""
    game = new_game()
    fodder = card("S/F", colour="blue", return_value=3)
    set_hand(game, 0, [fodder])
    game.push(ColourLP(0))
    assert game.players[0].erased == [fodder] and lp_row(game, 0) == "uc"  # no return either
