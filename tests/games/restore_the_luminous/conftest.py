"""Fixtures: the bundled sample card pool and decks."""

from __future__ import annotations

import pytest

from lalcheck.games.restore_the_luminous.cards import CardPool
from lalcheck.games.restore_the_luminous.engine import DeckList
from lalcheck.games.restore_the_luminous.files import read_pool, sample_decks


@pytest.fixture(scope="session")
def pool() -> CardPool:
    return read_pool()


@pytest.fixture(scope="session")
def decks(pool: CardPool) -> dict[str, DeckList]:
    return sample_decks(pool)
