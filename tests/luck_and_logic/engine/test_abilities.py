"""The card-ability language at run time: every trigger, condition, cost, choice and
effect, continuous abilities through the layer, 【起】, 【LD】 costs, 【1回合1次】,
EXsoul and secret tools (seed 000 §5, seed 001 "EXsoul", "秘具")."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from lalcheck.games.luck_and_logic.cards import Card, CardType
from lalcheck.games.luck_and_logic.engine import (
    Activate,
    Attack,
    Choose,
    Define,
    Intercept,
    LevelUp,
    LogicDrive,
    Mobilize,
    Pass,
    PassivePolicy,
    Phase,
    layers,
)
from lalcheck.games.luck_and_logic.engine import decisions as d
from lalcheck.games.luck_and_logic.engine.state import Member

from .pool import (
    FOREIGNER,
    FOREIGNER_SMALL,
    GATE,
    LOGICALIST,
    PARADOX,
    TACTICS,
    TRANSUNION_2,
    TRANSUNION_3,
    TRANSUNION_4,
    at_main,
    auto,
    clear_hand,
    field,
    give,
    main_phase_game,
    secret_tool,
    set_level,
    with_abilities,
    written,
)

card = with_abilities


def boost(stat: str, value: int, until: str, target: Any = None) -> dict[str, Any]:
    step = {"effect": "boost", "stat": stat, "value": value, "until": until}
    if target is not None:
        step["target"] = target
    return step


def step(effect: str, **fields: Any) -> dict[str, Any]:
    return {"effect": effect, **fields}


def game_at_main(level=(LOGICALIST, LOGICALIST, LOGICALIST), cost=3):
    """A in its main phase with face-up level cards, cost cards and empty hands."""
    game = at_main(main_phase_game(), level, cost)
    clear_hand(game, 0)
    clear_hand(game, 1)
    return game


def put(game, player: int, new: Card, circles: tuple[int, ...]) -> Member:
    """Put a card made for the test on the field (it joins no zone count)."""
    member = game.new_member(new, circles)
    game.players[player].place(member)
    return member


def to_battle(game):
    game.push(Pass())
    assert game.phase is Phase.BATTLE


def settle(game):
    while game.battle is not None:
        game.push(Pass())


# -- triggers -------------------------------------------------------------------------------


def test_mobilize_from_hand_only_abilities_do_not_run_when_an_effect_mobilizes_it():
    """Seed 000 line 189: an effect that needs the hand does not run for a card put
    there from elsewhere (here: mobilized from the deck by an effect)."""
    from_hand = card(LOGICALIST, "T/A1", auto("mobilize", step("draw"), from_hand=True))
    fetcher = card(
        LOGICALIST,
        "T/A2",
        {
            "kind": "activated",
            "cost": [{"cost": "rest_self"}],
            "do": [step("mobilize", **{"from": "deck"}, filter={"character": "A1"})],
        },
    )
    from_hand = replace(from_hand, character="A1")
    game = game_at_main()
    state = game.players[0]
    state.hand.append(from_hand)
    game.push(Mobilize(0, (1,)))
    assert len(state.hand) == 1, "from the hand: it draws"
    state.hand.clear()
    put(game, 0, fetcher, (3,))
    state.deck.append(from_hand)
    game.push(Activate(3, 0))
    assert game.phase is Phase.CHOOSE and game.choice is not None
    option = next(o for o in game.choice.options if o[1:] == (5,))
    game.push(Choose(option))
    assert state.member_at(5) is not None and state.member_at(5).card is from_hand
    assert state.hand == [], "from the deck: no draw"


def test_attacked_trigger_boosts_the_defender_for_the_battle():
    guard = card(FOREIGNER_SMALL, "T/A3", auto("attacked", boost("power", 2000, "battle")))
    game = game_at_main()
    field(game, 0, FOREIGNER, (1, 2))  # 4500
    defender = put(game, 1, guard, (1,))  # 4000 + 2000
    to_battle(game)
    game.push(Attack(1, 1))
    settle(game)
    assert game.players[1].member_at(1) is defender


def test_intercept_trigger_helps_the_battling_member():
    helper = card(LOGICALIST, "T/A4", auto("intercept", boost("power", 3000, "battle", "battling")))
    game = game_at_main()
    field(game, 0, FOREIGNER, (1, 2))  # 4500
    defender = field(game, 1, LOGICALIST, (1,))  # 3000 + 1000 logic + 3000
    put(game, 1, helper, (3,))
    to_battle(game)
    game.push(Attack(1, 1))
    game.push(Intercept(3))
    settle(game)
    assert game.players[1].member_at(1) is defender


def test_battle_won_and_battle_lost_triggers():
    winner = card(FOREIGNER, "T/A5", auto("battle_won", step("draw")))
    loser = card(LOGICALIST, "T/A6", auto("battle_lost", step("charge")))
    game = game_at_main()
    put(game, 0, winner, (1, 2))
    field(game, 0, LOGICALIST, (5,))  # a second attacker keeps A's battle phase going
    put(game, 1, loser, (1,))
    cost = len(game.players[1].cost)
    to_battle(game)
    game.push(Attack(1, 1))
    settle(game)
    assert len(game.players[0].hand) == 1
    assert len(game.players[1].cost) == cost + 1 + 1, "the loser retreated there, then charged"


def test_turn_start_runs_before_the_draw_and_turn_end_in_the_end_phase():
    counter = card(
        LOGICALIST,
        "T/A7",
        auto("turn_start", step("charge")),
        auto("turn_end", step("stand", target="self")),
    )
    game = game_at_main()
    member = put(game, 0, counter, (1,))
    member.rested = True
    game.push(Pass())
    game.push(Pass())
    assert game.active == 1
    assert not member.rested, "turn_end stood it"
    deck_top = game.players[0].deck[-1]
    game.push(Pass())
    game.push(Pass())  # B's turn ends; A's begins: charge first, then draw 2
    assert game.players[0].cost[-2] is deck_top


def test_level_up_is_heard_by_members_on_the_field():
    cantor = card(LOGICALIST, "T/A8", auto("level_up", boost("power", 1000, "turn")))
    game = main_phase_game()
    member = put(game, 0, cantor, (1,))
    game.push(LevelUp(0))
    assert member.power_bonus == 1000


def test_logic_drive_is_a_trigger_for_the_players_members():
    listener = card(LOGICALIST, "T/A9", auto("logic_drive", step("charge")))
    game = game_at_main()
    drive = field(game, 0, TRANSUNION_3, (1, 2, 3, 4))
    drive.souls = (FOREIGNER,)
    put(game, 0, listener, (5,))
    cost = len(game.players[0].cost)
    game.push(LogicDrive(1))
    assert len(game.players[0].cost) == cost + 1 and len(game.players[0].hand) == 1


def test_paradox_link_is_heard_by_every_member_unless_decided_otherwise(monkeypatch):
    """Seed 000 line 199 ("角色的自动逆理联动效果"); decisions.PARADOX_LINK_WHOLE_FIELD."""
    linked = card(LOGICALIST, "T/A10", auto("paradox_link", step("charge")))

    def play() -> int:
        game = game_at_main()
        field(game, 0, FOREIGNER, (1, 2))
        field(game, 1, LOGICALIST, (1,))
        put(game, 0, linked, (5,))
        game.players[0].hand.append(PARADOX)
        before = len(game.players[0].cost)
        to_battle(game)
        game.push(Attack(1, 1))
        game.push(Define(0))
        return len(game.players[0].cost) - before

    assert d.PARADOX_LINK_WHOLE_FIELD and play() == 1
    monkeypatch.setattr(d, "PARADOX_LINK_WHOLE_FIELD", False)
    assert play() == 0, "only the battling member hears it"


# -- conditions, EXsoul, continuous abilities ------------------------------------------------


@pytest.mark.parametrize(
    "condition, holds",
    [
        ({"condition": "level", "at_least": 3}, True),
        ({"condition": "level", "at_most": 2}, False),
        ({"condition": "level_zone", "filter": {"world": "Septpia"}, "at_least": 3}, True),
        ({"condition": "level_zone", "filter": {"color": "blue"}, "at_least": 1}, False),
        ({"condition": "soul", "at_least": 1}, True),
        ({"condition": "members", "filter": {"type": "foreigner"}, "at_least": 1}, True),
        ({"condition": "members", "side": "opponent", "at_least": 1}, False),
        ({"condition": "hand", "at_most": 0}, True),
        ({"condition": "cost_zone", "at_least": 4}, True),
        ({"condition": "gates_destroyed", "side": "opponent", "at_least": 1}, False),
        ({"condition": "attacking"}, False),
        ({"condition": "battling", "not": True}, True),
        ({"condition": "row", "row": "front"}, True),
        ({"condition": "paradox"}, False),
        ({"condition": "own_turn"}, True),
    ],
)
def test_each_condition_of_a_continuous_ability(condition, holds):
    """【永】 (seed 000 line 95): while its conditions hold, its modifiers apply."""
    lord = card(
        TRANSUNION_2,
        "T/C1",
        {"kind": "continuous", "if": [condition], "modifiers": [{"stat": "power", "value": 500}]},
    )
    game = game_at_main()
    member = put(game, 0, lord, (1, 2))
    member.souls = (LOGICALIST,)
    field(game, 0, FOREIGNER, (3, 4))
    assert layers.power(game, member) == 8000 + (500 if holds else 0)


def test_exsoul_needs_that_many_soul_cards():
    """Seed 001 line 158-159: "EXsoul X：当你的灵魂在x以上时才能发动的能力"."""
    heavy = card(
        TRANSUNION_4,
        "T/C2",
        {"kind": "continuous", "exsoul": 3, "modifiers": [{"stat": "power", "value": 3000}]},
    )
    game = game_at_main()
    member = put(game, 0, heavy, (1,))
    member.souls = (LOGICALIST, FOREIGNER)
    assert layers.power(game, member) == 12000
    member.souls = (LOGICALIST, FOREIGNER, FOREIGNER_SMALL)
    assert layers.power(game, member) == 15000


def test_continuous_ability_reaching_other_members_and_their_row():
    """A back-row member raising the front row: the layer applies it to each."""
    oak = card(
        FOREIGNER_SMALL,
        "T/C3",
        {
            "kind": "continuous",
            "if": [{"condition": "row", "row": "back"}],
            "modifiers": [
                {"stat": "spirit", "value": 1, "to": {"all": "own", "filter": {"row": "front"}}}
            ],
        },
    )
    game = game_at_main()
    front = field(game, 0, LOGICALIST, (1,))
    back = field(game, 0, LOGICALIST, (4,))
    tree = put(game, 0, oak, (2,))
    foe = field(game, 1, LOGICALIST, (1,))
    assert layers.spirit(game, front) == 2 and layers.spirit(game, back) == 1
    assert layers.spirit(game, foe) == 1 and layers.spirit(game, tree) == 1


def test_stats_never_go_below_zero():
    game = game_at_main()
    member = field(game, 0, LOGICALIST, (1,))
    member.spirit_bonus = -5
    assert layers.spirit(game, member) == d.STATS_FLOOR == 0


# -- costs, activated abilities, once per turn ----------------------------------------------


def test_activated_ability_pays_its_costs_and_is_once_per_turn():
    """【起】 (seed 000 line 97) with 【1回合1次】 (line 100)."""
    captain = card(
        LOGICALIST,
        "T/K1",
        {
            "kind": "activated",
            "once_per_turn": True,
            "cost": [{"cost": "rest_self"}, {"cost": "stock", "count": 2}],
            "do": [
                boost("power", 2000, "turn", {"choose": "own", "filter": {"type": "transunion"}})
            ],
        },
    )
    game = game_at_main()
    member = put(game, 0, captain, (1,))
    union = field(game, 0, TRANSUNION_2, (3, 4))
    cost = len(game.players[0].cost)
    assert Activate(1, 0) in game.legal_actions()
    game.push(Activate(1, 0))
    assert member.rested and len(game.players[0].cost) == cost - 2
    assert union.power_bonus == 2000, "one transunion: chosen without asking"
    member.rested = False
    assert Activate(1, 0) not in game.legal_actions(), "once per turn"
    game.push(Pass())
    game.push(Pass())
    game.push(Pass())
    game.push(Pass())  # B's turn passes: A's next turn
    assert game.active == 0
    game.push(Pass())
    assert Activate(1, 0) in game.legal_actions(), "a new turn: usable again"


def test_costs_that_cannot_be_paid_make_the_ability_unusable():
    picky = card(
        LOGICALIST,
        "T/K2",
        {"kind": "activated", "cost": [{"cost": "discard", "count": 2}], "do": [step("draw")]},
        {"kind": "activated", "cost": [{"cost": "rest_level", "count": 4}], "do": [step("draw")]},
    )
    game = game_at_main()
    put(game, 0, picky, (1,))
    assert Activate(1, 0) not in game.legal_actions() and Activate(1, 1) not in game.legal_actions()
    give(game, 0, [TACTICS, PARADOX])
    set_level(game, 0, [FOREIGNER])
    game.push(Activate(1, 0))
    assert game.phase is Phase.CHOOSE and game.choice is not None, "which card to discard"
    game.push(Choose(game.choice.options[0]))
    assert game.phase is Phase.MAIN and len(game.players[0].hand) == 1  # 2 discarded, 1 drawn
    game.push(Activate(1, 1))
    assert all(game.players[0].level_rested)


def test_retreat_self_cost_puts_the_member_and_its_soul_into_the_drop_zone():
    martyr = card(
        LOGICALIST,
        "T/K3",
        {"kind": "activated", "cost": [{"cost": "retreat_self"}], "do": [step("draw", count=2)]},
    )
    game = game_at_main()
    member = put(game, 0, martyr, (1,))
    member.souls = (FOREIGNER,)
    game.push(Activate(1, 0))
    state = game.players[0]
    assert state.member_at(1) is None and martyr in state.drop and FOREIGNER in state.drop
    assert len(state.hand) == 2


def test_logic_drive_costs_and_one_logic_drive_per_player_per_turn():
    """【LD】 costs; seed 000 line 148: "即使场上有复数张持有逻辑驱动的合理体，1回合也只能合计
    使用1次逻辑驱动"."""
    priced = card(
        TRANSUNION_2,
        "T/K4",
        {"kind": "logic_drive", "cost": [{"cost": "stock", "count": 4}], "do": [step("draw")]},
    )
    game = game_at_main(cost=2)  # 3 cost cards with the one charged
    one = put(game, 0, priced, (1, 2))
    other = field(game, 0, TRANSUNION_3, (3, 4, 5, 6))
    one.souls = other.souls = (FOREIGNER,)
    assert LogicDrive(1) not in game.legal_actions(), "it costs 4"
    assert LogicDrive(3) in game.legal_actions()
    game.push(LogicDrive(3))
    game.players[0].cost.extend(game.players[0].deck[:4])
    del game.players[0].deck[:4]
    assert not any(isinstance(a, LogicDrive) for a in game.legal_actions()), "one per turn"


# -- choices ---------------------------------------------------------------------------------


def test_an_optional_ability_asks_and_a_pass_declines_it():
    shy = card(LOGICALIST, "T/Q1", auto("mobilize", step("draw"), optional=True))
    game = game_at_main()
    game.players[0].hand.append(shy)
    game.push(Mobilize(0, (1,)))
    assert game.phase is Phase.CHOOSE and set(game.legal_actions()) == {Choose((1,)), Pass()}
    assert PassivePolicy().choose(game, game.legal_actions(), None) == Pass()  # type: ignore[arg-type]
    game.push(Pass())
    assert game.phase is Phase.MAIN and game.players[0].hand == []


def test_a_target_choice_is_offered_as_legal_actions_and_applied():
    sniper = card(
        LOGICALIST,
        "T/Q2",
        auto("mobilize", boost("spirit", -1, "turn", {"choose": "opponent"})),
    )
    game = game_at_main()
    a = field(game, 1, LOGICALIST, (1,))
    b = field(game, 1, FOREIGNER, (3, 4))
    game.players[0].hand.append(sniper)
    game.push(Mobilize(0, (5,)))
    assert game.actor == 0 and set(game.legal_actions()) == {Choose((1, 1)), Choose((1, 3))}
    game.push(Choose((1, 3)))
    assert b.spirit_bonus == -1 and a.spirit_bonus == 0 and game.phase is Phase.MAIN


# -- effects ---------------------------------------------------------------------------------


def test_search_adds_a_matching_card_and_shuffles_the_deck():
    scout = card(
        LOGICALIST,
        "T/E1",
        auto("mobilize", step("search", filter={"type": "transunion", "level_at_most": 2})),
    )
    game = game_at_main()
    state = game.players[0]
    state.hand.append(scout)
    order = list(state.deck)
    game.push(Mobilize(0, (1,)))
    assert game.phase is Phase.CHOOSE and game.choice is not None
    options = game.choice.options
    assert {state.deck[o[0]].number for o in options} == {TRANSUNION_2.number}
    assert Pass() in game.legal_actions(), "a search may find nothing"
    game.push(Choose(options[0]))
    assert state.hand == [TRANSUNION_2] and len(state.deck) == len(order) - 1
    assert state.deck != [c for c in order if c is not TRANSUNION_2] or len(state.deck) < 2


def test_add_to_hand_from_the_drop_zone_and_discard():
    tool = card(
        LOGICALIST,
        "T/E2",
        auto("mobilize", step("add_to_hand", filter={"type": "paradox"}), step("discard")),
    )
    game = game_at_main()
    state = game.players[0]
    give(game, 0, [PARADOX], "drop")
    state.hand.append(tool)
    game.push(Mobilize(0, (1,)))
    game.push(Choose((state.drop.index(PARADOX),)))
    assert state.hand == [], "the paradox came, then the only hand card was discarded"
    assert PARADOX in state.drop


def test_rest_stand_retreat_and_return_effects():
    game = game_at_main()
    foe = field(game, 1, LOGICALIST, (1,))
    foe2 = field(game, 1, FOREIGNER, (3, 4))
    foe2.souls = (FOREIGNER_SMALL,)
    foe3 = field(game, 1, LOGICALIST, (5,))
    bouncer = card(
        LOGICALIST,
        "T/E3",
        auto(
            "mobilize",
            step("rest", target={"all": "opponent"}),
            step("retreat", target={"choose": "opponent", "filter": {"type": "foreigner"}}),
            step("return_to_deck", target={"choose": "opponent", "filter": {"other": True}}),
        ),
    )
    opponent = game.players[1]
    game.players[0].hand.append(bouncer)
    game.push(Mobilize(0, (2,)))
    assert foe.rested and foe3.rested
    assert opponent.member_at(3) is None and FOREIGNER in opponent.drop
    assert FOREIGNER_SMALL in opponent.drop, "with its soul"
    game.push(Choose((1, 5)))
    assert opponent.member_at(5) is None and opponent.deck[0] is LOGICALIST, "to the bottom"
    assert opponent.member_at(1) is foe


def test_boost_until_battle_ends_with_the_battle_and_move_effect():
    dancer = card(
        FOREIGNER_SMALL,
        "T/E4",
        auto("attack", boost("power", 4000, "battle"), step("move", target="self")),
    )
    game = game_at_main()
    member = put(game, 0, dancer, (1,))
    defender = field(game, 1, FOREIGNER, (1, 2))  # 4500
    to_battle(game)
    game.push(Attack(1, 1))
    assert game.phase is Phase.CHOOSE  # where to move the attacker
    game.push(Choose((0, 1, 3)))
    assert game.players[0].member_at(3) is member, "it battles on from its new circle"
    settle(game)
    assert game.players[1].member_at(1) is None and defender.card in game.players[1].cost
    assert layers.power(game, member) == 4000, "the battle's boost ended with it"


def test_mobilize_from_the_drop_zone_ignoring_cost_still_needs_the_level():
    """decisions.EFFECT_MOBILIZE_CHECKS_LEVEL."""
    raiser = card(
        LOGICALIST,
        "T/E5",
        auto("mobilize", step("mobilize", **{"from": "drop"}, filter={"type": "transunion"})),
    )
    game = game_at_main(level=(LOGICALIST,), cost=0)
    state = game.players[0]
    give(game, 0, [TRANSUNION_2, TRANSUNION_4], "drop")
    state.hand.append(raiser)
    set_level(game, 0, [LOGICALIST])  # level 2: TRANSUNION_2 (cost 1) only
    state.cost.clear()
    game.push(Mobilize(0, (1,)))
    assert game.phase is Phase.CHOOSE and game.choice is not None
    assert {state.drop[o[0]].number for o in game.choice.options} == {TRANSUNION_2.number}
    game.push(Choose(next(o for o in game.choice.options if o[1:] == (3, 4))))
    assert state.member_at(3) is not None and state.member_at(3).card is TRANSUNION_2


def test_level_up_effect_and_the_return_at_five():
    climber = card(LOGICALIST, "T/E6", auto("mobilize", step("level_up", count=2)))
    game = game_at_main(level=(LOGICALIST, LOGICALIST, LOGICALIST))
    state = game.players[0]
    state.hand.append(climber)
    game.push(Mobilize(0, (1,)))
    assert len(state.level) == d.LEVEL_ZONE_RETURN_AT and game.phase is Phase.CHOOSE
    game.push(Choose(game.choice.options[0]))  # type: ignore[union-attr]
    assert len(state.level) == 4 and len(state.hand) == 1 and game.phase is Phase.MAIN


def test_destroy_gate_effect_runs_the_gate_and_the_sixth_wins():
    breaker = card(LOGICALIST, "T/E7", auto("mobilize", step("destroy_gate")))
    game = game_at_main()
    opponent = game.players[1]
    opponent.gate_destroyed[:] = [True] * 5 + [False]
    game.players[0].hand.append(breaker)
    game.push(Mobilize(0, (1,)))
    assert game.outcome is not None and game.outcome.winner == 0


def test_gate_again_reruns_a_destroyed_gate():
    game = game_at_main()
    state = game.players[0]
    state.gates[2] = replace(
        GATE, number="T-GX", effects=written(CardType.GATE, auto("gate_destroyed", step("draw")))
    )
    state.gate_destroyed[2] = True
    again = card(LOGICALIST, "T/E8", auto("mobilize", step("gate_again")))
    state.hand.append(again)
    game.push(Mobilize(0, (1,)))
    assert len(state.hand) == 1


def test_rule_effects_last_their_duration():
    """A ``rule`` effect switches a battle rule on through the same layer as paradoxes."""
    tyrant = card(
        TRANSUNION_4,
        "T/E9",
        auto("attack", step("rule", rule="no_intercept", until="battle"), exsoul=2),
    )
    game = game_at_main()
    member = put(game, 0, tyrant, (1,))
    member.souls = (LOGICALIST, FOREIGNER)
    field(game, 0, LOGICALIST, (3,))
    field(game, 1, LOGICALIST, (1,))
    field(game, 1, FOREIGNER, (3, 4))
    field(game, 1, LOGICALIST, (5,))
    to_battle(game)
    game.push(Attack(1, 1))
    assert game.phase is not Phase.INTERCEPT, "EXsoul 2: the opponent cannot intercept"
    settle(game)
    assert game.rules_until == (), "it lasted the battle"
    game.push(Attack(3, 3))
    assert game.phase is Phase.INTERCEPT, "the next battle allows intercepts again"


@pytest.mark.parametrize(
    "rule, attacker_wins",
    [(None, True), ("defender_wins_ties", False), ("tiebreak_limit", False)],
)
def test_paradox_rules_change_ties(rule, attacker_wins):
    """Paradox rules (逆理法则, seed 000 line 65) through the layer: ties by spirit go to
    the attacker (seed 000 [4-B]) unless the rule says otherwise."""
    modifiers = [{"rule": rule}] if rule else []
    paradox = card(PARADOX, "T/R1", {"kind": "paradox_rule", "modifiers": modifiers})
    game = game_at_main()
    field(game, 0, LOGICALIST, (1,))  # spirit 1, limit 2
    defender = field(game, 1, FOREIGNER_SMALL, (1,))  # spirit 1, limit 2
    defender.limit_bonus = 1
    game.players[0].hand.append(paradox)
    to_battle(game)
    game.push(Attack(1, 1))
    game.push(Define(0))
    settle(game)
    assert (game.players[1].member_at(1) is None) == attacker_wins


def test_paradox_rule_stat_modifiers_per_soul():
    paradox = card(
        PARADOX,
        "T/R2",
        {
            "kind": "paradox_rule",
            "modifiers": [
                {
                    "stat": "spirit",
                    "value": 1,
                    "per_soul": True,
                    "to": {"all": "any", "filter": {"battling": True}},
                }
            ],
        },
    )
    game = game_at_main()
    attacker = field(game, 0, TRANSUNION_2, (1, 2))  # spirit 2, two soul cards
    attacker.souls = (LOGICALIST, FOREIGNER)
    defender = field(game, 1, TRANSUNION_4, (1,))  # spirit 3, no soul
    game.players[0].hand.append(paradox)
    to_battle(game)
    game.push(Attack(1, 1))
    game.push(Define(0))
    assert layers.spirit(game, attacker) == 4 and layers.spirit(game, defender) == 3
    settle(game)
    assert game.players[1].member_at(1) is None


def test_define_from_deck_runs_logic_but_not_from_hand_abilities():
    """Seed 000 line 189: "如果卡牌上写着从手牌放入战斗区时可以发动效果，
    则该卡片从卡组顶进入战斗区时无法发动效果"."""
    handy = card(
        TACTICS,
        "T/D1",
        auto("define", step("draw", count=2), from_hand=True),
        auto("define", boost("power", 1000, "battle")),
    )
    deck_definer = card(FOREIGNER_SMALL, "T/D2", auto("attacked", step("define_from_deck")))
    game = game_at_main()
    field(game, 0, FOREIGNER, (1, 2))  # 4500
    defender = put(game, 1, deck_definer, (1,))  # 4000
    game.players[1].deck.append(handy)
    to_battle(game)
    game.push(Attack(1, 1))
    assert game.players[1].battle == [handy]
    assert game.players[1].hand == [], "from the deck: its from-hand draw does not run"
    settle(game)
    assert game.players[1].member_at(1) is defender, "its other define ability did: 5000"


def test_soul_from_deck_feeds_exsoul():
    keeper = card(
        TRANSUNION_2,
        "T/D3",
        {"kind": "logic_drive", "do": [step("soul_from_deck")]},
        {"kind": "continuous", "exsoul": 2, "modifiers": [{"stat": "power", "value": 1000}]},
    )
    game = game_at_main()
    member = put(game, 0, keeper, (1, 2))
    member.souls = (LOGICALIST,)
    top = game.players[0].deck[-1]
    assert layers.power(game, member) == 8000
    game.push(LogicDrive(1))
    assert member.souls == (LOGICALIST, top) and layers.power(game, member) == 9000


# -- secret tools (seed 001 "秘具") ---------------------------------------------------------------

TOOL_1 = secret_tool("T/S1", 1, {"effect": "draw"})
TOOL_3 = secret_tool("T/S3", 3, {"effect": "charge"})


def test_transmute_uses_a_tool_of_level_at_most_x_and_never_the_same_card_twice():
    """Seed 001 lines 169-174: 练成X uses a secret tool of level X or lower; one
    ability cannot use the same card twice (another copy of the same name may)."""
    alchemist = card(
        LOGICALIST,
        "T/S9",
        {
            "kind": "activated",
            "do": [{"effect": "transmute", "level": 2}, {"effect": "transmute", "level": 2}],
            "cost": [{"cost": "rest_self"}],
        },
    )
    game = game_at_main()
    state = game.players[0]
    state.secret_tools = [TOOL_1, TOOL_3, TOOL_1, TOOL_3]
    put(game, 0, alchemist, (1,))
    game.push(Activate(1, 0))
    assert game.phase is Phase.MAIN, "one tool of level <= 2 per transmute: no choice to make"
    assert len(state.hand) == 2, "both copies of the level-1 tool drew; the level-3 ones never"
    assert state.secret_tools == [TOOL_1, TOOL_3, TOOL_1, TOOL_3], "the tools stay (decisions)"


def test_transmute_runs_the_skill_before_the_rest_of_the_ability():
    alchemist = card(
        LOGICALIST,
        "T/S8",
        auto("mobilize", {"effect": "transmute", "level": 3}, {"effect": "discard"}),
    )
    game = game_at_main()
    state = game.players[0]
    state.secret_tools = [TOOL_1, TOOL_3]
    state.hand.append(alchemist)
    game.push(Mobilize(0, (1,)))
    assert game.phase is Phase.CHOOSE and set(game.legal_actions()) == {Choose((0,)), Choose((1,))}
    game.push(Choose((0,)))  # draw 1, then the discard takes it
    assert state.hand == [] and len(state.drop) == 1


# -- what the engine cannot run -------------------------------------------------------------------


def test_text_without_abilities_is_counted_never_skipped_silently():
    game = game_at_main()
    vague = replace(LOGICALIST, number="T/U1", text="Something else.")
    rule_only = replace(PARADOX, number="T/U2", effects=written(CardType.PARADOX))
    game.players[0].hand.extend([vague])
    game.push(Mobilize(0, (1,)))
    assert game.unmodelled == {"T/U1": 1}
    assert rule_only.has_unmodelled_text, "a paradox rule without a paradox_rule ability"
    field(game, 1, LOGICALIST, (1,))
    game.players[0].hand.append(rule_only)
    to_battle(game)
    game.push(Attack(1, 1))
    game.push(Define(0))
    assert game.unmodelled == {"T/U1": 2, "T/U2": 1}
