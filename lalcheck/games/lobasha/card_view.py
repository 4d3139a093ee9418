"""How 洛吧殺 cards are shown (``cards show``, ``cards search``) and searched (``--type``)."""

from __future__ import annotations

from lalcheck.db.model import CardDatabase
from lalcheck.db.search import choice_field
from lalcheck.games.base import SearchField
from lalcheck.games.lobasha.cards import INFINITE_RANGE, CardKind, Element, Kind
from lalcheck.games.lobasha.rules.judgement_suits import describe


def _targets(card: CardKind) -> str | None:
    targets = card.targets
    if targets is None:
        return None
    count = f"{targets.count} " if targets.count > 1 else ""
    reach = {"attack": ", in attack range"}.get(str(targets.reach), "")
    if isinstance(targets.reach, int):
        reach = f", at distance {targets.reach} or less"
    needs = f" ({', '.join(targets.needs)})" if targets.needs else ""
    return f"{count}{targets.who}{reach}{needs}"


def _rescue(card: CardKind) -> str | None:
    if not card.rescue:
        return None
    return f"{card.rescue} HP" + (", only oneself" if card.rescue_self_only else "")


def format_card(card: CardKind, db: CardDatabase[CardKind]) -> str:
    """Every known field of one card kind, one per line."""
    lines = [card.label(), f"  kind        {card.kind.value} ({card.subkind})"]
    lines += [f"  name ({language})   {name}" for language, name in sorted(card.names.items())]
    weapon_range = "∞" if card.range == INFINITE_RANGE else card.range
    answers = card.answers
    fields: list[tuple[str, object]] = [
        ("set", card.set.value),
        ("rule", card.rule),
        ("element", card.element.value if card.element is not Element.NONE else None),
        ("slot", card.slot.value if card.slot else None),
        ("range", weapon_range),
        ("distance", f"{card.distance:+d}" if card.distance else None),
        ("locked", "yes" if card.locked else None),
        ("targets", _targets(card)),
        ("answers", f"{' or '.join(answers.cards)} ×{answers.count}" if answers else None),
        ("rescue", _rescue(card)),
        ("extra cost", card.extra_cost or None),
        ("per turn", "once" if card.once_per_turn else None),
        ("judges for", describe(card.judge) if card.judge else None),
        ("text", card.text),
    ]
    lines += [f"  {label:<11} {value}" for label, value in fields if value not in (None, "")]
    for step in card.effects:
        values = " ".join(f"{key}={value}" for key, value in step.values)
        lines.append(f"  effect      {step.do} {values}".rstrip())
    return "\n".join(lines) + "\n"


def format_card_row(card: CardKind) -> str:
    """One line of ``cards search``: id, kind, set, names."""
    return (
        f"{card.number:<18} {card.kind.value:<9} {card.set.value:<7} {card.name} ({card.english})"
    )


#: ``--type`` (basic, effect, equipment).
SEARCH_FIELDS: dict[str, SearchField] = {
    field.name: field for field in (choice_field("type", "kind", Kind, {}, "types"),)
}
