"""my-logicalist: at most one My Logicalist card, of an allowed type (R-CON-9).

The card is set aside before the game, outside the main deck. The allowed
types are regulation data (``my_logicalist_types``; by default only My
Logicalist cards).

Passes::

    my_logicalist: PR/001

Fails::

    my_logicalist: [PR/001, PR/002]   # two cards
    my_logicalist: BT01/008           # a logicalist, not a My Logicalist card
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.luck_and_logic.rules.context import CheckContext, numbers, quote

ID = "my-logicalist"
REFERENCE = "R-CON-9"
DESCRIPTION = "At most one My Logicalist card, of a type the regulation allows."


def check(context: CheckContext) -> Iterator[Finding]:
    count = context.deck.count("my_logicalist")
    placed = context.placed("my_logicalist")
    if count > 1:
        yield Finding(
            ID,
            Severity.ERROR,
            f"{count} My Logicalist cards; a deck sets aside at most one ({REFERENCE})",
            "my_logicalist",
            numbers(placed),
            context.section_line("my_logicalist"),
        )
    allowed = context.regulation.my_logicalist_types
    for item in placed:
        if item.card.type not in allowed:
            kinds = " or ".join(sorted(kind.value.replace("_", " ") for kind in allowed))
            yield Finding(
                ID,
                Severity.ERROR,
                f"{quote(item.card)} is a {item.card.type.value.replace('_', ' ')} card; "
                f"My Logicalist must be a {kinds} card ({REFERENCE})",
                "my_logicalist",
                (item.card.number,),
                item.entry.line,
            )
