"""Collection CSV files (contract §7): reading every row with its line, and importing.

A header row is required. ``number`` and ``quantity`` are required columns;
``name``, ``trade_quantity``, ``condition``, ``language``, ``foil`` and
``note`` are optional. The ``number`` cell may hold a card name instead (as
decks may), and an empty ``number`` falls back to the ``name`` cell. A
``name`` next to a number must be one of that card's names: it catches a
mistyped number.

Cells lalcheck writes are spreadsheet-safe: one that a spreadsheet would run as
a formula (it starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return)
is written with a leading ``'`` (:func:`neutralise`), which reading removes
again (:func:`restore`), so export -> import gives back every cell exactly.
"""

from __future__ import annotations

import csv
import io
import operator
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TypeVar

from lalcheck.collection.model import (
    CollectionError,
    Condition,
    Holding,
    parse_condition,
    parse_foil,
    parse_language,
    parse_quantity,
    resolve_card,
)
from lalcheck.db.model import CardDatabase, SuggestionBudget
from lalcheck.errors import LalcheckError
from lalcheck.games.base import GameCard as Card
from lalcheck.wording import plural
from lalcheck.yamlsafe import DATA_LIMITS, read_text

#: What a cell starts with when a spreadsheet would run it as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

#: Every column, in the order export writes them.
COLUMNS = ("number", "name", "quantity", "trade_quantity", "condition", "language", "foil", "note")
REQUIRED = ("number", "quantity")

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RowProblem:
    """A row that cannot be imported, and why."""

    line: int
    message: str


@dataclass(frozen=True, slots=True)
class ParsedCsv:
    """The good rows of a collection CSV and a problem per bad row.

    ``fatal`` is set when the header or the CSV syntax is broken: then no row
    can be trusted, not even with ``--skip-bad``.
    """

    rows: tuple[Holding, ...]
    problems: tuple[RowProblem, ...] = ()
    fatal: bool = False

    @property
    def copies(self) -> int:
        return sum(row.quantity for row in self.rows)


class ImportRejected(CollectionError):
    """An import with bad rows that changed nothing; ``problems`` lists every bad row."""

    def __init__(self, source: str, parsed: ParsedCsv) -> None:
        self.problems = parsed.problems
        if parsed.fatal:
            message = f"{source}: nothing imported: the file cannot be read as a collection CSV"
        else:
            message = f"{source}: nothing imported: {plural(len(parsed.problems), 'bad row')}"
        if parsed.rows and not parsed.fatal:
            good = plural(len(parsed.rows), "good row")
            message += f"; fix them, or use --skip-bad to import the {good}"
        super().__init__(message)


def _formula_like(cell: str) -> bool:
    """True when ``cell``, without its leading quotes, would start a formula."""
    return cell.lstrip("'")[:1] in FORMULA_STARTS


def neutralise(cell: str) -> str:
    """A CSV cell as spreadsheets show it as text: ``=1+2`` -> ``'=1+2``.

    A cell that already starts with quotes before a formula character gets one
    more, so that :func:`restore` gives back every cell exactly.
    """
    return "'" + cell if _formula_like(cell) else cell


def restore(cell: str) -> str:
    """The cell :func:`neutralise` was given: ``'=1+2`` -> ``=1+2``."""
    return cell[1:] if cell.startswith("'") and _formula_like(cell) else cell


class _Syntax(Exception):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


def _records(text: str) -> Iterator[tuple[int, list[str]]]:
    """Non-blank records with the line each starts on."""
    reader = csv.reader(io.StringIO(text.removeprefix("\ufeff"), newline=""), strict=True)
    while True:
        line = reader.line_num + 1
        try:
            record = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            raise _Syntax(line, f"the CSV cannot be read from here on: {error}") from error
        joined = "".join(record)
        if joined.strip():  # not blank
            yield line, [restore(cell) for cell in record] if "'" in joined else record


def _header(line: int, record: list[str]) -> list[str]:
    """The column names; unnamed columns (trailing commas) are allowed and ignored."""
    columns = [cell.strip().casefold() for cell in record]
    named = [name for name in dict.fromkeys(columns) if name]
    problems = [f"missing required column {name!r}" for name in REQUIRED if name not in columns]
    problems += [f"unknown column {name!r}" for name in named if name not in COLUMNS]
    problems += [f"column {name!r} appears twice" for name in named if columns.count(name) > 1]
    if problems:
        raise _Syntax(line, "; ".join(problems) + f" (columns: {', '.join(COLUMNS)})")
    return columns


def _attempt(errors: list[str], parse: Callable[[], T]) -> T | None:
    try:
        return parse()
    except LalcheckError as error:
        errors.append(str(error))
        return None


def _card(number: str, name: str, db: CardDatabase[Card], budget: SuggestionBudget[Card]) -> Card:
    number, name = number.strip(), name.strip()
    if not number and not name:
        raise CollectionError("no card number or name")
    card = resolve_card(db, number or name, budget)
    if number and name and name not in card.all_names:
        raise CollectionError(f"{card.number} is 「{card.name}」, not {name!r}")
    return card


def _remembered(known: dict[str, T], text: str, parse: Callable[[str], T]) -> T:
    """``parse(text)``, remembered in ``known`` once it succeeds."""
    if text not in known:
        known[text] = parse(text)
    return known[text]


class _Cells:
    """The value each cell text of a column parses to, remembered: an import repeats few
    distinct quantities, conditions, languages and card references. Only values that
    parse are remembered, so a bad cell is parsed, and explained, on every line."""

    def __init__(self, db: CardDatabase[Card], columns: list[str]) -> None:
        self.db = db
        self.budget = SuggestionBudget(db)
        positions = {name: index for index, name in enumerate(columns) if name}
        #: A record's cells in the order of :data:`COLUMNS`, from the record and one empty
        #: cell after it (where the columns the file lacks point).
        self.pick = operator.itemgetter(*(positions.get(name, -1) for name in COLUMNS))
        self.cards: dict[tuple[str, str], str] = {}
        self.quantities: dict[str, int] = {}
        self.trades: dict[str, int] = {}
        self.conditions: dict[str, Condition] = {}
        self.languages: dict[str, str] = {}
        self.foils: dict[str, bool] = {}

    def card(self, number: str, name: str) -> str:
        """The card number of the row's number or name."""
        key = (number, name)
        if key not in self.cards:
            self.cards[key] = _card(number, name, self.db, self.budget).number
        return self.cards[key]

    def quantity(self, text: str) -> int:
        known = self.quantities.get(text)
        if known is None:
            known = self.quantities[text] = parse_quantity(text, "quantity")
        return known

    def trade(self, text: str) -> int:
        if text not in self.trades:
            self.trades[text] = parse_quantity(text.strip() or "0", "trade_quantity")
        return self.trades[text]

    def holding(self, record: list[str]) -> Holding:
        """The row of a record; :class:`CollectionError` listing every bad cell."""
        number, name, quantity, trade, condition, language, foil, note = self.pick([*record, ""])
        try:
            return Holding(
                self.card(number, name),
                self.quantity(quantity),
                self.trade(trade),
                _remembered(self.conditions, condition, parse_condition),
                _remembered(self.languages, language, parse_language),
                _remembered(self.foils, foil, parse_foil),
                note,
                self.db.info.game,
            )
        except LalcheckError:  # say every problem of the row, not only the first
            errors: list[str] = []
            _attempt(errors, partial(self.card, number, name))
            _attempt(errors, partial(self.quantity, quantity))
            _attempt(errors, partial(self.trade, trade))
            _attempt(errors, partial(parse_condition, condition))
            _attempt(errors, partial(parse_language, language))
            _attempt(errors, partial(parse_foil, foil))
            if errors:
                raise CollectionError("; ".join(errors)) from None
            raise  # the cells parse, but the row is wrong (more for trade than held)


def parse_csv(text: str, db: CardDatabase[Card]) -> ParsedCsv:
    """Every row of a collection CSV (a byte order mark is ignored), checked against ``db``."""
    rows: list[Holding] = []
    problems: list[RowProblem] = []
    records = _records(text)
    try:
        first = next(records, None)
        if first is None:
            return ParsedCsv(
                (), (RowProblem(1, "the file is empty; a header row is required"),), True
            )
        columns = _header(*first)
        cells = _Cells(db, columns)
        for line, record in records:
            if len(record) != len(columns):
                kind = "short" if len(record) < len(columns) else "long"
                problems.append(
                    RowProblem(
                        line,
                        f"the row is {kind}: {plural(len(record), 'field')}, the header has "
                        f"{plural(len(columns), 'column')}",
                    )
                )
                continue
            try:
                rows.append(cells.holding(record))
            except LalcheckError as error:
                problems.append(RowProblem(line, str(error)))
    except _Syntax as error:
        problems.append(RowProblem(error.line, str(error)))
        return ParsedCsv(tuple(rows), tuple(problems), fatal=True)
    return ParsedCsv(tuple(rows), tuple(problems))


def read_import(path: Path, db: CardDatabase[Card], *, skip_bad: bool = False) -> ParsedCsv:
    """The rows to import from a CSV file, checked before the collection is touched.

    Raises :class:`ImportRejected` for bad rows unless ``skip_bad`` (then they
    are only listed in ``problems``), and for a broken header or CSV syntax in
    any case. Import the result in one transaction with
    :meth:`~lalcheck.collection.store.Collection.add_all`.
    """
    parsed = parse_csv(read_text(path, DATA_LIMITS), db)
    if parsed.fatal or (parsed.problems and not skip_bad):
        raise ImportRejected(str(path), parsed)
    return parsed
