"""Luck & Logic decks (contract §1): the sections of a deck file and the report counts."""

from __future__ import annotations

from dataclasses import dataclass

from lalcheck.decks import Deck, DeckLayout
from lalcheck.games.base import Count, FileCheck
from lalcheck.games.luck_and_logic.cards import Card, CardType
from lalcheck.games.luck_and_logic.regulations import Regulation

#: Sections that map card references to copies.
COUNTED_SECTIONS = ("main", "gates", "secret_tools")
#: Every section a deck may hold, in the order they are reported.
SECTIONS = (*COUNTED_SECTIONS, "my_logicalist")

LAYOUT = DeckLayout(
    counted=COUNTED_SECTIONS,
    single=("my_logicalist",),
    # No section of a real deck holds more copies of one card than a whole main deck.
    max_count=50,
    shape="a deck file must be a mapping with main: and gates: sections (contract §1)",
    example_card="BT01/008",
)


@dataclass(frozen=True, slots=True)
class DeckCounts:
    """Card counts of a deck's sections, as written."""

    main: int
    paradox: int
    gates: int
    secret_tools: int

    @classmethod
    def of(cls, deck: Deck[Card]) -> DeckCounts:
        paradox = sum(
            entry.count
            for entry in deck.section("main")
            if entry.card is not None and entry.card.type is CardType.PARADOX
        )
        return cls(deck.count("main"), paradox, deck.count("gates"), deck.count("secret_tools"))


#: The keys of ``counts`` in the JSON report (contract §5).
COUNT_KEYS = ("main", "paradox", "gates", "secret_tools")


def report_counts(check: FileCheck) -> tuple[Count, ...]:
    """The counts of contract §5, each next to what the regulation wants; the text
    report shows secret tools only when the deck has some and the regulation allows them."""
    counts = DeckCounts.of(check.deck)
    regulation: Regulation = check.regulation
    tools = regulation.secret_tools
    return (
        Count("main", "main", counts.main, str(regulation.main_size)),
        Count("paradox", "paradox", counts.paradox, str(regulation.paradox_count)),
        Count("gates", "gates", counts.gates, str(regulation.gate_size)),
        Count(
            "secret_tools",
            "secret tools",
            counts.secret_tools,
            str(tools.size) if tools else None,
            shown=bool(counts.secret_tools and tools),
        ),
    )
