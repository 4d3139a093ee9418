"""Questions asked of a collection: which rows match, what decks still need, set completion."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lalcheck.collection.model import Holding
from lalcheck.db.model import CardDatabase
from lalcheck.db.search import CardFilter
from lalcheck.decks import Deck
from lalcheck.games.base import GameCard as Card


def filter_holdings(
    holdings: Iterable[Holding],
    db: CardDatabase[Card],
    *,
    set_code: str | None = None,
    values: Mapping[str, Any] | None = None,
) -> list[Holding]:
    """Rows whose card is in the set and has the field values given (card attribute ->
    value, see :class:`~lalcheck.db.search.CardFilter`).

    With any filter, rows of cards the database does not know are left out.
    Raises :class:`UsageError` for a set code the database does not know.
    """
    if set_code is None and not values:
        return list(holdings)
    wanted = db.set_code(set_code) if set_code is not None else None
    accepts = CardFilter(values or {}, wanted).accepts
    chosen = []
    for holding in holdings:
        card = db.get(holding.number)
        if card is not None and accepts(card):
            chosen.append(holding)
    return chosen


def owned_copies(holdings: Iterable[Holding]) -> Counter[str]:
    """Copies owned per card number, all details together."""
    owned: Counter[str] = Counter()
    for holding in holdings:
        owned[holding.number] += holding.quantity
    return owned


@dataclass(frozen=True, slots=True)
class MissingCard:
    """A card a deck needs more of: ``need`` copies, ``have`` owned."""

    number: str
    name: str
    need: int
    have: int

    @property
    def missing(self) -> int:
        return max(0, self.need - self.have)


@dataclass(frozen=True, slots=True)
class MissingReport:
    """What is missing to build ``deck`` (None: all the decks asked about, at once)."""

    cards: tuple[MissingCard, ...]
    deck: Deck[Card] | None = None

    @property
    def total_missing(self) -> int:
        return sum(card.missing for card in self.cards)


def _needs(decks: Iterable[Deck[Card]], exact: bool) -> dict[str, tuple[Card, int]]:
    """Copies needed per identity (per printing when ``exact``), in deck order."""
    needs: dict[str, tuple[Card, int]] = {}
    for deck in decks:
        for entry in deck.entries:
            if entry.card is None:
                continue
            key = entry.card.number if exact else entry.card.name
            first, count = needs.get(key, (entry.card, 0))
            needs[key] = (first, count + entry.count)
    return needs


def _missing(
    decks: Iterable[Deck[Card]], owned: Counter[str], db: CardDatabase[Card], exact: bool
) -> tuple[MissingCard, ...]:
    cards = []
    for card, need in _needs(decks, exact).values():
        printings = (card,) if exact else db.identity_printings(card)
        have = sum(owned[printing.number] for printing in printings)
        if need > have:
            cards.append(MissingCard(card.number, card.name, need, have))
    return tuple(cards)


def missing_cards(
    decks: Sequence[Deck[Card]],
    holdings: Iterable[Holding],
    db: CardDatabase[Card],
    *,
    together: bool = False,
    exact: bool = False,
) -> list[MissingReport]:
    """What each deck still needs (one report per deck), or all of them at once.

    A card counts by identity: every printing of its name that is owned counts
    (``exact``: only the printing the deck lists). ``together`` sums the decks'
    needs, for building them all at the same time; the report's ``deck`` is
    then None.
    """
    owned = owned_copies(holdings)
    if together:
        return [MissingReport(_missing(decks, owned, db, exact))]
    return [MissingReport(_missing([deck], owned, db, exact), deck) for deck in decks]


@dataclass(frozen=True, slots=True)
class SetStats:
    """How much of one set is owned: distinct printings and copies."""

    code: str
    name: str
    owned: int
    total: int
    copies: int

    @property
    def percent(self) -> float:
        """Completion: distinct printings owned out of the set's printings."""
        return 100.0 * self.owned / self.total if self.total else 0.0


@dataclass(frozen=True, slots=True)
class CollectionStats:
    """Per-set completion, the whole database, and cards the database does not know."""

    sets: tuple[SetStats, ...]
    all_sets: SetStats
    unknown_cards: int
    unknown_copies: int


def collection_stats(holdings: Iterable[Holding], db: CardDatabase[Card]) -> CollectionStats:
    """Owned distinct cards and copies by set, with completion against ``db``."""
    owned = owned_copies(holdings)
    by_set: dict[str, list[Card]] = {}
    for card in db:
        by_set.setdefault(card.set or "-", []).append(card)

    def stats(code: str, name: str, cards: Sequence[Card]) -> SetStats:
        held = [owned[card.number] for card in cards if owned[card.number]]
        return SetStats(code, name, len(held), len(cards), sum(held))

    def order(code: str) -> tuple[str, str]:
        card_set = db.sets.get(code)
        return (str(card_set.release) if card_set and card_set.release else "9999", code)

    sets = tuple(
        stats(code, db.sets[code].name if code in db.sets else "", by_set[code])
        for code in sorted(by_set, key=order)
    )
    unknown = {number: count for number, count in owned.items() if number not in db}
    return CollectionStats(
        sets,
        stats("all", db.info.name, db.cards),
        len(unknown),
        sum(unknown.values()),
    )
