"""Decade effect cards (seed §8, l.88-108)."""

from __future__ import annotations

from lalcheck.games.lobasha.engine import Ask, Pass, Pick, PickHand, Target, Use

from .helpers import HALF, answer, hand_kinds, held, hp, play, scenario, skip_to, until


def test_needle_array_alternates_dodges_extras_and_ripostes() -> None:
    """LBS-CARD-NEEDLES (seed l.90): from the target, a 閃, 額 or 還 in turn; who cannot
    takes 1 damage (LBS-CARD-NEEDLES decision: the cards have no side effects)."""
    game = scenario("LP", hands={0: ["needle-array", "riposte"], 1: ["extra"]})
    play(game, 0, Use(held(game, 0, "needle-array"), (1,)))
    assert until(game, 1, Ask.NEEDLE).source == 0
    answer(game, Use(held(game, 1, "extra")))
    until(game, 0, Ask.NEEDLE)
    answer(game, Use(held(game, 0, "riposte")))
    until(game, 1, Ask.NEEDLE)
    answer(game, Pass())
    assert hp(game, 1) == 3 and hp(game, 0) == 4


def test_instant_noodles_two_characters_duel_the_second_first() -> None:
    """LBS-CARD-NOODLES (seed l.92) / LBS-OPEN-16: two characters (the user may be one),
    the second chosen plays a 殺 first; damage comes from the other one."""
    game = scenario("LPA", hands={0: ["instant-noodles"], 2: ["kill"]})
    play(game, 0, Use(held(game, 0, "instant-noodles"), (1, 2)))
    assert until(game, 2, Ask.KILL).source == 1
    answer(game, Use(held(game, 2, "kill")))
    until(game, 1, Ask.KILL)
    answer(game, Pass())
    assert hp(game, 1) == 3
    assert any("from 2:" in line and "instant-noodles" in line for line in game.log or [])


def test_instant_noodles_one_undo_cancels_it_all_and_it_rescues() -> None:
    """LBS-CARD-NOODLES / LBS-OPEN-16 (seed l.92-93): one 撤銷操作 on either target cancels
    the card; on a dying character it recovers 1."""
    game = scenario("LPA", hands={0: ["instant-noodles"], 2: ["undo"]})
    play(game, 0, Use(held(game, 0, "instant-noodles"), (0, 2)))
    until(game, 2, Ask.UNDO)
    answer(game, Use(held(game, 2, "undo")))
    request = skip_to(game, lambda r: r.ask is not Ask.UNDO)
    assert request.ask is Ask.PLAY and request.seat == 0
    rescue = scenario("LGP", hands={0: ["kill"], 1: ["instant-noodles"]}, hp={2: 1})
    play(rescue, 0, Use(held(rescue, 0, "kill"), (2,)))
    until(rescue, 2, Ask.DODGE)
    answer(rescue, Pass())
    until(rescue, 1, Ask.RESCUE)
    answer(rescue, Use(held(rescue, 1, "instant-noodles"), (2,)))
    until(rescue, 0, Ask.PLAY)
    assert hp(rescue, 2) == 1


def test_delete_discards_two_or_deals_one_or_takes_one_hp() -> None:
    """LBS-CARD-DELETE (seed l.95) / LBS-OPEN-17: the user chooses the option."""
    game = scenario(
        "LP",
        hands={0: ["delete", "delete"], 1: ["dodge", "kill", "minion"]},
        arrange=lambda t: setattr(t.seats[1], "minion", t.seats[1].hand.pop()),
    )
    until(game, 0, Ask.PLAY)
    assert not game.is_legal(Use(held(game, 0, "delete"), (1,)))  # an option is needed
    answer(game, Use(held(game, 0, "delete"), (1,), mode="discard"))
    for _ in range(2):
        until(game, 0, Ask.TAKE)
        answer(game, PickHand())
    assert game.table.seats[1].hand == []
    play(game, 0, Use(held(game, 0, "delete"), (1,), mode="lose-hp"))
    until(game, 0, Ask.PLAY)
    assert hp(game, 1) == 3 and game.table.seats[1].minion is not None  # HP loss: no 雜兵
    damage = scenario("LP", hands={0: ["delete"]})
    play(damage, 0, Use(held(damage, 0, "delete"), (1,), mode="damage"))
    until(damage, 0, Ask.PLAY)
    assert hp(damage, 1) == 3


def test_roll_hurts_the_target_and_heals_the_user() -> None:
    """LBS-CARD-ROLL (seed l.97): 1 damage to another character, 1 HP back to the user."""
    game = scenario("LP", hands={0: ["roll"]}, hp={0: 2})
    play(game, 0, Use(held(game, 0, "roll"), (1,)))
    until(game, 0, Ask.PLAY)
    assert hp(game, 1) == 3 and hp(game, 0) == 3


def test_lv_down_needs_a_wound_and_an_extra_discard() -> None:
    """LBS-CARD-LVDOWN (seed l.99-100) / LBS-OPEN-17: max HP -1 on a character missing 1 HP;
    one more hand card is discarded; HP above the new max drops; max HP stays above 0."""
    game = scenario("LP", hands={0: ["lv-down", "kill", "dodge"]}, hp={1: 3})
    until(game, 0, Ask.PLAY)
    card = held(game, 0, "lv-down")
    assert not game.is_legal(Use(card, (0,), (held(game, 0, "kill"),)))  # not wounded
    assert not game.is_legal(Use(card, (1,)))  # the extra card is missing
    answer(game, Use(card, (1,), (held(game, 0, "kill"),)))
    until(game, 0, Ask.PLAY)
    seat = game.table.seats[1]
    assert seat.max_hp == 3 * HALF and seat.hp == 3 * HALF
    assert "kill" not in hand_kinds(game, 0)
    low = scenario("LP", hands={0: ["lv-down", "dodge"]}, hp={1: 0.5}, max_hp={1: 1})
    until(low, 0, Ask.PLAY)
    assert not low.is_legal(Use(held(low, 0, "lv-down"), (1,), (held(low, 0, "dodge"),)))
    lowest = scenario("LP", hands={0: ["lv-down", "dodge"]}, hp={1: 0.5}, max_hp={1: 1.5})
    play(lowest, 0, Use(held(lowest, 0, "lv-down"), (1,), (held(lowest, 0, "dodge"),)))
    until(lowest, 0, Ask.PLAY)
    assert lowest.table.seats[1].max_hp == 1 and lowest.table.seats[1].alive


def test_lv_up_raises_max_hp_while_not_above_the_printed_value() -> None:
    """LBS-CARD-LVUP (seed l.102-103) / LBS-OPEN-17: +1 max HP on a character whose max HP
    is not above the printed (Lord: raised) value; never heals; costs one more card."""
    game = scenario("LP", hands={0: ["lv-up", "kill"]}, hp={1: 2}, max_hp={1: 3}, top=["dodge"] * 2)
    until(game, 0, Ask.PLAY)
    card = held(game, 0, "lv-up")
    answer(game, Use(card, (1,), (held(game, 0, "kill"),)))
    until(game, 0, Ask.PLAY)
    assert game.table.seats[1].max_hp == 4 * HALF and hp(game, 1) == 2
    above = scenario("LP", hands={0: ["lv-up", "kill"]}, max_hp={1: 5})
    until(above, 0, Ask.PLAY)
    assert not above.is_legal(Use(held(above, 0, "lv-up"), (1,), (held(above, 0, "kill"),)))
    at = scenario("LP", hands={0: ["lv-up", "kill"]})
    play(at, 0, Use(held(at, 0, "lv-up"), (0,), (held(at, 0, "kill"),)))
    until(at, 0, Ask.PLAY)
    assert at.table.seats[0].max_hp == 5 * HALF and hp(at, 0) == 4


def test_regeneration_plan_empties_hands_and_judgement_areas_except_heaven() -> None:
    """LBS-CARD-REGEN (seed l.105-106) / LBS-OPEN-18: everyone, the user too, discards hand
    and judgement area; 天堂+1 protects (LBS-EQ-HEAVEN); equipment stays."""
    game = scenario(
        "LPA",
        hands={0: ["regeneration-plan", "kill", "dodge"], 1: ["dodge"], 2: ["dodge"]},
        judgement={1: ["paralysis-shock"]},
        equipment={2: ["heaven"], 1: ["fred"]},
    )
    until(game, 0, Ask.PLAY)
    card = held(game, 0, "regeneration-plan")
    answer(game, Use(card, (), (held(game, 0, "kill"),)))
    skip_to(game, lambda r: r.ask is Ask.PLAY)
    seats = game.table.seats
    assert seats[0].hand == [] and seats[1].hand == [] and seats[1].judgement == []
    assert len(seats[2].hand) == 1 and seats[1].equipment


def test_nine_grid_duels_on_a_to_nine_and_always_moves_on() -> None:
    """LBS-CARD-NINEGRID (seed l.108): own area; on A-9 the holder duels a chosen character;
    whatever the result it moves to the next player."""
    game = scenario("LPA", judgement={0: ["nine-grid"]}, top=["kill:spade:9"], hands={1: []})
    request = until(game, 0, Ask.TARGET, "nine-grid")
    assert request.seats == (1, 2) and not request.optional
    answer(game, Target(1))
    until(game, 1, Ask.KILL)
    answer(game, Pass())
    until(game, 0, Ask.PLAY)
    assert hp(game, 1) == 3 and len(game.table.seats[1].judgement) == 1
    miss = scenario("LPA", judgement={0: ["nine-grid"]}, top=["kill:heart:10"])
    until(miss, 0, Ask.PLAY)
    assert len(miss.table.seats[1].judgement) == 1 and hp(miss, 1) == 4


def test_dismantle_can_take_a_delayed_card_off_a_judgement_area() -> None:
    """LBS-CARD-DISMANTLE (seed l.57): the judgement area is one of the areas."""
    game = scenario("LP", hands={0: ["dismantle"]}, judgement={1: ["nine-grid"]})
    play(game, 0, Use(held(game, 0, "dismantle"), (1,)))
    until(game, 0, Ask.TAKE)
    grid = game.table.seats[1].judgement[0]
    answer(game, Pick(grid))
    assert grid in game.table.discard
