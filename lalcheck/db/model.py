"""The card database: cards indexed by number and by every name they carry."""

from __future__ import annotations

import datetime as dt
import unicodedata
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from lalcheck.errors import UsageError
from lalcheck.games import DEFAULT_GAME
from lalcheck.games.base import GameCard
from lalcheck.wording import shown

#: The card type of a database: each game has its own (see :class:`GameCard`).
Card = TypeVar("Card", bound=GameCard, covariant=True)


@dataclass(frozen=True, slots=True)
class CardSet:
    """A product: its code, name and release date."""

    code: str
    name: str
    release: dt.date | None = None


@dataclass(frozen=True, slots=True)
class DatabaseInfo:
    """What identifies a loaded database in reports."""

    name: str
    version: str
    sha256: str
    source: str
    game: str = DEFAULT_GAME
    sample: bool = False
    notes: str | None = None


@dataclass(frozen=True, slots=True)
class Resolution(Generic[Card]):
    """The outcome of looking up a deck's card reference.

    ``card`` is set when the reference names exactly one card identity. When it
    is None, ``candidates`` holds one card of each identity an ambiguous
    reference matches (``ambiguous``), or the suggestions for an unknown one.
    """

    reference: str
    card: Card | None
    candidates: tuple[Card, ...] = ()
    ambiguous: bool = False
    #: True when no suggestions were looked for (past :data:`MAX_SUGGESTED` in a file).
    unsuggested: bool = False

    def problem(self) -> str:
        """Why the reference names no single card, with "did you mean" suggestions."""
        options = ", ".join(card.label() for card in self.candidates)
        reference = shown(self.reference)
        if self.ambiguous:
            return (
                f"{reference} names {len(self.candidates)} different cards: {options}; "
                "use the card number"
            )
        if options:
            return f"unknown card {reference}; did you mean {options}?"
        if self.unsuggested:
            return (
                f"unknown card {reference}; check the card number or name (no suggestions "
                f"past the first {MAX_SUGGESTED} unknown cards of a file)"
            )
        return f"unknown card {reference}; check the card number or name"


#: "Did you mean" suggestions are searched for the first this many unknown cards of
#: a file only: fuzzy matching thousands of unknown cards would take minutes.
MAX_SUGGESTED = 20
#: References longer than this get no fuzzy suggestions (no card name is that long).
MAX_SUGGESTED_LENGTH = 200


class SuggestionBudget(Generic[Card]):
    """Resolves the references of one file, suggesting for :data:`MAX_SUGGESTED` at most."""

    def __init__(self, db: CardDatabase[Card], limit: int = MAX_SUGGESTED) -> None:
        self.db = db
        self.left = limit

    def resolve(self, reference: str) -> Resolution[Card]:
        """:meth:`CardDatabase.resolve`, with suggestions while the budget lasts."""
        resolution = self.db.resolve(reference, suggest=self.left > 0)
        if resolution.card is None and not resolution.ambiguous and self.left > 0:
            self.left -= 1
        return resolution


def nfkc(text: str) -> str:
    """The NFKC form of a reference: composed kana, half-width digits and letters."""
    return unicodedata.normalize("NFKC", text)


def absent(value: object) -> bool:
    """A card field without a value: None or an empty collection (``""`` and 0 are values)."""
    return value is None or (not isinstance(value, str | int | float) and not value)


def fold(text: str) -> str:
    """Case-, width- and space-insensitive form of a number or name for suggestions."""
    return "".join(unicodedata.normalize("NFKC", text).casefold().split())


def fuzzy_rank(query: str, choices: Sequence[str], cutoff: float) -> list[tuple[int, float]]:
    """``(index, score)`` of the choices scoring at least ``cutoff`` (0-100), best first.

    The scorer is rapidfuzz's WRatio, which also scores partial matches, so a
    character name alone finds the full card name that carries it
    (``小玲`` -> ``スイーツ系女子小玲``). Ties keep the choices' order.
    """
    from rapidfuzz import fuzz, process  # imported late: only searches and typos need it

    ranked = process.extract(query, choices, scorer=fuzz.WRatio, score_cutoff=cutoff, limit=None)
    return sorted(((index, score) for _, score, index in ranked), key=lambda m: (-m[1], m[0]))


#: The least :func:`fuzzy_rank` score of a "did you mean" suggestion.
SUGGEST_CUTOFF = 70.0

#: Letters typed for digits in card numbers: ``BTO1/0O8`` is ``BT01/008``.
_DIGIT_LOOKALIKES = str.maketrans("oilz", "0112")


def fold_number(text: str) -> str:
    """:func:`fold` with look-alike letters read as digits, for card numbers."""
    return fold(text).translate(_DIGIT_LOOKALIKES)


class CardDatabase(Generic[Card]):
    """An immutable set of one game's cards with lookups by number, name and identity."""

    def __init__(self, info: DatabaseInfo, cards: Iterable[Card], sets: Iterable[CardSet] = ()):
        self.info = info
        self.cards: tuple[Card, ...] = tuple(cards)
        self.sets: dict[str, CardSet] = {card_set.code: card_set for card_set in sets}
        self._by_number = {card.number: card for card in self.cards}
        by_name: defaultdict[str, list[Card]] = defaultdict(list)
        for card in self.cards:
            for name in card.all_names:
                by_name[name].append(card)
        self._by_name = {
            name: tuple(sorted(cards, key=self._printing_order)) for name, cards in by_name.items()
        }
        self._folded: dict[str, list[Card]] | None = None
        self._numbers_folded: dict[str, Card] | None = None
        self._normalized: tuple[dict[str, Card | None], dict[str, tuple[Card, ...]]] | None = None

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, number: object) -> bool:
        return number in self._by_number

    def __getitem__(self, number: str) -> Card:
        return self._by_number[number]

    def get(self, number: str) -> Card | None:
        """The card with this number, or None."""
        return self._by_number.get(number)

    def set_code(self, code: str) -> str:
        """The database's spelling of a set code given in any case; UsageError if unknown."""
        codes = {*self.sets, *(card.set for card in self.cards if card.set)}
        found = {known.casefold(): known for known in codes}.get(code.strip().casefold())
        if found is None:
            raise UsageError(f"unknown set {code!r}; sets: {', '.join(sorted(codes))}")
        return found

    def release_date(self, card: GameCard) -> dt.date | None:
        """The card's own release date, else its set's."""
        if card.release is not None:
            return card.release
        card_set = self.sets.get(card.set) if card.set else None
        return card_set.release if card_set else None

    def _printing_order(self, card: GameCard) -> tuple[dt.date, str]:
        return (self.release_date(card) or dt.date.min, card.number)

    def printings(self, name: str) -> tuple[Card, ...]:
        """Every printing whose identity or translation is ``name``, earliest first."""
        return self._by_name.get(name, ())

    def identity_printings(self, card: GameCard) -> tuple[Card, ...]:
        """Every printing sharing ``card``'s identity (its card name)."""
        return tuple(c for c in self.printings(card.name) if c.name == card.name)

    def _normal_forms(self) -> tuple[dict[str, Card | None], dict[str, tuple[Card, ...]]]:
        """Numbers by their NFKC form in any case (None where two numbers share a form)
        and names by their NFKC form."""
        if self._normalized is None:
            numbers: dict[str, Card | None] = {}
            for card in self.cards:
                key = nfkc(card.number).casefold()
                numbers[key] = None if key in numbers else card
            names: defaultdict[str, list[Card]] = defaultdict(list)
            for name, cards in self._by_name.items():
                names[nfkc(name)].extend(cards)
            self._normalized = (
                numbers,
                {
                    key: tuple(
                        sorted({c.number: c for c in found}.values(), key=self._printing_order)
                    )
                    for key, found in names.items()
                },
            )
        return self._normalized

    def resolve(self, reference: str, *, suggest: bool = True) -> Resolution[Card]:
        """Look up a card number, or an exact card name in any language.

        A reference that matches nothing as written is looked up in NFKC form, so
        decomposed kana (NFD) and full-width card numbers resolve, and card numbers
        in any case (``bt01/012``). A name shared by
        several printings of one card resolves to the earliest printing: the copy
        limit counts the name, not the printing (R-CON-2). ``suggest=False`` skips
        the "did you mean" search for an unknown reference.
        """
        card = self._by_number.get(reference)
        if card is not None:
            return Resolution(reference, card)
        matches = self.printings(reference)
        if not matches:
            numbers, names = self._normal_forms()
            card = numbers.get(nfkc(reference).casefold())
            if card is not None:
                return Resolution(reference, card)
            matches = names.get(nfkc(reference), ())
        if not matches:
            if not suggest:
                return Resolution(reference, None, unsuggested=True)
            return Resolution(reference, None, tuple(self.suggest(reference)))
        identities = {c.name for c in matches}
        if len(identities) == 1:
            return Resolution(reference, matches[0])
        first_of_each: dict[str, Card] = {}
        for match in matches:
            first_of_each.setdefault(match.name, match)
        return Resolution(reference, None, tuple(first_of_each.values()), ambiguous=True)

    def suggest(self, reference: str, limit: int = 3) -> list[Card]:
        """Cards whose number or name is close to ``reference`` ("did you mean")."""
        if self._folded is None:
            folded: defaultdict[str, list[Card]] = defaultdict(list)
            for card in self.cards:
                for key in (card.number, *card.all_names):
                    folded[fold(key)].append(card)
            self._folded = dict(folded)
        if self._numbers_folded is None:
            self._numbers_folded = {fold_number(card.number): card for card in self.cards}
        key = fold(reference)
        found: dict[str, Card] = {}
        lookalike = self._numbers_folded.get(fold_number(reference))
        if lookalike is not None:
            found[lookalike.name] = lookalike
        for card in self._folded.get(key, ()):
            found.setdefault(card.name, card)
        if len(key) > MAX_SUGGESTED_LENGTH:
            return list(found.values())[:limit]
        keys = list(self._folded)
        for index, _ in fuzzy_rank(key, keys, SUGGEST_CUTOFF):
            if len(found) >= limit:
                break
            for card in self._folded[keys[index]]:  # the closest keys, to `limit` cards
                found.setdefault(card.name, card)
        return list(found.values())[:limit]
