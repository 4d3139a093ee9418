"""Decks as the engine takes them: a leader, the main deck with copies repeated."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from lalcheck.errors import InputError
from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.cards import Card, CardPool, CardType, forms_named


class DeckError(InputError):
    """A deck the engine cannot play."""


@dataclass(frozen=True, slots=True)
class DeckList:
    """One player's cards: the leader (outside the main deck, RTL-OPEN-1), the main
    deck (40-60 cards, RTL-DECK-1) and the transformation forms its cards name."""

    leader: Card
    main: tuple[Card, ...]
    forms: Mapping[str, Card] = field(default_factory=dict, compare=False)
    name: str = "deck"

    def __post_init__(self) -> None:
        problems = []
        if self.leader.type is not CardType.LEADER:
            problems.append(f"the leader {self.leader.label()} is a {self.leader.type}")
        if not d.MAIN_DECK_MIN <= len(self.main) <= d.MAIN_DECK_MAX:
            problems.append(
                f"the main deck holds {len(self.main)} cards, not "
                f"{d.MAIN_DECK_MIN}-{d.MAIN_DECK_MAX}"
            )
        leaders = sorted({c.number for c in self.main if c.type is CardType.LEADER})
        if leaders and d.LEADER_OUTSIDE_MAIN_DECK:
            problems.append(f"leaders in the main deck: {', '.join(leaders)}")
        missing = sorted(
            {form for card in self.main for form in forms_named(card) if form not in self.forms}
        )
        if missing:
            problems.append(f"transformation forms not given: {', '.join(missing)}")
        if problems:
            raise DeckError(f"{self.name}: cannot be played: {'; '.join(problems)}")

    @classmethod
    def build(
        cls, pool: CardPool, leader: str, main: Mapping[str, int], name: str = "deck"
    ) -> DeckList:
        """A deck from card references (numbers or exact names) and copy counts."""
        problems: list[str] = []

        def resolve(reference: str) -> Card | None:
            found = pool.find(reference)
            if len(found) == 1:
                return found[0]
            what = "is not in the card database" if not found else "names several cards"
            problems.append(f"{reference!r} {what}")
            return None

        leader_card = resolve(leader)
        cards: list[Card] = []
        for reference, copies in main.items():
            card = resolve(reference)
            if card is not None:
                cards.extend([card] * copies)
        if problems or leader_card is None:
            raise DeckError(f"{name}: {'; '.join(problems)}")
        forms = {}
        pending = [form for card in cards for form in forms_named(card)]
        while pending:
            number = pending.pop()
            if number not in forms and number in pool.by_number:
                forms[number] = pool.by_number[number]
                pending.extend(forms_named(forms[number]))
        return cls(leader_card, tuple(cards), forms, name)
