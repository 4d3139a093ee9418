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
from lalcheck.rules.context import CheckContext

ID = "gate-size"
REFERENCE = "R-CON-4"
DESCRIPTION = "The gate deck holds exactly 10 gate cards."


def check(context: CheckContext) -> Iterator[Finding]:
    size = context.deck.count("gates")
    wanted = context.regulation.gate_size
    if size != wanted:
        change = f"remove {size - wanted}" if size > wanted else f"add {wanted - size}"
        yield Finding(
            ID,
            Severity.ERROR,
            f"the gate deck has {size} cards; it must have exactly {wanted} ({change}) "
            f"({REFERENCE})",
            "gates",
            (),
            context.section_line("gates"),
        )
