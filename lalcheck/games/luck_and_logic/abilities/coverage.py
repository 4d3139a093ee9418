"""What ``lalcheck db coverage`` counts as structured in a Luck & Logic database.

A card is structured when all of its text has a form in the ability language:
it has no ability text or paradox rule at all, or its ``effects`` (and the
abilities it gives as soul) stand for its text and a ``paradox_rule`` ability
for its paradox rule (:attr:`~lalcheck.games.luck_and_logic.cards.Card.has_unmodelled_text`).
The engine runs structured cards; the others are counted as "not modelled"
whenever they come up in a game.
"""

from __future__ import annotations

from lalcheck.games.base import CoverageModel
from lalcheck.games.luck_and_logic.cards import Card


def structured(card: Card) -> bool:
    """All of the card's text is in the ability language."""
    return not card.has_unmodelled_text


COVERAGE = CoverageModel(
    structured=structured,
    basis=(
        "all of its text is in the card-ability language (effects:, soul:, "
        "a paradox_rule ability for a paradox rule)"
    ),
)
