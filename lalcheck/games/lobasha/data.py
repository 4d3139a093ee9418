"""The bundled 洛吧殺 data (``data/lobasha/``) and reading such files with lines in errors."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from lalcheck.errors import InvalidFileError
from lalcheck.games.lobasha.cards import CardDatabase, Pile
from lalcheck.games.lobasha.characters import CharacterSet
from lalcheck.games.lobasha.loaders import (
    Loaded,
    load_cards,
    load_characters,
    load_pile,
    load_setups,
)
from lalcheck.games.lobasha.setups import SetupRules
from lalcheck.resources import bundled
from lalcheck.schemas import describe_issues, format_path, nearest_line, validate
from lalcheck.yamlsafe import DATA_LIMITS, load_with_lines, read_text

T = TypeVar("T")

#: The file kinds and their schema names under ``schemas/lobasha/``.
SCHEMAS = {
    "cards": "lobasha/cards",
    "pile": "lobasha/pile",
    "characters": "lobasha/characters",
    "setups": "lobasha/setups",
}


def data_path(name: str) -> Path:
    """A bundled data file: ``data_path("cards")`` is ``data/lobasha/cards.yaml``."""
    return bundled("data", "lobasha", f"{name}.yaml")


def read_document(path: Path, kind: str, load: Callable[[object], Loaded[T]]) -> T:
    """Read, schema-check and load one file; every problem names the file and its line."""
    source = str(path)
    document, lines = load_with_lines(read_text(path, DATA_LIMITS), source, DATA_LIMITS)
    issues = validate(document, SCHEMAS[kind], lines)
    if issues:
        raise InvalidFileError(
            f"{source} is not a valid 洛吧殺 {kind} file", describe_issues(issues, source)
        )
    loaded = load(document)
    if loaded.value is None or loaded.errors:
        problems = []
        for error in loaded.errors:
            line = nearest_line(lines, error.path)
            where = f"{source}:{line}" if line is not None else source
            problems.append(f"{where}: {format_path(error.path) or '(top level)'}: {error.message}")
        raise InvalidFileError(f"{source} is not a valid 洛吧殺 {kind} file", problems)
    return loaded.value


@dataclass(frozen=True, slots=True)
class GameData:
    """Everything a game reads from files: cards, pile, characters and setup rules."""

    cards: CardDatabase
    pile: Pile
    characters: CharacterSet
    setups: SetupRules

    @classmethod
    def read(cls, cards: Path, pile: Path, characters: Path, setups: Path) -> GameData:
        database = read_document(cards, "cards", load_cards)
        return cls(
            database,
            read_document(pile, "pile", lambda doc: load_pile(doc, database)),
            read_document(characters, "characters", load_characters),
            read_document(setups, "setups", load_setups),
        )


@functools.cache
def bundled_data(pile: str = "pile") -> GameData:
    """The bundled card database, a bundled pile (the sample ``pile`` by default),
    the sample characters and the role table (each read once)."""
    return GameData.read(
        data_path("cards"), data_path(pile), data_path("characters"), data_path("setups")
    )
