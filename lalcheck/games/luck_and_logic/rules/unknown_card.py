"""unknown-card: every card must exist in the card database (R-CON-10).

A reference is a card number or an exact card name in any language the
database holds. Unknown references come with "did you mean" suggestions.

Passes::

    main:
      BT01/008: 1

Fails::

    main:
      BT01/08: 1        # did you mean BT01/008?
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.deck_rules import unknown_cards
from lalcheck.findings import Finding
from lalcheck.games.luck_and_logic.rules.context import CheckContext

ID = "unknown-card"
REFERENCE = "R-CON-10"
DESCRIPTION = "Every card must exist in the card database."


def check(context: CheckContext) -> Iterator[Finding]:
    return unknown_cards(context, ID, REFERENCE)
