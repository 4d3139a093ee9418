"""A cache of parsed card databases, keyed by the file's sha256.

Entries live in the user's cache directory (``LALCHECK_CACHE_DIR`` overrides
it). The cache is an optimisation only: any failure to read or write it is
ignored and the database is parsed again.

An entry is JSON of plain values (the validated document), never a pickle, so
whoever can write the cache folder cannot make lalcheck run code. Its first
line records the database's sha256 and the sha256 of the rest: an entry that
was damaged or edited is a cache miss. (The checksum is not a signature: a
writer of the cache who recomputes it can change card data, not run code.)
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import platformdirs

from lalcheck import __version__
from lalcheck.atomic import write_atomic
from lalcheck.errors import InputError
from lalcheck.yamlsafe import database_limits, read_bytes

#: The layout of an entry; a new layout is a new file name (with the version).
FORMAT = 1


def cache_dir() -> Path:
    """The folder lalcheck caches into."""
    override = os.environ.get("LALCHECK_CACHE_DIR")
    return Path(override) if override else platformdirs.user_cache_path("lalcheck")


def _entry(sha256: str) -> Path:
    # The version is part of the key: a new lalcheck may build cards differently.
    return cache_dir() / "databases" / f"{sha256}-{__version__}.json"


def get(sha256: str) -> Any:
    """The document cached for this content, or None when there is no intact entry."""
    try:
        raw = read_bytes(_entry(sha256), database_limits())
        header, _, body = raw.partition(b"\n")
        meta = json.loads(header)
        intact = (
            isinstance(meta, dict)
            and meta.get("format") == FORMAT
            and meta.get("sha256") == sha256
            and meta.get("body_sha256") == hashlib.sha256(body).hexdigest()
        )
        return json.loads(body) if intact else None
    except (InputError, ValueError, RecursionError):  # missing, unreadable, not JSON
        return None


def put(sha256: str, document: Any) -> None:
    """Store a parsed document (plain values) atomically; errors are ignored."""
    target = _entry(sha256)
    try:
        body = json.dumps(document, ensure_ascii=False, allow_nan=False).encode("utf-8")
        header = {
            "format": FORMAT,
            "sha256": sha256,
            "body_sha256": hashlib.sha256(body).hexdigest(),
        }
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, json.dumps(header).encode("utf-8") + b"\n" + body)
    except (OSError, InputError, ValueError, TypeError):
        return
