"""How much of a card database its game's engine runs (``lalcheck db coverage``).

A card is structured when all of its text has a form the engine runs; what that
means is the game's (its :class:`~lalcheck.games.base.CoverageModel`). The
engines count the other cards as "not modelled" whenever they come up in a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from lalcheck.db.model import CardDatabase
from lalcheck.games import get_game
from lalcheck.games.base import GameCard


@dataclass(frozen=True, slots=True)
class Coverage:
    """A database's cards, how many are structured, the numbers of the others (in
    order), and what counts as structured in its game."""

    game: str
    cards: int
    structured: int
    unstructured: tuple[str, ...]
    basis: str

    @property
    def share(self) -> float:
        """Structured cards over all cards (1.0 for an empty database)."""
        return self.structured / self.cards if self.cards else 1.0


def database_coverage(db: CardDatabase[GameCard]) -> Coverage:
    """The coverage of a database, as its game measures it."""
    game = get_game(db.info.game)
    model = game.coverage
    if model is None:
        basis = f"{game.title} cards have no unstructured text: every card counts as structured"
        return Coverage(game.id, len(db), len(db), (), basis)
    unstructured = tuple(card.number for card in db if not model.structured(card))
    return Coverage(game.id, len(db), len(db) - len(unstructured), unstructured, model.basis)
