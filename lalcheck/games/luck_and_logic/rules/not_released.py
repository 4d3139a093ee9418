"""not-released: every card must be released on the date the deck is checked for.

A card's release date is its own ``release`` or its set's. The date is the
deck's ``as_of``, ``--as-of``, or today.

Passes (as of 2017-10-01)::

    main:
      BT01/008: 1       # released 2016-01-28

Fails (as of 2016-06-01)::

    main:
      HBT01/S01: 1      # released 2017-09-01
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.deck_rules import unreleased_cards
from lalcheck.findings import Finding
from lalcheck.games.luck_and_logic.rules.context import CheckContext

ID = "not-released"
REFERENCE = "R-CON-10"
DESCRIPTION = "Every card must be released on the date the deck is checked for."


def check(context: CheckContext) -> Iterator[Finding]:
    return unreleased_cards(context, ID, REFERENCE)
