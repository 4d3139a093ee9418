"""Finding cards by text and by field."""

from __future__ import annotations

from lalcheck.cards import Card, CardType, Color, World
from lalcheck.db.model import CardDatabase, fold


def matches_text(card: Card, text: str) -> bool:
    """True when ``text`` occurs in the card's number, any of its names, or its text."""
    needle = fold(text)
    haystack = (card.number, *card.all_names, card.text or "")
    return any(needle in fold(value) for value in haystack)


def search_cards(
    db: CardDatabase,
    text: str = "",
    *,
    card_type: CardType | None = None,
    color: Color | None = None,
    world: World | None = None,
    level: int | None = None,
) -> list[Card]:
    """Cards matching ``text`` (empty: all) and every given field, in database order."""
    return [
        card
        for card in db
        if (card_type is None or card.type is card_type)
        and (color is None or card.color is color)
        and (world is None or card.world is world)
        and (level is None or card.level == level)
        and (not text or matches_text(card, text))
    ]
