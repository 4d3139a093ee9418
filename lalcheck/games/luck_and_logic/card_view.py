"""How Luck & Logic cards are shown (``cards show``, ``cards search``) and searched."""

from __future__ import annotations

from lalcheck.db.model import CardDatabase
from lalcheck.db.search import choice_field, number_field
from lalcheck.games.base import SearchField
from lalcheck.games.luck_and_logic.cards import (
    CARD_TYPE_ALIASES,
    WORLD_ALIASES,
    Card,
    CardType,
    Color,
    World,
)

_STATS = ("level", "cost", "territory", "power", "spirit", "limit", "gate_number")


def format_card(card: Card, db: CardDatabase[Card]) -> str:
    """Every known field of one card, one per line."""
    lines = [card.label(), f"  type        {card.type.value}"]
    for language, name in sorted(card.names.items()):
        lines.append(f"  name ({language})   {name}")
    for label, value in (
        ("title", card.title),
        ("character", card.character),
        ("color", card.color.value if card.color else None),
        ("world", card.world.value if card.world else None),
        ("attributes", ", ".join(card.attributes) or None),
    ):
        if value:
            lines.append(f"  {label:<11} {value}")
    for stat in _STATS:
        value = getattr(card, stat)
        if value is not None:
            lines.append(f"  {stat.replace('_', ' '):<11} {value}")
    if card.logic:
        sign = f" +{card.logic.value}" if card.logic.value else ""
        lines.append(f"  logic       {card.logic.kind.value}{sign}")
    for label, value in (
        ("covenanter", card.covenanter),
        ("TC form", card.trance_change),
        ("paradox", card.paradox_rule),
        ("text", card.text),
        ("rarity", card.rarity),
        ("set", card.set),
        ("released", str(db.release_date(card) or "")),
    ):
        if value:
            lines.append(f"  {label:<11} {value}")
    for ability in card.abilities:
        lines.append(f"  ability     {ability}")
    for ability in card.soul_abilities or ():
        lines.append(f"  as soul     {ability}")
    other = [c.number for c in db.identity_printings(card) if c.number != card.number]
    if other:
        lines.append(f"  printings   also {', '.join(other)}")
    return "\n".join(lines) + "\n"


def format_card_row(card: Card) -> str:
    """One line of ``cards search``: number, type, level, world, name."""
    return (
        f"{card.number:<12} {card.type.value:<16} "
        f"{'' if card.level is None else 'L' + str(card.level):<3} "
        f"{card.world.value if card.world else '-':<15} {card.name}"
    )


#: ``--type``, ``--color``, ``--world``, ``--level``, ``--cost``.
SEARCH_FIELDS: dict[str, SearchField] = {
    field.name: field
    for field in (
        choice_field("type", "type", CardType, CARD_TYPE_ALIASES, "types"),
        choice_field("color", "color", Color, {}, "colors"),
        choice_field("world", "world", World, WORLD_ALIASES, "worlds"),
        number_field("level", "level"),
        number_field("cost", "cost"),
    )
}
