"""Finding cards by text (exact and fuzzy, in every language) and by field."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from lalcheck.db.model import CardDatabase, fold, fuzzy_rank
from lalcheck.games.luck_and_logic.cards import Card, CardType, Color, World

#: The least fuzzy score (0-100) of a name match.
FUZZY_CUTOFF = 70.0
#: The score of a card whose number, name or text contains the search text.
EXACT = 100.0


@dataclass(frozen=True, slots=True)
class CardFilter:
    """Field filters; None matches every card."""

    card_type: CardType | None = None
    color: Color | None = None
    world: World | None = None
    level: int | None = None
    cost: int | None = None
    set_code: str | None = None

    def accepts(self, card: Card) -> bool:
        """True when ``card`` passes every filter that is set."""
        return (
            (self.card_type is None or card.type is self.card_type)
            and (self.color is None or card.color is self.color)
            and (self.world is None or card.world is self.world)
            and (self.level is None or card.level == self.level)
            and (self.cost is None or card.cost == self.cost)
            and (self.set_code is None or fold(card.set or "") == fold(self.set_code))
        )


@dataclass(frozen=True, slots=True)
class SearchHit:
    """A card found: ``score`` 100 when the text occurs in it, lower for a fuzzy name match
    (``matched`` is then the name that matched)."""

    card: Card
    score: float
    matched: str | None = None


def matches_text(card: Card, text: str) -> bool:
    """True when ``text`` occurs in the card's number, any of its names, or its text."""
    needle = fold(text)
    haystack = (card.number, *card.all_names, card.text or "")
    return any(needle in fold(value) for value in haystack)


def _fuzzy_hits(cards: list[Card], text: str) -> list[SearchHit]:
    """The best fuzzy match of each card on any of its names, best first.

    Names are compared width-, case- and punctuation-insensitively, keeping word breaks.
    """
    from rapidfuzz.utils import default_process  # imported late: slow to import

    def key(name: str) -> str:
        return default_process(unicodedata.normalize("NFKC", name))

    names = [(name, card) for card in cards for name in card.all_names]
    best: dict[str, SearchHit] = {}
    for index, score in fuzzy_rank(key(text), [key(name) for name, _ in names], FUZZY_CUTOFF):
        name, card = names[index]
        best.setdefault(card.number, SearchHit(card, score, name))
    return list(best.values())


def search_cards(
    db: CardDatabase,
    text: str = "",
    filters: CardFilter | None = None,
    *,
    fuzzy: bool = True,
    limit: int | None = None,
) -> list[SearchHit]:
    """Cards passing ``filters`` that match ``text`` (empty: all), best first.

    Cards containing the text come first, in database order; with ``fuzzy``,
    cards whose name in any language is close to the text follow. ``limit``
    keeps the first hits only.
    """
    filters = filters or CardFilter()
    candidates = [card for card in db if filters.accepts(card)]
    hits = [SearchHit(card, EXACT) for card in candidates if not text or matches_text(card, text)]
    if text and fuzzy:
        found = {hit.card.number for hit in hits}
        hits += _fuzzy_hits([card for card in candidates if card.number not in found], text)
    return hits[:limit] if limit is not None else hits
