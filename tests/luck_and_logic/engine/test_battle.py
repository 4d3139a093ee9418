"""Battle: R-BAT-1 to R-BAT-6, gates and winning (R-WIN)."""

from __future__ import annotations

from dataclasses import replace

from lalcheck.games.luck_and_logic.cards import CardType
from lalcheck.games.luck_and_logic.engine import (
    Attack,
    Choose,
    Define,
    EndReason,
    Intercept,
    LevelSupport,
    Pass,
    Phase,
)
from lalcheck.games.luck_and_logic.engine import battle as b
from lalcheck.games.luck_and_logic.engine import decisions as d
from lalcheck.games.luck_and_logic.engine.state import Member

from .pool import (
    FOREIGNER,
    FOREIGNER_SMALL,
    GATE,
    GATE_DRAW,
    GATE_TEXT,
    LOGICALIST,
    LOGICALIST_DRAW,
    PARADOX,
    TACTICS,
    TACTICS_UNMODELLED,
    TRANSUNION_2,
    TRANSUNION_4,
    at_main,
    auto,
    clear_hand,
    field,
    give,
    main_phase_game,
    set_level,
    written,
)


def battle_game(level=(LOGICALIST, LOGICALIST, LOGICALIST)):
    """A at its battle phase with these face-up level cards; both hands empty."""
    game = at_main(main_phase_game(), level)
    clear_hand(game, 0)
    clear_hand(game, 1)
    return game


def to_battle(game):
    game.push(Pass())
    assert game.phase is Phase.BATTLE
    return game


def settle(game):
    """Pass until the battle in progress is judged."""
    while game.battle is not None:
        game.push(Pass())


def targets(game):
    return {a.target for a in game.legal_actions() if isinstance(a, Attack)}


def test_r_bat_1_back_row_only_after_the_gate_in_front_falls():
    """Seed 000 [1] lines 158-161."""
    game = battle_game()
    field(game, 0, LOGICALIST, (1,))
    to_battle(game)
    assert targets(game) == {1, 3, 5}
    game.players[1].gate_destroyed[2] = True  # circle 3
    assert targets(game) == {1, 3, 4, 5}


def test_r_bat_1_attack_rests_the_attacker_and_destroys_an_empty_gate_with_its_effect():
    """Seed 000 [1] lines 158, 162; §三 门卡 line 68."""
    game = battle_game()
    attacker = field(game, 0, LOGICALIST, (2,))
    field(game, 0, LOGICALIST_DRAW, (4,))
    defender = game.players[1]
    defender.gates[0] = GATE_DRAW
    defender.removed.append(GATE)
    defender.removed.remove(GATE_DRAW) if GATE_DRAW in defender.removed else None
    to_battle(game)
    game.push(Attack(2, 1))
    assert attacker.rested and defender.gate_destroyed[0]
    assert len(defender.hand) == 1, "the gate's owner draws (GATE_DRAW)"
    assert game.phase is Phase.BATTLE
    game.push(Attack(4, 1))
    assert defender.gates_destroyed == 1, "an already destroyed gate: nothing happens"


def test_r_bat_1_sixth_gate_wins_without_its_effect():
    """Seed 000 §一 line 3, §三 门卡 line 69."""
    game = battle_game()
    field(game, 0, LOGICALIST, (1,))
    defender = game.players[1]
    defender.gate_destroyed[:] = [False] + [True] * 5
    defender.gates[0] = GATE_DRAW
    to_battle(game)
    game.push(Attack(1, 1))
    assert game.outcome is not None
    assert game.outcome.winner == 0 and game.outcome.reason is EndReason.GATES
    assert defender.hand == [], "R-WIN-1: the sixth gate's effect never runs"
    assert game.phase is Phase.OVER and not list(game.legal_actions())


def test_unmodelled_gate_text_is_counted():
    """Seed 000 line 68: a gate's text runs; text without abilities is counted."""
    game = battle_game()
    field(game, 0, LOGICALIST, (1,))
    game.players[1].gates[0] = GATE_TEXT
    to_battle(game)
    game.push(Attack(1, 1))
    assert game.unmodelled == {GATE_TEXT.number: 1}


def member_battle(attacker_card=LOGICALIST, defender_card=FOREIGNER, **kwargs):
    game = battle_game(**kwargs)
    attacker = field(game, 0, attacker_card, (1,))
    defender = field(game, 1, defender_card, (1, 2) if defender_card.territory == 2 else (1,))
    return to_battle(game), attacker, defender


def test_r_bat_5_defender_with_more_power_wins_and_the_attacker_stays():
    """Seed 000 [4-A] line 173, line 176."""
    game, attacker, defender = member_battle()  # 3000 against 4500
    game.push(Attack(1, 1))
    assert game.phase is not Phase.INTERCEPT  # no interceptors, no cards: straight to judgement
    assert game.players[0].member_at(1) is attacker
    assert game.players[1].member_at(1) is defender
    assert not game.players[1].gate_destroyed[0]


def test_r_bat_5_ties_go_to_the_attacker_and_the_loser_retreats_with_its_soul():
    """Seed 000 [4-A] line 173, line 175."""
    game, _attacker, defender = member_battle(FOREIGNER, FOREIGNER)  # 4500 each
    defender.souls = (LOGICALIST,)
    game.players[1].deck.remove(LOGICALIST)
    game.push(Attack(1, 1))
    settle(game)
    loser = game.players[1]
    assert loser.member_at(1) is None
    assert loser.cost[:2] == [FOREIGNER, LOGICALIST]
    assert not loser.gate_destroyed[0], "winning a battle destroys no gate"


def test_r_trance_soul_adds_1000_power_per_soul_while_attacking_only():
    """Seed 000 line 143: the soul cards' soul field (here soul: 1000 each)."""
    game, attacker, defender = member_battle(TRANSUNION_2, TRANSUNION_2)
    attacker.souls = (LOGICALIST, FOREIGNER)
    defender.souls = (LOGICALIST, FOREIGNER)
    for player in (0, 1):
        game.players[player].deck.remove(LOGICALIST)
        game.players[player].deck.remove(FOREIGNER)
    game.push(Attack(1, 1))
    settle(game)
    assert game.players[1].member_at(1) is None, "10000 attacking against 8000 defending"


def test_r_bat_2_intercept_not_the_attacked_member_rested_allowed_logic_helps():
    """Seed 000 [2] line 164."""
    game, _attacker, defender = member_battle(FOREIGNER, LOGICALIST)  # 4500 against 3000
    helper = field(game, 1, FOREIGNER_SMALL, (3,))  # power logic +2000
    helper.rested = True
    game.push(Attack(1, 1))
    assert game.phase is Phase.INTERCEPT and game.actor == 1
    assert set(game.legal_actions()) == {Intercept(3), Pass()}
    game.push(Intercept(3))
    settle(game)
    defender_state = game.players[1]
    assert defender_state.member_at(1) is defender, "5000 beats 4500"
    assert defender_state.field[2] is None
    assert FOREIGNER_SMALL in defender_state.drop and defender_state.intercept == []


def test_r_bat_3_defender_defines_first_alternating_until_both_pass():
    """Seed 000 [3-A]-[3-C] lines 166-171."""
    game, _attacker, _defender = member_battle(FOREIGNER, LOGICALIST)
    give(game, 1, [LOGICALIST, LOGICALIST])
    give(game, 0, [FOREIGNER_SMALL])
    game.push(Attack(1, 1))
    assert game.phase is Phase.DEFINE and game.actor == 1
    game.push(Define(0))  # defender 3000 + 1000
    assert game.actor == 0
    game.push(Define(0))  # attacker 4500 + 2000
    assert game.actor == 1
    game.push(Define(0))  # defender 5000; limit 2 reached for the defender
    assert game.actor == 0
    game.push(Pass())  # the defender is full: its turn passes by itself, so it ends
    assert game.battle is None
    assert game.players[1].member_at(1) is None, "6500 against 5000"
    assert len(game.players[1].drop) == 2 and len(game.players[0].drop) == 1


def test_r_bat_3_limit_caps_the_battle_zone():
    """Seed 000 [3-A] line 166, §三 ⑽ line 39."""
    game, _attacker, _defender = member_battle(FOREIGNER, LOGICALIST)
    give(game, 1, [LOGICALIST, LOGICALIST, LOGICALIST])
    game.push(Attack(1, 1))
    game.push(Define(0))
    game.push(Pass())
    game.push(Define(0))
    assert game.actor == 0, "limit 2: the defender may define no third card"


def test_r_bat_3_level_support_rests_draws_and_forces_a_definition():
    """Seed 000 line 168, [关于等级支援] lines 191-192."""
    game, _attacker, _defender = member_battle(FOREIGNER, LOGICALIST)
    set_level(game, 1, [PARADOX], face_up=False)
    game.push(Attack(1, 1))
    assert game.actor == 1 and set(game.legal_actions()) == {LevelSupport(), Pass()}
    game.push(LevelSupport())
    state = game.players[1]
    assert state.level_rested == [True] and len(state.hand) == 1
    assert game.phase is Phase.DEFINE_FORCED
    assert list(game.legal_actions()) == [Define(0)]
    game.push(Define(0))
    assert len(state.battle) == 1 or game.battle is None


def test_r_bat_4_paradox_makes_spirit_decide():
    """Seed 000 [4-B] line 174."""
    game, _attacker, _defender = member_battle(TRANSUNION_4, TRANSUNION_2)  # spirit 3 vs 2
    give(game, 1, [PARADOX])
    game.push(Attack(1, 1))
    game.push(Define(0))
    settle(game)
    assert game.players[1].member_at(1) is None, "spirit 3 against 2: the attacker wins"


def test_r_bat_4_attackers_paradox_can_lose_by_spirit():
    """Seed 000 [4-B] line 174."""
    game, _attacker, defender = member_battle(FOREIGNER, LOGICALIST)  # 4500 vs 3000
    give(game, 0, [PARADOX])
    game.push(Attack(1, 1))
    assert game.actor == 0  # the defender cannot define: it passes by itself
    defender.spirit_bonus = 1
    game.push(Define(0))
    settle(game)
    assert game.players[1].member_at(1) is defender, "spirit 1 against 2 loses despite power"


def test_r_bat_4_a_second_paradox_cancels_the_first_and_power_decides():
    """Seed 000 [关于逆理逻辑] line 195."""
    game, _attacker, _defender = member_battle(TRANSUNION_2, TRANSUNION_4)
    # power 8000 vs 12000, spirit 2 vs 3: the defender wins either way unless...
    give(game, 0, [PARADOX, LOGICALIST])
    give(game, 1, [PARADOX])
    game.push(Attack(1, 1))
    game.push(Define(0))  # defender's paradox: spirit
    assert game.up_paradox is not None and game.up_paradox.owner == 1
    game.push(Define(0))  # attacker's paradox cancels it: both face down
    assert game.up_paradox is None
    game.push(Pass())
    game.push(Pass())
    assert game.players[1].member_at(1) is not None
    assert game.players[0].paradox == [] and PARADOX in game.players[0].drop
    assert PARADOX in game.players[1].drop


def test_r_bat_6_face_up_paradox_moves_to_the_paradox_zone_and_rules_the_turn():
    """Seed 000 [5] line 178, §四 ⑼ line 87, line 196."""
    game, _attacker, _defender = member_battle(TRANSUNION_4, TRANSUNION_2)
    field(game, 0, TRANSUNION_4, (3,))
    field(game, 1, TRANSUNION_2, (3, 4))
    give(game, 1, [PARADOX])
    game.push(Attack(1, 1))
    game.push(Define(0))
    settle(game)
    assert game.players[1].paradox == [PARADOX] and game.up_paradox is not None
    assert not game.up_paradox.in_battle
    game.push(Attack(3, 3))  # spirit again (3 against 2) though no paradox was defined
    settle(game)
    assert game.players[1].member_at(3) is None
    game.push(Pass())
    assert game.players[1].paradox == [] and PARADOX in game.players[1].drop
    assert game.up_paradox is None, "R-TURN-6: the paradox zone empties in the end phase"


def test_r_bat_3_tactics_effect_boosts_for_the_battle():
    """Seed 000 [逻辑的种类] lines 183, 187."""
    game, _attacker, _defender = member_battle(LOGICALIST, FOREIGNER)  # 3000 vs 4500
    give(game, 0, [TACTICS])
    game.push(Attack(1, 1))
    game.push(Define(0))  # +3000 for this battle
    settle(game)
    assert game.players[1].member_at(1) is None


def test_unmodelled_tactics_is_counted_when_defined():
    """Seed 000 line 183: text without abilities is counted, never skipped."""
    game, _attacker, _defender = member_battle(LOGICALIST, FOREIGNER)
    give(game, 0, [TACTICS_UNMODELLED])
    game.push(Attack(1, 1))
    game.push(Define(0))
    assert game.unmodelled == {TACTICS_UNMODELLED.number: 1}


def test_attack_effect_boosts_for_the_battle():
    """Seed 000 §五 【自】 line 96."""
    game, _attacker, defender = member_battle(TRANSUNION_4, TRANSUNION_2)
    defender.power_bonus = 5000  # 13000 against 12000 + 2000 from its attack effect
    game.push(Attack(1, 1))
    settle(game)
    assert game.players[1].member_at(1) is None


def test_r_zone_1_refresh_penalty_and_r_win_2_second_refresh_loses():
    """Seed 000 [关于卡组更新] line 91, §一 line 4."""
    game = battle_game()
    state = game.players[0]
    state.drop.extend(state.deck[:-1])
    del state.deck[:-1]
    game.draw(0, 1)
    assert state.refreshes == 1 and state.penalties == 1 and len(state.removed) == 5
    assert game.outcome is None
    state.drop.extend(state.deck[:-1])
    del state.deck[:-1]
    game.draw(0, 1)
    game.push(Pass())
    assert game.outcome is not None
    assert game.outcome.winner == 1 and game.outcome.reason is EndReason.REFRESH


def test_r_win_3_both_losing_at_once_is_a_draw():
    """Not in the seeds (digest R-WIN-3)."""
    game = battle_game()
    field(game, 0, LOGICALIST, (1,))
    to_battle(game)
    game.losers[:] = [True, True]  # e.g. an effect that costs both players their last gate
    game.push(Pass())
    assert game.outcome is not None and game.outcome.winner is None
    assert game.outcome.reason is EndReason.BOTH_LOST


def test_member_helper_keeps_fields_consistent():
    game, attacker, defender = member_battle()
    assert isinstance(attacker, Member) and game.players[1].field[1] is defender


def test_r_bat_4_own_second_paradox_the_player_chooses_one_face_down_spirit_still_decides():
    """Seed 000 "关于逆理逻辑" line 196: "自己的战斗区或逆理区的正面逆理卡有2张的场合，
    选择一张变为背面表示": the player turns ONE face down, the other stays face up."""
    # 4500 against 3000 by power, spirit 1 against 2: the attacker wins only by power.
    game, _attacker, defender = member_battle(FOREIGNER, LOGICALIST)
    defender.spirit_bonus = 1
    field(game, 0, LOGICALIST, (3,))  # a second attacker keeps the battle phase going
    give(game, 0, [PARADOX, PARADOX])
    game.push(Attack(1, 1))
    game.push(Define(0))  # face up: spirit decides
    assert game.up_paradox is not None and game.up_paradox.owner == 0
    game.push(Define(0))  # two face-up paradoxes of A's own: A chooses one
    assert game.phase is Phase.CHOOSE and game.actor == 0
    assert set(game.legal_actions()) == {Choose((0,)), Choose((1,))}, "no pass: one must turn"
    game.push(Choose((0,)))  # the new one face down
    assert game.battle is None, "the attacker's battle zone is full: judgement"
    assert game.players[1].member_at(1) is defender, "one stays face up: spirit 1 loses to 2"
    assert game.players[0].paradox == [PARADOX] and game.players[0].drop.count(PARADOX) == 1


def test_r_bat_4_own_paradox_in_the_paradox_zone_and_a_new_one_keeping_the_new_one():
    """Seed 000 line 196: the paradox zone counts too; keeping the new one face up."""
    game, _attacker, _defender = member_battle(TRANSUNION_4, TRANSUNION_2)
    field(game, 0, LOGICALIST, (3,))  # 3000, spirit 1
    field(game, 1, FOREIGNER, (3, 4))  # 4500, spirit 1
    give(game, 1, [PARADOX, PARADOX])
    game.push(Attack(1, 1))
    game.push(Define(0))  # B's paradox: spirit 3 against 2, B loses the first battle
    settle(game)
    assert game.players[1].paradox == [PARADOX] and game.up_paradox is not None
    game.push(Attack(3, 3))  # spirit ties (the attacker wins); power 3000 against 4500
    game.push(Define(0))  # B's second paradox meets B's own face-up one: B chooses
    assert game.phase is Phase.CHOOSE and game.actor == 1
    game.push(Choose((1,)))  # the older one (in the paradox zone) turns face down
    assert game.up_paradox is not None and game.up_paradox.in_battle
    settle(game)
    assert game.players[1].member_at(3) is None, "spirit still decides: 1 ties 1, A wins"
    assert game.active == 1, "no attacker left: the end phase emptied the paradox zone"
    assert game.players[1].paradox == [] and game.players[1].drop.count(PARADOX) == 2


def test_r_bat_4_a_cancelled_paradox_still_triggers_its_effects_and_paradox_links():
    """Seed 000 line 199: "背面表示的逆理卡不会对角色提供任何加成，但在将逆理逻辑正面放入
    战斗区时，其自动效果，或角色的自动逆理联动效果可以发动"."""
    drawing = replace(
        PARADOX,
        number="T/P2",
        effects=written(
            CardType.PARADOX,
            {"kind": "paradox_rule", "modifiers": []},
            auto("define", {"effect": "draw"}),
        ),
        text="Draw 1.",
    )
    linked = replace(
        LOGICALIST,
        number="T/PL",
        effects=written(CardType.LOGICALIST, auto("paradox_link", {"effect": "charge"})),
        text="Paradox link: charge 1.",
    )
    game, _attacker, _defender = member_battle(TRANSUNION_2, TRANSUNION_4)
    give(game, 1, [PARADOX])
    attacker = game.players[0]
    attacker.hand.append(drawing)
    attacker.deck.remove(LOGICALIST)
    linker = game.new_member(linked, (5,))
    attacker.place(linker)
    cost_before = len(attacker.cost)
    game.push(Attack(1, 1))
    game.push(Define(0))  # the defender's paradox is face up
    game.push(Define(0))  # the attacker's drawing paradox meets it: both face down
    assert game.up_paradox is None and attacker.battle == [drawing]
    assert len(attacker.hand) == 1, "its own auto effect ran though it was cancelled"
    assert len(attacker.cost) == cost_before + 1, "so did the member's paradox link"
    assert not b.judged_by_spirit(game), "face down, it gives no logic: power decides"


def test_r_zone_1_refresh_of_an_empty_or_tiny_drop_zone(monkeypatch):
    """Seed 000 line 91; decisions.REFRESH_NEEDS_DROP_CARDS."""
    game = battle_game()
    state = game.players[0]
    state.drop.append(state.deck.pop())
    state.cost.extend(state.deck)
    state.deck.clear()
    game.refresh(0)  # one card: the new deck's top card is the penalty, the deck stays empty
    assert state.penalties == 1 and state.deck == [] and len(state.removed) == 5
    game.draw(0, 1)
    assert d.REFRESH_NEEDS_DROP_CARDS and state.penalties == 1 and state.hand == []
    monkeypatch.setattr(d, "REFRESH_NEEDS_DROP_CARDS", False)
    game.draw(0, 1)  # the refresh happens anyway: second penalty, no card to remove
    assert state.penalties == 2 and len(state.removed) == 5 and game.losers[0]


def test_r_bat_2_intercept_readings_are_a_decision(monkeypatch):
    """Seed 000 [2] line 164 (any logicalist or foreigner, its logic) is the default;
    decisions.InterceptReading.OFFICIAL: power-logic members only, +5000 each."""
    game, _attacker, _defender = member_battle(TRANSUNION_4, LOGICALIST)  # 12000 + 2000 vs 3000
    field(game, 1, FOREIGNER, (3, 4))  # spirit logic
    field(game, 1, FOREIGNER_SMALL, (5,))  # power logic +2000
    assert d.INTERCEPT_READING is d.InterceptReading.SEED
    game.push(Attack(1, 1))
    assert set(game.legal_actions()) == {Intercept(3), Intercept(5), Pass()}
    monkeypatch.setattr(d, "INTERCEPT_READING", d.InterceptReading.OFFICIAL)
    assert set(game.legal_actions()) == {Intercept(5), Pass()}
    game.push(Intercept(5))
    assert b.power(game, game.battle, 1) == 3000 + d.OFFICIAL_INTERCEPT_POWER


def test_r_bat_4_an_opponents_paradox_turns_your_paradox_zone_face_down():
    """Seed 000 line 197: "在回合中，对手玩家进行逆理逻辑定义时，则将逆理领域的卡变为背面"."""
    game, _attacker, _defender = member_battle(TRANSUNION_4, TRANSUNION_2)
    field(game, 0, LOGICALIST, (3,))  # 3000, spirit 1
    field(game, 1, FOREIGNER, (3, 4))  # 4500, spirit 1
    give(game, 0, [PARADOX])
    give(game, 1, [PARADOX])
    game.push(Attack(1, 1))
    game.push(Pass())  # the defender does not intercept
    game.push(Pass())  # nor define
    game.push(Define(0))  # A's paradox: spirit 3 against 2, A wins; it goes to A's paradox zone
    settle(game)
    assert game.players[0].paradox == [PARADOX] and game.up_paradox is not None
    game.push(Attack(3, 3))
    game.push(Define(0))  # B's paradox meets A's face-up one in the paradox zone
    assert game.up_paradox is None, "both face down"
    settle(game)
    assert game.players[1].member_at(3) is not None, "power decides again: 4500 beats 3000"


def test_r_bat_3_level_support_again_in_the_same_definition():
    """Seed 000 line 191: "在逻辑定义进行中的状态下可以反复使用"."""
    game, _attacker, _defender = member_battle(FOREIGNER, LOGICALIST)
    set_level(game, 1, [PARADOX, TACTICS])
    game.push(Attack(1, 1))
    game.push(LevelSupport())
    game.push(Define(0))
    if game.actor == 0:
        game.push(Pass())
    assert game.actor == 1 and LevelSupport() in game.legal_actions()
    game.push(LevelSupport())
    assert game.players[1].level_rested == [True, True]


def test_r_trance_a_soul_card_without_a_soul_field_gives_nothing():
    """R-TRANCE: what a soul gives is its card's ``soul`` field, not a flat rule."""
    from dataclasses import replace as copy_with

    bare = copy_with(LOGICALIST, number="T/B0", soul=None)
    game, attacker, defender = member_battle(TRANSUNION_2, TRANSUNION_2)
    attacker.souls = (bare, bare)
    defender.power_bonus = 1  # 8000 against 8001
    game.push(Attack(1, 1))
    settle(game)
    assert game.players[1].member_at(1) is defender
