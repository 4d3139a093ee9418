"""The sample characters' skills (data/lobasha/characters.yaml, invented) and the skill kinds,
factions and emblems of seed §10 (l.180-192)."""

from __future__ import annotations

from lalcheck.games.lobasha.characters import Faction, SkillKind
from lalcheck.games.lobasha.engine import Ask, Choose, Pass, Pick, Skill, Use
from lalcheck.games.lobasha.engine.actions import YES

from .helpers import (
    answer,
    hand_kinds,
    held,
    hp,
    play,
    scenario,
    scenario_data,
    skip_to,
    until,
)


def test_rally_lets_emblem_holders_dodge_for_the_lord() -> None:
    """LBS-SKILL-LORD (seed l.185) / LBS-CHAR-2 (seed l.183): 護島令 calls the blue emblem;
    each answering character in seat order may play a 閃 for the Lord."""
    game = scenario(
        "PLGA",
        ["plain-male", "blue-star", "plain-male", "plain-za"],
        hands={0: ["kill"], 2: ["dodge"], 3: ["dodge"]},
    )
    answer(game, Pass())
    skip_to(game, lambda r: r.ask is Ask.PLAY and r.seat == 2)
    answer(game, Pass())
    skip_to(game, lambda r: r.ask is Ask.PLAY and r.seat == 3)
    answer(game, Pass())
    play(game, 0, Use(held(game, 0, "kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Skill("rally"))
    request = game.request
    assert (
        request is not None and request.seat == 2 and request.reason == "rally"
    )  # 雜 (3) not asked
    answer(game, Use(held(game, 2, "dodge")))
    skip_to(game, lambda r: r.ask is Ask.PLAY)
    assert hp(game, 1) == 4 and "dodge" in hand_kinds(game, 3)


def test_a_lord_skill_does_nothing_for_a_non_lord_and_god_answers_every_emblem() -> None:
    """LBS-SKILL-LORD: only while the holder is the Island Lord; LBS-CHAR-1: 神 answers any
    emblem, 雜 none."""
    game = scenario("LP", ["plain-male", "blue-star"])
    assert not game.table.has_skill(1, "rally") and game.table.has_skill(1, "scout")
    data = scenario_data().characters
    assert data["plain-god"].answers_emblem("blue") and not data["plain-za"].answers_emblem("blue")
    assert data["plain-male"].answers_emblem("blue") and not data["plain-male"].answers_emblem(
        "red"
    )


def test_factions_and_emblems_of_the_sample_set() -> None:
    """LBS-CHAR-1 (seed l.182) / LBS-CHAR-2: 洛 carry emblems, 雜 none; every skill kind used."""
    characters = list(scenario_data().characters)
    assert {c.faction for c in characters} >= {Faction.LO, Faction.ZA, Faction.GOD}
    assert all(not c.emblems for c in characters if c.faction is Faction.ZA)
    kinds = {kind for c in characters for skill in c.skills for kind in skill.kinds}
    assert kinds == set(SkillKind)


def test_scout_is_locked_and_shortens_distance() -> None:
    """LBS-SKILL-LOCKED (seed l.186) / LBS-DIST-2 (seed l.21): 偵察 always applies."""
    game = scenario("PLGAG", ["plain-male", "blue-star", "plain-male", "plain-male", "plain-male"])
    assert game.table.distance(1, 3) == 1 and game.table.distance(3, 1) == 2


def test_reinforce_draws_one_more_per_red_emblem_at_most_two() -> None:
    """LBS-SKILL-LORD: 增援 (red emblem) adds to the Lord's draw (LBS-TURN-3)."""
    game = scenario(
        "LGPAP", ["crimson", "plain-female", "plain-female", "plain-female", "plain-male"]
    )
    assert len(game.table.seats[0].hand) == 2 + 2


def test_scavenge_draws_three() -> None:
    """LBS-TURN-3 (seed l.17): a skill changes the number drawn (拾荒, locked)."""
    game = scenario("LP", ["scavenger", "plain-male"])
    assert len(game.table.seats[0].hand) == 3


def test_overload_is_limited_to_once_per_game() -> None:
    """LBS-SKILL-LIMITED (seed l.187): 過載 deals thunder damage at distance 1, once a game."""
    game = scenario("LGPA", ["crimson", "plain-male", "plain-male", "plain-male"], chained=(1, 2))
    play(game, 0, Skill("overload"))
    until(game, 0, Ask.PLAY)
    assert [hp(game, s) for s in range(4)] == [4, 3, 3, 3]  # seat 2 via the chain
    assert not game.is_legal(Skill("overload"))


def test_insulated_lessens_thunder_damage() -> None:
    """LBS-SKILL-LOCKED / LBS-OPEN-8: 絕緣 -1 on thunder damage."""
    game = scenario("LP", ["plain-male", "ironguard"], hands={0: ["thunder-kill"]})
    play(game, 0, Use(held(game, 0, "thunder-kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Pass())
    until(game, 0, Ask.PLAY)
    assert hp(game, 1) == 4


def test_last_stand_rescues_once_per_game() -> None:
    """LBS-SKILL-LIMITED / LBS-HP-2: 背水 while dying: HP 2 and draw 2, once."""
    game = scenario("LP", ["plain-male", "unbroken"], hands={0: ["kill"]}, hp={1: 1})
    play(game, 0, Use(held(game, 0, "kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Pass())
    until(game, 1, Ask.RESCUE)
    answer(game, Skill("last-stand"))
    assert hp(game, 1) == 2 and len(game.table.seats[1].hand) == 2
    assert not game.table.has_skill(1, "last-stand")


def test_jam_point_duel_disables_skills_but_not_gene_skills() -> None:
    """LBS-TERM-POINTDUEL (seed l.190): face down, then compared; the initiator wins only
    higher. LBS-SKILL-GENE (seed l.188): 不滅核心 cannot be disabled."""
    game = scenario(
        "LPG",
        ["jammer", "ironguard", "core"],
        hands={
            0: ["kill:club:11", "dodge:diamond:2", "kill"],
            1: ["dodge:diamond:3"],
            2: ["kill:spade:7"],
        },
    )
    play(game, 0, Skill("jam", (1,)))
    request = until(game, 0, Ask.CARD, "point-duel")
    answer(game, Pick(held(game, 0, "kill")))
    request = until(game, 1, Ask.CARD, "point-duel")
    assert request.cards == tuple(game.table.seats[1].hand)
    assert game.view(1).card(game.table.processing[-1]) is None  # still face down
    answer(game, Pick(held(game, 1, "dodge")))
    assert not game.table.has_skill(1, "insulated")
    assert not game.is_legal(Skill("jam", (2,)))  # once per play phase
    lost = scenario(
        "LPG", ["jammer", "ironguard", "core"], hands={0: ["dodge:diamond:2"], 2: ["kill:spade:7"]}
    )
    play(lost, 0, Skill("jam", (2,)))
    until(lost, 0, Ask.CARD, "point-duel")
    answer(lost, Pick(held(lost, 0, "dodge")))
    until(lost, 2, Ask.CARD, "point-duel")
    answer(lost, Pick(held(lost, 2, "kill")))
    after = skip_to(lost, lambda r: r.ask in (Ask.PLAY, Ask.DISCARD))
    assert not (after.seat == 0 and after.ask is Ask.PLAY)  # a lost duel ends the play phase
    assert lost.table.has_skill(2, "core-frame")
    gene = lost.table.seats[2]
    gene.jammed = True
    assert lost.table.has_skill(2, "core-frame")  # gene: never disabled


def test_core_frame_hand_limit_is_max_hp() -> None:
    """LBS-SKILL-GENE / LBS-SKILL-LOCKED: 不滅核心's hand limit reads max HP."""
    game = scenario("LP", ["core", "plain-male"], hp={0: 1})
    assert game.table.hand_limit(0) == 3


def test_mimicry_copies_a_male_characters_skill_but_never_gene_limited_or_lord() -> None:
    """LBS-SKILL-GENE (seed l.188): gene skills are never copied; LBS-GENDER-3: a skill of a
    male character only, never a genderless one."""
    game = scenario("LGPAP", ["mimic", "ironguard", "scavenger", "jammer", "crimson"])
    request = until(game, 0, Ask.OPTION, "mimicry")
    assert set(request.options) == {"1:insulated", "3:jam"}
    answer(game, Choose("3:jam"))
    until(game, 0, Ask.PLAY)
    assert game.table.has_skill(0, "jam")


def test_rewrite_replaces_a_judgement_card() -> None:
    """LBS-TERM-JUDGE (seed l.189) / LBS-OPEN-27: the result can be changed: 改寫 puts a hand
    card in place of the judgement card."""
    game = scenario(
        "LP",
        ["plain-male", "rewriter"],
        judgement={0: ["paralysis-shock"]},
        hands={1: ["kill:spade"]},
        top=["dodge:heart"],
    )
    request = until(game, 1, Ask.JUDGEMENT)
    assert request.target == 0
    answer(game, Skill("rewrite", cards=(held(game, 1, "kill"),)))
    assert skip_to(game, lambda r: r.ask is Ask.PLAY).seat == 1  # the Lord lost its play phase


def test_cache_sets_cards_aside_and_takes_them_instead_of_drawing() -> None:
    """LBS-TERM-SETASIDE (seed l.192) / LBS-TURN-3: set-aside cards leave the hand; 囤積 may
    draw them instead of the pile."""
    game = scenario("LP", ["hoarder", "plain-male"], hands={0: ["dodge", "kill"]})
    answer(game, Pass())
    request = until(game, 0, Ask.CARD, "cache")
    answer(game, Pick(request.cards[0]))
    seat = game.table.seats[0]
    assert len(seat.aside) == 1 and game.view(1).aside_size(0) == 1
    assert game.view(1).card(seat.aside[0]) is None  # hidden from others
    until(game, 0, Ask.OPTION, "cache")
    answer(game, Choose("take"))
    assert seat.aside == [] and len(seat.hand) == 4


def test_hibernate_draws_two_and_flips() -> None:
    """LBS-TERM-FLIP (seed l.191) / LBS-STATE-3 (seed l.196): a skill flips its holder."""
    game = scenario("LP", ["sleeper", "plain-male"])
    answer(game, Pass())
    until(game, 0, Ask.OPTION, "hibernate")
    answer(game, YES)
    assert game.table.seats[0].flipped and len(game.table.seats[0].hand) == 4


def test_self_repair_judges_at_turn_start() -> None:
    """LBS-TURN-1 (seed l.15): a turn-start event before the judgement phase (自修, locked)."""
    game = scenario("LP", ["mender", "plain-male"], hp={0: 2}, top=["dodge:heart"])
    assert hp(game, 0) == 2.5 and game.table.phase.value == "play"


def test_purge_aims_at_lo_characters_only() -> None:
    """LBS-CHAR-1 (seed l.182): 雜 characters are immune to skills aimed at 洛 (清洗)."""
    game = scenario(
        "LGPA",
        ["purger", "plain-za", "plain-male", "plain-god"],
        hands={1: ["dodge"], 2: ["dodge"], 3: ["dodge"]},
    )
    until(game, 0, Ask.PLAY)
    assert not game.is_legal(Skill("purge", (1,))) and not game.is_legal(Skill("purge", (3,)))
    answer(game, Skill("purge", (2,)))
    until(game, 2, Ask.CARD, "purge")
    answer(game, Pick(held(game, 2, "dodge")))
    assert game.table.seats[2].hand == []
