"""Cards and databases back to plain data in the schema's shape, and to file bytes."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from collections.abc import Mapping
from enum import Enum
from pathlib import Path
from typing import Any

import yaml

from lalcheck.atomic import write_atomic
from lalcheck.db.load import parse_database
from lalcheck.db.model import CardDatabase, absent
from lalcheck.games.base import GameCard as Card


def plain(value: object) -> Any:
    """A card field value as JSON/YAML data: enums by value, dates in ISO form; a value
    a card model read into another shape (its ``to_data``) as the data it was read from."""
    to_data = getattr(value, "to_data", None)
    if callable(to_data):
        return to_data()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dt.date):
        return value.isoformat()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            field.name: plain(item)
            for field in dataclasses.fields(value)
            if (item := getattr(value, field.name)) is not None
        }
    if isinstance(value, Mapping):
        return {key: plain(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    return value


def card_to_dict(card: Card) -> dict[str, Any]:
    """One ``cards:`` entry of the game's schema; the inverse of its ``card_from_dict``.

    A card whose fields mirror its schema entry is written field by field (fields
    derived from others, ``compare=False``, left out); a card model that reads its
    entries into another shape gives its entry back with ``to_dict()``.
    """
    to_dict = getattr(card, "to_dict", None)
    if callable(to_dict):
        entry: dict[str, Any] = to_dict()
        return entry
    assert dataclasses.is_dataclass(card), "a game's cards are dataclasses"
    return {
        field.name: plain(value)
        for field in dataclasses.fields(card)
        if field.compare and not absent(value := getattr(card, field.name))
    }


def dump_document(document: Mapping[str, Any], json_output: bool) -> bytes:
    """A database document as UTF-8 JSON or YAML (keys in the document's order)."""
    if json_output:
        text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    else:
        text = yaml.safe_dump(dict(document), allow_unicode=True, sort_keys=False, width=100)
    return text.encode("utf-8")


def save_document(document: Mapping[str, Any], path: Path) -> CardDatabase[Card]:
    """Write a database document to ``path`` (JSON for ``.json``, else YAML) atomically.

    The bytes are validated as a card database first; an invalid document raises
    :class:`~lalcheck.db.load.DatabaseError` and leaves ``path`` untouched.
    """
    raw = dump_document(document, json_output=path.suffix == ".json")
    database = parse_database(raw, str(path))
    write_atomic(path, raw)
    return database
