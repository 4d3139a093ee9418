"""Luck & Logic cards from card database entries (``schemas/cards.schema.json``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lalcheck.db.load import iso_date
from lalcheck.games.luck_and_logic.cards import (
    CARD_TYPE_ALIASES,
    Action,
    Card,
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
        release=iso_date(entry.get("release")),
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
