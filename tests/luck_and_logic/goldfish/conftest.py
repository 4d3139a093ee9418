"""Fixtures: the bundled sample database and decks, and goldfish runs through the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lalcheck.db import CardDatabase, load_database
from lalcheck.decks import read_deck
from lalcheck.games.luck_and_logic import GAME
from lalcheck.games.luck_and_logic.engine import DeckList
from lalcheck.games.luck_and_logic.goldfish import DeckInfo
from tests.conftest import CliRun

DECKS = Path(__file__).parents[3] / "data" / "decks"
SEPTPIA = DECKS / "septpia-control.yaml"
MONOLIUM = DECKS / "monolium-rush.yaml"
ILLEGAL = DECKS / "illegal" / "too-many-copies.yaml"


@pytest.fixture(scope="session")
def goldfish_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("goldfish-cache")


@pytest.fixture(autouse=True)
def shared_database_cache(
    isolated_environment: None, goldfish_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every test here reads the bundled database: parse it once for all of them
    (in a cache of their own, never the user's)."""
    monkeypatch.setenv("LALCHECK_CACHE_DIR", str(goldfish_cache))


@pytest.fixture(scope="session")
def sample_db() -> CardDatabase:
    return load_database(GAME.sample_database, use_cache=False)


@pytest.fixture(scope="session")
def septpia(sample_db: CardDatabase) -> tuple[DeckInfo, DeckList]:
    deck = read_deck(SEPTPIA, sample_db)
    return DeckInfo.of_file(SEPTPIA, deck.name), DeckList.from_deck(deck)


def goldfish_json(run: CliRun, *args: str | Path) -> dict[str, Any]:
    """``lalcheck goldfish ARGS --format json``, checked to succeed."""
    result = run("goldfish", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def without_timing(document: dict[str, Any]) -> dict[str, Any]:
    """A report minus what depends on the machine and the worker count."""
    return {k: v for k, v in document.items() if k not in ("elapsed_s", "games_per_second", "jobs")}
