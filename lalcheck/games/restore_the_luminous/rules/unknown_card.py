"""unknown-card: every card must be a card of the card database (RTL-CHECK-1).

A reference is a card number or an exact card name in any language the
database holds. Unknown references come with "did you mean" suggestions.

Passes::

    main:
      RL01/R01: 3

Fails::

    main:
      RL01/R1: 3        # did you mean RL01/R01?
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.deck_rules import unknown_cards
from lalcheck.findings import Finding
from lalcheck.games.restore_the_luminous.rules.context import CheckContext

ID = "unknown-card"
REFERENCE = "RTL-CHECK-1"
DESCRIPTION = "Every card must exist in the card database."


def check(context: CheckContext) -> Iterator[Finding]:
    return unknown_cards(context, ID, REFERENCE)
