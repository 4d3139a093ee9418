"""``lalcheck db lock`` and the lock check of ``lalcheck check``."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from lalcheck.schemas import load_schema
from tests.conftest import DECKS, TEST_DB, CliRun

BASE = DECKS / "positive" / "base.yaml"
SHA = hashlib.sha256(TEST_DB.read_bytes()).hexdigest()


@pytest.fixture
def other_db(tmp_path: Path) -> Path:
    """The test database with one card changed: a different sha256."""
    path = tmp_path / "other.yaml"
    path.write_bytes(TEST_DB.read_bytes().replace(b"power: 4000", b"power: 4500", 1))
    return path


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A deck repository as the current directory."""
    folder = tmp_path / "repo"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


def test_lock_schema_is_valid() -> None:
    Draft202012Validator.check_schema(load_schema("lock"))


def test_lock_records_the_database(run: CliRun, repo: Path) -> None:
    result = run("db", "lock", "--db", TEST_DB)
    assert result.exit_code == 0
    assert result.stdout == (
        f"lalcheck.lock: locked 'lalcheck test cards' version t1, sha256 {SHA} (from {TEST_DB})\n"
    )
    lock = json.loads((repo / "lalcheck.lock").read_text(encoding="utf-8"))
    Draft202012Validator(load_schema("lock")).validate(lock)
    assert lock == {
        "lalcheck_lock": 1,
        "database": {
            "source": str(TEST_DB),
            "name": "lalcheck test cards",
            "version": "t1",
            "sha256": SHA,
        },
    }


def test_check_passes_with_the_locked_database(run: CliRun, repo: Path) -> None:
    assert run("db", "lock", "--db", TEST_DB).exit_code == 0
    assert run("check", "--db", TEST_DB, BASE).exit_code == 0


def test_check_refuses_another_database(run: CliRun, repo: Path, other_db: Path) -> None:
    assert run("db", "lock", "--db", TEST_DB).exit_code == 0
    result = run("check", "--db", other_db, BASE)
    assert result.exit_code == 2 and result.stdout == ""
    other_sha = hashlib.sha256(other_db.read_bytes()).hexdigest()
    assert result.stderr == (
        "error: the card database does not match lalcheck.lock:\n"
        f"  expected: 'lalcheck test cards' version t1, sha256 {SHA} (from {TEST_DB})\n"
        f"  found:    'lalcheck test cards' version t1, sha256 {other_sha} (from {other_db})\n"
        f"check against the locked database (`lalcheck check --db {TEST_DB} …`), or, if the new "
        f"database is intended, update the lock: `lalcheck db lock --db {other_db}`\n"
    )
    assert run("db", "lock", "--db", other_db, "--force").exit_code == 0
    assert run("check", "--db", other_db, BASE).exit_code == 0


def test_db_lock_refuses_to_overwrite_a_lock_without_force(run: CliRun, repo: Path) -> None:
    assert run("db", "lock", "--db", TEST_DB).exit_code == 0
    before = (repo / "lalcheck.lock").read_bytes()
    result = run("db", "lock")
    assert result.exit_code == 2
    assert "lalcheck.lock already exists; pass --force to overwrite it" in result.stderr
    assert (repo / "lalcheck.lock").read_bytes() == before


def test_lock_of_the_bundled_sample(run: CliRun, repo: Path) -> None:
    assert run("db", "lock").exit_code == 0
    lock = json.loads((repo / "lalcheck.lock").read_text(encoding="utf-8"))
    assert lock["database"]["source"] == "bundled"
    result = run("check", "--db", TEST_DB, BASE)
    assert result.exit_code == 2
    assert "(`lalcheck check …`)" in result.stderr
    assert f"`lalcheck db lock --db {TEST_DB}`" in result.stderr


def test_explicit_lock_path(run: CliRun, repo: Path, other_db: Path, tmp_path: Path) -> None:
    lock = tmp_path / "ci.lock"
    assert run("db", "lock", "--db", TEST_DB, "-o", lock).exit_code == 0
    assert not (repo / "lalcheck.lock").exists()
    assert run("check", "--db", TEST_DB, "--lock", lock, BASE).exit_code == 0
    result = run("check", "--db", other_db, "--lock", lock, BASE)
    assert result.exit_code == 2 and f"does not match {lock}:" in result.stderr
    missing = run("check", "--db", TEST_DB, "--lock", tmp_path / "nope.lock", BASE)
    assert missing.exit_code == 2 and "nope.lock does not exist" in missing.stderr


def test_a_broken_lock_file_is_reported(run: CliRun, repo: Path) -> None:
    (repo / "lalcheck.lock").write_text('{"lalcheck_lock": 1,\n "database": {"sha256": "x"}}\n')
    result = run("check", "--db", TEST_DB, BASE)
    assert result.exit_code == 2
    assert "lalcheck.lock is not a lalcheck lock file: lalcheck.lock:2: database:" in result.stderr
    assert "write it again with `lalcheck db lock`" in result.stderr


def test_unwritable_lock_is_an_error(run: CliRun, tmp_path: Path) -> None:
    target = tmp_path / "missing" / "lalcheck.lock"
    result = run("db", "lock", "--db", TEST_DB, "-o", target)
    assert result.exit_code == 2
    assert (
        f"error: cannot write {target}: the folder {target.parent} does not exist" in result.stderr
    )
