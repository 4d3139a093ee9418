"""Fixtures: decks built from the engine tests' own card pool (see ``pool``)."""

from __future__ import annotations

import pytest

from lalcheck.games.luck_and_logic.engine import DeckList

from .pool import make_deck


@pytest.fixture
def deck() -> DeckList:
    return make_deck()


@pytest.fixture
def decks() -> tuple[DeckList, DeckList]:
    return make_deck("a"), make_deck("b")
