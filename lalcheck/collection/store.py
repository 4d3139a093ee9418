"""The collection file: one SQLite database, one transaction per operation.

Writers take the write lock up front (``BEGIN IMMEDIATE``) and the database
runs in WAL mode with a busy timeout, so two processes adding at once wait
for each other instead of failing or losing an update.

A file is identified before anything changes it: its header is read without
SQLite, then its ``application_id``, ``user_version`` and tables, so another
program's database, a newer lalcheck's collection or an empty file is refused
untouched. Commands that only read open the file read-only (``mode=ro``), so
they work on a read-only file and on a full disk; a new collection appears at
once complete (it is made beside its path and linked into place).
"""

from __future__ import annotations

import contextlib
import os
import secrets
import sqlite3
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import platformdirs

from lalcheck.atomic import write_atomic
from lalcheck.collection.model import CollectionError, Condition, Holding, RowSum, merge
from lalcheck.collection.schema import LATEST, check_identity, identify, migrate
from lalcheck.errors import InputError, UsageError
from lalcheck.games import DEFAULT_GAME
from lalcheck.games.base import GameCard as Card

#: Environment variable naming the collection file when ``--collection`` is not given.
COLLECTION_ENV = "LALCHECK_COLLECTION"
#: How long a command waits for another process's write to finish.
BUSY_TIMEOUT_S = 60.0

#: The first bytes of every SQLite database file, and those of its fixed header fields.
_MAGIC = b"SQLite format 3\x00"
_HEADER_SIZE = 100

_COLUMNS = "number, quantity, trade_quantity, condition, language, foil, note, game"
#: Card numbers looked up in one query (SQLite allows 999 parameters in old versions).
_BATCH = 500
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
    if "readonly" in text:
        return InputError(f"cannot write the collection {source}: {text}")
    if "unable to open" in text:
        return InputError(f"cannot open the collection {source}: {text}")
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

    def __init__(
        self,
        connection: sqlite3.Connection,
        path: Path,
        *,
        persistent: bool,
        read_only: bool = False,
    ) -> None:
        self._db = connection
        self.path = path
        #: False for a collection file that does not exist yet (opened empty, in memory).
        self.persistent = persistent
        #: True when the file is open for reading only.
        self.read_only = read_only

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
        """Check what the file is (reading only), then switch to WAL mode and bring the
        schema up to date (in one transaction)."""
        try:
            with self._transaction(write=False):
                version = identify(self._db, str(self.path))
            self._use_wal()
        except sqlite3.Error as error:
            raise _sqlite_error(self.path, error) from error
        if version != LATEST:
            with self._transaction(write=True):
                migrate(self._db, str(self.path))

    def _prepare_read_only(self) -> None:
        """Check what the file is; an older schema is brought up to date in memory."""
        try:
            with self._transaction(write=False):
                version = identify(self._db, str(self.path))
            if version != LATEST:
                disk, self._db = self._db, _in_memory(self._db, str(self.path))
                disk.close()
        except sqlite3.Error as error:
            raise _sqlite_error(self.path, error) from error

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

    def _put_all(self, rows: Iterable[Holding]) -> None:
        self._db.executemany(
            f"INSERT INTO holdings ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (game, number, condition, language, foil) DO UPDATE SET "
            "quantity = excluded.quantity, trade_quantity = excluded.trade_quantity, "
            "note = excluded.note",
            (
                (
                    row.number,
                    row.quantity,
                    row.trade_quantity,
                    row.condition.value,
                    row.language,
                    int(row.foil),
                    row.note,
                    row.game,
                )
                for row in rows
            ),
        )

    def holdings_of(self, game: str, numbers: Iterable[str]) -> tuple[Holding, ...]:
        """The rows of ``game`` whose card number is one of ``numbers`` (what a command
        about some cards needs), read in batches of :data:`_BATCH` numbers."""
        wanted = sorted(set(numbers))
        batches = [wanted[start : start + _BATCH] for start in range(0, len(wanted), _BATCH)]
        with self._transaction(write=False):
            rows = [
                row
                for batch in batches
                for row in self._rows(
                    f"WHERE game = ? AND number IN ({', '.join('?' * len(batch))})", game, *batch
                )
            ]
        return tuple(rows)

    def add(self, holding: Holding) -> Holding:
        """Add copies, merging into the row with the same key; returns the resulting row."""
        with self._transaction(write=True):
            held = self._rows(f"WHERE {_KEY}", *_key_values(holding))
            result = merge(held[0], holding) if held else holding
            if result.quantity:
                self._put_all([result])
            return result

    def add_all(self, holdings: Iterable[Holding]) -> None:
        """Add many rows in one transaction: all of them or, on any error, none.

        The rows are added up in memory, each into the row of its key as it stands
        after the rows before it (as :meth:`add` one by one would), and the rows
        that changed are written at once.
        """
        with self._transaction(write=True):
            held: dict[tuple[str, str, Condition, str, bool], Holding] = {}
            read: set[str] = set()
            sums: dict[tuple[str, str, Condition, str, bool], RowSum] = {}
            for holding in holdings:
                if holding.game not in read:  # the rows held of each game, read once
                    read.add(holding.game)
                    rows = self._rows("WHERE game = ?", holding.game)
                    held.update((row.key, row) for row in rows)
                key = holding.key
                total = sums.get(key)
                if total is None and key in held:
                    sums[key] = total = RowSum(held[key])
                if total is not None and total.quantity:
                    total.add(holding)
                else:  # nothing held yet: rows of no copies leave nothing to add to
                    sums[key] = RowSum(holding)
            self._put_all(total.row() for total in sums.values() if total.quantity)

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
                self._put_all([result])
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


def _check_header(path: Path) -> None:
    """Refuse, from its first 100 bytes alone, a file that is no lalcheck collection:
    an empty file, one that is not SQLite, another program's, a newer lalcheck's."""
    try:
        with path.open("rb") as handle:
            header = handle.read(_HEADER_SIZE)
    except OSError as error:
        raise InputError(f"cannot read the collection {path}: {error.strerror}") from error
    if not header:
        raise InputError(
            f"{path} is an empty file, not a lalcheck collection",
            hint="delete it to start a new collection there",
        )
    # Bytes 21-23 are fixed in every SQLite database: 64, 32, 32.
    if len(header) < _HEADER_SIZE or not header.startswith(_MAGIC) or header[21:24] != b"@  ":
        raise InputError(f"{path} is not a lalcheck collection (not an SQLite database)")
    version = int.from_bytes(header[60:64], "big", signed=True)
    application = int.from_bytes(header[68:72], "big", signed=True)
    check_identity(version, application, None, str(path))


def _create(path: Path) -> None:
    """Make a new, empty collection at ``path``: built beside it, then linked into place,
    so that no other process ever sees an empty or half-made file there."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # SQLite creates the file itself, with the permissions any new file gets.
    name = path.parent / f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.new"
    try:
        connection = sqlite3.connect(name, isolation_level=None)
        try:
            connection.execute("PRAGMA journal_mode = WAL")  # kept in the file's header
            connection.execute("BEGIN IMMEDIATE")
            migrate(connection, str(path))
            connection.execute("COMMIT")
        finally:
            connection.close()
        try:
            os.link(name, path)
        except FileExistsError:  # another process made it first: use that one
            pass
        except OSError:  # a file system without hard links: create exclusively, then fill
            with contextlib.suppress(FileExistsError), path.open("xb") as handle:
                handle.write(name.read_bytes())
    finally:
        with contextlib.suppress(OSError):
            os.unlink(name)


def _read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection to ``path``. When SQLite cannot even make the shared-memory
    file WAL readers need (a read-only folder, a full disk), the file is read as it is on
    disk (``immutable=1``): nobody can be writing to it then."""
    uri = path.resolve().as_uri()
    connection = sqlite3.connect(
        f"{uri}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None
    )
    try:
        connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError as error:
        connection.close()
        if "locked" in str(error) or "busy" in str(error):
            raise
        connection = sqlite3.connect(
            f"{uri}?mode=ro&immutable=1", uri=True, timeout=BUSY_TIMEOUT_S, isolation_level=None
        )
    return connection


def _in_memory(disk: sqlite3.Connection, source: str) -> sqlite3.Connection:
    """A copy of an older collection brought to the latest schema in memory, so that
    reading it changes nothing on disk."""
    memory = sqlite3.connect(":memory:", isolation_level=None)
    disk.backup(memory)
    memory.execute("BEGIN IMMEDIATE")
    migrate(memory, source)
    memory.execute("COMMIT")
    return memory


def open_collection(
    path: Path | None = None, *, create: bool = True, read_only: bool = False
) -> Collection:
    """Open the collection at :func:`collection_path`, migrating it to the latest schema.

    With ``create=False`` a missing file is not created: the collection opens
    empty, in memory. With ``read_only=True`` (which implies ``create=False``) the
    file is opened read-only and never changed: an older schema is migrated in
    memory. Raises :class:`InputError` for a file that cannot be opened or is not
    a lalcheck collection; such a file is left exactly as it was.
    """
    chosen = collection_path(path)
    if chosen.is_dir():
        raise InputError(f"the collection {chosen} is a folder; give a file name")
    if chosen.parent.exists() and not chosen.parent.is_dir():
        raise InputError(
            f"cannot use the collection {chosen}: {chosen.parent} is a file, not a folder"
        )
    try:
        if not chosen.exists() and create and not read_only:
            _create(chosen)
        persistent = chosen.exists()
        if persistent:
            _check_header(chosen)
        if not persistent:
            connection = sqlite3.connect(":memory:", isolation_level=None)
        elif read_only:
            connection = _read_only(chosen)
        else:
            connection = sqlite3.connect(chosen, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    except OSError as error:
        raise InputError(f"cannot create the collection {chosen}: {error.strerror}") from error
    except sqlite3.Error as error:
        raise _sqlite_error(chosen, error) from error
    collection = Collection(connection, chosen, persistent=persistent, read_only=read_only)
    try:
        if read_only:
            collection._prepare_read_only()
        else:
            collection._prepare()
    except BaseException:
        collection.close()
        raise
    return collection
