"""Shared fixtures: the test card database, an isolated cache, a CLI runner."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from lalcheck.checker import Checker
from lalcheck.cli import app
from lalcheck.db import CardDatabase, load_database

TESTS = Path(__file__).parent
FIXTURES = TESTS / "fixtures"
TEST_DB = FIXTURES / "cards.yaml"
DECKS = TESTS / "decks"
#: A fixed "today" so that tests do not depend on the calendar.
TODAY = dt.date(2026, 1, 1)


@pytest.fixture(autouse=True)
def isolated_environment(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Never read or write the user's cache, database or collection settings."""
    monkeypatch.setenv("LALCHECK_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    monkeypatch.delenv("LALCHECK_DB", raising=False)
    monkeypatch.delenv("LALCHECK_COLLECTION", raising=False)
    yield


@pytest.fixture(scope="session")
def db() -> CardDatabase:
    return load_database(TEST_DB, use_cache=False)


@pytest.fixture
def checker(db: CardDatabase) -> Checker:
    return Checker(db, today=TODAY)


CliRun = Callable[..., Result]


@pytest.fixture
def run() -> CliRun:
    """Run ``lalcheck ARGS...`` in-process; returns the click Result."""
    runner = CliRunner()

    def invoke(*args: str | Path, input: str | None = None) -> Result:
        return runner.invoke(app, [str(arg) for arg in args], input=input, catch_exceptions=False)

    return invoke
