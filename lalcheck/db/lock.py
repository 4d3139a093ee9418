"""``lalcheck.lock``: pinning the card database a deck repository is checked against.

The lock is a small JSON document (schema ``schemas/lock.schema.json``)::

    {"lalcheck_lock": 1,
     "database": {"source": "https://…/cards.yaml", "name": "…", "version": "…",
                  "sha256": "…"}}

Every command that reads cards verifies the loaded database's sha256 against
it (the nearest ``lalcheck.lock`` in the working folder or above, or the one
configured), so a CI run fails loudly instead of checking decks against a
different card list.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from lalcheck.atomic import write_atomic
from lalcheck.db.model import CardDatabase
from lalcheck.errors import InputError
from lalcheck.games.base import GameCard
from lalcheck.schemas import describe_issues, validate
from lalcheck.yamlsafe import SMALL_LIMITS, load_with_lines, read_text

#: What the lock records as the source when no ``--db`` was given.
BUNDLED = "bundled"


@dataclass(frozen=True, slots=True)
class Lock:
    """The database a lock file pins."""

    source: str
    name: str
    version: str
    sha256: str

    @classmethod
    def of(cls, database: CardDatabase[GameCard], source: str | None) -> Lock:
        """The lock for ``database``, loaded from ``source`` (None: the bundled sample)."""
        info = database.info
        return cls(source or BUNDLED, info.name, info.version, info.sha256)

    def describe(self) -> str:
        """``'My cards' version 2017-10, sha256 … (from cards.yaml)``."""
        return f"{self.name!r} version {self.version}, sha256 {self.sha256} (from {self.source})"


def write_lock(lock: Lock, path: Path) -> None:
    """Write the lock file atomically."""
    document = {"lalcheck_lock": 1, "database": asdict(lock)}
    write_atomic(path, (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode())


def read_lock(path: Path) -> Lock:
    """Read and validate a lock file."""
    data, lines = load_with_lines(read_text(path, SMALL_LIMITS), str(path), SMALL_LIMITS)
    issues = validate(data, "lock", lines)
    if issues:
        problems = "; ".join(describe_issues(issues, str(path)))
        raise InputError(
            f"{path} is not a lalcheck lock file: {problems}",
            hint="write it again with `lalcheck db lock`",
        )
    return Lock(**data["database"])


def _db_option(source: str) -> str:
    return "" if source == BUNDLED else f" --db {source}"


def verify_lock(
    database: CardDatabase[GameCard], source: str | None, path: Path | None = None
) -> Lock | None:
    """Check ``database`` (loaded from ``source``) against the lock at ``path``.

    Returns the lock that matched, None when there is no lock (``path`` is None);
    raises :class:`InputError` when the database is not the locked one.
    """
    if path is None:
        return None
    lock = read_lock(path)
    if lock.sha256 != database.info.sha256:
        loaded = Lock.of(database, source)
        raise InputError(
            f"the card database does not match {path}:\n"
            f"  expected: {lock.describe()}\n"
            f"  found:    {loaded.describe()}\n"
            f"check against the locked database (`lalcheck check{_db_option(lock.source)} …`), "
            "or, if the new database is intended, update the lock: "
            f"`lalcheck db lock{_db_option(loaded.source)}`"
        )
    return lock
