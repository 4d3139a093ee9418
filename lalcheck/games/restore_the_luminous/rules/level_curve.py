"""level-curve: advice on the main deck's levels and units, never an error (RTL-LP-2).

A player has 1 LP and gains 1 in each own start phase, up to 10, so a card of
level k can first be paid in own turn k-1 (RTL-LP-2, RTL-PAY-1). This rule
reports the level curve, the card types and the units against the leader's
unit slots (RTL-DECK-3).

Passes: any deck (this rule only informs).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.cards import CardType
from lalcheck.games.restore_the_luminous.rules.context import CheckContext

ID = "level-curve"
REFERENCE = "RTL-LP-2"
DESCRIPTION = "Advice: the main deck's level curve, types and units against unit slots."


def first_own_turn(level: int) -> int | None:
    """The first own turn with ``level`` LP (None above the LP cap)."""
    if level > d.LP_CAP:
        return None
    return max(1, -(-(level - d.LP_START) // d.LP_PER_TURN))


def check(context: CheckContext) -> Iterator[Finding]:
    placed = context.placed("main")
    if not placed:
        return
    levels: Counter[int] = Counter()
    types: Counter[CardType] = Counter()
    for item in placed:
        levels[item.card.level] += item.entry.count
        types[item.card.type] += item.entry.count
    curve = " · ".join(f"L{level} {count}" for level, count in sorted(levels.items()))
    kinds = ", ".join(f"{kind.value} {types[kind]}" for kind in CardType if types[kind])
    highest = max(levels)
    turn = first_own_turn(highest)
    reach = f"own turn {turn}" if turn is not None else f"never (at most {d.LP_CAP} LP)"
    leaders = [item.card for item in context.placed("leader") if item.card.unit_slots]
    slots = (
        f"; {types[CardType.UNIT]} units for {leaders[0].unit_slots} unit slots"
        if len(leaders) == 1
        else ""
    )
    yield Finding(
        ID,
        Severity.INFO,
        f"level curve {curve} ({kinds}); level k is paid from own turn k-1, level {highest} "
        f"from {reach}{slots} ({REFERENCE})",
        "main",
        (),
        context.section_line("main"),
    )
