"""A second registered game for the tests of the game-neutral core.

The core must tell games apart; until another game's package lands, the tests
register *mirror-game*: Luck & Logic's card model, rules and engine under
another id, with its own card schema and sample database (the test card
database with ``game: mirror-game``), written to a temporary folder.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

import lalcheck.games
from lalcheck.games import get_game
from lalcheck.games.base import CardModel, Game
from lalcheck.games.luck_and_logic import GAME as LUCK_AND_LOGIC
from lalcheck.resources import schema_path
from tests.conftest import TEST_DB

MIRROR = "mirror-game"
MODULE = "tests_games_mirror_game"


@pytest.fixture
def mirror_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    """*mirror-game*, registered for one test."""
    schema = json.loads(schema_path("cards").read_text(encoding="utf-8"))
    schema["properties"]["game"] = {"const": MIRROR}
    (tmp_path / "cards.schema.json").write_text(json.dumps(schema), encoding="utf-8")
    database = tmp_path / "mirror-cards.yaml"
    text = TEST_DB.read_text(encoding="utf-8")
    database.write_text(text.replace("game: luck-and-logic", f"game: {MIRROR}"), encoding="utf-8")
    game = dataclasses.replace(
        LUCK_AND_LOGIC,
        id=MIRROR,
        title="Mirror Game",
        rules_reference=f"docs/rules/{MIRROR}.md",
        # an absolute schema name: lalcheck.resources.bundled() joins it as it is
        card_model=CardModel(str(tmp_path / "cards"), LUCK_AND_LOGIC.card_model.card_from_dict),
        sample_database=database,
    )
    module = types.ModuleType(MODULE)
    module.GAME = game
    monkeypatch.setitem(sys.modules, MODULE, module)
    monkeypatch.setitem(lalcheck.games.PACKAGES, MIRROR, MODULE)
    get_game.cache_clear()
    yield game
    get_game.cache_clear()
