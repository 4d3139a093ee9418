"""Card databases: the model, loading and validation, and the bundled sample."""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from pathlib import Path

from lalcheck.config import DB_ENV
from lalcheck.db.load import DatabaseError, load_database, parse_database
from lalcheck.db.model import CardDatabase, DatabaseInfo, Resolution
from lalcheck.games import DEFAULT_GAME, get_game
from lalcheck.games.base import GameCard

__all__ = [
    "CardDatabase",
    "DatabaseError",
    "DatabaseInfo",
    "Resolution",
    "is_url",
    "load_database",
    "open_database",
    "parse_database",
]


def is_url(source: str) -> bool:
    """True for the http(s) URLs that ``--db`` downloads instead of reading a file."""
    return source.lower().startswith(("http://", "https://"))


def open_database(
    source: str | None = None,
    *,
    game: str = DEFAULT_GAME,
    warn: Callable[[str], None] = warnings.warn,
) -> CardDatabase[GameCard]:
    """The database named by ``source``, else ``$LALCHECK_DB``, else the bundled sample
    of ``game``.

    A URL is fetched through the download cache; while its server is unreachable
    the cached copy is used and ``warn`` is told so.
    """
    chosen = source or os.environ.get(DB_ENV)
    if chosen and is_url(chosen):
        from lalcheck.db.fetch import open_url  # imported late: requests is slow to import

        return open_url(chosen, warn)
    return load_database(Path(chosen) if chosen else get_game(game).sample_database)
