"""The data a game of 洛吧殺 is played with, read through the core.

The card database is loaded like any game's (:func:`lalcheck.db.load_database`);
a pile or character file is read and checked as ``lalcheck check`` does, and
used only when no rule finds an error in it (:func:`read_pile`,
:func:`read_characters`); the table rules are the game's regulation
(:func:`table_rules`). The bundled files are under ``data/lobasha/``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lalcheck.db.model import CardDatabase
from lalcheck.decks import Deck, read_deck_file, resolve
from lalcheck.errors import InvalidFileError
from lalcheck.findings import Severity
from lalcheck.games.lobasha.cards import CardKind, Pile
from lalcheck.games.lobasha.characters import CharacterSet
from lalcheck.games.lobasha.files import CharacterContent
from lalcheck.games.lobasha.loaders import characters_of, pile_of
from lalcheck.games.lobasha.setups import TableRules
from lalcheck.resources import bundled

GAME = "lobasha"


def data_path(name: str) -> Path:
    """A bundled data file: ``data_path("pile")`` is ``data/lobasha/pile.yaml``."""
    return bundled("data", GAME, f"{name}.yaml")


@functools.cache
def card_database() -> CardDatabase[CardKind]:
    """The bundled card database."""
    from lalcheck.db.load import load_database

    database: CardDatabase[Any] = load_database(data_path("cards"))
    return database


def table_rules() -> TableRules:
    """The table rules (regulation) in force: the latest bundled one."""
    from lalcheck.regulations import Regulations

    rules = Regulations.bundled(GAME).all[-1]
    assert isinstance(rules, TableRules)
    return rules


def checked(path: Path, kind: str, database: CardDatabase[CardKind]) -> Deck[CardKind]:
    """A file of ``kind`` as ``lalcheck check`` reads it, resolved against ``database``;
    :class:`InvalidFileError` naming every error (file and line) when it has any."""
    from lalcheck.checker import Checker

    deck_file = read_deck_file(path)
    if deck_file.parsed and (deck_file.game, deck_file.kind) != (GAME, kind):
        raise InvalidFileError(
            f"{path} is not a 洛吧殺 {kind} file:",
            [f"{path}: it is a {deck_file.game} {deck_file.kind} file"],
            hint=f"write game: {GAME} and kind: {kind} at its top",
        )
    report = Checker(database).check_deck_file(deck_file)
    errors = [finding for finding in report.findings if finding.severity is Severity.ERROR]
    if errors:
        raise InvalidFileError(
            f"{path} is not a usable 洛吧殺 {kind} file:",
            [
                f"{path}:{finding.line}: {finding.message}"
                if finding.line is not None
                else f"{path}: {finding.message}"
                for finding in errors
            ],
            hint=f"`lalcheck check {path}` reports every problem with its rule",
        )
    return resolve(deck_file, database)


def read_pile(path: Path, database: CardDatabase[CardKind] | None = None) -> Pile:
    """A pile file with no error (the bundled card database by default)."""
    return pile_of(checked(path, "pile", database or card_database()))


def read_characters(path: Path | None = None) -> CharacterSet:
    """A character file with no error (None: the bundled sample characters, read once)."""
    if path is None:
        return _sample_characters()
    content: CharacterContent = checked(path, "characters", card_database()).file.content
    return characters_of(content)


@functools.cache
def _sample_characters() -> CharacterSet:
    return read_characters(data_path("characters"))


@dataclass(frozen=True, slots=True)
class GameData:
    """Everything a game reads from files: cards, pile, characters and table rules."""

    cards: CardDatabase[CardKind]
    pile: Pile
    characters: CharacterSet
    rules: TableRules


@functools.cache
def bundled_data(pile: str = "pile") -> GameData:
    """The bundled card database, a bundled pile (the sample ``pile`` by default),
    the sample characters and the table rules (each read once)."""
    return GameData(card_database(), read_pile(data_path(pile)), read_characters(), table_rules())
