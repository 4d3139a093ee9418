"""Reading card databases (YAML or JSON) into :class:`CardDatabase`.

The database's ``game:`` (absent: ``luck-and-logic``) picks the game whose card
model reads it: the document is checked against that game's schema (for Luck &
Logic ``schemas/cards.schema.json``) and for what a schema cannot say (unique
card numbers, known set codes). The validated document is cached (as JSON)
by the file's sha256 so that a CI run over many decks does not pay for parsing
and validation on every invocation.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lalcheck.db import cache
from lalcheck.db.model import CardDatabase, CardSet, DatabaseInfo
from lalcheck.errors import InputError, InvalidFileError
from lalcheck.games import DEFAULT_GAME, PACKAGES, get_game, unknown_game
from lalcheck.games.base import CardModel, Game, GameCard
from lalcheck.schemas import (
    SchemaIssue,
    describe_issues,
    format_path,
    nearest_line,
    schema_file,
    validate,
)
from lalcheck.yamlsafe import (
    DocPath,
    database_limits,
    decode_utf8,
    load_json,
    load_with_lines,
    read_bytes,
)


class DatabaseError(InvalidFileError):
    """A card database that cannot be used, with every problem found in it."""

    def __init__(self, source: str, problems: list[str], schema: str = "cards") -> None:
        super().__init__(
            f"card database {source} is not valid:",
            problems,
            hint=f"fix the file; {schema_file(schema)} describes the format",
        )


def read_document(raw: bytes, source: str) -> tuple[Any, dict[DocPath, int]]:
    """Parse database bytes (JSON or YAML) into data and a path-to-line map.

    JSON is parsed with :mod:`json` for speed; its line map is built only when
    a schema error needs one. Both follow :mod:`lalcheck.yamlsafe`'s rules
    (bounded numbers, no duplicate keys, the database limits).
    """
    text = decode_utf8(raw, source)
    if source.endswith(".json"):
        return load_json(text, source, database_limits()), {}
    return load_with_lines(text, source, database_limits())


def _json_lines(raw: bytes, source: str) -> dict[DocPath, int]:
    """Line numbers for a JSON document (JSON is YAML, so the YAML composer marks it)."""
    try:
        _, lines = load_with_lines(decode_utf8(raw, source), source, database_limits())
    except InputError as error:  # nested too deeply for the YAML walker
        raise DatabaseError(source, [str(error)]) from None
    return lines


def game_of(data: Mapping[str, Any], lines: Mapping[DocPath, int]) -> Game | SchemaIssue:
    """The game a database document's ``game:`` names (absent: the default game), or
    the issue with its ``game:``."""
    game_id = data.get("game", DEFAULT_GAME)
    line = nearest_line(lines, ("game",))
    if not isinstance(game_id, str):
        known = ", ".join(PACKAGES)
        return SchemaIssue("game", line, f"must be a game id, one of {known}")
    if game_id not in PACKAGES:
        return SchemaIssue("game", line, unknown_game(game_id))
    return get_game(game_id)


def check_document(
    data: Any, lines: Mapping[DocPath, int], schema: str = "cards", model: CardModel | None = None
) -> list[SchemaIssue]:
    """Schema violations, then duplicate numbers (the card model's ``number_key`` field),
    unknown set codes and what the game's card model finds (its ``check``)."""
    issues = validate(data, schema, lines)
    if issues or not isinstance(data, dict):
        return issues
    if model is not None and model.check is not None:
        issues += [
            SchemaIssue(format_path(path), nearest_line(lines, path), message)
            for path, message in model.check(data)
        ]
    number_key = model.number_key if model is not None else "number"
    seen: dict[str, int] = {}
    set_codes = {entry["code"] for entry in data.get("sets", [])}
    for index, card in enumerate(data["cards"]):
        path: DocPath = ("cards", index)
        number = card[number_key]
        if number in seen:
            issues.append(
                SchemaIssue(
                    f"cards[{index}].{number_key}",
                    nearest_line(lines, path),
                    f"card number {number} is used twice (first by cards[{seen[number]}])",
                )
            )
        seen.setdefault(number, index)
        if set_codes and "set" in card and card["set"] not in set_codes:
            issues.append(
                SchemaIssue(
                    f"cards[{index}].set",
                    nearest_line(lines, (*path, "set")),
                    f"set {card['set']!r} is not listed under sets:",
                )
            )
    return issues


def iso_date(value: str | None) -> dt.date | None:
    """A date written ``YYYY-MM-DD`` in a schema-valid document, or None."""
    return dt.date.fromisoformat(value) if value else None


def database_from_dict(
    data: Mapping[str, Any], info: DatabaseInfo, model: CardModel
) -> CardDatabase[GameCard]:
    """Build a :class:`CardDatabase` from a document valid under ``model``'s schema."""
    sets = [
        CardSet(entry["code"], entry["name"], iso_date(entry.get("release")))
        for entry in data.get("sets", ())
    ]
    return CardDatabase(info, (model.card_from_dict(entry) for entry in data["cards"]), sets)


def validated_document(raw: bytes, source: str) -> tuple[dict[str, Any], Game]:
    """The document in the bytes of a YAML or JSON database and its game, once it passed
    every check; raises :class:`DatabaseError` with every problem."""
    try:
        data, lines = read_document(raw, source)
    except InputError as error:  # not UTF-8, not YAML or JSON, nested too deeply
        raise DatabaseError(source, [str(error)]) from None
    if not isinstance(data, dict):
        raise DatabaseError(source, ["the file must hold a mapping with format, game and cards"])
    game = game_of(data, lines)
    if isinstance(game, SchemaIssue) and not lines and source.endswith(".json"):
        game = game_of(data, _json_lines(raw, source))  # to say where game: stands
    if isinstance(game, SchemaIssue):
        raise DatabaseError(source, [game.describe(source)])
    schema = game.card_model.schema
    issues = check_document(data, lines, schema, game.card_model)
    if issues and not lines and source.endswith(".json"):
        issues = check_document(data, _json_lines(raw, source), schema, game.card_model)
    if issues:
        raise DatabaseError(source, describe_issues(issues, source), schema)
    return data, game


def _database(
    data: Mapping[str, Any], game: Game, sha256: str, source: str
) -> CardDatabase[GameCard]:
    notes = data.get("notes")
    info = DatabaseInfo(
        name=str(data["name"]),
        version=str(data["version"]),
        sha256=sha256,
        source=source,
        game=game.id,
        sample=bool(data.get("sample", False)),
        notes=notes if isinstance(notes, str) else None,
    )
    return database_from_dict(data, info, game.card_model)


def parse_database(raw: bytes, source: str) -> CardDatabase[GameCard]:
    """Validate and build a database from the bytes of a YAML or JSON file."""
    data, game = validated_document(raw, source)
    return _database(data, game, hashlib.sha256(raw).hexdigest(), source)


def load_database(path: Path, *, use_cache: bool = True) -> CardDatabase[GameCard]:
    """Load a card database file, from the parse cache when its sha256 is known."""
    try:
        raw = read_bytes(path, database_limits())
    except InputError as error:
        raise InputError(f"card database {error}") from None
    return database_from_bytes(raw, str(path), use_cache=use_cache)


def database_from_bytes(
    raw: bytes, source: str, *, use_cache: bool = True
) -> CardDatabase[GameCard]:
    """:func:`parse_database` through the parse cache, keyed by the bytes' sha256."""
    digest = hashlib.sha256(raw).hexdigest()
    if use_cache:
        cached = cache.get(digest)
        if isinstance(cached, dict):
            game = game_of(cached, {})
            if not isinstance(game, SchemaIssue):
                with contextlib.suppress(Exception):  # an entry of another shape is a miss
                    return _database(cached, game, digest, source)
    data, game = validated_document(raw, source)
    database = _database(data, game, digest, source)
    if use_cache:
        cache.put(digest, data)
    return database
