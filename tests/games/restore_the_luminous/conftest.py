"""Fixtures: the bundled sample card database and decks, read through the core."""

from __future__ import annotations

import pytest

from lalcheck.db import CardDatabase, load_database
from lalcheck.decks import read_deck
from lalcheck.games.restore_the_luminous import GAME
from lalcheck.games.restore_the_luminous.cards import Card
from lalcheck.games.restore_the_luminous.engine import DeckList

SAMPLE_DECKS = GAME.sample_database.parent / "decks"


@pytest.fixture(scope="session")
def pool() -> CardDatabase[Card]:
    return load_database(GAME.sample_database, use_cache=False)


@pytest.fixture(scope="session")
def decks(pool: CardDatabase[Card]) -> dict[str, DeckList]:
    return {
        path.stem: DeckList.from_deck(read_deck(path, pool), pool)
        for path in sorted(SAMPLE_DECKS.glob("*.yaml"))
    }
