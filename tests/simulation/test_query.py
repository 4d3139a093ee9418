"""The query language: what it reads, where it says it cannot, and its exact answers."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pytest

from lalcheck.simulation.query import (
    All,
    Comparison,
    Either,
    QueryError,
    Subject,
    Term,
    Token,
    TokenKind,
    parse_query,
    tokenize,
)


@dataclass(frozen=True)
class Letter:
    """Cards are strings; a selector matches those starting with a letter."""

    letter: str

    def matches(self, card: str) -> bool:
        return card.startswith(self.letter)


class Letters:
    """A game whose cards are words: ``ace`` counts cards starting with "a" in hand;
    ``bell`` rings (an event)."""

    known = "ace, bob, or bell"

    def subject(self, phrase: Sequence[Token], fail: Callable[[Token, str], QueryError]) -> Subject:
        words = " ".join(token.word for token in phrase)
        if words.removesuffix(" in hand") in ("ace", "aces"):
            return Subject("hand", "ace in hand", Letter("a"), drawn=True)
        if words in ("bob", "bobs"):
            return Subject("hand", "bob in hand", Letter("b"), drawn=True)
        if words in ("bell", "bells"):
            return Subject("bell", "bell")
        raise fail(phrase[0], f"unknown {words!r}")


@dataclass
class Counts:
    """A game as a query sees it: counts by subject key and own turn."""

    by_turn: dict[tuple[str, int], int]

    def count(self, subject: Subject, turn: int) -> int:
        key = subject.label.split()[0]
        return self.by_turn.get((key, turn), 0)


def parse(text: str, last_turn: int | None = None):  # type: ignore[no-untyped-def]
    return parse_query(text, Letters(), last_turn=last_turn)


def test_tokens_carry_their_columns() -> None:
    tokens = tokenize('at least 2 of "Big Card" (x) 「名」')
    assert [(t.kind, t.text, t.column) for t in tokens] == [
        (TokenKind.WORD, "at", 1),
        (TokenKind.WORD, "least", 4),
        (TokenKind.NUMBER, "2", 10),
        (TokenKind.WORD, "of", 12),
        (TokenKind.QUOTED, "Big Card", 15),
        (TokenKind.OPEN, "(", 26),
        (TokenKind.WORD, "x", 27),
        (TokenKind.CLOSE, ")", 28),
        (TokenKind.QUOTED, "名", 30),
    ]


@pytest.mark.parametrize(
    ("text", "comparison", "number"),
    [
        ("at least 2 of aces by own turn 3", Comparison.AT_LEAST, 2),
        ("at most 1 ace by turn 3", Comparison.AT_MOST, 1),
        ("exactly 0 of aces by own turn 3", Comparison.EXACTLY, 0),
        ("more than 1 ace by own turn 3", Comparison.AT_LEAST, 2),
        ("fewer than 2 aces by own turn 3", Comparison.AT_MOST, 1),
        ("less than 2 aces by own turn 3", Comparison.AT_MOST, 1),
        ("3 aces by own turn 3", Comparison.AT_LEAST, 3),
        ("an ace in hand by own turn 3", Comparison.AT_LEAST, 1),
        ("ace by own turn 3", Comparison.AT_LEAST, 1),
        ("no ace by own turn 3", Comparison.EXACTLY, 0),
        ("AT LEAST 2 ACES BY OWN TURN 3", Comparison.AT_LEAST, 2),
    ],
)
def test_amounts(text: str, comparison: Comparison, number: int) -> None:
    query = parse(text)
    assert isinstance(query.expression, Term)
    assert (query.expression.amount.comparison, query.expression.amount.number) == (
        comparison,
        number,
    )
    assert query.expression.turn == 3


def test_and_binds_tighter_than_or_and_a_trailing_turn_fills_the_terms_without_one() -> None:
    query = parse("an ace by own turn 1 and a bob or a bell by own turn 4")
    expression = query.expression
    assert isinstance(expression, Either)
    first, second = expression.parts
    assert isinstance(first, All) and isinstance(second, Term)
    assert [t.turn for t in query.terms] == [1, 4, 4]
    grouped = parse("(an ace or a bob) and a bell by own turn 2")
    assert isinstance(grouped.expression, All)
    assert [t.turn for t in grouped.terms] == [2, 2, 2]
    assert query.last_turn == 4


def test_holds_evaluates_the_counts_of_one_game() -> None:
    query = parse("at least 2 aces by own turn 2 and no bell by own turn 3")
    assert query.holds(Counts({("ace", 2): 2}))
    assert not query.holds(Counts({("ace", 2): 1}))
    assert not query.holds(Counts({("ace", 2): 2, ("bell", 3): 1}))
    either = parse("an ace or a bell by own turn 1")
    assert either.holds(Counts({("bell", 1): 1}))
    assert not either.holds(Counts({}))


@pytest.mark.parametrize(
    ("text", "column", "problem"),
    [
        ("", 1, "the query is empty; it counts ace, bob, or bell"),
        ("at least x aces by own turn 2", 10, "expected a number after 'at least'"),
        ("an ace by own turn", 19, "expected a number after 'by own turn'"),
        ("an ace by own day 2", 15, "expected 'turn' in 'by own turn N'"),
        ("an ace", 7, "say by when: add 'by own turn N' (ace in hand)"),
        ("an ace by own turn 0", 20, "own turns count from 1"),
        ("a cat by own turn 2", 3, "unknown 'cat'"),
        ("an ace by own turn 2 bob", 22, "expected 'and', 'or' or the end, not 'bob'"),
        ("(an ace by own turn 2", 22, "expected ')'"),
        ("an ace and by own turn 2", 12, "expected what to count: ace, bob, or bell"),
        ('a "bob by own turn 2', 3, "this quote is never closed"),
        ("fewer than 0 aces by own turn 1", 12, "fewer than 0 is never true"),
    ],
)
def test_a_query_that_cannot_be_read_points_at_the_column(
    text: str, column: int, problem: str
) -> None:
    with pytest.raises(QueryError) as raised:
        parse(text)
    error = raised.value
    assert (error.column, error.problem) == (column, problem)
    message = str(error)
    assert message.startswith(f"query column {column}: {problem}\n  {text}\n  ")
    assert message.endswith(" " * (column - 1) + "^")


def test_a_query_may_not_look_past_the_last_turn_played() -> None:
    with pytest.raises(QueryError, match=r"own turn 12 is after the last one played \(10\)") as e:
        parse("an ace by own turn 12", last_turn=10)
    assert e.value.column == 20
    assert parse("an ace by own turn 10", last_turn=10).last_turn == 10


def test_overlong_and_overnested_queries_are_refused() -> None:
    with pytest.raises(QueryError, match="at most 500 characters"):
        parse("an ace and " * 60 + "a bob by own turn 1")
    with pytest.raises(QueryError, match="nest deeper than 20"):
        parse("(" * 30 + "an ace" + ")" * 30 + " by own turn 1")


def test_exact_is_the_hypergeometric_chance_of_a_pure_draw_question() -> None:
    deck = ["a"] * 8 + ["b"] * 4 + ["z"] * 38
    drawn_by = lambda turn: 5 + 2 * turn  # noqa: E731
    one = parse("an ace by own turn 1").exact(deck, drawn_by)
    assert one == pytest.approx(1 - math.comb(42, 7) / math.comb(50, 7))
    both = parse("an ace and a bob by own turn 2").exact(deck, drawn_by)
    # inclusion-exclusion over 9 cards
    none_a, none_b = math.comb(42, 9), math.comb(46, 9)
    none_ab = math.comb(38, 9)
    expected = 1 - (none_a + none_b - none_ab) / math.comb(50, 9)
    assert both == pytest.approx(expected)
    assert parse("a bell by own turn 1").exact(deck, drawn_by) is None
    assert parse("an ace or a bell by own turn 1").exact(deck, drawn_by) is None


def test_exact_follows_the_draws_turn_by_turn() -> None:
    # no ace in the first 7 cards, then at least one among the next 2
    deck = ["a"] * 8 + ["z"] * 42
    query = parse("no ace by own turn 1 and an ace by own turn 2")
    exact = query.exact(deck, lambda turn: 5 + 2 * turn)
    first_seven = math.comb(42, 7) / math.comb(50, 7)
    next_two = 1 - math.comb(35, 2) / math.comb(43, 2)
    assert exact == pytest.approx(first_seven * next_two)
