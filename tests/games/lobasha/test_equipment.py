"""Equipment (seed §9, l.109-179): slots, weapons, armour, distance cards, the add-on pack."""

from __future__ import annotations

import pytest

from lalcheck.games.lobasha.cards import Slot
from lalcheck.games.lobasha.engine import (
    Ask,
    Choose,
    Game,
    Pass,
    Pick,
    PickHand,
    Skill,
    Target,
    Use,
)
from lalcheck.games.lobasha.engine.actions import YES

from .helpers import answer, held, hp, play, scenario, skip_to, until, worn

KILL = "kill"


def kill(game: Game, seat: int, target: int, kind: str = KILL, mode: str = "") -> None:
    play(game, seat, Use(held(game, seat, kind), (target,), mode=mode))


def no_dodge(game: Game, seat: int) -> None:
    until(game, seat, Ask.DODGE)
    answer(game, Pass())


def test_new_equipment_replaces_the_old_one_of_its_slot() -> None:
    """LBS-KIND-3 (seed l.109): equipment goes on in the play phase; one per slot; the old
    one is discarded."""
    game = scenario("LP", hands={0: ["gatling", "cannon"]})
    play(game, 0, Use(held(game, 0, "gatling")))
    gatling = worn(game, 0, Slot.WEAPON)
    play(game, 0, Use(held(game, 0, "cannon")))
    assert game.table.kind(worn(game, 0, Slot.WEAPON)).id == "cannon"
    assert gatling in game.table.discard
    assert not game.is_legal(Use(gatling))


def test_gatling_lifts_the_kill_limit() -> None:
    """LBS-EQ-GATLING (seed l.113): any number of 殺."""
    game = scenario("LP", hands={0: [KILL, KILL, KILL]}, equipment={0: ["gatling"]})
    for _ in range(3):
        kill(game, 0, 1)
        no_dodge(game, 1)
    assert hp(game, 1) == 1


def test_zero_knuckle_on_the_opposite_gender_and_genderless() -> None:
    """LBS-EQ-ZEROKNUCKLE (seed l.115) / LBS-GENDER-2: the target chooses: the user draws
    1 or it discards 1; a genderless target always counts as opposite."""
    game = scenario(
        "LP",
        ["plain-male", "plain-female"],
        hands={0: [KILL], 1: ["dodge"]},
        equipment={0: ["zero-knuckle"]},
    )
    kill(game, 0, 1)
    until(game, 0, Ask.OPTION, "zero-knuckle")
    answer(game, YES)
    request = until(game, 1, Ask.OPTION, "zero-knuckle")
    assert request.options == ("draw", "discard") and not request.optional
    assert not game.is_legal(Pass())
    answer(game, Choose("discard"))
    until(game, 1, Ask.CARD, "zero-knuckle")
    answer(game, Pick(held(game, 1, "dodge")))
    no_dodge(game, 1)
    assert hp(game, 1) == 3
    same = scenario(
        "LP", ["plain-male", "plain-za"], hands={0: [KILL]}, equipment={0: ["zero-knuckle"]}
    )
    kill(same, 0, 1)
    assert until(same, 1, Ask.DODGE)  # no knuckle question between two men
    robot = scenario(
        "LP", ["plain-robot", "plain-robot"], hands={0: [KILL]}, equipment={0: ["zero-knuckle"]}
    )
    kill(robot, 0, 1)
    assert until(robot, 0, Ask.OPTION, "zero-knuckle")


def test_energy_blade_ignores_armour() -> None:
    """LBS-EQ-ENERGYBLADE (seed l.117): the target's armour does not count (光量盾 here)."""
    game = scenario(
        "LP", hands={0: ["kill:spade"]}, equipment={0: ["energy-blade"], 1: ["photon-shield"]}
    )
    kill(game, 0, 1)
    no_dodge(game, 1)
    assert hp(game, 1) == 3


def test_quencher_trades_the_damage_for_two_discards() -> None:
    """LBS-EQ-QUENCHER (seed l.119): give up the damage, discard two of the target's cards."""
    game = scenario("LP", hands={0: [KILL], 1: ["dodge", "kill"]}, equipment={0: ["quencher"]})
    kill(game, 0, 1)
    until(game, 1, Ask.DODGE)
    answer(game, Pass())
    until(game, 0, Ask.OPTION, "quencher")
    answer(game, YES)
    for _ in range(2):
        until(game, 0, Ask.TAKE)
        answer(game, PickHand())
    assert hp(game, 1) == 4 and game.table.seats[1].hand == []


def test_venom_flame_adds_one_against_an_empty_hand() -> None:
    """LBS-EQ-VENOMFLAME (seed l.121): +1 damage when the target has no hand cards."""
    game = scenario("LP", hands={0: [KILL]}, equipment={0: ["venom-flame"]})
    kill(game, 0, 1)
    no_dodge(game, 1)
    assert hp(game, 1) == 2


def test_impact_drill_forces_the_hit_for_two_cards() -> None:
    """LBS-EQ-DRILL (seed l.123): after a 閃, discard two hand/equipment cards (never the
    drill) to hit anyway."""
    game = scenario(
        "LP",
        hands={0: [KILL, "dodge", "crystal"], 1: ["dodge"]},
        equipment={0: ["impact-drill", "fred"]},
    )
    kill(game, 0, 1)
    until(game, 1, Ask.DODGE)
    answer(game, Use(held(game, 1, "dodge")))
    until(game, 0, Ask.OPTION, "impact-drill")
    answer(game, YES)
    request = until(game, 0, Ask.CARD, "impact-drill")
    assert worn(game, 0, Slot.WEAPON) not in request.cards
    answer(game, Pick(worn(game, 0, Slot.DEFENSIVE)))
    answer(game, Pick(held(game, 0, "dodge")))
    until(game, 0, Ask.PLAY)
    assert hp(game, 1) == 3


def test_thunder_sword_and_flamethrower_convert_elements() -> None:
    """LBS-EQ-THUNDERSWORD (seed l.125): any 殺 as thunder; LBS-EQ-FLAMETHROWER (seed l.129):
    a 殺 without element as fire."""
    game = scenario("LPA", hands={0: [KILL]}, equipment={0: ["thunder-sword"]}, chained=(1, 2))
    kill(game, 0, 1, mode="thunder")
    no_dodge(game, 1)
    assert hp(game, 1) == 3 and hp(game, 2) == 3
    fire = scenario(
        "LP", hands={0: ["fire-kill", KILL]}, equipment={0: ["flamethrower"], 1: ["suit-armour"]}
    )
    until(fire, 0, Ask.PLAY)
    assert not fire.is_legal(Use(held(fire, 0, "fire-kill"), (1,), mode="fire"))  # already fire
    assert not fire.is_legal(Use(held(fire, 0, KILL), (1,), mode="thunder"))  # no sword
    kill(fire, 0, 1, mode="fire")  # 套裝甲: immune to a plain 殺, +1 from fire
    no_dodge(fire, 1)
    assert hp(fire, 1) == 2


def test_cannon_makes_a_kill_of_any_two_cards() -> None:
    """LBS-EQ-CANNON (seed l.127) / LBS-OPEN-20: two hand cards as a 殺; mixed colours make a
    colourless 殺, which 光量盾 does not stop."""
    game = scenario(
        "LP",
        hands={0: ["dodge:heart", "crystal:heart"], 1: ["dodge", "dodge"]},
        equipment={0: ["cannon"], 1: ["photon-shield"]},
    )
    until(game, 0, Ask.PLAY)
    first, second = game.table.seats[0].hand[:2]
    answer(game, Use(first, (1,), (second,), "cannon"))
    no_dodge(game, 1)
    assert hp(game, 1) == 3
    duel = scenario("LP", hands={0: ["duel"], 1: ["dodge", "crystal"]}, equipment={1: ["cannon"]})
    play(duel, 0, Use(held(duel, 0, "duel"), (1,)))
    until(duel, 1, Ask.KILL)
    first, second = duel.table.seats[1].hand
    answer(duel, Use(first, (), (second,), "cannon"))  # in answer too
    until(duel, 0, Ask.KILL)
    answer(duel, Pass())
    assert hp(duel, 0) == 3


def test_spread_gun_lets_a_last_kill_hit_three() -> None:
    """LBS-EQ-SPREADGUN (seed l.131): the last hand card, a 殺, may target up to 3 in range."""
    game = scenario("LGPA", hands={0: [KILL]}, equipment={0: ["spread-gun"]})
    until(game, 0, Ask.PLAY)
    for card in list(game.table.seats[0].hand):
        if game.table.kind(card).id != KILL:
            game.table.seats[0].hand.remove(card)
            game.table.discard.append(card)
    answer(game, Use(held(game, 0, KILL), (1, 2, 3)))
    for seat in (1, 2, 3):
        no_dodge(game, seat)
    assert [hp(game, s) for s in (1, 2, 3)] == [3, 3, 3]


def test_bazooka_discards_a_distance_card_after_damage() -> None:
    """LBS-EQ-BAZOOKA (seed l.133)."""
    game = scenario("LP", hands={0: [KILL]}, equipment={0: ["bazooka"], 1: ["fred", "fokewolf"]})
    kill(game, 0, 1)
    no_dodge(game, 1)
    request = until(game, 0, Ask.CARD, "bazooka")
    assert set(request.cards) == {worn(game, 1, Slot.DEFENSIVE), worn(game, 1, Slot.ATTACK)}
    answer(game, Pick(worn(game, 1, Slot.DEFENSIVE)))
    assert Slot.DEFENSIVE not in game.table.seats[1].equipment


def test_twin_needle_needs_two_dodges() -> None:
    """LBS-EQ-TWINNEEDLE (seed l.136)."""
    game = scenario("LP", hands={0: [KILL], 1: ["dodge"]}, equipment={0: ["twin-needle"]})
    kill(game, 0, 1)
    request = until(game, 1, Ask.DODGE)
    assert request.count == 2
    answer(game, Use(held(game, 1, "dodge")))
    assert until(game, 1, Ask.DODGE).count == 1
    answer(game, Pass())
    assert hp(game, 1) == 3


def test_light_saber_targets_two_neighbours() -> None:
    """LBS-EQ-SABER (seed l.138) / LBS-OPEN-19: two targets side by side, both in range."""
    game = scenario("LGPAG", hands={0: [KILL]}, equipment={0: ["light-saber"]})
    until(game, 0, Ask.PLAY)
    card = held(game, 0, KILL)
    assert game.is_legal(Use(card, (1, 2)))
    assert not game.is_legal(Use(card, (1, 4)))  # not next to each other
    answer(game, Use(card, (1, 2)))
    no_dodge(game, 1)
    no_dodge(game, 2)
    assert hp(game, 1) == 3 and hp(game, 2) == 3


def test_triple_slash_three_kills_on_one_target_then_the_play_phase_ends() -> None:
    """LBS-EQ-SABER (seed l.139) / LBS-OPEN-19: declared with the first 殺, up to 3 on one
    target, nothing in between, past the 殺 limit; then the play phase ends."""
    game = scenario(
        "LP", hands={0: [KILL, KILL, KILL, "treasure-chest"]}, equipment={0: ["light-saber"]}
    )
    kill(game, 0, 1, mode="triple")
    no_dodge(game, 1)
    until(game, 0, Ask.PLAY)
    assert not game.is_legal(Use(held(game, 0, "treasure-chest"), (0,)))  # nothing in between
    for _ in range(2):
        kill(game, 0, 1)
        no_dodge(game, 1)
    request = skip_to(game, lambda r: r.ask in (Ask.PLAY, Ask.DISCARD))
    assert hp(game, 1) == 1 and not (request.seat == 0 and request.ask is Ask.PLAY)


def test_rock_buster_deals_half_a_point_once_per_turn_and_kills_still_allowed() -> None:
    """LBS-EQ-ROCKBUSTER (seed l.141) / LBS-OPEN-8: ½ damage unless dodged; once per turn."""
    game = scenario("LP", hands={0: [KILL]}, equipment={0: ["rock-buster"]})
    play(game, 0, Skill("rock-buster", (1,)))
    no_dodge(game, 1)
    until(game, 0, Ask.PLAY)
    assert hp(game, 1) == 3.5
    assert not game.is_legal(Skill("rock-buster", (1,)))
    kill(game, 0, 1)
    no_dodge(game, 1)
    assert hp(game, 1) == 2.5


def test_water_gun_flips_instead_of_damaging() -> None:
    """LBS-EQ-WATERGUN (seed l.143) / LBS-TURN-6: the flipped target skips its next turn."""
    game = scenario("LP", hands={0: [KILL]}, equipment={0: ["water-gun"]})
    kill(game, 0, 1)
    no_dodge(game, 1)
    until(game, 0, Ask.OPTION, "water-gun")
    answer(game, YES)
    assert hp(game, 1) == 4 and game.table.seats[1].flipped
    until(game, 0, Ask.PLAY)
    answer(game, Pass())
    request = skip_to(game, lambda r: r.ask is Ask.PLAY)
    assert request.seat == 0 and not game.table.seats[1].flipped


def test_flash_laser_retargets_a_dodged_kill_never_at_a_dodger() -> None:
    """LBS-EQ-FLASHLASER (seed l.145)."""
    game = scenario(
        "LPA", hands={0: [KILL], 1: ["dodge"], 2: ["dodge"]}, equipment={0: ["flash-laser"]}
    )
    kill(game, 0, 1)
    until(game, 1, Ask.DODGE)
    answer(game, Use(held(game, 1, "dodge")))
    request = until(game, 0, Ask.TARGET, "flash-laser")
    assert request.seats == (2,)
    answer(game, Target(2))
    until(game, 2, Ask.DODGE)
    answer(game, Use(held(game, 2, "dodge")))
    assert skip_to(game, lambda r: r.ask is not Ask.EXTRA).ask is Ask.PLAY  # nobody left


def test_long_cannon_reaches_anyone_and_hits_when_it_leaves() -> None:
    """LBS-EQ-LONGCANNON (seed l.147) / LBS-OPEN-21: range ∞; when it leaves the area its
    former holder may deal 1 damage to anyone."""
    game = scenario("LGPA", hands={0: [KILL, "gatling"]}, equipment={0: ["long-cannon"]})
    until(game, 0, Ask.PLAY)
    assert game.is_legal(Use(held(game, 0, KILL), (2,)))
    answer(game, Use(held(game, 0, "gatling")))
    until(game, 0, Ask.TARGET, "long-cannon")
    answer(game, Target(2))
    assert hp(game, 2) == 3


def test_defence_net_judges_red_as_a_dodge() -> None:
    """LBS-EQ-NET (seed l.151): when a 閃 is needed, a red judgement counts as one."""
    game = scenario(
        "LP", hands={0: [KILL]}, equipment={1: ["defence-net"]}, top=[KILL, KILL, "dodge:heart"]
    )
    kill(game, 0, 1)
    until(game, 1, Ask.DODGE)
    answer(game, Skill("defence-net"))
    until(game, 0, Ask.PLAY)
    assert hp(game, 1) == 4
    black = scenario(
        "LP", hands={0: [KILL]}, equipment={1: ["defence-net"]}, top=[KILL, KILL, "kill:spade"]
    )
    kill(black, 0, 1)
    until(black, 1, Ask.DODGE)
    answer(black, Skill("defence-net"))
    assert not black.is_legal(Skill("defence-net"))  # once per 閃 needed
    answer(black, Pass())
    assert hp(black, 1) == 3


def test_photon_shield_stops_black_kills() -> None:
    """LBS-EQ-PHOTONSHIELD (seed l.153)."""
    game = scenario(
        "LP",
        hands={0: ["kill:spade", "kill:heart"]},
        equipment={0: ["gatling"], 1: ["photon-shield"]},
    )
    kill(game, 0, 1)
    until(game, 0, Ask.PLAY)
    assert hp(game, 1) == 4
    kill(game, 0, 1)
    no_dodge(game, 1)
    assert hp(game, 1) == 3


def test_guard_chip_caps_damage_at_one_and_heals_when_it_leaves() -> None:
    """LBS-EQ-GUARDCHIP (seed l.155)."""
    game = scenario("LP", hands={0: ["blast", "dismantle"]}, equipment={1: ["guard-chip"]})
    play(game, 0, Use(held(game, 0, "blast"), (1,)))
    no_dodge(game, 1)
    assert hp(game, 1) == 3
    play(game, 0, Use(held(game, 0, "dismantle"), (1,)))
    until(game, 0, Ask.TAKE)
    answer(game, Pick(worn(game, 1, Slot.ARMOUR)))
    assert hp(game, 1) == 4


def test_suit_armour_stops_plain_kills_and_group_attacks_but_burns() -> None:
    """LBS-EQ-SUITARMOR (seed l.157): plain 殺, 散射飛彈 and 空賊侵襲 do nothing; fire +1."""
    game = scenario(
        "LPA",
        hands={
            0: [KILL, "missile-spread", "pirate-raid", "fire-attack", "dodge:heart"],
            1: ["crystal:heart"],
        },
        equipment={1: ["suit-armour"]},
    )
    kill(game, 0, 1)
    play(game, 0, Use(held(game, 0, "missile-spread"), ()))
    assert until(game, 2, Ask.DODGE)  # seat 1 is skipped
    answer(game, Pass())
    play(game, 0, Use(held(game, 0, "pirate-raid"), ()))
    assert until(game, 2, Ask.KILL)
    answer(game, Pass())
    assert hp(game, 1) == 4
    play(game, 0, Use(held(game, 0, "fire-attack"), (1,)))
    until(game, 1, Ask.CARD, "fire-attack")
    answer(game, Pick(held(game, 1, "crystal")))
    until(game, 0, Ask.CARD, "fire-attack-discard")
    answer(game, Pick(held(game, 0, "dodge")))
    assert hp(game, 1) == 2


def test_helmet_halves_damage_never_below_half() -> None:
    """LBS-EQ-HELMET (seed l.160) / LBS-OPEN-8."""
    game = scenario("LP", hands={0: [KILL, "blast"]}, equipment={0: ["gatling"], 1: ["helmet"]})
    kill(game, 0, 1)
    no_dodge(game, 1)
    assert hp(game, 1) == 3.5
    play(game, 0, Use(held(game, 0, "blast"), (1,)))
    no_dodge(game, 1)
    assert hp(game, 1) == 2.5


def test_fortress_lessens_damage_forbids_dodges_and_costs_hp() -> None:
    """LBS-EQ-FORTRESS (seed l.162) / LBS-OPEN-22: -1 damage; no 閃 of any kind; lose 1 HP
    going on, recover 1 leaving."""
    game = scenario(
        "LP",
        hands={0: ["blast", "dismantle"], 1: ["dodge"]},
        equipment={1: ["fortress"]},
    )
    play(game, 0, Use(held(game, 0, "blast"), (1,)))
    request = skip_to(game, lambda r: r.seat == 1 or r.ask is Ask.PLAY)
    assert request.ask is not Ask.DODGE  # never asked: it cannot 閃
    assert hp(game, 1) == 3
    play(game, 0, Use(held(game, 0, "dismantle"), (1,)))
    until(game, 0, Ask.TAKE)
    answer(game, Pick(worn(game, 1, Slot.ARMOUR)))
    assert hp(game, 1) == 4
    wearing = scenario("LP", hands={0: ["fortress"]}, hp={0: 1})
    play(wearing, 0, Use(held(wearing, 0, "fortress")))
    assert until(wearing, 0, Ask.RESCUE).target == 0  # going on can start dying


def test_hard_hat_stops_kills_from_farther_than_one() -> None:
    """LBS-EQ-HARDHAT (seed l.164)."""
    game = scenario("LGPA", hands={0: [KILL]}, equipment={0: ["bazooka"], 2: ["hard-hat"]})
    kill(game, 0, 2)
    until(game, 0, Ask.PLAY)
    assert hp(game, 2) == 4 and any("no effect" in line for line in game.log or [])


@pytest.mark.parametrize(
    ("card", "plus"),
    [
        ("fred", 1),
        ("jesoshaft", 1),
        ("king-claudon", 1),
        ("selfabottom", 1),
        ("heaven", 1),
        ("star-voyage", 4),
    ],
)
def test_defensive_cards_keep_others_farther_only(card: str, plus: int) -> None:
    """LBS-DIST-5 (seed l.166): others are farther from the wearer; its own distances stay.
    LBS-EQ-FRED, LBS-EQ-JESOSHAFT, LBS-EQ-KINGCLAUDON, LBS-EQ-SELFABOTTOM, LBS-EQ-HEAVEN
    (+1, seed l.167-171) and LBS-EQ-STARVOYAGE (+4, seed l.172)."""
    game = scenario("LGPAG", equipment={1: [card]})
    table = game.table
    assert table.distance(0, 1) == 1 + plus and table.distance(1, 0) == 1


@pytest.mark.parametrize("card", ["fokewolf", "doraho", "frying-pan", "thruster"])
def test_attack_distance_cards_bring_the_wearer_nearer_only(card: str) -> None:
    """LBS-DIST-6 (seed l.174) / LBS-OPEN-24: the wearer is 1 nearer to others, never below
    1. LBS-EQ-FOKEWOLF, LBS-EQ-DORAHO, LBS-EQ-FRYINGPAN, LBS-EQ-THRUSTER (seed l.175-178)."""
    game = scenario("LGPAG", equipment={0: [card]})
    table = game.table
    assert table.distance(0, 2) == 1 and table.distance(2, 0) == 2 and table.distance(0, 1) == 1


def test_thruster_sits_beside_another_attack_card() -> None:
    """LBS-EQ-THRUSTER (seed l.178) / LBS-OPEN-23: its own slot."""
    game = scenario("LGPAGGP", equipment={0: ["fokewolf", "thruster"]})
    assert game.table.distance(0, 3) == 1


def test_add_on_pack_raises_the_hand_limit_by_two() -> None:
    """LBS-EQ-ADDONPACK (seed l.179) / LBS-TURN-5."""
    game = scenario("LP", hp={0: 3}, equipment={0: ["add-on-pack"]})
    assert game.table.hand_limit(0) == 5


def test_weapon_range_sets_the_attack_range() -> None:
    """LBS-DIST-4 (seed l.111) / LBS-OPEN-4: the weapon's number, else 1."""
    game = scenario("LGPAG", hands={0: [KILL]}, equipment={0: ["bazooka"]})
    table = game.table
    assert table.attack_range(0) == 5 and table.in_range(0, 2)
    bare = scenario("LGPAG")
    assert bare.table.attack_range(0) == 1 and not bare.table.in_range(0, 2)
