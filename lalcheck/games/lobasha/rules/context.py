"""What the 洛吧殺 file rules share: the content of the file checked, and findings."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol, TypeVar

from lalcheck.deck_rules import CheckContext
from lalcheck.decks import Deck, DeckEntry
from lalcheck.findings import Finding, Severity
from lalcheck.games.lobasha.cards import CardKind
from lalcheck.games.lobasha.files import (
    ENTRIES,
    CharacterContent,
    Item,
    PileContent,
    PileLine,
    SetupContent,
)
from lalcheck.games.lobasha.setups import TableRules

#: What a 洛吧殺 file rule's ``check()`` sees.
Context = CheckContext[CardKind, TableRules]
Content = TypeVar("Content", PileContent, CharacterContent, SetupContent)


class Checked(Protocol):
    """A checked file: a rule's context, or the file check report counts are made from."""

    @property
    def deck(self) -> Deck[Any]: ...


def content(check: Checked, kind: type[Content]) -> Content | None:
    """The file's content when it is of ``kind`` (None for an empty or unreadable file)."""
    found = check.deck.file.content
    return found if isinstance(found, kind) else None


def pile_entries(check: Checked) -> Iterator[tuple[DeckEntry[CardKind], PileLine]]:
    """Each pile entry with its card lookup, in file order."""
    pile = content(check, PileContent)
    if pile is not None:
        yield from zip(check.deck.entries, pile.entries, strict=True)


def placed(check: Checked) -> Iterator[tuple[CardKind, PileLine]]:
    """The pile entries whose card was found."""
    for entry, line in pile_entries(check):
        if entry.card is not None:
            yield entry.card, line


def finding(
    rule: str,
    message: str,
    line: int | None,
    *,
    severity: Severity = Severity.ERROR,
    cards: tuple[str, ...] = (),
    section: str | None = None,
) -> Finding:
    return Finding(rule, severity, message, section, cards, line)


def pile_finding(
    rule: str, message: str, line: PileLine, card: str, severity: Severity = Severity.ERROR
) -> Finding:
    """A finding on one pile entry."""
    return finding(
        rule, message, line.item.line(), severity=severity, cards=(card,), section=ENTRIES
    )


def title(item: Item) -> str:
    """``characters[2] (Blue Star)``: where a character or seat is, and who it is."""
    names = item.get("names")
    name = names.get("en") if isinstance(names, dict) else None
    identifier = item.get("id") or item.get("character")
    shown = name or identifier
    return f"{item.where()} ({shown})" if isinstance(shown, str) else item.where()


def characters(check: Checked) -> tuple[Item, ...]:
    """The characters of a character file (none for another file)."""
    found = content(check, CharacterContent)
    return found.characters if found is not None else ()


def not_a(value: object, what: str) -> str:
    """``no gender``, or ``'robot' is not a gender``."""
    return f"no {what}" if value is None else f"{value!r} is not a {what}"
