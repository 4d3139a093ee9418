"""ambiguous-card: a card name must name one card (R-CON-10).

A translated name may be shared by different cards; such a reference must be
replaced by a card number.

Passes::

    main:
      BT01/008: 1

Fails (when two different cards share the English name "Sweets Girl")::

    main:
      Sweets Girl: 1
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.deck_rules import ambiguous_cards
from lalcheck.findings import Finding
from lalcheck.games.luck_and_logic.rules.context import CheckContext

ID = "ambiguous-card"
REFERENCE = "R-CON-10"
DESCRIPTION = "A card name in a deck must name exactly one card."


def check(context: CheckContext) -> Iterator[Finding]:
    return ambiguous_cards(context, ID, REFERENCE)
