"""Schema versions: new files get the latest, older files are migrated with their data."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from lalcheck.collection import Condition, Holding, open_collection
from lalcheck.collection.schema import APPLICATION_ID, LATEST, MIGRATIONS
from lalcheck.errors import InputError

#: The schema lalcheck's first collection files had, as they were written (version 1).
VERSION_1 = f"""
PRAGMA application_id = {APPLICATION_ID};
PRAGMA user_version = 1;
CREATE TABLE cards (
    number   TEXT    PRIMARY KEY NOT NULL,
    quantity INTEGER NOT NULL CHECK (quantity > 0)
);
INSERT INTO cards VALUES ('T01/001', 3), ('BT01/008', 1);
"""


#: Version 2: per-copy details, before cards were keyed by their game.
VERSION_2 = f"""
PRAGMA application_id = {APPLICATION_ID};
PRAGMA user_version = 2;
{MIGRATIONS[1][0]};
INSERT INTO holdings VALUES ('BT01/008', 'EX', 'en', 1, 3, 1, 'binder');
"""


def pragmas(path: Path) -> tuple[int, int, list[str]]:
    connection = sqlite3.connect(path)
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    application = connection.execute("PRAGMA application_id").fetchone()[0]
    tables = [
        row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
    ]
    connection.close()
    return version, application, tables


def test_there_is_a_migration_path() -> None:
    assert LATEST == len(MIGRATIONS) >= 2


def test_a_new_collection_has_the_latest_schema(collection_file: Path) -> None:
    open_collection(collection_file).close()
    assert pragmas(collection_file) == (LATEST, APPLICATION_ID, ["holdings"])


def test_version_1_is_migrated_keeping_its_cards(collection_file: Path) -> None:
    connection = sqlite3.connect(collection_file)
    connection.executescript(VERSION_1)
    connection.close()
    assert pragmas(collection_file)[0] == 1
    with open_collection(collection_file) as collection:
        assert collection.holdings() == (Holding("BT01/008", 1), Holding("T01/001", 3))
        collection.add(Holding("T01/001", 1, foil=True))
    assert pragmas(collection_file) == (LATEST, APPLICATION_ID, ["holdings"])
    with open_collection(collection_file) as collection:  # opening again changes nothing
        assert len(collection.holdings()) == 3


def test_version_2_rows_become_luck_and_logic_cards(collection_file: Path) -> None:
    connection = sqlite3.connect(collection_file)
    connection.executescript(VERSION_2)
    connection.close()
    held = Holding("BT01/008", 3, 1, Condition.EX, "en", True, "binder", "luck-and-logic")
    with open_collection(collection_file) as collection:
        assert collection.holdings() == (held,)
        collection.add(Holding("BT01/008", 1, game="restore-the-luminous"))
        assert len(collection.holdings()) == 2
        assert collection.holdings("luck-and-logic") == (held,)
    assert pragmas(collection_file) == (LATEST, APPLICATION_ID, ["holdings"])


def test_a_newer_schema_is_refused(collection_file: Path) -> None:
    open_collection(collection_file).close()
    connection = sqlite3.connect(collection_file)
    connection.execute(f"PRAGMA user_version = {LATEST + 1}")
    connection.commit()
    connection.close()
    with pytest.raises(InputError, match=f"schema version {LATEST + 1}; this lalcheck reads"):
        open_collection(collection_file)


def test_a_failed_migration_changes_nothing(collection_file: Path) -> None:
    connection = sqlite3.connect(collection_file)
    connection.executescript(VERSION_1 + "INSERT INTO cards VALUES ('', 1);")
    connection.close()
    with pytest.raises(InputError, match="CHECK constraint failed"):
        open_collection(collection_file)
    assert pragmas(collection_file) == (1, APPLICATION_ID, ["cards"])


def test_an_unmarked_database_with_tables_is_left_alone(collection_file: Path) -> None:
    connection = sqlite3.connect(collection_file)
    connection.executescript(VERSION_1.replace("PRAGMA user_version = 1;", ""))
    connection.execute("PRAGMA application_id = 0")
    connection.commit()
    connection.close()
    with pytest.raises(InputError, match="not a lalcheck collection"):
        open_collection(collection_file)
    assert pragmas(collection_file) == (0, 0, ["cards"])
