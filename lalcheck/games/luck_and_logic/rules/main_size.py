"""main-size: the main deck holds exactly 50 cards (R-CON-1).

The size comes from the regulation (``main_size``).

Passes: 50 cards under ``main:``.

Fails::

    main:
      BT01/001: 4       # 4 cards, not 50
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.luck_and_logic.rules.context import CheckContext, size_problem

ID = "main-size"
REFERENCE = "R-CON-1"
DESCRIPTION = "The main deck holds exactly 50 cards."


def check(context: CheckContext) -> Iterator[Finding]:
    problem = size_problem(
        "the main deck", context.deck.count("main"), context.regulation.main_size
    )
    if problem is not None:
        yield Finding(
            ID,
            Severity.ERROR,
            f"{problem} ({REFERENCE})",
            "main",
            (),
            context.section_line("main"),
        )
