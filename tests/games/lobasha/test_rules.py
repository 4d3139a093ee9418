"""Roles, setup, turns, distance, gender, HP, dying, death, winning, states and terms
(seed §1-§5 and §10, l.1-25, l.185-197)."""

from __future__ import annotations

from collections import Counter

import pytest

from lalcheck.games.lobasha.characters import Gender, gender_is, opposite_gender
from lalcheck.games.lobasha.engine import (
    Ask,
    Choose,
    EndReason,
    Game,
    Pass,
    Phase,
    Pick,
    Setup,
    Side,
    Use,
)
from lalcheck.games.lobasha.setups import ROLES, Role

from .helpers import (
    HALF,
    answer,
    hand_kinds,
    held,
    hp,
    pass_rescues,
    play,
    scenario,
    scenario_data,
    skip_to,
    until,
)

# -- roles and setup (§1) -------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 13))
def test_roles_are_dealt_from_the_table_and_only_the_lord_is_shown(players: int) -> None:
    """LBS-ROLE-1 (seed l.3), LBS-ROLE-3 (seed l.8), LBS-ROLE-6 / LBS-OPEN-1: the role mix is
    data; one Lord, shown to all; the other roles are known only to their holders."""
    game = Game.new(players, Setup(scenario_data()), seed=players)
    while game.request is not None and game.request.ask is Ask.CHARACTER:
        answer(game, Choose(game.request.options[0]))
    table = game.table
    mix = scenario_data().rules.mix(players)
    assert Counter(s.role for s in table.seats) == Counter(mix.roles())
    assert set(mix.roles()) <= set(ROLES)
    lord = table.lord.index
    for seat in range(players):
        view = game.view(seat)
        for other in range(players):
            expected = table.seats[other].role if other in (seat, lord) else None
            assert view.known_role(other) == expected


def test_the_role_mix_of_every_table_size() -> None:
    """LBS-ROLE-6 / LBS-OPEN-1: the table of setups.yaml, and its two-Ancient variant."""
    setups = scenario_data().rules
    assert setups.mix(5).counts == {Role.LORD: 1, Role.GUARD: 1, Role.PIRATE: 2, Role.ANCIENT: 1}
    assert setups.mix(12, two_ancients=True).counts[Role.ANCIENT] == 2
    assert setups.mix(7, two_ancients=True) == setups.mix(7)
    with pytest.raises(ValueError, match="2 to 12"):
        Game.new(13, Setup(scenario_data()), seed=0)
    with pytest.raises(ValueError, match="2 to 12"):
        Game.new(1, Setup(scenario_data()), seed=0)


@pytest.mark.parametrize(("players", "bonus"), [(4, 0), (5, 1), (10, 1), (11, 2), (12, 2)])
def test_the_lord_gains_max_hp_at_five_and_eleven_players(players: int, bonus: int) -> None:
    """LBS-ROLE-5 (seed l.11) / LBS-SET-3 / LBS-HP-1: +1 from 5 players, +2 from 11."""
    roles = "L" + "P" * (players - 1)
    game = scenario(roles)
    lord = game.table.seats[0]
    assert lord.max_hp == lord.hp == (4 + bonus) * HALF
    assert game.table.seats[1].hp == game.table.seats[1].max_hp == 4 * HALF


def test_character_selection_lord_first_from_the_candidates_then_secret_offers() -> None:
    """LBS-SET-3 / LBS-OPEN-2: the Lord chooses first among the lord candidates and two more;
    then each other player from its own offer; no character twice."""
    game = Game.new(5, Setup.bundled(), seed=3)
    request = game.request
    assert request is not None and request.ask is Ask.CHARACTER
    lord = game.table.roles.index(Role.LORD)
    assert request.seat == lord
    assert {"blue-star", "crimson"} <= set(request.options) and len(request.options) == 4
    chosen = []
    while game.request is not None and game.request.ask is Ask.CHARACTER:
        option = game.request.options[-1]
        chosen.append(option)
        answer(game, Choose(option))
    assert len(set(chosen)) == 5 == len(chosen)


def test_each_player_gets_four_cards_and_the_lord_starts() -> None:
    """LBS-SET-1 (seed l.14), LBS-SET-2: 4 cards each; the Lord's turn first, then the next."""
    roles = (Role.PIRATE, Role.LORD, Role.GUARD, Role.ANCIENT)
    game = Game.new(4, Setup(scenario_data(), roles=roles, characters=("plain-male",) * 4), seed=1)
    table = game.table
    assert table.current == 1 and table.phase is Phase.PLAY
    assert [len(s.hand) for s in table.seats] == [4, 6, 4, 4]  # the Lord drew 2 already
    answer(game, Pass())
    assert skip_to(game, lambda r: r.ask is Ask.PLAY).seat == 2


# -- turns (§2) ---------------------------------------------------------------------------


def test_a_turn_draws_two_then_plays_then_discards_to_hp() -> None:
    """LBS-TURN-1 (seed l.15), LBS-TURN-3 (seed l.17), LBS-TURN-4 (seed l.18), LBS-TURN-5
    (seed l.19): draw 2, play, then discard down to current HP."""
    game = scenario("LP", hands={0: ["dodge"] * 3}, hp={0: 2})
    assert len(game.table.seats[0].hand) == 5
    answer(game, Pass())
    request = until(game, 0, Ask.DISCARD)
    assert request.count == 3 and not request.optional
    for _ in range(3):
        until(game, 0, Ask.DISCARD)
        answer(game, Pick(game.table.seats[0].hand[0]))
    assert len(game.table.seats[0].hand) == 2
    assert skip_to(game, lambda r: r.ask is Ask.PLAY).seat == 1


def test_half_points_count_down_for_the_hand_limit() -> None:
    """LBS-TURN-5 / LBS-OPEN-8: hand limit is whole HP: 2.5 HP keeps 2 cards."""
    game = scenario("LP", hp={0: 2.5})
    assert game.table.hand_limit(0) == 2


def test_a_flipped_character_skips_its_turn_and_turns_back() -> None:
    """LBS-TURN-6 (seed l.196), LBS-STATE-3, LBS-TERM-FLIP (seed l.191)."""
    game = scenario("LPA", flipped=(1,))
    answer(game, Pass())
    request = skip_to(game, lambda r: r.ask is Ask.PLAY)
    assert request.seat == 2 and not game.table.seats[1].flipped


# -- distance (§3) --------------------------------------------------------------------------


def test_distance_is_seats_apart_the_shorter_way_and_the_dead_do_not_count() -> None:
    """LBS-DIST-1 (seed l.20): neighbours 1, first and third of three 2, the shorter way."""
    game = scenario("LGPAGP")
    table = game.table
    assert [table.distance(0, s) for s in range(1, 6)] == [1, 2, 3, 2, 1]
    table.seats[1].alive = False
    assert table.distance(0, 2) == 1 and table.distance(0, 3) == 2


def test_equipment_changes_distance_without_choice() -> None:
    """LBS-DIST-2 (seed l.21): distance changes from equipment always apply."""
    game = scenario("LGPA", equipment={1: ["fred"], 0: ["fokewolf"]})
    assert game.table.distance(0, 1) == 1 and game.table.distance(2, 1) == 2


# -- gender (§5) ------------------------------------------------------------------------------


def test_genders_and_the_opposite_sex() -> None:
    """LBS-GENDER-1 (seed l.25): three genders; LBS-GENDER-2: genderless is opposite to
    everyone; LBS-GENDER-3: asking for a male or female never takes a genderless one."""
    assert {g.value for g in Gender} == {"male", "female", "genderless"}
    assert opposite_gender(Gender.MALE, Gender.FEMALE)
    assert not opposite_gender(Gender.MALE, Gender.MALE)
    assert opposite_gender(Gender.GENDERLESS, Gender.MALE)
    assert opposite_gender(Gender.GENDERLESS, Gender.GENDERLESS)
    assert not gender_is(Gender.GENDERLESS, Gender.MALE)
    assert gender_is(Gender.FEMALE, Gender.FEMALE)


# -- health, dying and death (§4) --------------------------------------------------------------


def test_dying_asks_everyone_from_the_current_player_then_death() -> None:
    """LBS-HP-2 (seed l.23): at 0 HP or less, from the current player each in turn may
    rescue; without it the character dies and leaves the game (LBS-ROLE-4: role shown)."""
    game = scenario("LGPA", hands={0: ["kill"]}, hp={1: 1})
    play(game, 0, Use(held(game, 0, "kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Pass())
    asked = []
    while game.request is not None and game.request.ask is Ask.RESCUE:
        asked.append(game.request.seat)
        answer(game, Pass())
    assert asked == [0, 1, 2, 3]
    seat = game.table.seats[1]
    assert not seat.alive and seat.revealed and game.view(2).known_role(1) is Role.GUARD
    assert game.table.distance(0, 2) == 1  # out of the game


def test_rescue_stops_as_soon_as_hp_is_above_zero() -> None:
    """LBS-HP-2 (seed l.23): the procedure stops once HP is above 0 (½ is enough)."""
    game = scenario("LGPA", hands={0: ["kill"], 2: ["crystal", "crystal"]}, hp={1: 0.5})
    play(game, 0, Use(held(game, 0, "kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Pass())
    until(game, 2, Ask.RESCUE)
    answer(game, Use(held(game, 2, "crystal"), (1,)))
    assert skip_to(game, lambda r: r.ask is not Ask.RESCUE).ask is Ask.PLAY
    assert hp(game, 1) == 0.5


def test_losing_hp_is_not_damage() -> None:
    """LBS-HP-4 / LBS-TERM-LOSEHP (seed l.193): no 雜兵, no chain, no damage effects."""
    game = scenario(
        "LPA",
        hands={0: ["delete"], 1: ["minion"]},
        chained=(1, 2),
        arrange=lambda t: setattr(t.seats[1], "minion", t.seats[1].hand.pop()),
    )
    play(game, 0, Use(held(game, 0, "delete"), (1,), mode="lose-hp"))
    until(game, 0, Ask.PLAY)
    assert hp(game, 1) == 3 and hp(game, 2) == 4 and game.table.seats[1].minion is not None


def test_rescue_cards() -> None:
    """LBS-HP-5 (seed l.36, l.39, l.49, l.93): 晶, E罐 and 速食麵 on anyone dying, 電 on
    oneself; 水晶礦脈 never."""
    game = scenario(
        "LGP",
        hands={0: ["kill"], 1: ["crystal", "e-tank", "instant-noodles", "charge", "crystal-vein"]},
        hp={2: 1},
    )
    play(game, 0, Use(held(game, 0, "kill"), (2,)))
    until(game, 2, Ask.DODGE)
    answer(game, Pass())
    until(game, 1, Ask.RESCUE)
    legal = set(game.legal_actions())
    kinds = {game.table.kind(a.card).id for a in legal if isinstance(a, Use)}
    assert kinds == {"crystal", "e-tank", "instant-noodles"}


# -- killers' rewards and penalties (§1) ----------------------------------------------------


def test_killing_a_pirate_draws_three() -> None:
    """LBS-KILL-2 (seed l.10): whoever kills a Sky Pirate draws 3 (LBS-OPEN-5: the source)."""
    game = scenario("LGPP", hands={1: ["kill"]}, hp={2: 1})
    answer(game, Pass())
    play(game, 1, Use(held(game, 1, "kill"), (2,)))
    until(game, 2, Ask.DODGE)
    answer(game, Pass())
    before = len(game.table.seats[1].hand)
    skip_to(game, lambda r: r.ask is Ask.PLAY)
    assert len(game.table.seats[1].hand) == before + 3
    assert game.table.deaths[0].killer == 1 and game.table.deaths[0].role is Role.PIRATE


def test_a_lord_who_kills_a_guard_discards_hand_and_equipment() -> None:
    """LBS-KILL-1 (seed l.10) / LBS-OPEN-31: hand and equipment, not the judgement area."""
    game = scenario(
        "LGPA", hands={0: ["kill", "dodge", "eden"]}, hp={1: 1}, equipment={0: ["fred"]}
    )
    play(game, 0, Use(held(game, 0, "eden"), (0,)))
    play(game, 0, Use(held(game, 0, "kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Pass())
    skip_to(game, lambda r: r.ask is not Ask.RESCUE)
    lord = game.table.seats[0]
    assert lord.hand == [] and lord.equipment == {} and len(lord.judgement) == 1


def test_a_natural_disaster_has_no_killer() -> None:
    """LBS-OPEN-5: 伊甸's damage has no source: no killer, no reward for anyone."""
    game = scenario(
        "LGPP", judgement={2: ["eden"]}, hp={2: 2}, top=["dodge"] * 4 + ["thunder-kill:spade:5"]
    )
    answer(game, Pass())
    skip_to(game, lambda r: r.ask is Ask.PLAY and r.seat == 1)
    answer(game, Pass())
    skip_to(game, lambda r: r.ask is Ask.PLAY and r.seat == 3)
    death = game.table.deaths[0]
    assert death.seat == 2 and death.killer is None


# -- winning (§1) ------------------------------------------------------------------------------


def _kill_lord(roles: str, dead: tuple[int, ...]) -> Game:
    game = scenario(roles, hands={1: ["kill"]}, hp={0: 1})
    for seat in dead:
        game.table.seats[seat].alive = False
    answer(game, Pass())
    play(game, 1, Use(held(game, 1, "kill"), (0,)))
    until(game, 0, Ask.DODGE)
    answer(game, Pass())
    pass_rescues(game)
    return game


def test_the_ancients_win_when_the_lord_dies_with_only_ancients_left() -> None:
    """LBS-WIN-1 (seed l.12) / LBS-OPEN-3: only Ancients alive: the (living) Ancients win
    (LBS-ROLE-2, seed l.7: the Ancient outlasts everyone)."""
    game = scenario("LA", hands={1: ["kill"]}, hp={0: 1})
    answer(game, Pass())
    play(game, 1, Use(held(game, 1, "kill"), (0,)))
    until(game, 0, Ask.DODGE)
    answer(game, Pass())
    pass_rescues(game)
    assert game.outcome is not None and game.outcome.winner is Side.ANCIENTS
    assert game.outcome.winners == (1,)


def test_the_pirates_win_when_the_lord_dies_with_anyone_else_alive() -> None:
    """LBS-WIN-1 (seed l.12) / LBS-OPEN-3: a Guard or a Pirate alive: the Pirates win, dead
    Pirates included."""
    game = _kill_lord("LAGP", dead=(3,))
    assert game.outcome is not None and game.outcome.winner is Side.PIRATES
    assert game.outcome.winners == (3,) and game.outcome.reason is EndReason.LORD_DIED


def test_the_lord_and_guards_win_once_pirates_and_ancients_are_dead() -> None:
    """LBS-WIN-2 (seed l.13) / LBS-OPEN-3: dead Guards share the win (LBS-ROLE-2, seed
    l.4-5: the Lord and its Guards wipe out Pirates and Ancients)."""
    game = scenario("LGPA", hands={0: ["kill"]}, hp={1: 1, 3: 1})
    game.table.seats[2].alive = False
    game.table.seats[1].alive = False
    play(game, 0, Use(held(game, 0, "kill"), (3,)))
    until(game, 3, Ask.DODGE)
    answer(game, Pass())
    pass_rescues(game)
    assert game.outcome is not None and game.outcome.winner is Side.LORD
    assert game.outcome.winners == (0, 1)


# -- states (§10) ------------------------------------------------------------------------------


def test_characters_start_upright_and_face_up() -> None:
    """LBS-STATE-1 (seed l.194)."""
    game = scenario("LGPA")
    assert not any(s.chained or s.flipped for s in game.table.seats)


def test_chain_spreads_elemental_damage_from_the_current_player_and_unchains() -> None:
    """LBS-STATE-2 (seed l.195): every chained character takes the same damage, in turn
    from the current player, and is set upright; damage without element does not spread."""
    game = scenario(
        "LGPA", hands={0: ["thunder-kill", "kill"]}, chained=(0, 1, 3), equipment={0: ["gatling"]}
    )
    play(game, 0, Use(held(game, 0, "thunder-kill"), (3,)))
    until(game, 3, Ask.DODGE)
    answer(game, Pass())
    until(game, 0, Ask.PLAY)
    assert [hp(game, s) for s in range(4)] == [3, 3, 4, 3]
    assert not any(s.chained for s in game.table.seats)
    lines = [line for line in game.log or [] if "chain carries" in line]
    assert lines[0].startswith("the chain carries the damage to 0:")
    plain = scenario("LGPA", hands={0: ["kill"]}, chained=(1, 3))
    play(plain, 0, Use(held(plain, 0, "kill"), (3,)))
    until(plain, 3, Ask.DODGE)
    answer(plain, Pass())
    until(plain, 0, Ask.PLAY)
    assert hp(plain, 1) == 4 and plain.table.seats[3].chained


def test_chained_and_flipped_together() -> None:
    """LBS-STATE-4 (seed l.197): both states at once."""
    game = scenario("LPA", chained=(1,), flipped=(1,))
    seat = game.table.seats[1]
    assert seat.chained and seat.flipped
    answer(game, Pass())
    skip_to(game, lambda r: r.ask is Ask.PLAY)
    assert seat.chained and not seat.flipped


def test_a_judgement_turns_up_the_top_card_and_discards_it() -> None:
    """LBS-TERM-JUDGE (seed l.189): the top card decides, then goes to the discard pile."""
    game = scenario("LP", judgement={0: ["paralysis-shock"]}, top=["dodge:heart:13"])
    skip_to(game, lambda r: r.ask is Ask.PLAY)
    table = game.table
    judged = [e for e in table.discard if table.card(e).kind.id == "dodge"]
    assert judged and table.phase is Phase.PLAY


def test_a_minion_choice_is_asked_only_when_damage_remains() -> None:
    """LBS-CARD-MINION with LBS-OPEN-8: prevented damage asks nothing."""
    game = scenario(
        "LP",
        hands={0: ["kill"], 1: ["minion"]},
        equipment={1: ["fortress"]},
        arrange=lambda t: setattr(t.seats[1], "minion", t.seats[1].hand.pop()),
    )
    play(game, 0, Use(held(game, 0, "kill"), (1,)))
    assert skip_to(game, lambda r: r.reason == "minion" or r.ask is Ask.PLAY).ask is Ask.PLAY
    assert "kill" not in hand_kinds(game, 0)
