"""Restore the Luminous decks (contract §9): the sections of a deck file and the report counts.

A deck file names its leader (``leader:``, one card) apart from the main deck
(``main:``, card -> copies), RTL-DECK-3 and RTL-OPEN-1.
"""

from __future__ import annotations

from lalcheck.decks import DeckLayout
from lalcheck.games.base import Count, FileCheck
from lalcheck.games.restore_the_luminous.regulations import Regulation

#: Every section a deck may hold, in the order they are reported.
SECTIONS = ("leader", "main")

LAYOUT = DeckLayout(
    counted=("main",),
    single=("leader",),
    # No line of a real deck holds more copies of one card than the largest main deck.
    max_count=60,
    shape="a Restore the Luminous deck file must be a mapping with leader: and main: (contract §9)",
    example_card="RL01/R01",
    order=SECTIONS,
)

#: The keys of ``counts`` in the JSON report (contract §9).
COUNT_KEYS = ("main", "leader")


def report_counts(check: FileCheck) -> tuple[Count, ...]:
    """The main deck against the regulation's size range, and the leaders named (one)."""
    regulation: Regulation = check.regulation
    deck = check.deck
    return (
        Count("main", "main", deck.count("main"), f"{regulation.main_min}-{regulation.main_max}"),
        Count("leader", "leader", deck.count("leader"), "1"),
    )
