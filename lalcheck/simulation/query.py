"""A tuner's questions about simulated games (``--query``): a small language, any game.

A query counts things by a player's own turn and compares the counts::

    at least 1 of BT01/002 and at least 1 paradox in hand by own turn 3
    a trance by own turn 3
    no refresh by own turn 8
    (2 paradoxes or a "Flare Knuckle Ignis") in hand by own turn 2

The grammar is the game's business only where it names what is counted (the
*phrase*: a card, a group of cards, an event); the rest is here::

    query   = either [by] END
    either  = all {"or" all}
    all     = unit {"and" unit}
    unit    = "(" either ")" [by]  |  amount phrase [by]
    amount  = ("at least" | "at most" | "exactly" | "more than" | "fewer than") N ["of"]
            | N ["of"] | "a" | "an" | "any" | "no" | (nothing: at least one)
    by      = "by" ["own"] "turn" N

A ``by`` after a group applies to every term inside it that has none of its
own; a term without one takes the turn of the next term after it that has one
(``an ace and a bob by own turn 2``: both by own turn 2).

A game brings a :class:`Vocabulary`, which reads a phrase into a
:class:`Subject`; a subject that counts copies of cards drawn into the hand
makes the query a *pure draw question* when every term is one, and then
:meth:`Query.exact` gives its exact (multivariate hypergeometric) chance.
Words are case-insensitive; card names with spaces go in quotes (``"…"``, ``'…'`` or
``「…」``). A query that does not parse is a :class:`QueryError` naming the
column (exit 2).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from lalcheck.errors import UsageError
from lalcheck.simulation.report import interval, rounded
from lalcheck.simulation.stats import Proportion, StageCounts, draw_probability

#: Longest query text and deepest nesting read (hostile input stays cheap).
MAX_QUERY_LENGTH = 500
MAX_DEPTH = 20

_TOKEN = re.compile(
    r"""\s*(?:(?P<open>\()|(?P<close>\))|"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|「(?P<jq>[^」]*)」"""
    r"""|(?P<word>[^\s()"'「」]+))"""
)


class QueryError(UsageError):
    """A query that cannot be read: the message points at the column (1-based)."""

    def __init__(self, text: str, column: int, problem: str) -> None:
        self.text = text
        self.column = column
        self.problem = problem
        pointer = " " * (column - 1) + "^"
        super().__init__(f"query column {column}: {problem}\n  {text}\n  {pointer}")


class TokenKind(StrEnum):
    WORD = "word"
    NUMBER = "number"
    QUOTED = "quoted"
    OPEN = "("
    CLOSE = ")"


@dataclass(frozen=True, slots=True)
class Token:
    """A word, number, quoted name or parenthesis and the column it starts at."""

    kind: TokenKind
    text: str
    column: int

    @property
    def word(self) -> str:
        """The text folded for comparing keywords (quoted names keep their case)."""
        return self.text if self.kind is TokenKind.QUOTED else self.text.casefold()


def tokenize(text: str) -> list[Token]:
    """The tokens of a query; :class:`QueryError` at an unclosed quote."""
    tokens: list[Token] = []
    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:
            if not text[position:].strip():
                break
            column = position + len(text[position:]) - len(text[position:].lstrip()) + 1
            raise QueryError(text, column, "this quote is never closed")
        start = match.start(match.lastgroup or 0) + 1
        group = match.lastgroup
        if group == "open":
            tokens.append(Token(TokenKind.OPEN, "(", start))
        elif group == "close":
            tokens.append(Token(TokenKind.CLOSE, ")", start))
        elif group in ("dq", "sq", "jq"):
            tokens.append(Token(TokenKind.QUOTED, match[group], start - 1))
        else:
            word = match["word"]
            kind = TokenKind.NUMBER if word.isdigit() else TokenKind.WORD
            tokens.append(Token(kind, word, start))
        position = match.end()
    return tokens


class CardSelector(Protocol):
    """Which cards a subject counts (a game's picklable value)."""

    def matches(self, card: Any) -> bool: ...


@dataclass(frozen=True, slots=True)
class NamedCard:
    """Every printing of one card (its name is its identity), in any game."""

    name: str

    def matches(self, card: Any) -> bool:
        return bool(card.name == self.name)


@dataclass(frozen=True, slots=True)
class Subject:
    """What a term counts, as the game read it: ``key`` (what the game's games
    count: ``"hand"`` for copies drawn into the hand, or an event), ``cards`` (which
    cards, when it counts cards) and a ``label`` for reports. ``drawn`` marks copies
    of cards drawn into the hand: the pure draw subjects :meth:`Query.exact` can
    work out."""

    key: str
    label: str
    cards: CardSelector | None = None
    drawn: bool = False


class Vocabulary(Protocol):
    """A game's words for what a query counts."""

    def subject(self, phrase: Sequence[Token], fail: Callable[[Token, str], QueryError]) -> Subject:
        """Read a phrase (at least one token); raise ``fail(token, problem)`` if it names
        nothing the game counts."""

    @property
    def known(self) -> str:
        """What phrases it reads, for error messages."""


_LEVEL = re.compile(r"(?:level-?|l)(\d+)")


def level_words(phrase: Sequence[Token]) -> tuple[int | None, list[str]]:
    """A phrase's level (``level 3``, ``level-3``, ``l3``; the last one given) and its
    other words, in order."""
    words = [part for token in phrase for part in re.split(r"-(?=\d)", token.word) if part]
    level: int | None = None
    rest: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        if word == "level" and index + 1 < len(words) and words[index + 1].isdigit():
            level = int(words[index + 1])
            index += 2
            continue
        if (match := _LEVEL.fullmatch(word)) is not None:
            level = int(match[1])
        else:
            rest.append(word)
        index += 1
    return level, rest


#: Where cards are counted by default: copies that entered the hand.
HAND = "hand"


class CardVocabulary(ABC):
    """The words of a game whose queries count cards, against its card database: a
    card number or quoted name (``"did you mean"`` for unknown ones), a group the
    game reads (:meth:`group`), or a name without quotes; ``in hand`` (the default)
    or a word of :attr:`elsewhere` after them (e.g. ``mobilized``); or an event of
    :attr:`events`."""

    #: What phrases it reads, for error messages.
    known: str
    #: Event phrases (lower case) -> the event counted.
    events: Mapping[str, str]
    #: Words after cards that count them somewhere else than in hand -> the key counted.
    elsewhere: Mapping[str, str]

    def __init__(self, database: Any) -> None:
        self.database = database

    @abstractmethod
    def group(self, phrase: Sequence[Token]) -> tuple[CardSelector, str] | None:
        """The cards a phrase names as a group, and their label; None if it names none."""

    def subject(self, phrase: Sequence[Token], fail: Callable[[Token, str], QueryError]) -> Subject:
        words = [token.word for token in phrase]
        where = HAND
        if words[-2:] == ["in", "hand"] and len(words) > 2:
            phrase, words = phrase[:-2], words[:-2]
        elif words[-1] in self.elsewhere and len(words) > 1:
            where = self.elsewhere[words[-1]]
            phrase, words = phrase[:-1], words[:-1]
        if where == HAND and all(t.kind is not TokenKind.QUOTED for t in phrase):
            event = self.events.get(" ".join(words))
            if event is not None:
                return Subject(event, event)
        cards, label = self._cards(phrase, fail)
        suffix = "in hand" if where == HAND else where
        return Subject(where, f"{label} {suffix}", cards, drawn=where == HAND)

    def _cards(
        self, phrase: Sequence[Token], fail: Callable[[Token, str], QueryError]
    ) -> tuple[CardSelector, str]:
        first = phrase[0]
        if len(phrase) == 1 and (first.kind is TokenKind.QUOTED or first.text in self.database):
            resolution = self.database.resolve(first.text)
            if resolution.card is None:
                raise fail(first, resolution.problem())
            return NamedCard(resolution.card.name), resolution.card.label()
        group = self.group(phrase)
        if group is None:
            resolution = self.database.resolve(" ".join(token.text for token in phrase))
            if resolution.card is not None:
                return NamedCard(resolution.card.name), resolution.card.label()
            raise fail(first, f"{resolution.problem()}; a query counts {self.known}")
        return group


class Observation(Protocol):
    """One finished game as a query sees it."""

    def count(self, subject: Subject, turn: int) -> int:
        """How many ``subject`` the player had counted by the end of its own turn ``turn``
        (a game over before then keeps its last counts)."""


class Comparison(StrEnum):
    AT_LEAST = "at least"
    AT_MOST = "at most"
    EXACTLY = "exactly"


@dataclass(frozen=True, slots=True)
class Amount:
    """How many a term asks for: ``at least 2``, ``exactly 0``."""

    comparison: Comparison
    number: int

    def holds(self, count: int) -> bool:
        if self.comparison is Comparison.AT_LEAST:
            return count >= self.number
        if self.comparison is Comparison.AT_MOST:
            return count <= self.number
        return count == self.number


@dataclass(frozen=True, slots=True)
class Term:
    """``amount subject by own turn turn``."""

    amount: Amount
    subject: Subject
    turn: int

    def holds(self, observation: Observation) -> bool:
        return self.amount.holds(observation.count(self.subject, self.turn))


@dataclass(frozen=True, slots=True)
class All:
    parts: tuple[Expression, ...]


@dataclass(frozen=True, slots=True)
class Either:
    parts: tuple[Expression, ...]


Expression = Term | All | Either


def _holds(expression: Expression, value: Callable[[Term], bool]) -> bool:
    if isinstance(expression, Term):
        return value(expression)
    if isinstance(expression, All):
        return all(_holds(part, value) for part in expression.parts)
    return any(_holds(part, value) for part in expression.parts)


def _terms(expression: Expression) -> Iterator[Term]:
    if isinstance(expression, Term):
        yield expression
    else:
        for part in expression.parts:
            yield from _terms(part)


@dataclass(frozen=True, slots=True)
class Query:
    """A parsed query: its text and expression."""

    text: str
    expression: Expression

    @property
    def terms(self) -> tuple[Term, ...]:
        return tuple(_terms(self.expression))

    @property
    def last_turn(self) -> int:
        """The latest own turn any term looks at."""
        return max(term.turn for term in self.terms)

    @property
    def is_draw_question(self) -> bool:
        """Every term counts copies of cards drawn into the hand."""
        return all(term.subject.drawn and term.subject.cards is not None for term in self.terms)

    def holds(self, observation: Observation) -> bool:
        """Whether the query is true of one game."""
        return _holds(self.expression, lambda term: term.holds(observation))

    def exact(self, deck: Sequence[Any], drawn_by: Callable[[int], int]) -> float | None:
        """The exact chance of a pure draw question for a shuffled ``deck``, when
        ``drawn_by(t)`` cards have been drawn into the hand by own turn ``t``; None for
        other questions (or too many ways of drawing to weigh)."""
        if not self.is_draw_question:
            return None
        terms = self.terms
        selectors = list(dict.fromkeys(term.subject.cards for term in terms))
        vectors: dict[tuple[bool, ...], int] = {}
        for card in deck:
            vector = tuple(bool(s is not None and s.matches(card)) for s in selectors)
            if any(vector):
                vectors[vector] = vectors.get(vector, 0) + 1
        kinds = list(vectors)
        turns = sorted({term.turn for term in terms})
        stage = {turn: index for index, turn in enumerate(turns)}
        members = {
            selector: [k for k, vector in enumerate(kinds) if vector[index]]
            for index, selector in enumerate(selectors)
        }

        def accept(counts: StageCounts) -> bool:
            def value(term: Term) -> bool:
                drawn = counts[stage[term.turn]]
                return term.amount.holds(sum(drawn[k] for k in members[term.subject.cards]))

            return _holds(self.expression, value)

        stages = [min(len(deck), drawn_by(turn)) for turn in turns]
        return draw_probability([vectors[v] for v in kinds], len(deck), stages, accept)


class _Parser:
    """Recursive descent over the tokens, with the game's vocabulary for phrases."""

    def __init__(self, text: str, vocabulary: Vocabulary, last_turn: int | None) -> None:
        self.text = text
        self.vocabulary = vocabulary
        self.last_turn = last_turn
        self.tokens = tokenize(text)
        self.position = 0

    def fail(self, token: Token | None, problem: str) -> QueryError:
        column = token.column if token is not None else len(self.text.rstrip()) + 1
        return QueryError(self.text, column, problem)

    def peek(self, offset: int = 0) -> Token | None:
        index = self.position + offset
        return self.tokens[index] if index < len(self.tokens) else None

    def at(self, *words: str) -> bool:
        """The next tokens are these keywords."""
        for offset, word in enumerate(words):
            token = self.peek(offset)
            if token is None or token.kind is TokenKind.QUOTED or token.word != word:
                return False
        return True

    def take(self) -> Token:
        token = self.peek()
        assert token is not None
        self.position += 1
        return token

    def number(self, after: str) -> int:
        token = self.peek()
        if token is None or token.kind is not TokenKind.NUMBER:
            raise self.fail(token, f"expected a number after {after!r}")
        self.take()
        return int(token.text)

    def query(self) -> Query:
        if not self.tokens:
            raise self.fail(None, f"the query is empty; it counts {self.vocabulary.known}")
        expression = self.either(0)
        expression = self.by(expression)
        token = self.peek()
        if token is not None:
            raise self.fail(token, f"expected 'and', 'or' or the end, not {token.text!r}")
        turns = [term.turn for term in _terms(expression)]
        for index in reversed(range(len(turns) - 1)):
            turns[index] = turns[index] or turns[index + 1]
        if not turns[-1]:
            last = list(_terms(expression))[-1]
            raise self.fail(None, f"say by when: add 'by own turn N' ({last.subject.label})")
        return Query(self.text, _with_turns(expression, iter(turns)))

    def either(self, depth: int) -> Expression:
        parts = [self.all(depth)]
        while self.at("or"):
            self.take()
            parts.append(self.all(depth))
        return parts[0] if len(parts) == 1 else Either(tuple(parts))

    def all(self, depth: int) -> Expression:
        parts = [self.unit(depth)]
        while self.at("and"):
            self.take()
            parts.append(self.unit(depth))
        return parts[0] if len(parts) == 1 else All(tuple(parts))

    def unit(self, depth: int) -> Expression:
        token = self.peek()
        if token is not None and token.kind is TokenKind.OPEN:
            if depth >= MAX_DEPTH:
                raise self.fail(token, f"parentheses nest deeper than {MAX_DEPTH}")
            self.take()
            inner = self.either(depth + 1)
            close = self.peek()
            if close is None or close.kind is not TokenKind.CLOSE:
                raise self.fail(close, "expected ')'")
            self.take()
            return self.by(inner)
        amount = self.amount()
        phrase: list[Token] = []
        while (token := self.peek()) is not None and token.kind is not TokenKind.CLOSE:
            if token.kind is not TokenKind.QUOTED and token.word in ("and", "or", "by"):
                break
            if token.kind is TokenKind.OPEN:
                raise self.fail(token, "a '(' cannot start inside a phrase")
            phrase.append(self.take())
        if not phrase:
            raise self.fail(self.peek(), f"expected what to count: {self.vocabulary.known}")
        subject = self.vocabulary.subject(phrase, self.fail)
        return self.by(Term(amount, subject, 0))

    def amount(self) -> Amount:
        for words, comparison, shift in (
            (("at", "least"), Comparison.AT_LEAST, 0),
            (("at", "most"), Comparison.AT_MOST, 0),
            (("exactly",), Comparison.EXACTLY, 0),
            (("more", "than"), Comparison.AT_LEAST, 1),
            (("fewer", "than"), Comparison.AT_MOST, -1),
            (("less", "than"), Comparison.AT_MOST, -1),
        ):
            if self.at(*words):
                for _ in words:
                    self.take()
                number = self.number(" ".join(words)) + shift
                if number < 0:
                    raise self.fail(self.tokens[self.position - 1], "fewer than 0 is never true")
                self.optional("of")
                return Amount(comparison, number)
        token = self.peek()
        if token is not None and token.kind is TokenKind.NUMBER:
            self.take()
            self.optional("of")
            return Amount(Comparison.AT_LEAST, int(token.text))
        if self.at("no"):
            self.take()
            return Amount(Comparison.EXACTLY, 0)
        if self.at("a") or self.at("an") or self.at("any"):
            self.take()
        return Amount(Comparison.AT_LEAST, 1)

    def optional(self, word: str) -> None:
        if self.at(word):
            self.take()

    def by(self, expression: Expression) -> Expression:
        """``by [own] turn N`` after a term or group: the turn of its terms without one."""
        if not self.at("by"):
            return expression
        self.take()
        self.optional("own")
        if not self.at("turn"):
            raise self.fail(self.peek(), "expected 'turn' in 'by own turn N'")
        self.take()
        token = self.peek()
        turn = self.number("by own turn")
        if turn < 1:
            raise self.fail(token, "own turns count from 1")
        if self.last_turn is not None and turn > self.last_turn:
            raise self.fail(
                token, f"own turn {turn} is after the last one played ({self.last_turn})"
            )
        return _with_turn(expression, turn)


def _with_turns(expression: Expression, turns: Iterator[int]) -> Expression:
    """The expression with its terms' turns, in order, from ``turns``."""
    if isinstance(expression, Term):
        return Term(expression.amount, expression.subject, next(turns))
    parts = tuple(_with_turns(part, turns) for part in expression.parts)
    return All(parts) if isinstance(expression, All) else Either(parts)


def _with_turn(expression: Expression, turn: int) -> Expression:
    if isinstance(expression, Term):
        if expression.turn:
            return expression
        return Term(expression.amount, expression.subject, turn)
    parts = tuple(_with_turn(part, turn) for part in expression.parts)
    return All(parts) if isinstance(expression, All) else Either(parts)


def parse_query(text: str, vocabulary: Vocabulary, *, last_turn: int | None = None) -> Query:
    """Read a query; :class:`QueryError` naming the column when it cannot be read, or
    when it looks past ``last_turn``."""
    if len(text) > MAX_QUERY_LENGTH:
        raise QueryError(text[:60] + "…", 61, f"a query is at most {MAX_QUERY_LENGTH} characters")
    return _Parser(text, vocabulary, last_turn).query()


@dataclass(frozen=True, slots=True)
class QueryResult:
    """A query over a run: the share of games it held in (Wilson interval) and, for a
    pure draw question, its exact chance."""

    query: Query
    simulated: Proportion
    exact: float | None

    def to_dict(self) -> dict[str, Any]:
        """Contract §8: ``{"query", "simulated", "ci95", "exact"}``."""
        return {
            "query": self.query.text,
            "simulated": rounded(self.simulated.value),
            "ci95": interval(self.simulated.ci95),
            "exact": None if self.exact is None else rounded(self.exact),
            "games": self.simulated.total,
        }
