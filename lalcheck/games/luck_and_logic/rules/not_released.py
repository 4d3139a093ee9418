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

from lalcheck.findings import Finding, Severity
from lalcheck.games.luck_and_logic.rules.context import CheckContext, quote

ID = "not-released"
REFERENCE = "R-CON-10"
DESCRIPTION = "Every card must be released on the date the deck is checked for."


def check(context: CheckContext) -> Iterator[Finding]:
    for entry in context.deck.entries:
        card = entry.card
        if card is None:
            continue
        released = context.db.release_date(card)
        if released is None or released <= context.as_of:
            continue
        earlier = [
            printing.number
            for printing in context.db.identity_printings(card)
            if (context.db.release_date(printing) or released) <= context.as_of
        ]
        hint = f"; use the earlier printing {', '.join(earlier)}" if earlier else ""
        yield Finding(
            ID,
            Severity.ERROR,
            f"{card.number} {quote(card)} is released on {released}, after {context.as_of}"
            f"{hint} ({REFERENCE})",
            entry.section,
            (card.number,),
            entry.line,
        )
