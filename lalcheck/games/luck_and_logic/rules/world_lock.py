"""world-lock: Luck&Logic Club cards cannot be mixed with other worlds (R-CON-7).

From 2017-07-25, a main deck with cards of a locked world (regulation data
``world_lock``: Luck&Logic Club, LAL部) may not hold cards of any other world.
Decision (R-CON-7): only main-deck cards that have a world count; gates and
world-less cards are exempt. The cards of the smaller side are reported, one
finding per entry, since those are the lines to change.

Passes::

    main:
      LAL card: 4       # Luck&Logic Club
      Paradox: 8        # world-less

Fails::

    main:
      LAL card: 4       # Luck&Logic Club
      Septpia card: 4   # Septpia
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.luck_and_logic.rules.context import CheckContext, copies, quote

ID = "world-lock"
REFERENCE = "R-CON-7"
DESCRIPTION = "Cards of a locked world (Luck&Logic Club) cannot be mixed with other worlds."


def check(context: CheckContext) -> Iterator[Finding]:
    locked_worlds = context.regulation.world_lock
    with_world = [item for item in context.placed("main") if item.card.world is not None]
    locked = [item for item in with_world if item.card.world in locked_worlds]
    others = [item for item in with_world if item.card.world not in locked_worlds]
    if not locked or not others:
        return
    if copies(others) <= copies(locked):
        offending = others
        against = " / ".join(sorted(world.value for world in locked_worlds))
    else:
        offending = locked
        against = ", ".join(sorted({str(item.card.world) for item in others}))
    for item in offending:
        yield Finding(
            ID,
            Severity.ERROR,
            f"{quote(item.card)} ({item.card.world}) cannot be mixed with {against} cards "
            f"under regulation {context.regulation.id} ({REFERENCE})",
            "main",
            (item.card.number,),
            item.entry.line,
        )
