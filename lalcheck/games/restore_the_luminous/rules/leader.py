"""leader: a deck names exactly one leader, under ``leader:`` (RTL-DECK-3, RTL-OPEN-1).

The leader sets the opening hand, the unit and counter slots and its own
abilities per rank; it stands apart from the 40-60 main deck cards. A deck
without a leader, or naming several (a list, or a count above 1), cannot be
played. Whether the named card is a leader card is the ``wrong-section`` rule's.

Passes::

    leader: RL01/L01

Fails::

    leader: [RL01/L01, RL01/L02]    # two leaders
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.restore_the_luminous.rules.context import CheckContext

ID = "leader"
REFERENCE = "RTL-DECK-3"
DESCRIPTION = "A deck names exactly one leader, apart from the main deck."


def check(context: CheckContext) -> Iterator[Finding]:
    entries = context.deck.section("leader")
    count = sum(entry.count for entry in entries)
    if count == 1:
        return
    if count == 0:
        message = (
            "the deck names no leader; add `leader: <card number>` with one leader card "
            f"({REFERENCE})"
        )
        line = context.section_line("leader")
    else:
        message = (
            f"the deck names {count} leaders; a deck has exactly one leader, so keep one "
            f"({REFERENCE})"
        )
        line = entries[0].line
    references = tuple(dict.fromkeys(e.card.number if e.card else e.reference for e in entries))
    yield Finding(ID, Severity.ERROR, message, "leader", references, line)
