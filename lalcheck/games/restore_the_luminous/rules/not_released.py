"""not-released: no card may come out after the date checked for (RTL-CHECK-2).

The date checked for is the deck's ``as_of``, else ``--as-of``, else today; a
card comes out on its own ``release`` date or, without one, its set's. A
reprint released later names the earlier printing to use instead.

Passes (as of 2026-01-01, the sample set out on 2025-06-01)::

    main:
      RL01/R01: 3

Fails (as of 2025-01-01)::

    main:
      RL01/R01: 3       # out on 2025-06-01 only
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
