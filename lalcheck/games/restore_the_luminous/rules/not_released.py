"""not-released: every card must be released on the date the deck is checked for
(RTL-CHECK-2).

A card's release date is its own ``release`` or its set's. The date is the
deck's ``as_of``, ``--as-of``, or today.

Passes (as of 2026-01-01)::

    main:
      RL01/R01: 3       # released 2025-06-01

Fails (as of 2025-01-01)::

    main:
      RL01/R01: 3       # released 2025-06-01
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.deck_rules import unreleased_cards
from lalcheck.findings import Finding
from lalcheck.games.restore_the_luminous.rules.context import CheckContext

ID = "not-released"
REFERENCE = "RTL-CHECK-2"
DESCRIPTION = "Every card must be released on the date the deck is checked for."


def check(context: CheckContext) -> Iterator[Finding]:
    return unreleased_cards(context, ID, REFERENCE)
