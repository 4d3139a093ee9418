"""What changed between two card databases: cards added, removed, and changed field by field."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from lalcheck.db.model import CardDatabase, DatabaseInfo, absent
from lalcheck.errors import UsageError
from lalcheck.games.base import GameCard as Card


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


def card_changes(old: Card, new: Card) -> tuple[FieldChange, ...]:
    """The fields that differ between two printings (of one game's card model, compared
    in its order; the number is the key; fields derived from others, ``compare=False``,
    left out), empty values counting as absent."""
    changes: list[FieldChange] = []
    assert dataclasses.is_dataclass(old), "a game's cards are dataclasses"
    fields = dataclasses.fields(old)
    for name in (field.name for field in fields if field.compare and field.name != "number"):
        before, after = getattr(old, name), getattr(new, name)
        if before != after and not (absent(before) and absent(after)):
            changes.append(FieldChange(name, before, after))
    return tuple(changes)


def diff_databases(old: CardDatabase[Card], new: CardDatabase[Card]) -> DatabaseDiff:
    """Compare two databases of one game card number by card number."""
    if old.info.game != new.info.game:
        raise UsageError(
            f"{old.info.source} is a {old.info.game} database and {new.info.source} a "
            f"{new.info.game} one; only databases of one game can be compared"
        )
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
