"""What every game's deck-construction rules share.

A game's rules are modules, one per rule id (``ID``, ``REFERENCE``,
``DESCRIPTION``, a docstring with passing and failing examples, and
``check(context)`` yielding :class:`~lalcheck.findings.Finding` values; rules
never print). This module holds:

* :class:`CheckContext` — what a rule's ``check()`` sees: the resolved deck,
  the card database, the regulation in force and the date;
* helpers over a deck's entries (grouped by card identity, counted, quoted);
* the checks every game with a card database makes the same way, each
  parametrised by the calling rule's id and reference: syntax problems,
  unknown and ambiguous card references, cards not yet released, banned cards
  and the copy limit per card name across printings;
* :func:`run_rules`, the file kind's ``check`` over a game's rule registry.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from lalcheck.db.model import CardDatabase
from lalcheck.decks import Deck, DeckEntry
from lalcheck.findings import Finding, Severity
from lalcheck.games.base import DatedRegulation, FileCheck, GameCard, RuleInfo

Card = TypeVar("Card", bound=GameCard)
Regulation = TypeVar("Regulation", bound=DatedRegulation)


@dataclass(frozen=True, slots=True)
class Placed(Generic[Card]):
    """A deck entry whose card was found in the database."""

    entry: DeckEntry[Card]
    card: Card


@dataclass(frozen=True, slots=True)
class CheckContext(Generic[Card, Regulation]):
    """The input of a rule's ``check()``."""

    deck: Deck[Card]
    db: CardDatabase[Card]
    regulation: Regulation
    as_of: dt.date
    #: deck-syntax findings raised while choosing the regulation or date.
    setup_problems: tuple[Finding, ...] = ()
    _placed: dict[str, tuple[Placed[Card], ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        placed: defaultdict[str, list[Placed[Card]]] = defaultdict(list)
        for entry in self.deck.entries:
            if entry.card is not None:
                placed[entry.section].append(Placed(entry, entry.card))
        object.__setattr__(self, "_placed", {k: tuple(v) for k, v in placed.items()})

    def placed(self, section: str) -> tuple[Placed[Card], ...]:
        """The resolved entries of a section, in file order."""
        return self._placed.get(section, ())

    def section_line(self, section: str) -> int | None:
        """The line of a section's key, when the deck has that section."""
        return self.deck.file.section_lines.get(section)


class Rule(RuleInfo, Protocol):
    """What a rule module provides."""

    def check(self, context: Any) -> Iterator[Finding]: ...


def run_rules(rules: Mapping[str, Rule], check: FileCheck) -> Iterator[Finding]:
    """Every finding of every rule on a deck (a deck file kind's ``check``)."""
    context: CheckContext[Any, Any] = CheckContext(
        check.deck, check.db, check.regulation, check.as_of, check.setup_problems
    )
    for rule in rules.values():
        yield from rule.check(context)


# -- helpers over entries ---------------------------------------------------------------------


def quote(card: GameCard) -> str:
    """A card's name as messages show it: 「スイーツ系女子 小玲」."""
    return f"「{card.name}」"


def by_identity(placed: Iterable[Placed[Card]]) -> dict[str, list[Placed[Card]]]:
    """Group entries by card identity (the card name), in file order."""
    groups: defaultdict[str, list[Placed[Card]]] = defaultdict(list)
    for item in placed:
        groups[item.card.name].append(item)
    return dict(groups)


def numbers(placed: Iterable[Placed[Card]]) -> tuple[str, ...]:
    """The distinct card numbers of some entries, in order."""
    return tuple(dict.fromkeys(item.card.number for item in placed))


def copies(placed: Iterable[Placed[Card]]) -> int:
    """How many copies some entries add up to."""
    return sum(item.entry.count for item in placed)


def listed(context: CheckContext[Card, Any], number: str, section: str) -> list[Placed[Card]]:
    """Entries of a section that are the card a regulation lists by number.

    Any printing of that card's name matches, so a reprint cannot slip past a
    restriction or a ban.
    """
    card = context.db.get(number)
    return [
        item
        for item in context.placed(section)
        if item.card.number == number or (card is not None and item.card.name == card.name)
    ]


# -- the checks every game makes the same way -------------------------------------------------


def syntax_problems(context: CheckContext[Any, Any]) -> Iterator[Finding]:
    """The file's structural problems and those of choosing its regulation and date."""
    yield from context.deck.file.problems
    yield from context.setup_problems


def unknown_cards(context: CheckContext[Any, Any], rule: str, reference: str) -> Iterator[Finding]:
    """References that name no card, with "did you mean" suggestions."""
    for entry in context.deck.entries:
        resolution = entry.resolution
        if entry.card is not None or resolution.ambiguous:
            continue
        yield Finding(
            rule,
            Severity.ERROR,
            f"{resolution.problem()} ({reference})",
            entry.section,
            (entry.reference,),
            entry.line,
        )


def ambiguous_cards(
    context: CheckContext[Any, Any], rule: str, reference: str
) -> Iterator[Finding]:
    """Card names shared by different cards: the number must be written instead."""
    for entry in context.deck.entries:
        if not entry.resolution.ambiguous:
            continue
        yield Finding(
            rule,
            Severity.ERROR,
            f"{entry.resolution.problem()} ({reference})",
            entry.section,
            tuple(card.number for card in entry.resolution.candidates),
            entry.line,
        )


def unreleased_cards(
    context: CheckContext[Any, Any], rule: str, reference: str
) -> Iterator[Finding]:
    """Cards released after the date checked for, with the earlier printings to use."""
    for entry in context.deck.entries:
        card = entry.card
        if card is None:
            continue
        released = context.db.release_date(card)
        if released is None or released <= context.as_of:
            continue
        earlier = [
            printing.number
            for printing in context.db.identity_printings(card)
            if (context.db.release_date(printing) or released) <= context.as_of
        ]
        hint = f"; use the earlier printing {', '.join(earlier)}" if earlier else ""
        yield Finding(
            rule,
            Severity.ERROR,
            f"{card.number} {quote(card)} is released on {released}, after {context.as_of}"
            f"{hint} ({reference})",
            entry.section,
            (card.number,),
            entry.line,
        )


def banned_cards(
    context: CheckContext[Any, Any],
    banned: Iterable[str],
    sections: Iterable[str],
    rule: str,
    reference: str,
) -> Iterator[Finding]:
    """Every printing of a banned card, in any of ``sections``."""
    regulation = context.regulation
    for number in sorted(banned):
        for section in sections:
            for item in listed(context, number, section):
                yield Finding(
                    rule,
                    Severity.ERROR,
                    f"{quote(item.card)} is banned under regulation {regulation.id} ({reference})",
                    section,
                    (item.card.number,),
                    item.entry.line,
                )


def over_copy_limit(
    context: CheckContext[Any, Any], section: str, limit: int, rule: str, reference: str
) -> Iterator[Finding]:
    """Card names with more than ``limit`` copies in a section, all printings together; the
    message names every line of the card."""
    for group in by_identity(context.placed(section)).values():
        count = copies(group)
        if count <= limit:
            continue
        printings = numbers(group)
        across = f" across {', '.join(printings)}" if len(printings) > 1 else ""
        lines = sorted({placed.entry.line for placed in group})
        where = f" (lines {', '.join(map(str, lines))})" if len(lines) > 1 else ""
        yield Finding(
            rule,
            Severity.ERROR,
            f"{quote(group[0].card)}: {count} copies{across}{where}, at most {limit} allowed "
            f"({reference})",
            section,
            printings,
            group[0].entry.line,
        )
