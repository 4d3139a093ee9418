"""Basic cards (seed §6, l.28-52): 殺 in three elements, 閃, 晶, 電, and the Decade 轟, 還,
額, E罐, 雜兵. Each test names the rule id it checks."""

from __future__ import annotations

from lalcheck.games.lobasha.engine import Ask, Pass, Skill, Use
from lalcheck.games.lobasha.engine.actions import YES

from .helpers import answer, held, hp, play, scenario, until


def test_kill_deals_one_damage_unless_dodged_and_only_once_per_turn() -> None:
    """LBS-CARD-KILL (seed l.31): on another character in attack range; no 閃, 1 damage;
    one 殺 per turn."""
    game = scenario("LP", hands={0: ["kill", "kill"]})
    play(game, 0, Use(held(game, 0, "kill"), (1,)))
    request = until(game, 1, Ask.DODGE)
    assert request.reason == "kill" and request.source == 0
    answer(game, Pass())
    assert hp(game, 1) == 3
    until(game, 0, Ask.PLAY)
    assert not game.is_legal(Use(held(game, 0, "kill"), (1,)))
    assert not game.is_legal(Use(held(game, 0, "kill"), (0,)))  # never on oneself


def test_kill_needs_the_target_in_attack_range() -> None:
    """LBS-CARD-KILL / LBS-DIST-3 (seed l.22, l.31): a 殺 reaches only the attack range."""
    game = scenario("LGPA", hands={0: ["kill"]})
    until(game, 0, Ask.PLAY)
    kill = held(game, 0, "kill")
    assert game.is_legal(Use(kill, (1,))) and game.is_legal(Use(kill, (3,)))
    assert not game.is_legal(Use(kill, (2,)))  # two seats away, range 1


def test_a_dodge_stops_a_kill_and_cannot_be_played_on_its_own() -> None:
    """LBS-CARD-DODGE (seed l.33): a 閃 stops a 殺; it is never used in the play phase."""
    game = scenario("LP", hands={0: ["kill", "dodge"], 1: ["dodge"]})
    until(game, 0, Ask.PLAY)
    assert not game.is_legal(Use(held(game, 0, "dodge")))
    assert not game.is_legal(Use(held(game, 0, "dodge"), (0,)))
    answer(game, Use(held(game, 0, "kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Use(held(game, 1, "dodge")))
    until(game, 0, Ask.PLAY)
    assert hp(game, 1) == 4


def test_thunder_and_fire_kills_deal_damage_of_their_element() -> None:
    """LBS-CARD-KILL-THUNDER / LBS-CARD-KILL-FIRE (seed l.31): elemental 殺 deal elemental
    damage; a chained target spreads it (LBS-STATE-2)."""
    for kind, element in (("thunder-kill", "thunder"), ("fire-kill", "fire")):
        game = scenario("LPA", hands={0: [kind]}, chained=(1, 2))
        play(game, 0, Use(held(game, 0, kind), (1,)))
        until(game, 1, Ask.DODGE)
        answer(game, Pass())
        assert hp(game, 1) == 3 and hp(game, 2) == 3, element
        assert any(f"1 {element} damage" in line for line in game.log or [])


def test_crystal_heals_one_in_the_play_phase_and_rescues_anyone() -> None:
    """LBS-CARD-CRYSTAL (seed l.35-36): on oneself when wounded, +1 (never above max, not at
    full HP); on any dying character +1."""
    game = scenario("LP", hands={0: ["crystal", "crystal"], 1: []}, hp={0: 3, 1: 1})
    until(game, 0, Ask.PLAY)
    first = held(game, 0, "crystal")
    assert not game.is_legal(Use(first, (1,)))  # only on oneself in the play phase
    answer(game, Use(first, (0,)))
    assert hp(game, 0) == 4
    assert not game.is_legal(Use(held(game, 0, "crystal"), (0,)))  # full HP


def test_crystal_rescues_another_dying_character() -> None:
    """LBS-CARD-CRYSTAL / LBS-HP-5 (seed l.36): 晶 on any dying character."""
    game = scenario("LGP", hands={0: ["kill"], 1: ["crystal"]}, hp={2: 1}, top=["dodge", "dodge"])
    play(game, 0, Use(held(game, 0, "kill"), (2,)))  # the Lord attacks the pirate at 1 HP
    until(game, 2, Ask.DODGE)
    answer(game, Pass())
    request = until(game, 1, Ask.RESCUE)
    assert request.target == 2
    answer(game, Use(held(game, 1, "crystal"), (2,)))
    assert hp(game, 2) == 1 and game.table.seats[2].alive


def test_charge_adds_one_to_the_next_kill_that_deals_damage_once_per_turn() -> None:
    """LBS-CARD-CHARGE (seed l.38): +1 on the next 殺 that deals damage this turn; once per
    turn; LBS-OPEN-9: a blocked 殺 does not spend it."""
    game = scenario(
        "LP",
        hands={0: ["charge", "charge", "kill", "kill"], 1: ["dodge"]},
        equipment={0: ["gatling"]},
    )
    play(game, 0, Use(held(game, 0, "charge"), (0,)))
    until(game, 0, Ask.PLAY)
    assert not game.is_legal(Use(held(game, 0, "charge"), (0,)))  # once per turn
    answer(game, Use(held(game, 0, "kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Use(held(game, 1, "dodge")))  # blocked: the bonus waits
    assert game.table.charge_pending
    play(game, 0, Use(held(game, 0, "kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Pass())
    assert hp(game, 1) == 2 and not game.table.charge_pending


def test_charge_rescues_only_oneself() -> None:
    """LBS-CARD-CHARGE / LBS-HP-5 (seed l.39): 電 rescues only its user."""
    game = scenario("LGP", hands={0: ["kill"], 1: ["charge"], 2: ["charge"]}, hp={2: 1})
    play(game, 0, Use(held(game, 0, "kill"), (2,)))
    until(game, 2, Ask.DODGE)
    answer(game, Pass())
    until(game, 1, Ask.RESCUE)
    assert not game.is_legal(Use(held(game, 1, "charge"), (2,)))
    until(game, 2, Ask.RESCUE)
    answer(game, Use(held(game, 2, "charge"), (2,)))
    assert hp(game, 2) == 1


def test_blast_deals_two_shares_the_kill_limit_and_ignores_charge() -> None:
    """LBS-CARD-BLAST (seed l.41-42): in place of a 殺; 2 damage; one 殺/轟 per turn; 電 adds
    nothing to it (LBS-OPEN-9/11)."""
    game = scenario("LP", hands={0: ["charge", "blast", "kill"]})
    play(game, 0, Use(held(game, 0, "charge"), (0,)))
    play(game, 0, Use(held(game, 0, "blast"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Pass())
    assert hp(game, 1) == 2
    assert game.table.charge_pending  # 轟 neither gains nor spends it
    until(game, 0, Ask.PLAY)
    assert not game.is_legal(Use(held(game, 0, "kill"), (1,)))


def test_blast_answers_a_duel_as_a_kill() -> None:
    """LBS-CARD-BLAST / LBS-OPEN-11: 轟 counts as a 殺 without element in answers."""
    game = scenario("LP", hands={0: ["duel"], 1: ["blast"]})
    play(game, 0, Use(held(game, 0, "duel"), (1,)))
    until(game, 1, Ask.KILL)
    answer(game, Use(held(game, 1, "blast")))
    until(game, 0, Ask.KILL)
    answer(game, Pass())
    assert hp(game, 0) == 3


def test_riposte_stops_the_attack_then_strikes_back() -> None:
    """LBS-CARD-RIPOSTE (seed l.44): played as a 閃; then the attacker must 閃 or take 1
    damage; LBS-OPEN-12: the attacker may answer with a 還 in turn."""
    game = scenario("LP", hands={0: ["kill", "riposte"], 1: ["riposte"]})
    play(game, 0, Use(held(game, 0, "kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Use(held(game, 1, "riposte")))
    request = until(game, 0, Ask.DODGE)
    assert request.reason == "riposte" and request.source == 1
    answer(game, Use(held(game, 0, "riposte")))  # back again
    request = until(game, 1, Ask.DODGE)
    assert request.reason == "riposte" and request.source == 0
    answer(game, Pass())
    assert hp(game, 1) == 3 and hp(game, 0) == 4


def test_extra_voids_a_dodge_and_asks_for_another() -> None:
    """LBS-CARD-EXTRA (seed l.46): after the target's 閃, an 額 voids it; another 閃 is needed."""
    game = scenario("LP", hands={0: ["kill", "extra"], 1: ["dodge", "dodge"]})
    play(game, 0, Use(held(game, 0, "kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Use(held(game, 1, "dodge")))
    request = until(game, 0, Ask.EXTRA)
    assert request.target == 1
    answer(game, Use(held(game, 0, "extra")))
    until(game, 1, Ask.DODGE)
    answer(game, Use(held(game, 1, "dodge")))
    until(game, 0, Ask.PLAY)
    assert hp(game, 1) == 4 and not game.table.seats[1].hand


def test_etank_heals_two_capped_and_rescues_two() -> None:
    """LBS-CARD-ETANK (seed l.48-49): +2 on oneself (capped at max); +2 on a dying one."""
    game = scenario("LP", hands={0: ["e-tank", "e-tank"]}, hp={0: 3})
    play(game, 0, Use(held(game, 0, "e-tank"), (0,)))
    assert hp(game, 0) == 4  # never above max (LBS-HP-3)
    rescue = scenario("LGP", hands={0: ["kill"], 1: ["e-tank"]}, hp={2: 1})
    play(rescue, 0, Use(held(rescue, 0, "kill"), (2,)))
    until(rescue, 2, Ask.DODGE)
    answer(rescue, Pass())
    until(rescue, 1, Ask.RESCUE)
    answer(rescue, Use(held(rescue, 1, "e-tank"), (2,)))
    assert hp(rescue, 2) == 2


def test_minion_prevents_a_damage_and_nobody_else_can_discard_it() -> None:
    """LBS-CARD-MINION (seed l.51-52): laid on the HP card; discarding it prevents a damage;
    others cannot discard it (LBS-OPEN-13: 拆卸 never sees it; one per character)."""
    game = scenario(
        "LP",
        hands={0: ["kill", "dismantle"], 1: ["minion"]},
        arrange=lambda t: setattr(t.seats[1], "minion", t.seats[1].hand.pop()),
    )
    until(game, 0, Ask.PLAY)
    assert not game.is_legal(Use(held(game, 0, "dismantle"), (1,)))  # nothing it may take
    answer(game, Use(held(game, 0, "kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Pass())
    request = until(game, 1, Ask.OPTION, "minion")
    assert request.options == ("yes",)
    answer(game, YES)
    assert hp(game, 1) == 4 and game.table.seats[1].minion is None


def test_a_second_minion_cannot_be_laid() -> None:
    """LBS-CARD-MINION / LBS-OPEN-13: at most one 雜兵 per character."""
    game = scenario("LP", hands={0: ["minion", "minion"]})
    play(game, 0, Use(held(game, 0, "minion"), (0,)))
    until(game, 0, Ask.PLAY)
    assert not game.is_legal(Use(held(game, 0, "minion"), (0,)))
    assert not game.is_legal(Skill("minion"))
