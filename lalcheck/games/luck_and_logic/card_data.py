"""Luck & Logic cards from card database entries (``schemas/cards.schema.json``).

Abilities (``effects:`` and ``soul:``) are read by the card-ability language
(:mod:`lalcheck.games.luck_and_logic.abilities.parse`): :func:`document_problems`
finds every problem of a schema-valid database (the loader reports each at its
line) and :func:`card_from_dict` builds the cards of a database without any,
leaving their abilities to be read when they are first needed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from lalcheck.db.load import iso_date
from lalcheck.games.base import DocumentProblem
from lalcheck.games.luck_and_logic.cards import (
    Card,
    Color,
    Logic,
    LogicKind,
    parse_card_type,
    parse_world,
)

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


def card_from_dict(entry: Mapping[str, Any]) -> Card:
    """The card of a ``cards:`` entry of a checked database (:func:`document_problems`
    found nothing). Its abilities are read when first asked for (:attr:`Card.abilities`)."""
    logic = entry.get("logic")
    return Card(
        number=entry["number"],
        name=entry["name"],
        type=parse_card_type(entry["type"]),
        names=dict(entry.get("names", {})),
        color=Color(entry["color"]) if "color" in entry else None,
        world=parse_world(entry["world"]) if "world" in entry else None,
        attributes=tuple(entry.get("attributes", ())),
        logic=Logic(LogicKind(logic["kind"]), logic.get("value", 0)) if logic else None,
        release=iso_date(entry.get("release")),
        effects=entry.get("effects") or (),
        soul=entry.get("soul"),
        **{key: entry[key] for key in _INT_FIELDS + _TEXT_FIELDS if key in entry},
    )


def document_problems(document: Mapping[str, Any]) -> Iterator[DocumentProblem]:
    """What the schema cannot say about a schema-valid database: every problem the
    ability reader finds in its cards' ``effects:`` and ``soul:``."""
    from lalcheck.games.luck_and_logic.abilities.parse import (
        AbilityError,
        parse_effects,
        parse_soul,
    )

    for index, entry in enumerate(document["cards"]):
        problems: list[AbilityError] = []
        if entry.get("effects"):
            card_type = parse_card_type(entry["type"])
            parse_effects(entry["effects"], ("cards", index, "effects"), card_type, problems)
        if entry.get("soul") is not None:
            parse_soul(entry["soul"], ("cards", index, "soul"), problems)
        yield from ((problem.path, problem.message) for problem in problems)
