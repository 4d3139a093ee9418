"""Reading card databases (YAML or JSON) into :class:`CardDatabase`.

A database is checked against ``schemas/cards.schema.json`` and for what a
schema cannot say (unique card numbers, known set codes). A parsed database is
cached by the file's sha256 so that a CI run over many decks does not pay for
parsing and validation on every invocation.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lalcheck.abilities.model import NO_ABILITIES
from lalcheck.abilities.parse import AbilityError, parse_effects, parse_soul
from lalcheck.cards import (
    CARD_TYPE_ALIASES,
    Card,
    CardSet,
    CardType,
    Color,
    Logic,
    LogicKind,
    parse_world,
)
from lalcheck.db import cache
from lalcheck.db.model import CardDatabase, DatabaseInfo
from lalcheck.errors import InputError, InvalidFileError
from lalcheck.schemas import SchemaIssue, describe_issues, format_path, nearest_line, validate
from lalcheck.yamlsafe import DATA_LIMITS, DocPath, decode_utf8, load_with_lines, read_bytes

_INT_FIELDS = ("level", "cost", "territory", "power", "spirit", "limit", "gate_number")
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
    a schema error needs one.
    """
    text = decode_utf8(raw, source)
    if source.endswith(".json"):
        try:
            return json.loads(text), {}
        except json.JSONDecodeError as error:
            raise InputError(f"{source}: invalid JSON: {error.msg}", line=error.lineno) from None
        except RecursionError:
            raise InputError(f"{source}: invalid JSON: nested too deeply") from None
    return load_with_lines(text, source, DATA_LIMITS)


def _json_lines(raw: bytes, source: str) -> dict[DocPath, int]:
    """Line numbers for a JSON document (JSON is YAML, so the YAML composer marks it)."""
    _, lines = load_with_lines(decode_utf8(raw, source), source, DATA_LIMITS)
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


def card_from_dict(
    entry: Mapping[str, Any],
    path: DocPath = ("cards", 0),
    problems: list[AbilityError] | None = None,
) -> Card:
    """Build a :class:`Card` from one schema-valid ``cards:`` entry at ``path``.

    Problems in its abilities are added to ``problems`` (the bad abilities are left
    out); without a list, the first one raises :class:`InputError`.
    """
    found: list[AbilityError] = [] if problems is None else problems
    before = len(found)
    type_text = entry["type"]
    card_type = CARD_TYPE_ALIASES.get(type_text) or CardType(type_text)
    logic = entry.get("logic")
    effects = entry.get("effects")
    soul = entry.get("soul")
    card = Card(
        number=entry["number"],
        name=entry["name"],
        type=card_type,
        names=dict(entry.get("names", {})),
        color=Color(entry["color"]) if "color" in entry else None,
        world=parse_world(entry["world"]) if "world" in entry else None,
        attributes=tuple(entry.get("attributes", ())),
        logic=Logic(LogicKind(logic["kind"]), logic.get("value", 0)) if logic else None,
        release=_date(entry.get("release")),
        effects=(
            parse_effects(effects, (*path, "effects"), card_type, found)
            if effects
            else NO_ABILITIES
        ),
        soul=parse_soul(soul, (*path, "soul"), found) if soul is not None else None,
        **{key: entry[key] for key in _INT_FIELDS + _TEXT_FIELDS if key in entry},
    )
    if problems is None and len(found) > before:
        raise InputError(f"{found[before].message} (at {format_path(found[before].path)})")
    return card


def database_from_dict(
    data: Mapping[str, Any], info: DatabaseInfo, lines: Mapping[DocPath, int] | None = None
) -> CardDatabase:
    """Build a :class:`CardDatabase` from a schema-valid document.

    Every problem the ability reader finds is reported at once, at its line.
    """
    problems: list[AbilityError] = []
    cards = [
        card_from_dict(entry, ("cards", index), problems)
        for index, entry in enumerate(data["cards"])
    ]
    if problems:
        issues = [
            SchemaIssue(format_path(p.path), nearest_line(lines or {}, p.path), p.message)
            for p in problems
        ]
        raise DatabaseError(info.source, describe_issues(issues, info.source))
    sets = [
        CardSet(entry["code"], entry["name"], _date(entry.get("release")))
        for entry in data.get("sets", ())
    ]
    return CardDatabase(info, cards, sets)


def parse_database(raw: bytes, source: str) -> CardDatabase:
    """Validate and build a database from the bytes of a YAML or JSON file."""
    json_source = source.endswith(".json")
    try:
        data, lines = read_document(raw, source)
        issues = check_document(data, lines)
        if issues and not lines and json_source:
            issues = check_document(data, _json_lines(raw, source))
    except InputError as error:  # not UTF-8, not YAML or JSON, nested too deeply
        raise DatabaseError(source, [str(error)]) from None
    if not isinstance(data, dict):
        raise DatabaseError(source, ["the file must hold a mapping with format, game and cards"])
    if issues:
        raise DatabaseError(source, describe_issues(issues, source))
    info = DatabaseInfo(
        name=str(data["name"]),
        version=str(data["version"]),
        sha256=hashlib.sha256(raw).hexdigest(),
        source=source,
        sample=bool(data.get("sample", False)),
        notes=data.get("notes"),
    )
    try:
        return database_from_dict(data, info, lines)
    except DatabaseError:
        if lines or not json_source:
            raise
    return database_from_dict(data, info, _json_lines(raw, source))


def load_database(path: Path, *, use_cache: bool = True) -> CardDatabase:
    """Load a card database file, from the parse cache when its sha256 is known."""
    try:
        raw = read_bytes(path, DATA_LIMITS)
    except InputError as error:
        raise InputError(f"card database {error}") from None
    return database_from_bytes(raw, str(path), use_cache=use_cache)


def database_from_bytes(raw: bytes, source: str, *, use_cache: bool = True) -> CardDatabase:
    """:func:`parse_database` through the parse cache, keyed by the bytes' sha256."""
    digest = hashlib.sha256(raw).hexdigest()
    if use_cache:
        cached = cache.get(digest, source)
        if cached is not None:
            return cached
    database = parse_database(raw, source)
    if use_cache:
        cache.put(digest, database)
    return database
