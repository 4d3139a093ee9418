"""copy-limit: at most 4 cards with the same card name in the main deck (R-CON-2).

The card name is the identity: for members it is title and name together, and
different printings of one name count together. A logicalist set aside as My
Logicalist does not count (R-CON-9).

Passes::

    main:
      BT02/010: 2
      BT03/010: 2       # a reprint of the same name: 4 in all

Fails::

    main:
      BT02/010: 3
      BT03/010: 2       # 5 copies of one card name
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.deck_rules import over_copy_limit
from lalcheck.findings import Finding
from lalcheck.games.luck_and_logic.rules.context import CheckContext

ID = "copy-limit"
REFERENCE = "R-CON-2"
DESCRIPTION = "At most 4 copies of a card name (all printings together) in the main deck."


def check(context: CheckContext) -> Iterator[Finding]:
    return over_copy_limit(context, "main", context.regulation.max_copies, ID, REFERENCE)
