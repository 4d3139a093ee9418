"""set-disabled: a pile holds only cards of the sets it plays with (LBS-OPEN-25).

``sets:`` lists the card sets in play: ``base``, ``decade`` (the Decade
expansion) and ``unknown`` (cards the rules text does not place, such as
附加包). Without ``sets:`` every set is in play. A card of another set is an
error: the expansion is off.

Passes::

    sets: [base]
    entries:
      - {card: kill, suit: spade, rank: 7}

Fails::

    sets: [base]
    entries:
      - {card: blast, suit: spade, rank: 4}   # 轟, a Decade card
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding
from lalcheck.games.lobasha.files import PileContent
from lalcheck.games.lobasha.rules.context import Context, content, pile_finding, placed

ID = "set-disabled"
REFERENCE = "LBS-OPEN-25"
DESCRIPTION = "Every card of the pile is of a card set in play (sets:)."


def check(context: Context) -> Iterator[Finding]:
    pile = content(context, PileContent)
    if pile is None or pile.sets is None:
        return
    playing = ", ".join(sorted(card_set.value for card_set in pile.sets)) or "none"
    for card, line in placed(context):
        if card.set not in pile.sets:
            message = (
                f"{line.item.where()}: {card} is a card of the {card.set.value} set, which is "
                f"not in play (sets: {playing}); remove the entry or add {card.set.value} to "
                f"sets: ({REFERENCE})"
            )
            yield pile_finding(ID, message, line, card.number)
