"""The collection file: one SQLite database, one transaction per operation.

Writers take the write lock up front (``BEGIN IMMEDIATE``) and the database
runs in WAL mode with a busy timeout, so two processes adding at once wait
for each other instead of failing or losing an update.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import platformdirs

from lalcheck.atomic import write_atomic
from lalcheck.collection.model import CollectionError, Condition, Holding, merge
from lalcheck.collection.schema import APPLICATION_ID, LATEST, migrate
from lalcheck.errors import InputError, UsageError
from lalcheck.games import DEFAULT_GAME
from lalcheck.games.base import GameCard as Card

#: Environment variable naming the collection file when ``--collection`` is not given.
COLLECTION_ENV = "LALCHECK_COLLECTION"
#: How long a command waits for another process's write to finish.
BUSY_TIMEOUT_S = 60.0

_COLUMNS = "number, quantity, trade_quantity, condition, language, foil, note, game"
#: Selects the one row with a holding's key.
_KEY = "game = ? AND number = ? AND condition = ? AND language = ? AND foil = ?"


def collection_path(path: Path | None = None) -> Path:
    """``path``, else ``$LALCHECK_COLLECTION``, else ``collection.sqlite3`` in the data dir."""
    if path is not None:
        return path
    chosen = os.environ.get(COLLECTION_ENV)
    if chosen:
        return Path(chosen).expanduser()
    return platformdirs.user_data_path("lalcheck") / "collection.sqlite3"


def _sqlite_error(source: Path, error: sqlite3.Error) -> InputError:
    text = str(error)
    if "not a database" in text:
        return InputError(f"{source} is not a lalcheck collection (not an SQLite database)")
    if "locked" in text or "busy" in text:
        return InputError(
            f"the collection {source} is busy: another program kept it locked for "
            f"{BUSY_TIMEOUT_S:.0f} s",
            hint="try again",
        )
    if "unable to open" in text or "readonly" in text:
        return InputError(f"cannot open the collection {source} for writing: {text}")
    return InputError(f"cannot use the collection {source}: {text}")


def _key_values(holding: Holding) -> tuple[str, str, str, str, int]:
    game, number, condition, language, foil = holding.key
    return (game, number, condition.value, language, int(foil))


def _row(values: tuple[str, int, int, str, str, int, str, str]) -> Holding:
    number, quantity, trade, condition, language, foil, note, game = values
    return Holding(number, quantity, trade, Condition(condition), language, bool(foil), note, game)


class Collection:
    """An open collection; every public method is one transaction.

    Use as a context manager, or call :meth:`close`.
    """

    def __init__(self, connection: sqlite3.Connection, path: Path, *, persistent: bool) -> None:
        self._db = connection
        self.path = path
        #: False for a collection file that does not exist yet (opened empty, in memory).
        self.persistent = persistent

    def __enter__(self) -> Collection:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the database connection."""
        self._db.close()

    def _use_wal(self) -> None:
        # Switching a new file to WAL can fail at once with "database is locked" while
        # another process switches it (SQLite calls no busy handler there): retry.
        deadline = time.monotonic() + BUSY_TIMEOUT_S
        while self._db.execute("PRAGMA journal_mode").fetchone()[0] not in ("wal", "memory"):
            try:
                self._db.execute("PRAGMA journal_mode = WAL")
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    def _prepare(self) -> None:
        """Switch to WAL mode and bring the schema up to date (in one transaction)."""
        try:
            self._use_wal()
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            application = self._db.execute("PRAGMA application_id").fetchone()[0]
        except sqlite3.Error as error:
            raise _sqlite_error(self.path, error) from error
        if (version, application) != (LATEST, APPLICATION_ID):
            with self._transaction(write=True):
                migrate(self._db, str(self.path))

    @contextmanager
    def _transaction(self, *, write: bool) -> Iterator[None]:
        try:
            self._db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        except sqlite3.Error as error:
            raise _sqlite_error(self.path, error) from error

    def _rows(self, where: str = "", *params: object) -> tuple[Holding, ...]:
        cursor = self._db.execute(
            f"SELECT {_COLUMNS} FROM holdings {where} "
            "ORDER BY game, number, condition, language, foil",
            params,
        )
        return tuple(_row(values) for values in cursor)

    def holdings(self, game: str | None = None) -> tuple[Holding, ...]:
        """Every row (of one game, when given), ordered by game, card number and details."""
        with self._transaction(write=False):
            return self._rows("WHERE game = ?", game) if game is not None else self._rows()

    def _put(self, row: Holding) -> None:
        self._db.execute(
            f"INSERT INTO holdings ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (game, number, condition, language, foil) DO UPDATE SET "
            "quantity = excluded.quantity, trade_quantity = excluded.trade_quantity, "
            "note = excluded.note",
            (
                row.number,
                row.quantity,
                row.trade_quantity,
                row.condition.value,
                row.language,
                int(row.foil),
                row.note,
                row.game,
            ),
        )

    def _add(self, added: Holding) -> Holding:
        held = self._rows(f"WHERE {_KEY}", *_key_values(added))
        result = merge(held[0], added) if held else added
        if result.quantity:
            self._put(result)
        return result

    def add(self, holding: Holding) -> Holding:
        """Add copies, merging into the row with the same key; returns the resulting row."""
        with self._transaction(write=True):
            return self._add(holding)

    def add_all(self, holdings: Iterable[Holding]) -> None:
        """Add many rows in one transaction: all of them or, on any error, none."""
        with self._transaction(write=True):
            for holding in holdings:
                self._add(holding)

    def remove(
        self,
        card: Card,
        quantity: int,
        *,
        game: str = DEFAULT_GAME,
        condition: Condition | None = None,
        language: str | None = None,
        foil: bool | None = None,
    ) -> Holding:
        """Remove copies of ``card`` (of ``game``) from the one row matching the given details.

        Returns the row as left (quantity 0 when it is gone); trade copies are
        capped at what is left. Raises :class:`CollectionError`, changing
        nothing, when no row or several rows match or too few copies are held.
        """
        with self._transaction(write=True):
            rows = [
                row
                for row in self._rows("WHERE game = ? AND number = ?", game, card.number)
                if condition in (None, row.condition)
                and language in (None, row.language)
                and foil in (None, row.foil)
            ]
            if not rows:
                chosen = (condition, language, foil) != (None, None, None)
                raise CollectionError(
                    f"{card.label()} is not in the collection"
                    f"{' with those details' if chosen else ''}; nothing changed"
                )
            if len(rows) > 1:
                ways = "; ".join(f"{row.quantity} × {row.details()}" for row in rows)
                raise CollectionError(
                    f"{card.label()} is held in {len(rows)} ways ({ways}); choose one with "
                    "--condition, --language or --foil; nothing changed"
                )
            held = rows[0]
            if quantity > held.quantity:
                raise CollectionError(
                    f"cannot remove {quantity} × {card.label()}: the collection holds "
                    f"{held.quantity} ({held.details()}); nothing changed"
                )
            left = held.quantity - quantity
            result = replace(held, quantity=left, trade_quantity=min(held.trade_quantity, left))
            if left:
                self._put(result)
            else:
                self._db.execute(f"DELETE FROM holdings WHERE {_KEY}", _key_values(held))
            return result

    def check_output(self, target: Path) -> None:
        """Refuse to write an export or a backup over the collection file itself."""
        if target.exists() and target.resolve() == self.path.resolve():
            raise UsageError(f"{target} is the collection itself; write to another file")

    def backup(self, target: Path) -> None:
        """Write a consistent copy of the collection to ``target`` (SQLite backup API)."""
        if not self.persistent:
            raise InputError(f"there is no collection at {self.path} yet; nothing to back up")
        self.check_output(target)
        copy = sqlite3.connect(":memory:")
        try:
            self._db.backup(copy)
            image = bytearray(copy.serialize())
        except sqlite3.Error as error:
            raise _sqlite_error(self.path, error) from error
        finally:
            copy.close()
        # Header bytes 18-19 are the file format versions: 2 means WAL, 1 a rollback
        # journal. Version 1 makes the copy one self-contained file (what
        # `PRAGMA journal_mode = DELETE` would write), readable on read-only media.
        image[18:20] = b"\x01\x01"
        write_atomic(target, bytes(image))


def open_collection(path: Path | None = None, *, create: bool = True) -> Collection:
    """Open the collection at :func:`collection_path`, migrating it to the latest schema.

    With ``create=False`` a missing file is not created: the collection opens
    empty, in memory (for commands that only read). Raises :class:`InputError`
    for a file that cannot be opened or is not a lalcheck collection.
    """
    chosen = collection_path(path)
    if chosen.is_dir():
        raise InputError(f"the collection {chosen} is a folder; give a file name")
    if chosen.parent.exists() and not chosen.parent.is_dir():
        raise InputError(
            f"cannot use the collection {chosen}: {chosen.parent} is a file, not a folder"
        )
    persistent = create or chosen.exists()
    try:
        if persistent:
            chosen.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(
            chosen if persistent else ":memory:", timeout=BUSY_TIMEOUT_S, isolation_level=None
        )
    except OSError as error:
        raise InputError(f"cannot create the collection {chosen}: {error.strerror}") from error
    except sqlite3.Error as error:
        raise _sqlite_error(chosen, error) from error
    collection = Collection(connection, chosen, persistent=persistent)
    try:
        collection._prepare()
    except BaseException:
        collection.close()
        raise
    return collection
