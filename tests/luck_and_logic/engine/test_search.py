"""The search policy: determinized copies hide only what the player cannot see, its
candidates stay legal on them, and it plays whole games legally and reproducibly."""

from __future__ import annotations

import random
from collections import Counter

from lalcheck.games.luck_and_logic.engine import Source, Trance, play_game
from lalcheck.games.luck_and_logic.engine.search import SearchPolicy, carry, determinize

from .pool import FOREIGNER, LOGICALIST, TACTICS, TRANSUNION_2, field, make_deck
from .test_main_phase import hand_game


def trance_from_deck_game():
    """Player 0 at its main phase: a logicalist and a foreigner on the field, the
    transunion only in the deck (the hand's copy went to the drop zone)."""
    game = hand_game([TRANSUNION_2], [TACTICS, LOGICALIST], cost=2)
    field(game, 0, LOGICALIST, (1,))
    field(game, 0, FOREIGNER, (3, 4))
    state = game.players[0]
    state.hand.clear()
    state.drop.append(TRANSUNION_2)
    return game


def test_a_copy_deals_again_only_what_the_player_cannot_see() -> None:
    game = trance_from_deck_game()
    copy = determinize(game, 0, random.Random(3))
    me, them = game.players[0], game.players[1]
    mine, theirs = copy.players[0], copy.players[1]
    assert mine.level == me.level and mine.drop == me.drop
    assert [(m.card, m.circles) for m in mine.members()] == [
        (m.card, m.circles) for m in me.members()
    ]
    assert Counter(map(id, mine.deck)) == Counter(map(id, me.deck))
    assert mine.deck != me.deck  # its own deck order is unknown to it
    assert len(theirs.hand) == len(them.hand)
    seen = Counter(map(id, theirs.hand + theirs.deck))
    assert seen == Counter(map(id, them.hand + them.deck))
    assert game.players[0].deck == me.deck, "the game itself is untouched"


def test_a_trance_from_the_deck_names_the_same_card_on_the_copy() -> None:
    game = trance_from_deck_game()
    trance = next(
        a for a in game.legal_actions() if isinstance(a, Trance) and a.source is Source.DECK
    )
    for seed in range(5):
        copy = determinize(game, 0, random.Random(seed))
        carried = carry(trance, game, copy)
        assert isinstance(carried, Trance)
        assert copy.players[0].deck[carried.transunion] is TRANSUNION_2
        assert copy.is_legal(carried)


def test_search_plays_whole_games_legally_and_the_same_seed_gives_the_same_game() -> None:
    decks = (make_deck("a"), make_deck("b"))

    def record(seed: int):
        return play_game(*decks, (SearchPolicy(rollouts=1), SearchPolicy(rollouts=1)), seed)

    one, again = record(4), record(4)
    assert one.outcome is not None and one.outcome.winner is not None
    assert one.actions == again.actions
