"""wrong-section: each section holds only the card types it may hold (R-CON-10).

``main`` holds members, tactics and paradoxes (R-CON-1), ``gates`` holds gate
cards (R-CON-4) and ``secret_tools`` holds secret tools (R-CON-8). The
``my_logicalist`` section is checked by the ``my-logicalist`` rule.

Passes::

    gates:
      SD01-G001: 2

Fails::

    main:
      SD01-G001: 2      # a gate in the main deck
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.luck_and_logic.cards import MAIN_DECK_TYPES, CardType
from lalcheck.games.luck_and_logic.rules.context import CheckContext, quote

ID = "wrong-section"
REFERENCE = "R-CON-10"
DESCRIPTION = "Each deck section holds only the card types it may hold."

#: The card types each counted section accepts.
ALLOWED = {
    "main": MAIN_DECK_TYPES,
    "gates": frozenset({CardType.GATE}),
    "secret_tools": frozenset({CardType.SECRET_TOOL}),
}
#: Where each card type belongs, for the hint.
HOME = {
    CardType.GATE: "gates",
    CardType.SECRET_TOOL: "secret_tools",
    CardType.MY_LOGICALIST: "my_logicalist",
}


def check(context: CheckContext) -> Iterator[Finding]:
    for section, allowed in ALLOWED.items():
        for item in context.placed(section):
            card = item.card
            if card.type in allowed:
                continue
            home = HOME.get(card.type, "main")
            yield Finding(
                ID,
                Severity.ERROR,
                f"{quote(card)} is a {card.type.value.replace('_', ' ')} card and cannot be "
                f"under {section}:; move it to {home}: ({REFERENCE})",
                section,
                (card.number,),
                item.entry.line,
            )
