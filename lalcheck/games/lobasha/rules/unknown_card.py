"""unknown-card: every card of a pile must exist in the card database (LBS-KIND-1).

An entry names a card by its id (``kill``) or its exact name in any language
(``殺``, ``Kill``). Unknown names come with "did you mean" suggestions.

Passes::

    entries:
      - {card: kill, suit: spade, rank: 7}
      - {card: 閃, suit: heart, rank: 2}

Fails::

    entries:
      - {card: kil, suit: spade, rank: 7}     # did you mean kill?
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding
from lalcheck.games.base import FileCheck
from lalcheck.games.lobasha.rules.context import pile_entries, pile_finding

ID = "unknown-card"
REFERENCE = "LBS-KIND-1"
DESCRIPTION = "Every card of the pile exists in the card database."


def check(check: FileCheck) -> Iterator[Finding]:
    for entry, line in pile_entries(check):
        if entry.card is None:
            message = f"{line.item.where()}: {entry.resolution.problem()} ({REFERENCE})"
            yield pile_finding(ID, message, line, entry.reference)
