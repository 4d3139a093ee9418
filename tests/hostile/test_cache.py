"""The parse cache cannot run code, and a damaged or edited entry is ignored (issue 16)."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
from pathlib import Path
from typing import Any

import pytest

from lalcheck import __version__
from lalcheck.db import load_database
from lalcheck.db.cache import cache_dir
from tests.conftest import TEST_DB
from tests.hostile.guards import time_limit

DIGEST = hashlib.sha256(TEST_DB.read_bytes()).hexdigest()


class Payload:
    """Unpickling this creates a file: proof that the cache ran code."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (open, (str(self.marker), "w"))


def entries() -> Path:
    folder = cache_dir() / "databases"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def test_a_planted_pickle_never_runs(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    for suffix in ("pickle", "json"):
        (entries() / f"{DIGEST}-{__version__}.{suffix}").write_bytes(pickle.dumps(Payload(marker)))
    database = load_database(TEST_DB)
    assert not marker.exists()
    assert database["T01/001"].name == "Test Logicalist A"


def _entry() -> Path:
    load_database(TEST_DB)  # writes the entry
    (entry,) = entries().glob(f"{DIGEST}-*")
    return entry


def test_an_edited_entry_is_ignored() -> None:
    entry = _entry()
    entry.write_bytes(entry.read_bytes().replace(b"Test Logicalist A", b"Evil Logicalist"))
    assert load_database(TEST_DB)["T01/001"].name == "Test Logicalist A"


@pytest.mark.parametrize(
    "body",
    [b'{"cards": "not a list"}', b"[]", b'{"name": 1e999}', b"[" * 100_000, b"\xff\xfe"],
    ids=["wrong shape", "a list", "not JSON", "too deep", "not UTF-8"],
)
def test_an_entry_of_another_shape_is_ignored(body: bytes) -> None:
    entry = _entry()
    header = {"format": 1, "sha256": DIGEST, "body_sha256": hashlib.sha256(body).hexdigest()}
    entry.write_bytes(json.dumps(header).encode() + b"\n" + body)
    assert load_database(TEST_DB)["T01/001"].name == "Test Logicalist A"


def test_a_fifo_entry_does_not_block() -> None:
    entry = _entry()
    entry.unlink()
    os.mkfifo(entry)
    with time_limit(60):
        assert load_database(TEST_DB)["T01/001"].name == "Test Logicalist A"
