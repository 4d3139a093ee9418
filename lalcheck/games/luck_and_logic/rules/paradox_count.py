"""paradox-count: the main deck holds exactly 8 paradox cards (R-CON-3).

The number comes from the regulation (``paradox_count``).

Passes: 8 paradox cards among the 50.

Fails::

    main:
      PB01/016: 4       # only 4 paradox cards
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.luck_and_logic.cards import CardType
from lalcheck.games.luck_and_logic.rules.context import CheckContext, copies, numbers

ID = "paradox-count"
REFERENCE = "R-CON-3"
DESCRIPTION = "The main deck holds exactly 8 paradox cards."


def check(context: CheckContext) -> Iterator[Finding]:
    paradoxes = [item for item in context.placed("main") if item.card.type is CardType.PARADOX]
    count = copies(paradoxes)
    wanted = context.regulation.paradox_count
    if count != wanted:
        yield Finding(
            ID,
            Severity.ERROR,
            f"the main deck has {count} paradox cards; it must have exactly {wanted} ({REFERENCE})",
            "main",
            numbers(paradoxes),
            paradoxes[0].entry.line if paradoxes else context.section_line("main"),
        )
