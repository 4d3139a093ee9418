"""Replays (a game is its decks, seed and actions) and perft counts of action sequences."""

from __future__ import annotations

from collections.abc import Iterable

from lalcheck.games.restore_the_luminous.engine.actions import Action
from lalcheck.games.restore_the_luminous.engine.deck import DeckList
from lalcheck.games.restore_the_luminous.engine.rules import Game
from lalcheck.simulation import engine


def replay(
    deck_a: DeckList,
    deck_b: DeckList,
    seed: int,
    actions: Iterable[Action],
    first_player: int | None = None,
    *,
    log: bool = False,
) -> Game:
    """Set the game up again and push each action (checked), reproducing it exactly."""
    return engine.replay(Game.new(deck_a, deck_b, seed, first_player, log=log), actions)


perft = engine.perft
