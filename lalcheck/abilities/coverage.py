"""How much of a card database the ability language covers (``lalcheck db coverage``).

A card is structured when all of its text has a structured form: it has no
ability text or paradox rule at all, or its ``effects`` (and the abilities it
gives as soul) stand for its text and a ``paradox_rule`` ability for its paradox
rule. The engine runs structured cards; the others are counted as "not
modelled" whenever they come up in a game.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from lalcheck.cards import Card


@dataclass(frozen=True, slots=True)
class Coverage:
    """Cards, how many are structured, and the numbers of the others (in order)."""

    cards: int
    structured: int
    unstructured: tuple[str, ...]

    @property
    def share(self) -> float:
        """Structured cards over all cards (1.0 for an empty database)."""
        return self.structured / self.cards if self.cards else 1.0


def coverage(cards: Iterable[Card]) -> Coverage:
    """The coverage of these cards."""
    total = 0
    unstructured = []
    for card in cards:
        total += 1
        if card.has_unmodelled_text:
            unstructured.append(card.number)
    return Coverage(total, total - len(unstructured), tuple(unstructured))
