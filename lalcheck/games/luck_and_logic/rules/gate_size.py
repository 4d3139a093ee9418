"""gate-size: the gate deck holds exactly 10 gate cards (R-CON-4).

The size comes from the regulation (``gate_size``).

Passes: 10 cards under ``gates:``.

Fails::

    gates:
      SD01-G001: 2
      SD01-G002: 2      # 4 gates, not 10
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.luck_and_logic.rules.context import CheckContext, size_problem

ID = "gate-size"
REFERENCE = "R-CON-4"
DESCRIPTION = "The gate deck holds exactly 10 gate cards."


def check(context: CheckContext) -> Iterator[Finding]:
    problem = size_problem(
        "the gate deck", context.deck.count("gates"), context.regulation.gate_size
    )
    if problem is not None:
        yield Finding(
            ID,
            Severity.ERROR,
            f"{problem} ({REFERENCE})",
            "gates",
            (),
            context.section_line("gates"),
        )
