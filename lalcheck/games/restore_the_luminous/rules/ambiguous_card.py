"""ambiguous-card: a card name must name one card (RTL-CHECK-1).

A translated name may be shared by different cards; such a reference must be
replaced by a card number.

Passes::

    main:
      RL01/R01: 3

Fails (when two different cards share the Japanese name 「炎の斥候」)::

    main:
      炎の斥候: 3
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.deck_rules import ambiguous_cards
from lalcheck.findings import Finding
from lalcheck.games.restore_the_luminous.rules.context import CheckContext

ID = "ambiguous-card"
REFERENCE = "RTL-CHECK-1"
DESCRIPTION = "A card name in a deck must name exactly one card."


def check(context: CheckContext) -> Iterator[Finding]:
    return ambiguous_cards(context, ID, REFERENCE)
