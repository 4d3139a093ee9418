"""pile-duplicate: the same card, suit and rank on two entries needs ``copies:`` (LBS-OPEN-7).

A pile may hold two identical cards, but writing one twice is more often a
copy-and-paste slip: say how many there are with ``copies:`` on one entry.
A warning.

Passes::

    entries:
      - {card: kill, suit: spade, rank: 8, copies: 2}

Fails::

    entries:
      - {card: kill, suit: spade, rank: 8}
      - {card: kill, suit: spade, rank: 8}    # the same card again
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.lobasha.cards import RANK_NAMES, Suit, parse_rank, parse_suit
from lalcheck.games.lobasha.files import PileLine
from lalcheck.games.lobasha.rules.context import Context, pile_finding, placed

ID = "pile-duplicate"
REFERENCE = "LBS-OPEN-7"
DESCRIPTION = "An identical card (card, suit, rank) is written once, with copies: for several."


def check(context: Context) -> Iterator[Finding]:
    first: dict[tuple[str, Suit, int], PileLine] = {}
    for card, line in placed(context):
        suit, rank = parse_suit(line.suit), parse_rank(line.rank)
        if suit is None or rank is None:
            continue  # pile-suit-rank
        key = (card.number, suit, rank)
        earlier = first.setdefault(key, line)
        if earlier is line:
            continue
        shown = f"{card}{suit.symbol}{RANK_NAMES.get(rank, str(rank))}"
        total = earlier.copies + line.copies
        message = (
            f"{line.item.where()}: {shown} is also written on line {earlier.item.line()}; "
            f"if the pile holds {total}, write one entry with copies: {total}, else fix one "
            f"({REFERENCE})"
        )
        yield pile_finding(ID, message, line, card.number, Severity.WARNING)
