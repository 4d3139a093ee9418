"""Reading card databases (YAML or JSON) into :class:`CardDatabase`.

A database is checked against ``schemas/cards.schema.json`` and for what a
schema cannot say (unique card numbers, known set codes). The validated
document is cached (as JSON) by the file's sha256 so that a CI run over many
decks does not pay for parsing and validation on every invocation.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lalcheck.cards import (
    CARD_TYPE_ALIASES,
    Action,
    Card,
    CardSet,
    CardType,
    Color,
    Duration,
    Effect,
    Logic,
    LogicKind,
    Stat,
    Trigger,
    parse_world,
)
from lalcheck.db import cache
from lalcheck.db.model import CardDatabase, DatabaseInfo
from lalcheck.errors import InputError, InvalidFileError
from lalcheck.schemas import SchemaIssue, describe_issues, nearest_line, validate
from lalcheck.yamlsafe import (
    DocPath,
    database_limits,
    decode_utf8,
    load_json,
    load_with_lines,
    read_bytes,
)

_INT_FIELDS = ("level", "cost", "territory", "power", "spirit", "limit", "soul", "gate_number")
_TEXT_FIELDS = (
    "title",
    "character",
    "covenanter",
    "trance_change",
    "paradox_rule",
    "text",
    "rarity",
    "set",
)


class DatabaseError(InvalidFileError):
    """A card database that cannot be used, with every problem found in it."""

    def __init__(self, source: str, problems: list[str]) -> None:
        super().__init__(
            f"card database {source} is not valid:",
            problems,
            hint="fix the file; schemas/cards.schema.json describes the format",
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
    _, lines = load_with_lines(decode_utf8(raw, source), source, database_limits())
    return lines


def check_document(data: Any, lines: Mapping[DocPath, int]) -> list[SchemaIssue]:
    """Schema violations, then duplicate numbers and unknown set codes."""
    issues = validate(data, "cards", lines)
    if issues or not isinstance(data, dict):
        return issues
    seen: dict[str, int] = {}
    set_codes = {entry["code"] for entry in data.get("sets", [])}
    for index, card in enumerate(data["cards"]):
        path: DocPath = ("cards", index)
        number = card["number"]
        if number in seen:
            issues.append(
                SchemaIssue(
                    f"cards[{index}].number",
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


def _date(value: str | None) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None


def card_from_dict(entry: Mapping[str, Any]) -> Card:
    """Build a :class:`Card` from one schema-valid ``cards:`` entry."""
    type_text = entry["type"]
    logic = entry.get("logic")
    return Card(
        number=entry["number"],
        name=entry["name"],
        type=CARD_TYPE_ALIASES.get(type_text) or CardType(type_text),
        names=dict(entry.get("names", {})),
        color=Color(entry["color"]) if "color" in entry else None,
        world=parse_world(entry["world"]) if "world" in entry else None,
        attributes=tuple(entry.get("attributes", ())),
        logic=Logic(LogicKind(logic["kind"]), logic.get("value", 0)) if logic else None,
        release=_date(entry.get("release")),
        effects=tuple(
            Effect(
                trigger=Trigger(effect["trigger"]),
                action=Action(effect["action"]),
                value=effect["value"],
                stat=Stat(effect["stat"]) if "stat" in effect else None,
                until=Duration(effect["until"]) if "until" in effect else None,
            )
            for effect in entry.get("effects", ())
        ),
        **{key: entry[key] for key in _INT_FIELDS + _TEXT_FIELDS if key in entry},
    )


def database_from_dict(data: Mapping[str, Any], info: DatabaseInfo) -> CardDatabase:
    """Build a :class:`CardDatabase` from a schema-valid document."""
    sets = [
        CardSet(entry["code"], entry["name"], _date(entry.get("release")))
        for entry in data.get("sets", ())
    ]
    return CardDatabase(info, (card_from_dict(entry) for entry in data["cards"]), sets)


def validated_document(raw: bytes, source: str) -> dict[str, Any]:
    """The document in the bytes of a YAML or JSON database, once it passed every check;
    raises :class:`DatabaseError` with every problem."""
    try:
        data, lines = read_document(raw, source)
        issues = check_document(data, lines)
        if issues and not lines and source.endswith(".json"):
            issues = check_document(data, _json_lines(raw, source))
    except InputError as error:  # not UTF-8, not YAML or JSON, nested too deeply
        raise DatabaseError(source, [str(error)]) from None
    if not isinstance(data, dict):
        raise DatabaseError(source, ["the file must hold a mapping with format, game and cards"])
    if issues:
        raise DatabaseError(source, describe_issues(issues, source))
    return data


def _info(data: Mapping[str, Any], sha256: str, source: str) -> DatabaseInfo:
    notes = data.get("notes")
    return DatabaseInfo(
        name=str(data["name"]),
        version=str(data["version"]),
        sha256=sha256,
        source=source,
        sample=bool(data.get("sample", False)),
        notes=notes if isinstance(notes, str) else None,
    )


def parse_database(raw: bytes, source: str) -> CardDatabase:
    """Validate and build a database from the bytes of a YAML or JSON file."""
    data = validated_document(raw, source)
    return database_from_dict(data, _info(data, hashlib.sha256(raw).hexdigest(), source))


def load_database(path: Path, *, use_cache: bool = True) -> CardDatabase:
    """Load a card database file, from the parse cache when its sha256 is known."""
    try:
        raw = read_bytes(path, database_limits())
    except InputError as error:
        raise InputError(f"card database {error}") from None
    return database_from_bytes(raw, str(path), use_cache=use_cache)


def database_from_bytes(raw: bytes, source: str, *, use_cache: bool = True) -> CardDatabase:
    """:func:`parse_database` through the parse cache, keyed by the bytes' sha256."""
    digest = hashlib.sha256(raw).hexdigest()
    if use_cache:
        cached = cache.get(digest)
        if cached is not None:
            with contextlib.suppress(Exception):  # an entry of another shape is a miss
                return database_from_dict(cached, _info(cached, digest, source))
    data = validated_document(raw, source)
    database = database_from_dict(data, _info(data, digest, source))
    if use_cache:
        cache.put(digest, data)
    return database
