"""Collection CSV: every bad shape is reported with its line; imports are all-or-nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from lalcheck.collection import (
    Collection,
    Condition,
    Holding,
    ImportRejected,
    RowProblem,
    format_holdings,
    open_collection,
    parse_csv,
    read_import,
)
from lalcheck.collection.csvio import COLUMNS
from lalcheck.db import CardDatabase
from lalcheck.errors import InputError

HEADER = "number,quantity\n"


def test_good_rows(db: CardDatabase) -> None:
    text = (
        "\ufeffNumber , Quantity,trade_quantity,condition,language,foil,note,name,\n"
        "T01/001,4,1,lp,EN,yes,sleeved,Test Logicalist A,\n"
        "\n"
        ",,,,,,,,\n"
        "テスト定理者 A,1,,,,,,,\n"
        ",2,,,,,,スイーツ系女子 小玲,\n"
        'T01/002,1,0,near mint,ja,no,"two\nlines",,\n'
    )
    parsed = parse_csv(text, db)
    assert parsed.problems == ()
    assert parsed.rows == (
        Holding("T01/001", 4, 1, Condition.LP, "en", True, "sleeved"),
        Holding("T01/001", 1),
        Holding("BT01/008", 2),
        Holding("T01/002", 1, note="two\nlines"),
    )
    assert parsed.copies == 8


BAD_ROWS = [
    ("T01/0001,1", "unknown card 'T01/0001'; did you mean T01/001 「Test Logicalist A」"),
    ("Nobody,1", "unknown card 'Nobody'"),
    ("T01/001,four", "quantity 'four' is not a whole number"),
    ("T01/001,2.5", "quantity '2.5' is not a whole number"),
    ("T01/001,-2", "quantity -2 is negative"),
    ("T01/001,", "quantity is empty"),
    ("T01/001,1000001", "quantity 1000001 is more than 100000"),
    ("T01/001", "the row is short: 1 field, the header has 2 columns"),
    ("T01/001,1,extra", "the row is long: 3 fields, the header has 2 columns"),
    (",1", "no card number or name"),
]


@pytest.mark.parametrize(("row", "message"), BAD_ROWS)
def test_bad_rows_are_reported_with_their_line(db: CardDatabase, row: str, message: str) -> None:
    parsed = parse_csv(HEADER + "T01/002,1\n" + row + "\n", db)
    assert [p.line for p in parsed.problems] == [3]
    assert message in parsed.problems[0].message
    assert parsed.rows == (Holding("T01/002", 1),)
    assert not parsed.fatal


OPTIONAL_BAD = [
    ("T01/001,1,x,NM,ja,no,", "trade_quantity 'x' is not a whole number"),
    ("T01/001,1,-1,NM,ja,no,", "trade_quantity -1 is negative"),
    ("T01/001,1,2,NM,ja,no,", "2 copies for trade, but the quantity is 1"),
    ("T01/001,1,0,shiny,ja,no,", "unknown condition 'shiny'"),
    ("T01/001,1,0,NM,english,no,", "bad language 'english'"),
    ("T01/001,1,0,NM,ja,maybe,", "bad foil value 'maybe'; use yes or no"),
]


@pytest.mark.parametrize(("row", "message"), OPTIONAL_BAD)
def test_bad_optional_fields(db: CardDatabase, row: str, message: str) -> None:
    header = "number,quantity,trade_quantity,condition,language,foil,note\n"
    parsed = parse_csv(header + row + "\n", db)
    assert parsed.problems == (RowProblem(2, parsed.problems[0].message),)
    assert message in parsed.problems[0].message


def test_every_problem_of_a_row_is_named(db: CardDatabase) -> None:
    parsed = parse_csv("number,quantity,foil\nT01/0001,-1,maybe\n", db)
    message = parsed.problems[0].message
    assert "unknown card" in message and "negative" in message and "bad foil" in message


def test_a_name_must_match_the_number(db: CardDatabase) -> None:
    parsed = parse_csv("number,name,quantity\nT01/001,Test Logicalist B,1\n", db)
    assert parsed.problems == (
        RowProblem(2, "T01/001 is 「Test Logicalist A」, not 'Test Logicalist B'"),
    )


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("", 1, "the file is empty; a header row is required"),
        ("\n\n", 1, "the file is empty"),
        ("number,name\nT01/001,x\n", 1, "missing required column 'quantity'"),
        ("quantity\n1\n", 1, "missing required column 'number'"),
        ("number,quantity,colour\n", 1, "unknown column 'colour'"),
        ("number,quantity,number\n", 1, "column 'number' appears twice"),
        ('number,quantity\nT01/001,1\nT01/002,"2\n', 3, "the CSV cannot be read from here on"),
    ],
)
def test_broken_files_are_fatal(db: CardDatabase, text: str, line: int, message: str) -> None:
    parsed = parse_csv(text, db)
    assert parsed.fatal
    assert parsed.problems[-1].line == line
    assert message in parsed.problems[-1].message


def test_line_numbers_count_multi_line_fields_and_blank_lines(db: CardDatabase) -> None:
    text = HEADER.replace("\n", ",note\n") + 'T01/001,1,"a\nb\nc"\n\nT01/0001,1,\nT01/002,x,\n'
    assert [p.line for p in parse_csv(text, db).problems] == [6, 7]


def test_a_rejected_import_changes_nothing(
    collection: Collection, db: CardDatabase, tmp_path: Path
) -> None:
    collection.add(Holding("T01/001", 1))
    path = tmp_path / "bad.csv"
    path.write_text(HEADER + "T01/001,2\nT01/0001,1\nT01/002,-1\nT01/003,1\n", encoding="utf-8")
    with pytest.raises(ImportRejected) as rejected:
        read_import(path, db)
    assert [p.line for p in rejected.value.problems] == [3, 4]
    assert (
        "nothing imported: 2 bad rows; fix them, or use --skip-bad to import the 2 good rows"
        in (str(rejected.value))
    )
    assert collection.holdings() == (Holding("T01/001", 1),)
    parsed = read_import(path, db, skip_bad=True)
    collection.add_all(parsed.rows)
    assert collection.holdings() == (Holding("T01/001", 3), Holding("T01/003", 1))


def test_skip_bad_does_not_skip_a_broken_header(db: CardDatabase, tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("number,qty\nT01/001,1\n", encoding="utf-8")
    with pytest.raises(ImportRejected, match=r"nothing imported: the file cannot be read as a"):
        read_import(path, db, skip_bad=True)


def test_unreadable_files(db: CardDatabase, tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"none\.csv does not exist"):
        read_import(tmp_path / "none.csv", db)
    latin = tmp_path / "latin.csv"
    latin.write_bytes(b"number,quantity\nT01/001,1\n\xe9\n")
    with pytest.raises(InputError, match=r"is not UTF-8 text \(bad byte 0xe9\) \(line 3\)"):
        read_import(latin, db)


def test_import_merges_rows_for_the_same_card_and_details(
    collection: Collection, db: CardDatabase, tmp_path: Path
) -> None:
    path = tmp_path / "in.csv"
    path.write_text(
        "number,quantity,trade_quantity,foil,note\n"
        "T01/001,2,1,no,binder\n"
        "T01/001,1,0,,binder\n"
        "T01/001,1,0,yes,\n",
        encoding="utf-8",
    )
    for _ in range(2):
        collection.add_all(read_import(path, db).rows)
    assert collection.holdings() == (
        Holding("T01/001", 6, 2, note="binder"),
        Holding("T01/001", 2, foil=True),
    )


def test_export_then_import_round_trips_exactly(
    collection: Collection, db: CardDatabase, tmp_path: Path
) -> None:
    collection.add(Holding("T01/001", 4, 1, Condition.EX, "en", True, 'says "hi", twice'))
    collection.add(Holding("T02/001", 2, note="a; b"))
    collection.add(Holding("BT01/008", 1, note="line one\nline two"))
    collection.add(Holding("T01/001", 1, note=" spaced"))
    exported = format_holdings(collection.holdings(), db, "csv")
    assert exported.splitlines()[0] == ",".join(COLUMNS)
    path = tmp_path / "export.csv"
    path.write_text(exported, encoding="utf-8")
    with open_collection(tmp_path / "other.sqlite3") as other:
        other.add_all(read_import(path, db).rows)
        assert other.holdings() == collection.holdings()
        assert format_holdings(other.holdings(), db, "csv") == exported
