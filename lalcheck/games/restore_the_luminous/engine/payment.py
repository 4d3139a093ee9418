"""Paying costs with LP (RTL-PAY): which payments exist, and whether one is valid.

A payment spends as many active LP as the level; ``colour_cost`` of them must
carry the card's colour, and a card with no colour cost still spends at least
one LP of its colour (RTL-PAY-4). Colourless LP pay only the level part
(RTL-COL-4). Payments that spend the same number of LP of each kind are the
same decision, so each appears once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from lalcheck.games.restore_the_luminous.cards import colour_need
from lalcheck.games.restore_the_luminous.engine.actions import Payment
from lalcheck.games.restore_the_luminous.engine.state import COLOURLESS, KINDS


def can_pay(active: Sequence[int], level: int, colour_kind: int, colour_cost: int) -> bool:
    """Whether any payment exists (``colour_kind`` COLOURLESS: no colour needed)."""
    if sum(active) < level:
        return False
    if colour_kind == COLOURLESS:
        return True
    return active[colour_kind] >= colour_need(level, colour_cost)


def payments(
    active: Sequence[int], level: int, colour_kind: int, colour_cost: int
) -> Iterator[Payment]:
    """Every distinct payment of ``level`` LP from the ``active`` counts, fewest
    coloured LP first (``colour_kind`` COLOURLESS: any LP, e.g. L-Accel)."""
    if not can_pay(active, level, colour_kind, colour_cost):
        return
    if colour_kind == COLOURLESS:
        yield from _spread(active, level, list(range(KINDS)))
        return
    others = [kind for kind in range(KINDS) if kind != colour_kind]
    for own in range(colour_need(level, colour_cost), min(active[colour_kind], level) + 1):
        for pay in _spread(active, level - own, others):
            spent = list(pay)
            spent[colour_kind] = own
            yield tuple(spent)


def _spread(active: Sequence[int], total: int, kinds: list[int]) -> Iterator[Payment]:
    """Ways to take ``total`` LP from ``kinds`` (in that order of preference)."""
    pay = [0] * KINDS
    room = [0] * (len(kinds) + 1)
    for position in range(len(kinds) - 1, -1, -1):
        room[position] = room[position + 1] + active[kinds[position]]

    def fill(position: int, left: int) -> Iterator[Payment]:
        if position == len(kinds):
            if left == 0:
                yield tuple(pay)
            return
        kind = kinds[position]
        low = max(0, left - room[position + 1])
        for count in range(min(active[kind], left), low - 1, -1):
            pay[kind] = count
            yield from fill(position + 1, left - count)
        pay[kind] = 0

    yield from fill(0, total)


def is_payment(
    pay: object, active: Sequence[int], level: int, colour_kind: int, colour_cost: int
) -> bool:
    """Whether ``pay`` is one of :func:`payments` (checked directly)."""
    if not isinstance(pay, tuple) or len(pay) != KINDS:
        return False
    if not all(type(count) is int and 0 <= count <= active[k] for k, count in enumerate(pay)):
        return False
    if sum(pay) != level:
        return False
    return colour_kind == COLOURLESS or pay[colour_kind] >= colour_need(level, colour_cost)
