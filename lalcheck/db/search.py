"""Finding cards by text (exact and fuzzy, in every language) and by field."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from lalcheck.db.model import CardDatabase, fold, fuzzy_rank
from lalcheck.errors import UsageError
from lalcheck.games.base import GameCard, SearchField

#: The least fuzzy score (0-100) of a name match.
FUZZY_CUTOFF = 70.0
#: The score of a card whose number, name or text contains the search text.
EXACT = 100.0


def choice_field(
    name: str, attribute: str, choices: Iterable[Any], aliases: Mapping[str, Any], plural: str
) -> SearchField:
    """A field with named values (an enum): any case, width and spacing, or an alias."""
    values = list(choices)
    names = {fold(str(value)): value for value in values}
    names.update({fold(alias): value for alias, value in aliases.items()})

    def parse(text: str) -> Any:
        value = names.get(fold(text))
        if value is None:
            raise UsageError(
                f"unknown {name} {text!r}; {plural}: {', '.join(str(v) for v in values)}"
            )
        return value

    return SearchField(name, attribute, parse)


def number_field(name: str, attribute: str) -> SearchField:
    """A field holding a whole number."""

    def parse(text: str) -> int:
        if not text.strip().lstrip("-").isdigit():
            raise UsageError(f"--{name} must be a whole number, not {text!r}")
        return int(text)

    return SearchField(name, attribute, parse)


@dataclass(frozen=True, slots=True)
class CardFilter:
    """Field filters: card attribute -> the value it must have (none: every card)."""

    values: Mapping[str, Any] = field(default_factory=dict)
    set_code: str | None = None

    def accepts(self, card: GameCard) -> bool:
        """True when ``card`` passes every filter that is set."""
        return all(getattr(card, key, None) == value for key, value in self.values.items()) and (
            self.set_code is None or fold(card.set or "") == fold(self.set_code)
        )


def parse_filters(
    fields: Mapping[str, SearchField], options: Mapping[str, str | None], game: str
) -> dict[str, Any]:
    """The filters of search options (``{"world": "septpia"}``) on a game's fields;
    :class:`UsageError` for an option the game's cards do not have."""
    values: dict[str, Any] = {}
    for name, text in options.items():
        if text is None:
            continue
        found = fields.get(name)
        if found is None:
            raise UsageError(
                f"{game} cards have no {name}; filter on {', '.join(fields) or 'text only'}"
            )
        values[found.attribute] = found.parse(text)
    return values


@dataclass(frozen=True, slots=True)
class SearchHit:
    """A card found: an exact hit (score 100) when the text occurs in it, else a ``fuzzy``
    one whose score says how close a name came. ``matched`` is the name, in whichever
    language, that held or came close to the text (None when the number or card text
    held it)."""

    card: GameCard
    score: float
    matched: str | None = None
    fuzzy: bool = False


def words(text: str) -> str:
    """Case- and width-insensitive text with its word breaks kept (runs of spaces, the
    full-width one too, read as one): ``the liar`` never holds ``helia``."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def exact_hit(card: GameCard, text: str) -> SearchHit | None:
    """The hit of a card that holds ``text``: in its number (spaces ignored), in one of its
    names or in its text (word breaks kept); None when it does not."""
    needle = words(text)
    name = next((name for name in card.all_names if needle in words(name)), None)
    if name is not None:
        return SearchHit(card, EXACT, name)
    if fold(text) in fold(card.number) or needle in words(card.text or ""):
        return SearchHit(card, EXACT)
    return None


def _fuzzy_hits(cards: list[GameCard], text: str) -> list[SearchHit]:
    """The best fuzzy match of each card on any of its names, best first.

    Names are compared width-, case- and punctuation-insensitively, keeping word breaks:
    a query without a space never matches a stretch of a name across one (``helia`` is
    not ``the liar``).
    """
    from rapidfuzz import fuzz
    from rapidfuzz.utils import default_process  # imported late: slow to import

    def key(name: str) -> str:
        return default_process(unicodedata.normalize("NFKC", name))

    query = key(text)

    def across_a_space(name: str) -> bool:
        if " " in query or fuzz.ratio(query, name) >= FUZZY_CUTOFF:
            return False
        aligned = fuzz.partial_ratio_alignment(query, name)
        return aligned is not None and " " in name[aligned.dest_start : aligned.dest_end]

    names = [(name, card) for card in cards for name in card.all_names]
    keys = [key(name) for name, _ in names]
    best: dict[str, SearchHit] = {}
    for index, score in fuzzy_rank(query, keys, FUZZY_CUTOFF):
        name, card = names[index]
        if not across_a_space(keys[index]):
            best.setdefault(card.number, SearchHit(card, score, name, fuzzy=True))
    return list(best.values())


def search_cards(
    db: CardDatabase[GameCard],
    text: str = "",
    filters: CardFilter | None = None,
    *,
    fuzzy: bool = True,
    limit: int | None = None,
) -> list[SearchHit]:
    """Cards passing ``filters`` that match ``text`` (empty: all), best first.

    Cards containing the text (:func:`exact_hit`) come first, in database order; with
    ``fuzzy``, cards whose name in any language is close to the text follow. ``limit``
    keeps the first hits only.
    """
    filters = filters or CardFilter()
    candidates = [card for card in db if filters.accepts(card)]
    if not text:
        return [SearchHit(card, EXACT) for card in candidates][:limit]
    hits = [hit for card in candidates if (hit := exact_hit(card, text)) is not None]
    if fuzzy:
        found = {hit.card.number for hit in hits}
        hits += _fuzzy_hits([card for card in candidates if card.number not in found], text)
    return hits[:limit] if limit is not None else hits
