"""Open points of the digest that play out only at the edges of a game: the piles
running out, the seat order, BOSS characters and the dead's cards. Each test names
its LBS-OPEN id and the seed line (seed 004) it settles."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from lalcheck.games.lobasha.characters import CharacterSet, Faction
from lalcheck.games.lobasha.data import GameData, bundled_data
from lalcheck.games.lobasha.engine import Ask, Choose, EndReason, Game, Pass, Setup, Use
from lalcheck.games.lobasha.engine import decisions as d
from lalcheck.games.lobasha.engine.state import Table
from lalcheck.games.lobasha.setups import Role

from .helpers import answer, held, pass_rescues, play, scenario, skip_to, until

RESHUFFLED = "the discard pile is shuffled into a new draw pile"


def _keep_on_top(count: int) -> Callable[[Table], None]:
    """An ``arrange`` that leaves only the top ``count`` cards in the draw pile (the
    rest leave the game, so the discard pile stays empty)."""

    def arrange(t: Table) -> None:
        del t.draw_pile[: len(t.draw_pile) - count]

    return arrange


def test_an_empty_draw_pile_takes_the_shuffled_discards() -> None:
    """LBS-OPEN-28 (seed l.17): the Lord's draw finds the pile empty and draws from the
    shuffled discards."""
    moved: list[int] = []

    def discard_everything(t: Table) -> None:
        moved.extend(t.draw_pile)
        t.discard.extend(t.draw_pile)
        t.draw_pile.clear()

    game = scenario("LP", arrange=discard_everything)
    t = game.table
    assert RESHUFFLED in (game.log or [])
    assert len(t.seats[0].hand) == 2 and set(t.seats[0].hand) <= set(moved)
    assert not t.discard and len(t.draw_pile) == len(moved) - 2


@pytest.mark.parametrize("reshuffle", [True, False])
def test_a_game_whose_piles_are_both_empty_is_drawn(
    monkeypatch: pytest.MonkeyPatch, reshuffle: bool
) -> None:
    """LBS-OPEN-28: no card to draw ends the game drawn, with no winner (without the
    reshuffle, as soon as the draw pile alone is empty)."""
    monkeypatch.setattr(d, "RESHUFFLE_DISCARDS", reshuffle)

    def arrange(t: Table) -> None:
        if reshuffle:
            t.draw_pile.clear()
        else:
            t.discard.extend(t.draw_pile)
            t.draw_pile.clear()

    game = scenario("LP", arrange=arrange)
    assert game.outcome is not None and game.request is None
    assert (game.outcome.winner, game.outcome.reason) == (None, EndReason.PILE_EXHAUSTED)


@pytest.mark.parametrize(("step", "order"), [(1, [0, 1, 2, 3]), (-1, [0, 3, 2, 1])])
def test_the_next_player_is_the_next_seat(
    monkeypatch: pytest.MonkeyPatch, step: int, order: list[int]
) -> None:
    """LBS-OPEN-29 (seed l.14): turns pass from seat i to seat i + 1 (下家)."""
    monkeypatch.setattr(d, "NEXT_SEAT", step)
    game = scenario("LGPA")
    seen: list[int] = []
    while len(seen) < 4:
        request = skip_to(game, lambda r: r.ask is Ask.PLAY and r.seat not in seen)
        seen.append(request.seat)
    assert seen == order


def test_boss_characters_are_never_offered() -> None:
    """LBS-OPEN-26 (seed l.182-184): the BOSS mode is out of scope, so a BOSS character in
    the character set is never among the offers, to the Lord or to anyone else."""
    data = bundled_data()
    sample = next(iter(data.characters))
    boss = dataclasses.replace(sample, id="test-boss", faction=Faction.BOSS, lord_candidate=True)
    characters = CharacterSet("with a boss", True, "", {**data.characters.entries, boss.id: boss})
    setup = Setup(GameData(data.cards, data.pile, characters, data.rules))
    for seed in range(20):
        game = Game.new(6, setup, seed)
        offered: set[str] = set()
        while game.request is not None and game.request.ask is Ask.CHARACTER:
            offered.update(game.request.options)
            answer(game, Choose(game.request.options[0]))
        assert offered and "test-boss" not in offered
        assert all(seat.character.id != "test-boss" for seat in game.table.seats)


@pytest.mark.parametrize("user_first", [True, False])
def test_chip_scatter_reshuffles_when_the_pile_runs_short_and_the_user_takes_first(
    monkeypatch: pytest.MonkeyPatch, user_first: bool
) -> None:
    """LBS-OPEN-30 (seed l.71): 晶片散落 turns up one card per living character, taking
    the shuffled discards when the pile runs short as a draw does; the user picks first."""
    monkeypatch.setattr(d, "CHIP_SCATTER_USER_FIRST", user_first)

    def short_pile(t: Table) -> None:  # the Lord's draw leaves one card
        t.discard.extend(t.draw_pile[:-3])
        del t.draw_pile[:-3]

    game = scenario("LPA", hands={0: ["chip-scatter"]}, arrange=short_pile)
    play(game, 0, Use(held(game, 0, "chip-scatter"), ()))
    request = skip_to(game, lambda r: r.ask is Ask.CARD and r.reason == "chip-scatter")
    assert RESHUFFLED in (game.log or [])
    assert len(request.cards) == 3
    assert request.seat == (0 if user_first else 1)


@pytest.mark.parametrize("after_rewards", [True, False])
def test_the_dead_discard_their_cards_after_the_reward(
    monkeypatch: pytest.MonkeyPatch, after_rewards: bool
) -> None:
    """LBS-OPEN-6 (seed l.23): a dead Sky Pirate's cards reach the discard pile after its
    killer's reward of 3 (LBS-KILL-2), so with both piles empty the reward cannot be
    drawn from them: the game is drawn. Discarded first, they would be drawn."""
    monkeypatch.setattr(d, "DEAD_CARDS_DISCARDED_AFTER_REWARDS", after_rewards)
    game = scenario(
        "LPA",
        hands={0: ["kill"], 1: ["dodge", "crystal", "dismantle"]},
        hp={1: 1},
        arrange=_keep_on_top(2),
    )
    pirate_cards = set(game.table.seats[1].hand)
    play(game, 0, Use(held(game, 0, "kill"), (1,)))
    until(game, 1, Ask.DODGE)
    answer(game, Pass())
    pass_rescues(game)
    dead = game.table.seats[1]
    assert not dead.alive and game.table.deaths[0].role is Role.PIRATE
    if after_rewards:
        assert game.outcome is not None and game.outcome.reason is EndReason.PILE_EXHAUSTED
    else:
        assert game.outcome is None and pirate_cards <= set(game.table.seats[0].hand)
