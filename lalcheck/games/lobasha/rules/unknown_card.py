"""unknown-card: every card of a pile must exist in the card database (LBS-KIND-1).

An entry names a card by its id (``kill``) or its exact name in any language
(``殺``, ``Kill``). Unknown names come with "did you mean" suggestions; a name
two cards share must be written as an id.

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

from lalcheck.deck_rules import ambiguous_cards, unknown_cards
from lalcheck.findings import Finding
from lalcheck.games.lobasha.rules.context import Context

ID = "unknown-card"
REFERENCE = "LBS-KIND-1"
DESCRIPTION = "Every card of the pile exists in the card database."


def check(context: Context) -> Iterator[Finding]:
    yield from unknown_cards(context, ID, REFERENCE)
    yield from ambiguous_cards(context, ID, REFERENCE)  # a name two cards share
