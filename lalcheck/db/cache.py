"""A cache of parsed card databases, keyed by the file's sha256.

Entries live in the user's cache directory (``LALCHECK_CACHE_DIR`` overrides
it). The cache is an optimisation only: any failure to read or write it is
ignored and the database is parsed again.
"""

from __future__ import annotations

import dataclasses
import os
import pickle
from pathlib import Path

import platformdirs

from lalcheck import __version__
from lalcheck.atomic import write_atomic
from lalcheck.db.model import CardDatabase
from lalcheck.errors import InputError
from lalcheck.games.base import GameCard

#: Bumped whenever a game builds cards differently from the same file, so that no
#: cached database of the old card model is read back. 2: the Luck & Logic
#: card-ability language.
MODEL_REVISION = 2


def cache_dir() -> Path:
    """The folder lalcheck caches into."""
    override = os.environ.get("LALCHECK_CACHE_DIR")
    return Path(override) if override else platformdirs.user_cache_path("lalcheck")


def _entry(sha256: str) -> Path:
    # The version and the card model are part of the key: a new lalcheck may build
    # cards differently.
    return cache_dir() / "databases" / f"{sha256}-{__version__}-m{MODEL_REVISION}.pickle"


def get(sha256: str, source: str) -> CardDatabase[GameCard] | None:
    """The cached database for this content, reported as loaded from ``source``."""
    try:
        with _entry(sha256).open("rb") as handle:
            database = pickle.load(handle)
    except Exception:  # a missing, stale or corrupt entry is a cache miss
        return None
    if not isinstance(database, CardDatabase) or database.info.sha256 != sha256:
        return None
    database.info = dataclasses.replace(database.info, source=source)
    return database


def put(sha256: str, database: CardDatabase[GameCard]) -> None:
    """Store a parsed database atomically; errors are ignored."""
    target = _entry(sha256)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, pickle.dumps(database, protocol=pickle.HIGHEST_PROTOCOL))
    except (OSError, InputError):
        return
