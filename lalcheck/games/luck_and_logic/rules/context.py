"""What every rule sees: the resolved deck, the card database and the regulation."""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from lalcheck.db.model import CardDatabase
from lalcheck.decks import Deck, DeckEntry
from lalcheck.findings import Finding
from lalcheck.games.luck_and_logic.cards import Card
from lalcheck.games.luck_and_logic.decks import SECTIONS
from lalcheck.games.luck_and_logic.regulations import Regulation
from lalcheck.wording import plural


@dataclass(frozen=True, slots=True)
class Placed:
    """A deck entry whose card was found in the database."""

    entry: DeckEntry[Card]
    card: Card


@dataclass(frozen=True, slots=True)
class CheckContext:
    """The input of a rule's ``check()``."""

    deck: Deck[Card]
    db: CardDatabase[Card]
    regulation: Regulation
    as_of: dt.date
    #: deck-syntax findings raised while choosing the regulation or date.
    setup_problems: tuple[Finding, ...] = ()
    _placed: dict[str, tuple[Placed, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        placed = {
            section: tuple(Placed(e, e.card) for e in self.deck.section(section) if e.card)
            for section in SECTIONS
        }
        object.__setattr__(self, "_placed", placed)

    def placed(self, section: str) -> tuple[Placed, ...]:
        """The resolved entries of a section, in file order."""
        return self._placed[section]

    def section_line(self, section: str) -> int | None:
        """The line of a section's key, when the deck has that section."""
        return self.deck.file.section_lines.get(section)


def size_problem(what: str, size: int, wanted: int) -> str | None:
    """``the main deck has 49 cards; it must have exactly 50 (add 1)``, or None."""
    if size == wanted:
        return None
    change = f"remove {size - wanted}" if size > wanted else f"add {wanted - size}"
    return f"{what} has {plural(size, 'card')}; it must have exactly {wanted} ({change})"


def quote(card: Card) -> str:
    """A card's name as messages show it: 「スイーツ系女子 小玲」."""
    return f"「{card.name}」"


def by_identity(placed: Iterable[Placed]) -> dict[str, list[Placed]]:
    """Group entries by card identity (the card name, R-CON-2), in file order."""
    groups: defaultdict[str, list[Placed]] = defaultdict(list)
    for item in placed:
        groups[item.card.name].append(item)
    return dict(groups)


def numbers(placed: Iterable[Placed]) -> tuple[str, ...]:
    """The distinct card numbers of some entries, in order."""
    return tuple(dict.fromkeys(item.card.number for item in placed))


def copies(placed: Iterable[Placed]) -> int:
    """How many copies some entries add up to."""
    return sum(item.entry.count for item in placed)


def listed(context: CheckContext, number: str, section: str) -> list[Placed]:
    """Entries of a section that are the card a regulation lists by number.

    Any printing of that card's name matches (R-CON-2), so a reprint cannot
    slip past a restriction or a ban.
    """
    card = context.db.get(number)
    return [
        item
        for item in context.placed(section)
        if item.card.number == number or (card is not None and item.card.name == card.name)
    ]
