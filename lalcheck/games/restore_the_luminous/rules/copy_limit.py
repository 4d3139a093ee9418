"""copy-limit: at most 3 cards with the same card name in the main deck (RTL-DECK-2).

The card name is the identity: different printings of one name count
together. The limit comes from the regulation (``max_copies``).

Passes::

    main:
      RL01/R01: 2
      RL02/R01: 1       # a reprint of the same name: 3 in all

Fails::

    main:
      RL01/R01: 3
      RL02/R01: 1       # 4 copies of one card name
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.deck_rules import over_copy_limit
from lalcheck.findings import Finding
from lalcheck.games.restore_the_luminous.rules.context import CheckContext

ID = "copy-limit"
REFERENCE = "RTL-DECK-2"
DESCRIPTION = "At most 3 copies of a card name (all printings together) in the main deck."


def check(context: CheckContext) -> Iterator[Finding]:
    return over_copy_limit(context, "main", context.regulation.max_copies, ID, REFERENCE)
