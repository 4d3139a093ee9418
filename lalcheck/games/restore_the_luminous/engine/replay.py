"""Replays (a game is its decks, seed and actions) and perft counts of action sequences."""

from __future__ import annotations

from collections.abc import Iterable

from lalcheck.games.restore_the_luminous.engine.actions import Action
from lalcheck.games.restore_the_luminous.engine.deck import DeckList
from lalcheck.games.restore_the_luminous.engine.rules import Game


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
    game = Game.new(deck_a, deck_b, seed, first_player, log=log)
    for action in actions:
        game.push_legal(action)
    return game


def perft(game: Game, depth: int) -> int:
    """The number of legal action sequences of length ``depth`` (or ending the game sooner)."""
    if depth == 0 or game.outcome is not None:
        return 1
    if depth == 1:
        return len(game.legal_actions())
    total = 0
    for action in game.legal_actions():
        child = game.copy()
        child.push(action)
        total += perft(child, depth - 1)
    return total
