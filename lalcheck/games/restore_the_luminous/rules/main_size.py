"""main-size: the main deck holds 40 to 60 cards, both ends included (RTL-DECK-1).

The leader is not counted (RTL-OPEN-1). The range comes from the regulation
(``main_min``, ``main_max``).

Passes: 40 to 60 cards under ``main:``.

Fails::

    main:
      RL01/R01: 3       # 3 cards, not 40 to 60
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.restore_the_luminous.rules.context import CheckContext

ID = "main-size"
REFERENCE = "RTL-DECK-1"
DESCRIPTION = "The main deck holds 40 to 60 cards."


def check(context: CheckContext) -> Iterator[Finding]:
    regulation = context.regulation
    low, high = regulation.main_min, regulation.main_max
    size = context.deck.count("main")
    if low <= size <= high:
        return
    change = f"add {low - size}" if size < low else f"remove {size - high}"
    yield Finding(
        ID,
        Severity.ERROR,
        f"the main deck has {size} cards, not {low} to {high}; {change} ({REFERENCE})",
        "main",
        (),
        context.section_line("main"),
    )
