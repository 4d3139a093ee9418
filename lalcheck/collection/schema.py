"""The collection's SQLite schema and its migrations.

``PRAGMA user_version`` holds the schema version and ``PRAGMA application_id``
marks the file as a lalcheck collection. :data:`MIGRATIONS` is ordered: entry
``i`` takes a database from version ``i`` to ``i + 1`` (entry 0 creates
version 1). Released migrations are never edited; a schema change appends one.
"""

from __future__ import annotations

import sqlite3

from lalcheck.errors import InputError

#: ``PRAGMA application_id`` of lalcheck collections: "LALC" in ASCII.
APPLICATION_ID = 0x4C414C43

MIGRATIONS: tuple[tuple[str, ...], ...] = (
    # 1: how many copies of each printing.
    (
        """
        CREATE TABLE cards (
            number   TEXT    PRIMARY KEY NOT NULL,
            quantity INTEGER NOT NULL CHECK (quantity > 0)
        )
        """,
    ),
    # 2: per-copy details; version 1 rows become near mint, Japanese, non-foil.
    (
        """
        CREATE TABLE holdings (
            number         TEXT    NOT NULL CHECK (number <> ''),
            condition      TEXT    NOT NULL
                CHECK (condition IN ('MT', 'NM', 'EX', 'GD', 'LP', 'PL', 'PO')),
            language       TEXT    NOT NULL CHECK (language <> ''),
            foil           INTEGER NOT NULL CHECK (foil IN (0, 1)),
            quantity       INTEGER NOT NULL CHECK (quantity > 0),
            trade_quantity INTEGER NOT NULL DEFAULT 0
                CHECK (trade_quantity BETWEEN 0 AND quantity),
            note           TEXT    NOT NULL DEFAULT '',
            PRIMARY KEY (number, condition, language, foil)
        )
        """,
        """
        INSERT INTO holdings (number, condition, language, foil, quantity)
        SELECT number, 'NM', 'ja', 0, quantity FROM cards
        """,
        "DROP TABLE cards",
    ),
    # 3: cards are (game, number); every earlier row is a Luck & Logic card.
    (
        """
        CREATE TABLE holdings_by_game (
            game           TEXT    NOT NULL CHECK (game <> ''),
            number         TEXT    NOT NULL CHECK (number <> ''),
            condition      TEXT    NOT NULL
                CHECK (condition IN ('MT', 'NM', 'EX', 'GD', 'LP', 'PL', 'PO')),
            language       TEXT    NOT NULL CHECK (language <> ''),
            foil           INTEGER NOT NULL CHECK (foil IN (0, 1)),
            quantity       INTEGER NOT NULL CHECK (quantity > 0),
            trade_quantity INTEGER NOT NULL DEFAULT 0
                CHECK (trade_quantity BETWEEN 0 AND quantity),
            note           TEXT    NOT NULL DEFAULT '',
            PRIMARY KEY (game, number, condition, language, foil)
        )
        """,
        """
        INSERT INTO holdings_by_game
            (game, number, condition, language, foil, quantity, trade_quantity, note)
        SELECT 'luck-and-logic', number, condition, language, foil, quantity, trade_quantity, note
        FROM holdings
        """,
        "DROP TABLE holdings",
        "ALTER TABLE holdings_by_game RENAME TO holdings",
    ),
)

#: The schema version this lalcheck writes.
LATEST = len(MIGRATIONS)


def _pragma(connection: sqlite3.Connection, name: str) -> int:
    value = connection.execute(f"PRAGMA {name}").fetchone()[0]
    return int(value)


def check_identity(version: int, application: int, tables: int | None, source: str) -> None:
    """Refuse a database that is not a lalcheck collection or is newer than this lalcheck.

    ``version`` and ``application`` are its ``user_version`` and ``application_id``;
    ``tables`` is how many schema objects it holds (None: not known yet, which only
    matters for an unmarked database).
    """
    if version == 0:
        if application not in (0, APPLICATION_ID) or tables:
            raise InputError(f"{source} is an SQLite database but not a lalcheck collection")
    elif application != APPLICATION_ID:
        raise InputError(f"{source} is an SQLite database but not a lalcheck collection")
    if version > LATEST:
        raise InputError(
            f"{source} has collection schema version {version}; this lalcheck reads up to "
            f"version {LATEST}",
            hint="upgrade lalcheck",
        )


def identify(connection: sqlite3.Connection, source: str) -> int:
    """The schema version of a collection, read without writing anything; raises
    :class:`InputError` (see :func:`check_identity`) for any other database."""
    version = _pragma(connection, "user_version")
    application = _pragma(connection, "application_id")
    tables = connection.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    check_identity(version, application, int(tables), source)
    return version


def migrate(connection: sqlite3.Connection, source: str) -> None:
    """Bring a collection to :data:`LATEST`, creating it in an empty database.

    Runs inside the caller's write transaction; raises :class:`InputError` for a
    database that is not a lalcheck collection or is newer than this lalcheck.
    """
    version = identify(connection, source)
    for statements in MIGRATIONS[version:]:
        for statement in statements:
            connection.execute(statement)
    if version < LATEST:
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute(f"PRAGMA user_version = {LATEST}")
