"""Reading Restore the Luminous card databases and deck files, the bundled sample included.

Files are read with the core's bounded YAML reader (line numbers kept),
checked against ``schemas/restore-the-luminous/``, then built by the pure
loaders (:func:`~.cards.pool_from_document`, :meth:`~.engine.deck.DeckList.build`);
every problem names the file, the line and the path.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from lalcheck.errors import InvalidFileError
from lalcheck.games.restore_the_luminous.cards import CardPool, CardProblem, pool_from_document
from lalcheck.games.restore_the_luminous.engine.deck import DeckList
from lalcheck.resources import bundled
from lalcheck.schemas import (
    SchemaIssue,
    describe_issues,
    format_path,
    nearest_line,
    schema_file,
    validate,
)
from lalcheck.yamlsafe import DATA_LIMITS, DECK_LIMITS, DocPath, Limits, load_with_lines, read_text

GAME = "restore-the-luminous"
SAMPLE_DATABASE = bundled("data", GAME, "cards.yaml")
SAMPLE_DECKS = bundled("data", GAME, "decks")


def _read(path: Path, limits: Limits, schema: str, what: str) -> tuple[Any, dict[DocPath, int]]:
    data, lines = load_with_lines(read_text(path, limits), str(path), limits)
    issues = validate(data, f"{GAME}/{schema}", lines)
    if issues:
        raise InvalidFileError(
            f"{what} {path} is not valid:",
            describe_issues(issues, str(path)),
            hint=f"{schema_file(f'{GAME}/{schema}')} describes the format",
        )
    return data, lines


def _issues(problems: Iterable[CardProblem], lines: Mapping[DocPath, int]) -> list[SchemaIssue]:
    return [
        SchemaIssue(format_path(p.path), nearest_line(lines, p.path), p.message) for p in problems
    ]


def read_pool(path: Path = SAMPLE_DATABASE) -> CardPool:
    """A card database file (the bundled sample by default)."""
    data, lines = _read(path, DATA_LIMITS, "cards", "card database")
    built = pool_from_document(data)
    if isinstance(built, CardPool):
        return built
    raise InvalidFileError(
        f"card database {path} is not valid:",
        describe_issues(_issues(built, lines), str(path)),
        hint="fix the card entries named above",
    )


def read_deck(path: Path, pool: CardPool) -> DeckList:
    """A deck file, its cards looked up in ``pool``."""
    data, _ = _read(path, DECK_LIMITS, "deck", "deck")
    name = str(data.get("name") or path.stem)
    main = {str(reference): copies for reference, copies in data["main"].items()}
    return DeckList.build(pool, str(data["leader"]), main, name=f"{path}: {name}")


def sample_decks(pool: CardPool) -> dict[str, DeckList]:
    """The bundled sample decks by file stem."""
    return {path.stem: read_deck(path, pool) for path in sorted(SAMPLE_DECKS.glob("*.yaml"))}
