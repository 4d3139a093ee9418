"""colour-load: advice on the colours the main deck asks for, never an error (RTL-COL-2).

Every card needs LP of its colour: its colour cost, or one LP when it has
none (RTL-PAY-2, RTL-PAY-4), and the LP that pay a colour cost turn
colourless again (RTL-PAY-3). LP get colours by colouring, once per own turn
at rank 1, twice from the first evolution and three times from the second
(RTL-COL-2, RTL-OPEN-3, RTL-OPEN-5), each erasing a card from hand
(RTL-COL-1), and by returns (RTL-COL-3). This rule reports, per colour, the
cards, their colour cost in all, the most LP of that colour one card needs
at once and the own turn by which colouring alone can give that many.

Passes: any deck (this rule only informs).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.cards import COLOURS, colour_need
from lalcheck.games.restore_the_luminous.rules.context import CheckContext

ID = "colour-load"
REFERENCE = "RTL-COL-2"
DESCRIPTION = "Advice: the colours the main deck asks for against colouring."


def rank_on(own_turn: int) -> int:
    """The leader's rank during an own turn (RTL-EVO, RTL-OPEN-5)."""
    rank = 1
    for turn, new_rank in sorted(d.EVOLUTION_BY_OWN_TURN.items()):
        if own_turn >= turn:
            rank = new_rank
    return rank


def colouring_turn(need: int) -> int:
    """The first own turn by which colouring alone can have given ``need`` LP a colour."""
    coloured = turn = 0
    while coloured < need:
        turn += 1
        coloured += d.COLOURINGS_BY_RANK[rank_on(turn)]
    return turn


def _capacity() -> str:
    steps = [f"{d.COLOURINGS_BY_RANK[1]} per own turn"]
    steps += [
        f"{d.COLOURINGS_BY_RANK[rank]} from own turn {turn}"
        for turn, rank in sorted(d.EVOLUTION_BY_OWN_TURN.items())
    ]
    return ", ".join(steps)


def check(context: CheckContext) -> Iterator[Finding]:
    placed = context.placed("main")
    if not placed:
        return
    cards: Counter[str] = Counter()
    cost: Counter[str] = Counter()
    need: Counter[str] = Counter()
    for item in placed:
        card = item.card
        colour = card.colour.value
        cards[colour] += item.entry.count
        cost[colour] += card.colour_cost * item.entry.count
        need[colour] = max(need[colour], colour_need(card.level, card.colour_cost))
    parts = [
        f"{colour} {cards[colour]} cards (colour cost {cost[colour]} in all, up to "
        f"{need[colour]} {colour} LP at once: own turn {colouring_turn(need[colour])})"
        for colour in (c.value for c in COLOURS)
        if cards[colour]
    ]
    yield Finding(
        ID,
        Severity.INFO,
        f"colour load {' · '.join(parts)}; colouring gives {_capacity()}, each erasing a card "
        f"from hand, and returns add more ({REFERENCE})",
        "main",
        (),
        context.section_line("main"),
    )
