"""The games lalcheck knows: one package per game, registered in :data:`PACKAGES`.

A game's package is imported only when a file, a database or an option names
the game, so ``lalcheck --version`` and commands of one game never pay for
the others.

Adding a game (say ``my-game``):

1. a package ``lalcheck/games/my_game/`` whose ``__init__`` defines
   ``GAME = Game(...)`` (:class:`lalcheck.games.base.Game`): its card model,
   file kinds with their rules (one module per rule id), regulations, search
   fields, card view and, if it has them, deck layout, text decklists,
   simulation hooks (``simulation`` for decks, ``table_simulation`` for a game
   played by a table without decks) and the coverage model of ``db coverage``;
2. its data under ``data/my-game/`` (the sample card database, ``sample:
   true``, and the dated regulations) and its JSON Schemas under
   ``schemas/my-game/``; its rules reference ``docs/rules/my-game.md`` with an
   anchor per rule id;
3. one line in :data:`PACKAGES`: ``"my-game": "lalcheck.games.my_game"``.

``tests/games/`` then runs the game contract and the hostile-input cases on it.
"""

from __future__ import annotations

import difflib
import functools
import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING

from lalcheck.errors import UsageError

if TYPE_CHECKING:
    from lalcheck.games.base import Game

#: Game id -> the package that defines its ``GAME``.
PACKAGES: Mapping[str, str] = {
    "luck-and-logic": "lalcheck.games.luck_and_logic",
    "restore-the-luminous": "lalcheck.games.restore_the_luminous",
    "lobasha": "lalcheck.games.lobasha",
}
#: The game of files without ``game:`` (contract §9).
DEFAULT_GAME = "luck-and-logic"


class UnknownGameError(UsageError):
    """A game id no registered game has."""


def unknown_game(game_id: str) -> str:
    """``unknown game 'luck-and-logik'; did you mean luck-and-logic? games: …``."""
    close = difflib.get_close_matches(game_id, PACKAGES, n=1, cutoff=0.6)
    guess = f"did you mean {close[0]}? " if close else ""
    return f"unknown game {game_id!r}; {guess}known games: {', '.join(PACKAGES)}"


@functools.cache
def get_game(game_id: str = DEFAULT_GAME) -> Game:
    """The registered game ``game_id``; :class:`UnknownGameError` if there is none."""
    package = PACKAGES.get(game_id)
    if package is None:
        raise UnknownGameError(unknown_game(game_id))
    game: Game = importlib.import_module(package).GAME
    return game


def all_games() -> tuple[Game, ...]:
    """Every registered game, in registry order."""
    return tuple(get_game(game_id) for game_id in PACKAGES)
