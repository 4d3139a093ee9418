"""judgement-suits: a pile holds the suits and ranks its judgements read (LBS-TERM-JUDGE).

A judgement turns up the top card of the draw pile and reads its suit, colour
or rank: 麻痹電擊 a heart, 電力短缺 a club, 伊甸 and 離子炮 a spade 2-9, 九宮格
A-9, 防禦網 a red card. If no card of the pile matches (or every card does),
the judgement always comes out the same way. A warning.

Passes::

    entries:
      - {card: paralysis-shock, suit: spade, rank: 6}
      - {card: kill, suit: heart, rank: 10}
      - {card: kill, suit: club, rank: 2}

Fails::

    entries:
      - {card: paralysis-shock, suit: spade, rank: 6}
      - {card: kill, suit: club, rank: 2}     # no heart at all
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.lobasha.cards import CardKind, JudgeCondition, Suit, parse_rank, parse_suit
from lalcheck.games.lobasha.files import PileContent, PileLine
from lalcheck.games.lobasha.rules.context import Context, content, pile_finding, placed

ID = "judgement-suits"
REFERENCE = "LBS-TERM-JUDGE"
DESCRIPTION = "Some cards of the pile match each judgement card's condition, and some do not."


def describe(condition: JudgeCondition) -> str:
    """``a spade of rank 2-9``: what a judgement looks for."""
    if condition.suits:
        subject = " or ".join(f"a {suit.value}" for suit in sorted(condition.suits))
    elif condition.colour is not None:
        subject = f"a {condition.colour.value} card"
    else:
        subject = "a card"
    if condition.ranks is None:
        return subject
    low, high = condition.ranks
    return f"{subject} of rank {low}-{high}"


def check(context: Context) -> Iterator[Finding]:
    pile = content(context, PileContent)
    if pile is None:
        return
    cards: list[tuple[Suit, int, int]] = []
    judges: dict[str, tuple[CardKind, PileLine]] = {}
    for card, line in placed(context):
        suit, rank = parse_suit(line.suit), parse_rank(line.rank)
        if card.set not in pile.enabled or suit is None or rank is None:
            continue  # set-disabled, pile-suit-rank
        cards.append((suit, rank, line.copies))
        if card.judge is not None:
            judges.setdefault(card.number, (card, line))
    total = sum(copies for _, _, copies in cards)
    for card, line in judges.values():
        condition = card.judge
        assert condition is not None
        matching = sum(copies for suit, rank, copies in cards if condition.matches(suit, rank))
        if 0 < matching < total:
            continue
        which = "no card of the pile is" if matching == 0 else "every card of the pile is"
        message = (
            f"{card} judges for {describe(condition)}, but {which} one: its judgement "
            f"always comes out the same ({REFERENCE})"
        )
        yield pile_finding(ID, message, line, card.number, Severity.WARNING)
