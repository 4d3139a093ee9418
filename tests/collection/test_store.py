"""The collection store: merge rules, removing, opening files, backups and atomic writes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from lalcheck.collection import (
    Collection,
    CollectionError,
    Condition,
    Holding,
    collection_path,
    merge,
    open_collection,
)
from lalcheck.collection.model import merge_notes, parse_condition, parse_foil, parse_quantity
from lalcheck.db import CardDatabase
from lalcheck.errors import InputError, UsageError


def test_rows_with_the_same_key_merge(collection: Collection) -> None:
    collection.add(Holding("T01/001", 2, 1, note="gift"))
    row = collection.add(Holding("T01/001", 3, 1, note="from Ann"))
    assert row == Holding("T01/001", 5, 2, note="gift; from Ann")
    assert collection.holdings() == (row,)


def test_rows_with_other_details_stay_apart(collection: Collection) -> None:
    collection.add(Holding("T01/001", 1))
    collection.add(Holding("T01/001", 1, foil=True))
    collection.add(Holding("T01/001", 1, condition=Condition.LP))
    collection.add(Holding("T01/001", 1, language="en"))
    collection.add(Holding("T02/001", 1))
    assert len(collection.holdings()) == 5
    assert [row.number for row in collection.holdings()] == ["T01/001"] * 4 + ["T02/001"]


def test_notes_merge_once_each() -> None:
    assert merge_notes("", "gift") == "gift"
    assert merge_notes("gift", "") == "gift"
    assert merge_notes("gift", "gift") == "gift"
    assert merge_notes("gift", "sleeved; gift") == "gift; sleeved"
    held = Holding("T01/001", 1, note="a; b")
    assert merge(held, Holding("T01/001", 2, 2, note="b; c")) == Holding(
        "T01/001", 3, 2, note="a; b; c"
    )


def test_trade_copies_are_within_the_quantity() -> None:
    with pytest.raises(UsageError, match="3 copies for trade, but the quantity is 2"):
        Holding("T01/001", 2, 3)


def test_field_parsers() -> None:
    assert parse_condition("near mint") is Condition.NM
    assert parse_condition("lp") is Condition.LP
    assert parse_condition("") is Condition.NM
    assert parse_foil("Yes") and not parse_foil("") and not parse_foil("0")
    assert parse_quantity(" 7 ", "quantity") == 7
    for bad, message in (("-1", "negative"), ("2.5", "not a whole number"), ("", "empty")):
        with pytest.raises(UsageError, match=message):
            parse_quantity(bad, "quantity")
    with pytest.raises(UsageError, match="unknown condition"):
        parse_condition("shiny")


def test_remove_takes_from_the_row(collection: Collection, db: CardDatabase) -> None:
    collection.add(Holding("T01/001", 4, 3))
    row = collection.remove(db["T01/001"], 2)
    assert row == Holding("T01/001", 2, 2)  # trade copies capped at what is left
    assert collection.holdings() == (row,)
    assert collection.remove(db["T01/001"], 2).quantity == 0
    assert collection.holdings() == ()


def test_removing_more_than_held_changes_nothing(collection: Collection, db: CardDatabase) -> None:
    collection.add(Holding("T01/001", 3))
    before = collection.holdings()
    with pytest.raises(CollectionError, match=r"holds 3 \(NM, ja\); nothing changed"):
        collection.remove(db["T01/001"], 4)
    with pytest.raises(CollectionError, match="is not in the collection; nothing changed"):
        collection.remove(db["T01/002"], 1)
    with pytest.raises(CollectionError, match="not in the collection with those details"):
        collection.remove(db["T01/001"], 1, foil=True)
    assert collection.holdings() == before


def test_remove_needs_details_when_held_in_several_ways(
    collection: Collection, db: CardDatabase
) -> None:
    collection.add(Holding("T01/001", 3))
    collection.add(Holding("T01/001", 1, foil=True))
    with pytest.raises(CollectionError, match=r"held in 2 ways \(3 × NM, ja; 1 × NM, ja, foil\)"):
        collection.remove(db["T01/001"], 1)
    assert collection.remove(db["T01/001"], 1, foil=True).quantity == 0
    assert collection.remove(db["T01/001"], 1).quantity == 2


def test_add_all_adds_up_as_add_one_by_one(tmp_path: Path) -> None:
    """The rows an import adds up in memory come out as adding them one by one would:
    notes in turn, a row of no copies leaving nothing to add to, held rows merged."""
    rows = [
        Holding("T01/002", 0, note="wanted"),
        Holding("T01/001", 2, 1, note="gift"),
        Holding("T01/002", 3, note="binder"),
        Holding("T01/001", 1, note="gift; sleeved"),
        Holding("T01/001", 1, foil=True),
        Holding("T01/003", 0),
    ]
    with (
        open_collection(tmp_path / "one.sqlite3") as one_by_one,
        open_collection(tmp_path / "all.sqlite3") as at_once,
    ):
        for collection in (one_by_one, at_once):
            collection.add(Holding("T01/001", 1, note="old"))
        for row in rows:
            one_by_one.add(row)
        at_once.add_all(rows)
        assert at_once.holdings() == one_by_one.holdings()
        assert at_once.holdings()[0] == Holding("T01/001", 4, 1, note="old; gift; sleeved")


def test_add_all_is_all_or_nothing(collection: Collection) -> None:
    collection.add(Holding("T01/001", 1))
    bad = Holding("T01/002", 1)
    object.__setattr__(bad, "quantity", -1)  # a row the schema refuses
    with pytest.raises(InputError):
        collection.add_all([Holding("T01/001", 5), bad])
    assert collection.holdings() == (Holding("T01/001", 1),)


def test_collection_path_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    given = tmp_path / "given.sqlite3"
    monkeypatch.setenv("LALCHECK_COLLECTION", str(tmp_path / "env.sqlite3"))
    assert collection_path(given) == given
    assert collection_path() == tmp_path / "env.sqlite3"
    monkeypatch.delenv("LALCHECK_COLLECTION")
    assert collection_path().name == "collection.sqlite3"
    assert "lalcheck" in collection_path().parts


def test_the_file_is_wal_with_a_busy_timeout(collection_file: Path) -> None:
    with open_collection(collection_file) as opened:
        opened.add(Holding("T01/001", 1))
    connection = sqlite3.connect(collection_file)
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    connection.close()


def test_reading_a_missing_collection_creates_nothing(tmp_path: Path) -> None:
    path = tmp_path / "deeper" / "none.sqlite3"
    with open_collection(path, create=False) as opened:
        assert opened.holdings() == ()
        with pytest.raises(InputError, match="no collection at"):
            opened.backup(tmp_path / "copy.sqlite3")
    assert not path.parent.exists()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"this is not a database at all, just text\n" * 20, "not an SQLite database"),
        (b"SQLite format 3\x00" + b"\xff" * 200, "not an SQLite database"),
    ],
)
def test_a_corrupt_file_is_a_clear_error(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "broken.sqlite3"
    path.write_bytes(content)
    with pytest.raises(InputError, match=message):
        open_collection(path)
    assert path.read_bytes() == content


def test_another_sqlite_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE notes (text)")
    connection.commit()
    connection.close()
    with pytest.raises(InputError, match="an SQLite database but not a lalcheck collection"):
        open_collection(path)


def test_unusable_paths(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="is a folder"):
        open_collection(tmp_path)
    a_file = tmp_path / "file.txt"
    a_file.write_text("x")
    with pytest.raises(InputError, match=r"file\.txt is a file, not a folder"):
        open_collection(a_file / "collection.sqlite3")
    with pytest.raises(InputError, match=r"file\.txt is a file, not a folder"):
        open_collection(a_file / "collection.sqlite3", create=False)


def test_backup_is_a_consistent_standalone_copy(collection: Collection, tmp_path: Path) -> None:
    collection.add(Holding("T01/001", 2, note="x"))
    target = tmp_path / "backup.sqlite3"
    target.write_text("old content")
    collection.backup(target)
    assert not list(tmp_path.glob(".backup.sqlite3.*"))
    connection = sqlite3.connect(target)
    assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    connection.close()
    with open_collection(target) as copy:
        assert copy.holdings() == collection.holdings()
    with pytest.raises(UsageError, match="the collection itself"):
        collection.backup(collection.path)


def test_holdings_of_reads_only_the_rows_of_the_numbers_asked_for(collection: Collection) -> None:
    collection.add_all([Holding("T01/001", 2), Holding("T01/002", 1, foil=True)])
    collection.add(Holding("T01/003", 4))
    # More numbers than one query takes: every batch is looked up.
    asked = [f"X{index:04d}" for index in range(1200)] + ["T01/003", "T01/001"]
    found = collection.holdings_of("luck-and-logic", asked)
    assert sorted(found, key=lambda holding: holding.number) == [
        Holding("T01/001", 2),
        Holding("T01/003", 4),
    ]
    assert collection.holdings_of("luck-and-logic", []) == ()
    assert collection.holdings_of("restore-the-luminous", ["T01/001"]) == ()
