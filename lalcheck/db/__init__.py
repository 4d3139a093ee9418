"""Card databases: the model, loading and validation, and the bundled sample."""

from __future__ import annotations

import os
from pathlib import Path

from lalcheck.db.load import DatabaseError, load_database, parse_database
from lalcheck.db.model import CardDatabase, DatabaseInfo, Resolution
from lalcheck.resources import default_database_path

__all__ = [
    "CardDatabase",
    "DatabaseError",
    "DatabaseInfo",
    "Resolution",
    "load_database",
    "open_database",
    "parse_database",
]

#: Environment variable naming the database when ``--db`` is not given.
DB_ENV = "LALCHECK_DB"


def open_database(source: str | None = None) -> CardDatabase:
    """The database named by ``source``, else ``$LALCHECK_DB``, else the bundled sample."""
    chosen = source or os.environ.get(DB_ENV)
    return load_database(Path(chosen) if chosen else default_database_path())
