"""Luck & Logic cards from card database entries (``schemas/cards.schema.json``).

Abilities (``effects:`` and ``soul:``) are read by the card-ability language
(:mod:`lalcheck.games.luck_and_logic.abilities.parse`): :func:`document_problems`
finds every problem of a schema-valid database (the loader reports each at its
line) and :func:`card_from_dict` builds the cards of a database without any.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from lalcheck.db.load import iso_date
from lalcheck.errors import InputError
from lalcheck.games.base import DocumentProblem
from lalcheck.games.luck_and_logic.abilities.model import NO_ABILITIES
from lalcheck.games.luck_and_logic.abilities.parse import AbilityError, parse_effects, parse_soul
from lalcheck.games.luck_and_logic.cards import (
    CARD_TYPE_ALIASES,
    Card,
    CardType,
    Color,
    Logic,
    LogicKind,
    parse_world,
)
from lalcheck.schemas import format_path
from lalcheck.yamlsafe import DocPath

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


def _card(entry: Mapping[str, Any], path: DocPath, problems: list[AbilityError]) -> Card:
    """The card of the schema-valid entry at ``path``; problems in its abilities are
    added to ``problems`` (the bad abilities are left out)."""
    type_text = entry["type"]
    card_type = CARD_TYPE_ALIASES.get(type_text) or CardType(type_text)
    logic = entry.get("logic")
    effects = entry.get("effects")
    soul = entry.get("soul")
    return Card(
        number=entry["number"],
        name=entry["name"],
        type=card_type,
        names=dict(entry.get("names", {})),
        color=Color(entry["color"]) if "color" in entry else None,
        world=parse_world(entry["world"]) if "world" in entry else None,
        attributes=tuple(entry.get("attributes", ())),
        logic=Logic(LogicKind(logic["kind"]), logic.get("value", 0)) if logic else None,
        release=iso_date(entry.get("release")),
        effects=(
            parse_effects(effects, (*path, "effects"), card_type, problems)
            if effects
            else NO_ABILITIES
        ),
        soul=parse_soul(soul, (*path, "soul"), problems) if soul is not None else None,
        **{key: entry[key] for key in _INT_FIELDS + _TEXT_FIELDS if key in entry},
    )


def card_from_dict(entry: Mapping[str, Any]) -> Card:
    """The card of a ``cards:`` entry of a checked database (:func:`document_problems`
    found nothing); :class:`InputError` with the first problem of its abilities otherwise."""
    problems: list[AbilityError] = []
    card = _card(entry, (), problems)
    if problems:
        first = problems[0]
        raise InputError(f"card {card.number}: {format_path(first.path)}: {first.message}")
    return card


def document_problems(document: Mapping[str, Any]) -> Iterator[DocumentProblem]:
    """What the schema cannot say about a schema-valid database: every problem the
    ability reader finds in its cards' ``effects:`` and ``soul:``."""
    for index, entry in enumerate(document["cards"]):
        problems: list[AbilityError] = []
        _card(entry, ("cards", index), problems)
        yield from ((problem.path, problem.message) for problem in problems)
