"""pile-suit-rank: every pile entry has a suit and a rank (LBS-OPEN-7).

Judgements, point duels and some effects read a card's suit (spade, heart,
club, diamond; ♠♥♣♦ may be written) and rank (1 to 13; A, J, Q, K may be
written). The rules give neither, so the pile file must.

Passes::

    entries:
      - {card: kill, suit: spade, rank: 7}
      - {card: dodge, suit: ♥, rank: Q}

Fails::

    entries:
      - {card: kill, rank: 7}                 # no suit
      - {card: dodge, suit: star, rank: 14}   # not a suit, not a rank
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding
from lalcheck.games.lobasha.cards import parse_rank, parse_suit
from lalcheck.games.lobasha.rules.context import Context, pile_entries, pile_finding

ID = "pile-suit-rank"
REFERENCE = "LBS-OPEN-7"
DESCRIPTION = "Every pile entry has a suit (♠♥♣♦) and a rank from 1 (A) to 13 (K)."

SUITS = "spade, heart, club or diamond (or ♠ ♥ ♣ ♦)"
RANKS = "1 (A) to 13 (K)"


def check(context: Context) -> Iterator[Finding]:
    for entry, line in pile_entries(context):
        problems = []
        if line.suit is None:
            problems.append(f"no suit; write suit: {SUITS}")
        elif parse_suit(line.suit) is None:
            problems.append(f"{line.suit!r} is not a suit; write {SUITS}")
        if line.rank is None:
            problems.append(f"no rank; write rank: {RANKS}")
        elif parse_rank(line.rank) is None:
            problems.append(f"{line.rank!r} is not a rank; write {RANKS}")
        for problem in problems:
            message = f"{line.item.where()} ({entry.reference}): {problem} ({REFERENCE})"
            yield pile_finding(ID, message, line, entry.reference)
