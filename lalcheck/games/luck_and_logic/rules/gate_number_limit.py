"""gate-number-limit: at most 2 gates with the same gate number (R-CON-5).

Different gates that share a number count together.

Passes::

    gates:
      SD01-G001: 1
      BT01-G001: 1      # two gates numbered 1

Fails::

    gates:
      SD01-G001: 2
      BT01-G001: 1      # three gates numbered 1
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.luck_and_logic.cards import CardType
from lalcheck.games.luck_and_logic.rules.context import CheckContext, Placed, copies, numbers

ID = "gate-number-limit"
REFERENCE = "R-CON-5"
DESCRIPTION = "At most 2 gates with the same gate number."


def check(context: CheckContext) -> Iterator[Finding]:
    limit = context.regulation.max_per_gate_number
    by_number: defaultdict[int, list[Placed]] = defaultdict(list)
    for item in context.placed("gates"):
        if item.card.type is CardType.GATE and item.card.gate_number is not None:
            by_number[item.card.gate_number].append(item)
    for gate_number, group in sorted(by_number.items()):
        count = copies(group)
        if count > limit:
            yield Finding(
                ID,
                Severity.ERROR,
                f"{count} gates with gate number {gate_number} ({', '.join(numbers(group))}); "
                f"at most {limit} allowed ({REFERENCE})",
                "gates",
                numbers(group),
                group[0].entry.line,
            )
