"""Property-based fuzzing of every reader of user files (issue 16).

The deck parser, the text decklist importer, both CSV importers and the card
database loader get generated hostile input: fragments of YAML, CSV and
decklist syntax, explicit tags, anchors, huge numbers, control and bidi
characters. The properties: no exception escapes but lalcheck's own error
types, every problem names its line, what lalcheck writes it reads back, and
a failed command writes nothing.

Example counts are bounded and the runs derandomized, so the suite stays fast
and deterministic.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lalcheck.collection import parse_csv
from lalcheck.db import CardDatabase, DatabaseError, parse_database
from lalcheck.decklist import DecklistError, format_deck_yaml, parse_decklist
from lalcheck.decks import Deck, DeckEntry, DeckFile, DeckLine, parse_deck
from lalcheck.errors import InputError
from lalcheck.games.luck_and_logic.csv_import import import_csv
from lalcheck.games.luck_and_logic.decks import COUNTED_SECTIONS
from tests.conftest import CliRun

FUZZ = settings(
    max_examples=150,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
#: Pieces of hostile text: syntax of every format, tags, numbers, controls.
HOSTILE = [
    "\n",
    "  ",
    "\t",
    ":",
    ": ",
    "- ",
    ",",
    '"',
    "'",
    "#",
    "//",
    "x",
    "×",
    "*",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "&a ",
    "*a",
    "<<: ",
    "? ",
    "!!bool x",
    "!!timestamp x",
    "!!float",
    "!!binary x",
    "!!set",
    "!foo ",
    "!!int 0b",
    "---\n",
    "...\n",
    "%YAML 1.1\n",
    "9" * 40,
    "9" * 4400,
    "0x" + "f" * 30,
    "-1",
    "1.5",
    "1e999",
    ".nan",
    "null",
    "yes",
    "2017-02-30",
    "main",
    "gates",
    "secret_tools",
    "my_logicalist",
    "name",
    "as_of",
    "regulation",
    "T01/001",
    "BT01/008",
    "Ｔ０１／００１",
    "スイーツ系女子 小玲",
    "ヴァイパーフォール 縁",
    "4 ",
    "4x ",
    " x4",
    "Main",
    "Gates",
    "# name: ",
    "\x1b[2J",
    "\r",
    "\u202e",
    "\x85",
    "\u2028",
    "\x00",
    "\ufeff",
    "=",
    "+",
    "@",
    ";",
    "number,quantity\n",
    "CARD NO.,NAME,TYPE\n",
]
hostile_text = st.lists(st.sampled_from(HOSTILE), max_size=40).map("".join) | st.text(max_size=200)
LINE = re.compile(r":\d+\b|\(line \d+\)")


@FUZZ
@given(hostile_text)
def test_the_deck_parser_reports_every_problem_with_a_line(text: str) -> None:
    deck_file = parse_deck(text, "deck.yaml")
    for problem in deck_file.problems:
        assert problem.line is not None and problem.line >= 1, problem


@FUZZ
@given(hostile_text)
def test_the_decklist_importer_raises_only_its_own_error(db: CardDatabase, text: str) -> None:
    try:
        deck = parse_decklist(text, "list.txt", db)
    except DecklistError as error:
        for problem in error.problems:
            assert problem.line is not None or problem.message.startswith("no cards found")
        return
    # What the importer accepts, it writes as a deck file it reads back.
    written = parse_deck(format_deck_yaml(deck), "deck.yaml")
    assert not written.problems
    assert sorted((line.section, line.reference, line.count) for line in written.lines) == sorted(
        (e.section, e.reference, e.count) for e in deck.entries
    )


@FUZZ
@given(hostile_text)
def test_the_collection_csv_reader_reports_rows_with_lines(db: CardDatabase, text: str) -> None:
    parsed = parse_csv(text, db)
    for problem in parsed.problems:
        assert problem.line >= 1


@FUZZ
@given(hostile_text.map(lambda text: "CARD NO.,NAME,TYPE,POWER,LOGIC\n" + text))
def test_the_card_list_csv_importer_raises_only_input_errors(text: str) -> None:
    try:
        result = import_csv(
            text.encode("utf-8", "surrogatepass"), "cards.csv", name="n", version="1"
        )
    except InputError:
        return
    for problem in result.problems:
        assert problem.line >= 1


#: A small valid database to mutate.
DATABASE = """\
format: 1
game: luck-and-logic
name: fuzz
version: '1'
cards:
- number: T01/001
  name: Fuzz Logicalist
  type: logicalist
  color: yellow
  level: 1
  cost: 0
  territory: 1
  power: 3000
  spirit: 1
  limit: 2
- number: T01/002
  name: Fuzz Tactics
  type: tactics
  logic: {kind: tactics}
"""


@FUZZ
@given(st.integers(0, len(DATABASE)), hostile_text, st.sampled_from(["yaml", "json"]))
def test_the_database_loader_raises_only_database_errors_naming_lines(
    position: int, inserted: str, kind: str
) -> None:
    text = DATABASE[:position] + inserted + DATABASE[position:]
    if kind == "json":
        text = '{"format": 1, "game": "luck-and-logic", "name": "f", "version": "1", ' + inserted
    try:
        database = parse_database(text.encode("utf-8", "surrogatepass"), f"cards.{kind}")
    except DatabaseError as error:
        for problem in error.problems:
            assert LINE.search(problem) or "must hold a mapping" in problem, problem
        return
    for card in database:
        assert isinstance(card.name, str) and card.label()


references = st.text(min_size=1, max_size=30).filter(lambda text: text.strip() == text)


@FUZZ
@given(
    st.none() | st.text(max_size=30),
    st.lists(
        st.tuples(st.sampled_from(COUNTED_SECTIONS), references, st.integers(1, 50)),
        max_size=8,
        unique_by=lambda entry: (entry[0], entry[1]),
    ),
    st.none() | st.dates(dt.date(2016, 1, 1), dt.date(2030, 1, 1)),
)
def test_what_import_writes_it_reads_back(
    db: CardDatabase,
    name: str | None,
    entries: list[tuple[str, str, int]],
    as_of: dt.date | None,
) -> None:
    lines = tuple(
        DeckLine(section, ref, count, index + 1)
        for index, (section, ref, count) in enumerate(entries)
    )
    deck_file = DeckFile("deck.txt", name=name or None, as_of=as_of, lines=lines)
    deck = Deck(deck_file, tuple(DeckEntry(line, db.resolve(line.reference)) for line in lines))
    try:
        text = format_deck_yaml(deck)
    except InputError:
        return  # refused: nothing is written
    read = parse_deck(text, "deck.yaml")
    assert not read.problems
    assert (read.name, read.as_of) == (deck_file.name, as_of)
    assert sorted((line.section, line.reference, line.count) for line in read.lines) == sorted(
        entries
    )


@settings(
    max_examples=25,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(hostile_text)
def test_a_failed_import_writes_nothing(run: CliRun, tmp_path: Path, text: str) -> None:
    source = tmp_path / "list.txt"
    source.write_text(text, encoding="utf-8", errors="surrogatepass")
    output = tmp_path / "out.yaml"
    output.unlink(missing_ok=True)
    result = run("import", source, "-o", output, "--force")
    assert "Traceback" not in result.output
    if result.exit_code != 0:
        assert not output.exists()
    else:
        assert not parse_deck(output.read_text(encoding="utf-8"), str(output)).problems
