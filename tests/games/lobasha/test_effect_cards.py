"""Effect cards of the base game (seed §7, l.53-87) and the 撤銷操作 window (LBS-OPEN-15)."""

from __future__ import annotations

from lalcheck.games.lobasha.cards import Slot
from lalcheck.games.lobasha.engine import Ask, Pass, Pick, PickHand, Use

from .helpers import answer, hand_kinds, held, hp, play, scenario, skip_to, until, worn


def test_effect_cards_may_be_used_again_and_again_in_the_play_phase() -> None:
    """LBS-KIND-2 (seed l.53): no per-turn limit on effect cards while a target exists."""
    game = scenario("LP", hands={0: ["treasure-chest", "treasure-chest", "dismantle"]})
    play(game, 0, Use(held(game, 0, "treasure-chest"), (0,)))
    play(game, 0, Use(held(game, 0, "treasure-chest"), (0,)))
    until(game, 0, Ask.PLAY)
    assert len(game.table.seats[0].hand) == 2 + 1 + 2 + 2  # drawn 2, kept 1, drew 2 twice


def test_duel_the_target_plays_first_and_the_first_without_a_kill_is_hurt() -> None:
    """LBS-CARD-DUEL (seed l.55): from the target, 殺 in turn; whoever cannot takes 1 damage;
    answering 殺 do not use up the 殺 limit (LBS-OPEN-10)."""
    game = scenario("LP", hands={0: ["duel", "kill", "kill"], 1: ["kill"]})
    play(game, 0, Use(held(game, 0, "duel"), (1,)))
    assert until(game, 1, Ask.KILL).source == 0
    answer(game, Use(held(game, 1, "kill")))
    until(game, 0, Ask.KILL)
    answer(game, Use(held(game, 0, "kill")))
    until(game, 1, Ask.KILL)
    answer(game, Pass())
    assert hp(game, 1) == 3 and hp(game, 0) == 4
    until(game, 0, Ask.PLAY)
    assert game.is_legal(Use(held(game, 0, "kill"), (1,)))


def test_dismantle_discards_a_card_from_hand_equipment_or_judgement() -> None:
    """LBS-CARD-DISMANTLE (seed l.57): one card of the target's areas is discarded; a hand
    card is taken unseen."""
    game = scenario(
        "LP", hands={0: ["dismantle", "dismantle"], 1: ["dodge"]}, equipment={1: ["fred"]}
    )
    play(game, 0, Use(held(game, 0, "dismantle"), (1,)))
    until(game, 0, Ask.TAKE)
    fred = worn(game, 1, Slot.DEFENSIVE)
    answer(game, Pick(fred))
    assert fred in game.table.discard and not game.table.seats[1].equipment
    play(game, 0, Use(held(game, 0, "dismantle"), (1,)))
    until(game, 0, Ask.TAKE)
    answer(game, PickHand())
    assert not game.table.seats[1].hand


def test_grab_glove_takes_a_card_at_distance_one() -> None:
    """LBS-CARD-GRAB (seed l.59): distance ≤1; the card goes to the user's hand."""
    game = scenario("LGPA", hands={0: ["grab-glove"], 2: ["dodge"], 1: ["dodge"]})
    until(game, 0, Ask.PLAY)
    glove = held(game, 0, "grab-glove")
    assert not game.is_legal(Use(glove, (2,)))  # distance 2
    answer(game, Use(glove, (1,)))
    until(game, 0, Ask.TAKE)
    answer(game, PickHand())
    assert "dodge" in hand_kinds(game, 0) and not game.table.seats[1].hand


def test_wily_will_makes_the_wielder_attack_or_give_up_its_weapon() -> None:
    """LBS-CARD-WILY (seed l.61): on a character with a weapon; it uses 殺 on the named
    character in its range, or the user takes the weapon."""
    game = scenario(
        "LGP",
        hands={0: ["wily-will", "wily-will"], 1: ["kill", "kill"]},
        equipment={1: ["cannon"]},
    )
    until(game, 0, Ask.PLAY)
    wily = held(game, 0, "wily-will")
    assert not game.is_legal(Use(wily, (2, 1)))  # seat 2 has no weapon
    answer(game, Use(wily, (1, 2)))
    request = until(game, 1, Ask.WILY)
    assert request.target == 2
    answer(game, Use(held(game, 1, "kill"), (2,)))
    until(game, 2, Ask.DODGE)
    answer(game, Pass())
    assert hp(game, 2) == 3
    play(game, 0, Use(held(game, 0, "wily-will"), (1, 2)))
    until(game, 1, Ask.WILY)
    answer(game, Pass())
    assert "cannon" in hand_kinds(game, 0) and Slot.WEAPON not in game.table.seats[1].equipment


def test_chests_draw_two_and_three() -> None:
    """LBS-CARD-CHEST / LBS-CARD-BIGCHEST (seed l.63, l.65): draw 2, draw 3."""
    game = scenario("LP", hands={0: ["treasure-chest", "big-chest"]})
    until(game, 0, Ask.PLAY)
    before = len(game.table.seats[0].hand)
    play(game, 0, Use(held(game, 0, "treasure-chest"), (0,)))
    until(game, 0, Ask.PLAY)
    assert len(game.table.seats[0].hand) == before - 1 + 2
    answer(game, Use(held(game, 0, "big-chest"), (0,)))
    until(game, 0, Ask.PLAY)
    assert len(game.table.seats[0].hand) == before - 2 + 5


def test_fire_attack_shows_a_card_and_a_matching_discard_burns() -> None:
    """LBS-CARD-FIREATTACK (seed l.67): the target shows a hand card; discarding one of the
    same suit deals 1 fire damage; oneself may be the target."""
    game = scenario(
        "LP",
        hands={0: ["fire-attack", "kill:heart"], 1: ["dodge:heart"]},
        top=["fred:spade:5", "dodge:diamond:11"],  # the Lord draws no other heart
    )
    until(game, 0, Ask.PLAY)
    attack = held(game, 0, "fire-attack")
    assert game.is_legal(Use(attack, (0,)))  # oneself, holding another card
    answer(game, Use(attack, (1,)))
    request = until(game, 1, Ask.CARD, "fire-attack")
    answer(game, Pick(request.cards[0]))
    request = until(game, 0, Ask.CARD, "fire-attack-discard")
    assert request.cards == (held(game, 0, "kill"),)
    answer(game, Pick(request.cards[0]))
    assert hp(game, 1) == 3


def test_terminal_link_chains_one_or_two_or_receives_data() -> None:
    """LBS-CARD-TERMINAL (seed l.69): 1-2 characters turn chained/upright; or discard it and
    draw 1 (receive data, no target)."""
    game = scenario("LPA", hands={0: ["terminal-link", "terminal-link"]}, chained=(2,))
    play(game, 0, Use(held(game, 0, "terminal-link"), (1, 2)))
    until(game, 0, Ask.PLAY)
    assert game.table.seats[1].chained and not game.table.seats[2].chained
    hand = len(game.table.seats[0].hand)
    answer(game, Use(held(game, 0, "terminal-link"), mode="receive"))
    until(game, 0, Ask.PLAY)
    assert len(game.table.seats[0].hand) == hand  # one discarded, one drawn


def test_chip_scatter_turns_up_one_per_living_and_each_takes_one_from_the_user() -> None:
    """LBS-CARD-CHIPSCATTER (seed l.71): cards = living characters; from the user round the
    table (to its previous player) each takes one."""
    game = scenario("LPA", hands={0: ["chip-scatter"]})
    play(game, 0, Use(held(game, 0, "chip-scatter"), ()))
    seen = []
    for seat in (0, 1, 2):
        request = until(game, seat, Ask.CARD, "chip-scatter")
        assert len(request.cards) == 3 - seat
        seen.append(request.cards[0])
        answer(game, Pick(request.cards[0]))
    assert [seen[s] in game.table.seats[s].hand for s in range(3)] == [True] * 3


def test_crystal_vein_heals_everyone_one() -> None:
    """LBS-CARD-CRYSTALVEIN (seed l.73): everyone recovers 1; never used to rescue."""
    game = scenario("LPA", hands={0: ["crystal-vein"]}, hp={0: 2, 1: 3, 2: 4})
    play(game, 0, Use(held(game, 0, "crystal-vein"), ()))
    until(game, 0, Ask.PLAY)
    assert [hp(game, s) for s in range(3)] == [3, 4, 4]
    lethal = scenario("LP", hands={0: ["kill"], 1: ["crystal-vein"]}, hp={1: 1})
    play(lethal, 0, Use(held(lethal, 0, "kill"), (1,)))
    until(lethal, 1, Ask.DODGE)
    answer(lethal, Pass())
    until(lethal, 1, Ask.RESCUE)
    assert not lethal.is_legal(Use(held(lethal, 1, "crystal-vein"), (1,)))


def test_missile_spread_asks_everyone_else_for_a_dodge_from_the_next_player() -> None:
    """LBS-CARD-MISSILES (seed l.75): all but the user, from the next player; no 閃, 1 damage."""
    game = scenario("LPA", hands={0: ["missile-spread"], 2: ["dodge"]})
    play(game, 0, Use(held(game, 0, "missile-spread"), ()))
    assert until(game, 1, Ask.DODGE).reason == "missile-spread"
    answer(game, Pass())
    until(game, 2, Ask.DODGE)
    answer(game, Use(held(game, 2, "dodge")))
    until(game, 0, Ask.PLAY)
    assert [hp(game, s) for s in range(3)] == [4, 3, 4]


def test_pirate_raid_asks_everyone_else_for_a_kill() -> None:
    """LBS-CARD-RAID (seed l.77): all but the user, from the next player; no 殺, 1 damage."""
    game = scenario("LPA", hands={0: ["pirate-raid"], 1: ["kill"]})
    play(game, 0, Use(held(game, 0, "pirate-raid"), ()))
    assert until(game, 1, Ask.KILL).reason == "pirate-raid"
    answer(game, Use(held(game, 1, "kill")))
    until(game, 2, Ask.KILL)
    answer(game, Pass())
    until(game, 0, Ask.PLAY)
    assert [hp(game, s) for s in range(3)] == [4, 4, 3]


def test_paralysis_shock_skips_the_play_phase_unless_a_heart() -> None:
    """LBS-CARD-PARALYSIS (seed l.79): into another's judgement area; not a heart, no play
    phase; the card is then discarded; never twice in one area (LBS-OPEN-14)."""
    game = scenario(
        "LP", hands={0: ["paralysis-shock", "paralysis-shock"]}, top=["kill", "kill", "kill:spade"]
    )
    until(game, 0, Ask.PLAY)
    first = held(game, 0, "paralysis-shock")
    assert not game.is_legal(Use(first, (0,)))
    answer(game, Use(first, (1,)))
    until(game, 0, Ask.PLAY)
    assert not game.is_legal(Use(held(game, 0, "paralysis-shock"), (1,)))
    answer(game, Pass())
    assert skip_to(game, lambda r: r.ask is Ask.PLAY).seat == 0  # seat 1 had no play phase
    assert any("skips the play phase" in line for line in game.log or [])
    assert first in game.table.discard


def test_paralysis_shock_is_escaped_on_a_heart() -> None:
    """LBS-CARD-PARALYSIS (seed l.79): a heart judgement lets the holder play."""
    game = scenario("LP", hands={0: ["paralysis-shock"]}, top=["kill", "kill", "dodge:heart"])
    play(game, 0, Use(held(game, 0, "paralysis-shock"), (1,)))
    until(game, 0, Ask.PLAY)
    answer(game, Pass())
    until(game, 1, Ask.PLAY)


def test_power_shortage_skips_the_draw_phase_unless_a_club() -> None:
    """LBS-CARD-SHORTAGE (seed l.81): not a club, no draw phase (no distance limit)."""
    game = scenario("LGPA", hands={0: ["power-shortage"]}, top=["kill", "kill", "dodge:heart"])
    play(game, 0, Use(held(game, 0, "power-shortage"), (2,)))  # two seats away
    until(game, 0, Ask.PLAY)
    answer(game, Pass())
    until(game, 2, Ask.PLAY)
    assert game.table.seats[2].hand == []
    escaped = scenario("LP", hands={0: ["power-shortage"]}, top=["kill", "kill", "kill:club"])
    play(escaped, 0, Use(held(escaped, 0, "power-shortage"), (1,)))
    until(escaped, 0, Ask.PLAY)
    answer(escaped, Pass())
    until(escaped, 1, Ask.PLAY)
    assert len(escaped.table.seats[1].hand) == 2


def test_eden_strikes_on_spade_two_to_nine_else_moves_on() -> None:
    """LBS-CARD-EDEN (seed l.83): own judgement area; spade 2-9: 3 damage from nobody;
    otherwise to the next player."""
    game = scenario("LP", judgement={0: ["eden"]}, top=["dodge:heart"], hp={0: 4}, hands={1: []})
    until(game, 0, Ask.PLAY)
    eden = game.table.seats[1].judgement[0]
    assert game.table.kind(eden).id == "eden"
    struck = scenario("LP", judgement={0: ["eden"]}, top=["kill:spade:9"])
    until(struck, 0, Ask.PLAY)
    assert hp(struck, 0) == 1 and not struck.table.seats[0].judgement
    assert any("from nobody" in line for line in struck.log or [])


def test_eden_is_laid_only_in_ones_own_area_and_not_twice() -> None:
    """LBS-CARD-EDEN / LBS-OPEN-14: into one's own area, one per area."""
    game = scenario("LP", hands={0: ["eden"]}, judgement={1: ["eden"]})
    until(game, 0, Ask.PLAY)
    eden = held(game, 0, "eden")
    assert not game.is_legal(Use(eden, (1,)))
    answer(game, Use(eden, (0,)))
    moving = scenario("LPA", judgement={0: ["eden"], 1: ["eden"]}, top=["dodge:heart"])
    until(moving, 0, Ask.PLAY)
    assert len(moving.table.seats[2].judgement) == 1  # seat 1 holds one: skipped


def test_ion_cannon_deals_thunder_and_selfabottom_blocks_it() -> None:
    """LBS-CARD-IONCANNON (seed l.85) and LBS-EQ-SELFABOTTOM (seed l.170)."""
    game = scenario("LP", judgement={0: ["ion-cannon"]}, top=["kill:spade:8"])
    until(game, 0, Ask.PLAY)
    assert hp(game, 0) == 1 and any("3 thunder damage" in line for line in game.log or [])
    blocked = scenario(
        "LP", judgement={0: ["ion-cannon"]}, equipment={0: ["selfabottom"]}, top=["kill:spade:8"]
    )
    until(blocked, 0, Ask.PLAY)
    assert hp(blocked, 0) == 4 and len(blocked.table.seats[1].judgement) == 1


def test_judgement_takes_the_last_placed_card_first() -> None:
    """LBS-TURN-2 (seed l.16): 麻痹電擊 placed after 離子炮 is judged before it."""
    game = scenario(
        "LP",
        judgement={0: ["ion-cannon", "paralysis-shock"]},
        top=["dodge:heart", "dodge:diamond"],
    )
    until(game, 0, Ask.PLAY)
    lines = [line for line in game.log or [] if "judges for" in line]
    assert "paralysis-shock" in lines[0] and "ion-cannon" in lines[1]


def test_undo_cancels_an_effect_on_one_character_and_undo_cancels_undo() -> None:
    """LBS-CARD-UNDO (seed l.87) / LBS-OPEN-15: before each effect on each target; any
    turn; an 撤銷操作 cancels an 撤銷操作; every living player is asked in seat order."""
    game = scenario("LGP", hands={0: ["duel"], 1: ["undo"], 2: ["undo"]})
    play(game, 0, Use(held(game, 0, "duel"), (2,)))
    asked = []
    while game.request is not None and game.request.ask is Ask.UNDO:
        asked.append(game.request.seat)
        seat, stands = game.request.seat, game.request.stands
        holds = "undo" in hand_kinds(game, seat)
        if holds and ((seat == 2 and stands) or (seat == 1 and not stands)):
            answer(game, Use(held(game, seat, "undo")))
        else:
            answer(game, Pass())
    assert asked == [0, 1, 2, 0, 1, 0, 1, 2]
    assert game.request is not None and game.request.ask is Ask.KILL  # the duel stands
