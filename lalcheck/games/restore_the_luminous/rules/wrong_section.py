"""wrong-section: a leader card is named only as the leader, and the leader is a
leader card (RTL-DECK-3, RTL-OPEN-1).

Passes::

    leader: RL01/L01
    main:
      RL01/R01: 3

Fails::

    leader: RL01/R01    # a unit as leader
    main:
      RL01/L01: 1       # a leader in the main deck
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.deck_rules import quote
from lalcheck.findings import Finding, Severity
from lalcheck.games.restore_the_luminous.cards import CardType
from lalcheck.games.restore_the_luminous.rules.context import CheckContext

ID = "wrong-section"
REFERENCE = "RTL-DECK-3"
DESCRIPTION = "Leader cards stand under leader:, every other card under main:."


def check(context: CheckContext) -> Iterator[Finding]:
    for item in context.placed("main"):
        card = item.card
        if card.type is CardType.LEADER:
            yield Finding(
                ID,
                Severity.ERROR,
                f"{quote(card)} is a leader card and cannot be under main:; name it under "
                f"leader: ({REFERENCE})",
                "main",
                (card.number,),
                item.entry.line,
            )
    for item in context.placed("leader"):
        card = item.card
        if card.type is not CardType.LEADER:
            yield Finding(
                ID,
                Severity.ERROR,
                f"{quote(card)} is a {card.type.value} card and cannot be the leader; move it "
                f"to main: and name a leader card ({REFERENCE})",
                "leader",
                (card.number,),
                item.entry.line,
            )
