"""What every rule sees: the resolved deck, the card database and the regulation
(the core's :class:`~lalcheck.deck_rules.CheckContext` with Luck & Logic's types)."""

from __future__ import annotations

from lalcheck import deck_rules
from lalcheck.deck_rules import by_identity, copies, listed, numbers, quote
from lalcheck.games.luck_and_logic.cards import Card
from lalcheck.games.luck_and_logic.regulations import Regulation
from lalcheck.wording import plural

#: A deck entry whose card was found in the database.
Placed = deck_rules.Placed[Card]
#: The input of a rule's ``check()``.
CheckContext = deck_rules.CheckContext[Card, Regulation]


def size_problem(what: str, size: int, wanted: int) -> str | None:
    """``the main deck has 49 cards; it must have exactly 50 (add 1)``, or None."""
    if size == wanted:
        return None
    change = f"remove {size - wanted}" if size > wanted else f"add {wanted - size}"
    return f"{what} has {plural(size, 'card')}; it must have exactly {wanted} ({change})"


__all__ = [
    "CheckContext",
    "Placed",
    "by_identity",
    "copies",
    "listed",
    "numbers",
    "quote",
    "size_problem",
]
