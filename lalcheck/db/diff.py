"""What changed between two card databases: cards added, removed, and changed field by field."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from lalcheck.abilities.model import NO_ABILITIES
from lalcheck.cards import Card
from lalcheck.db.model import CardDatabase, DatabaseInfo

#: Card fields compared, in the card model's order; the number is the key.
COMPARED = tuple(field.name for field in dataclasses.fields(Card) if field.name != "number")


@dataclass(frozen=True, slots=True)
class FieldChange:
    """One field of a card before and after (None: absent)."""

    field: str
    old: object
    new: object


@dataclass(frozen=True, slots=True)
class CardChange:
    """A card number present in both databases whose card differs."""

    old: Card
    new: Card
    fields: tuple[FieldChange, ...]


@dataclass(frozen=True, slots=True)
class DatabaseDiff:
    """Cards added (in the new database's order), removed and changed, by card number."""

    old: DatabaseInfo
    new: DatabaseInfo
    added: tuple[Card, ...]
    removed: tuple[Card, ...]
    changed: tuple[CardChange, ...]

    @property
    def identical(self) -> bool:
        """True when no card was added, removed or changed."""
        return not (self.added or self.removed or self.changed)


def _empty(value: object) -> bool:
    return value is None or value == () or value == {} or value == NO_ABILITIES


def card_changes(old: Card, new: Card) -> tuple[FieldChange, ...]:
    """The fields that differ between two printings, empty values counting as absent."""
    changes = []
    for name in COMPARED:
        before, after = getattr(old, name), getattr(new, name)
        if before != after and not (_empty(before) and _empty(after)):
            changes.append(FieldChange(name, before, after))
    return tuple(changes)


def diff_databases(old: CardDatabase, new: CardDatabase) -> DatabaseDiff:
    """Compare two databases card number by card number."""
    changed = []
    for card in new:
        before = old.get(card.number)
        if before is not None and before != card:
            changed.append(CardChange(before, card, card_changes(before, card)))
    return DatabaseDiff(
        old=old.info,
        new=new.info,
        added=tuple(card for card in new if card.number not in old),
        removed=tuple(card for card in old if card.number not in new),
        changed=tuple(change for change in changed if change.fields),
    )
