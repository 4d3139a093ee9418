"""Text views of cards and databases for ``lalcheck cards`` and ``lalcheck db``.

Every value from the card database is shown through :func:`visible`, so no
card or database can put a terminal escape or a line break on the screen.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence

from lalcheck.cards import Card
from lalcheck.db.dump import card_to_dict
from lalcheck.db.model import CardDatabase
from lalcheck.db.search import SearchHit
from lalcheck.wording import visible

_STATS = ("level", "cost", "territory", "power", "spirit", "limit", "soul", "gate_number")


def format_card(card: Card, db: CardDatabase) -> str:
    """Every known field of one card, one per line."""
    lines = [visible(card.label()), f"  type        {card.type.value}"]
    for language, name in sorted(card.names.items()):
        lines.append(f"  name ({visible(language)})   {visible(name)}")
    for label, value in (
        ("title", card.title),
        ("character", card.character),
        ("color", card.color.value if card.color else None),
        ("world", card.world.value if card.world else None),
        ("attributes", ", ".join(card.attributes) or None),
    ):
        if value:
            lines.append(f"  {label:<11} {visible(value)}")
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
            lines.append(f"  {label:<11} {visible(value)}")
    for effect in card.effects:
        detail = f" {effect.stat} until end of {effect.until}" if effect.stat else ""
        lines.append(f"  effect      on {effect.trigger}: {effect.action} {effect.value}{detail}")
    other = [c.number for c in db.identity_printings(card) if c.number != card.number]
    if other:
        lines.append(f"  printings   also {visible(', '.join(other))}")
    return "\n".join(lines) + "\n"


def format_card_table(cards: Iterable[Card]) -> str:
    """One line per card: number, type, level, world, name."""
    rows = [
        f"{visible(card.number):<12} {card.type.value:<16} "
        f"{'' if card.level is None else 'L' + str(card.level):<3} "
        f"{card.world.value if card.world else '-':<15} {visible(card.name)}"
        for card in cards
    ]
    return "\n".join(rows) + ("\n" if rows else "")


def format_search_json(query: str, hits: Sequence[SearchHit]) -> str:
    """Search results as one JSON document: score, the fuzzily matched name, the card."""
    results = [
        {"score": round(hit.score, 1), "matched": hit.matched, "card": card_to_dict(hit.card)}
        for hit in hits
    ]
    document = {"query": query, "count": len(results), "results": results}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def format_database_info(db: CardDatabase) -> str:
    """Name, version, sample flag, sha256 and counts by type and by set."""
    info = db.info
    lines = [
        f"name     {visible(info.name)}",
        f"version  {visible(info.version)}",
        f"source   {visible(info.source)}",
        f"sha256   {info.sha256}",
        f"sample   {'yes: illustrative data, not the official card list' if info.sample else 'no'}",
        f"cards    {len(db)}",
        "by type:",
    ]
    by_type = Counter(card.type.value for card in db)
    lines += [f"  {name:<17} {count:>5}" for name, count in sorted(by_type.items())]
    lines.append("by set:")
    by_set = Counter(card.set or "-" for card in db)
    for code, count in sorted(by_set.items()):
        card_set = db.sets.get(code)
        detail = f"  {visible(card_set.name)}, {card_set.release}" if card_set else ""
        lines.append(f"  {visible(code):<17} {count:>5}{detail}")
    return "\n".join(lines) + "\n"
