"""How Restore the Luminous cards are shown (``cards show``, ``cards search``) and searched."""

from __future__ import annotations

from collections.abc import Mapping

from lalcheck.db.model import CardDatabase
from lalcheck.db.search import choice_field, number_field
from lalcheck.games.base import SearchField
from lalcheck.games.restore_the_luminous.cards import Card, CardType, Colour, KeywordAbility

#: Card types and colours by their Japanese names too (RTL-TYPE, RTL-CARD-7).
TYPE_ALIASES: Mapping[str, CardType] = {
    "ユニット": CardType.UNIT,
    "アーツ": CardType.ARTS,
    "ギア": CardType.GEAR,
    "ステージ": CardType.STAGE,
    "リーダー": CardType.LEADER,
}
COLOUR_ALIASES: Mapping[str, Colour] = {
    "赤": Colour.RED,
    "青": Colour.BLUE,
    "緑": Colour.GREEN,
    "黄": Colour.YELLOW,
    "黒": Colour.BLACK,
}

_STATS = (
    "level",
    "colour_cost",
    "return_value",
    "power",
    "damage",
    "opening_hand",
    "unit_slots",
    "counter_slots",
)


def keyword_text(ability: KeywordAbility) -> str:
    """``gale``, ``bind[2]``, ``counter[level 2, colour 1]``, ``transform -> RL01/G09``."""
    text = ability.keyword.value
    if ability.value is not None:
        text += f"[{ability.value}]"
    if ability.cost is not None:
        text += f"[level {ability.cost.level}, colour {ability.cost.colour_cost}]"
    if ability.form is not None:
        text += f" -> {ability.form}"
    return text


def format_card(card: Card, db: CardDatabase[Card]) -> str:
    """Every known field of one card, one per line."""
    fields: list[tuple[str, object]] = [("type", card.type.value), ("colour", card.colour.value)]
    fields += [(f"name ({language})", name) for language, name in sorted(card.names.items())]
    fields += [(stat.replace("_", " "), getattr(card, stat)) for stat in _STATS]
    fields += [
        ("keywords", ", ".join(keyword_text(k) for k in card.keywords)),
        (
            "effects",
            ", ".join(
                [e.trigger.value for e in card.effects]
                + [f"rank {entry.rank}" for entry in card.abilities]
            ),
        ),
        ("text", card.text),
        ("rarity", card.rarity),
        ("set", card.set),
        ("released", db.release_date(card)),
        ("printings", ", ".join(c.number for c in db.identity_printings(card) if c != card)),
    ]
    lines = [card.label()]
    lines += [f"  {label:<14} {value}" for label, value in fields if value not in (None, "")]
    if not card.is_modelled:
        lines.append("  (its text has no structured form: the engine counts it, never runs it)")
    return "\n".join(lines) + "\n"


def format_card_row(card: Card) -> str:
    """One line of ``cards search``: number, type, level, colour, name."""
    kind, level, colour = card.type.value, f"L{card.level}", card.colour.value
    return f"{card.number:<12} {kind:<7} {level:<3} {colour:<7} {card.name}"


#: ``--type``, ``--color`` (the card's colour), ``--level``, ``--cost`` (its colour cost).
SEARCH_FIELDS: dict[str, SearchField] = {
    field.name: field
    for field in (
        choice_field("type", "type", CardType, TYPE_ALIASES, "types"),
        choice_field("color", "colour", Colour, COLOUR_ALIASES, "colours"),
        number_field("level", "level"),
        number_field("cost", "colour_cost"),
    )
}
