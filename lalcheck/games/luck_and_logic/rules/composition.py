"""composition: advice on the main deck's make-up (R-CON-11), never an error.

The recommended main deck is 8 paradox, 10 logicalists, 10 foreigners,
6 level-2 / 6 level-3 / 6 level-4 transunions and 4 tactics. This rule reports
the deck's own numbers and level curve next to the recommendation as ``info``.

Passes: any deck (this rule only informs).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.luck_and_logic.cards import CardType
from lalcheck.games.luck_and_logic.rules.context import CheckContext

ID = "composition"
REFERENCE = "R-CON-11"
DESCRIPTION = "Advice: the main deck's make-up next to the recommended one."

#: The recommended main deck (R-CON-11), as (label, count) pairs.
RECOMMENDED = (
    ("paradox", 8),
    ("logicalist", 10),
    ("foreigner", 10),
    ("transunion L2", 6),
    ("transunion L3", 6),
    ("transunion L4", 6),
    ("tactics", 4),
)


def _group(card_type: CardType, level: int | None) -> str:
    if card_type is CardType.TRANSUNION:
        return f"transunion L{level}"
    if card_type is CardType.SUPER_LOGICALIST:
        return "logicalist"
    return card_type.value


def check(context: CheckContext) -> Iterator[Finding]:
    placed = context.placed("main")
    if not placed:
        return
    groups: Counter[str] = Counter()
    curve: Counter[int] = Counter()
    for item in placed:
        groups[_group(item.card.type, item.card.level)] += item.entry.count
        if item.card.type.is_member and item.card.level is not None:
            curve[item.card.level] += item.entry.count
    differences = [
        f"{label} {groups[label]}/{count}" for label, count in RECOMMENDED if groups[label] != count
    ]
    levels = " · ".join(f"L{level} {count}" for level, count in sorted(curve.items()))
    advice = ", ".join(differences) if differences else "as recommended"
    yield Finding(
        ID,
        Severity.INFO,
        f"level curve {levels or '-'}; against the recommended make-up: {advice} ({REFERENCE})",
        "main",
        (),
        context.section_line("main"),
    )
