"""Decks as the engine takes them: a leader, the main deck with copies repeated."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lalcheck.errors import InputError
from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.cards import Card, CardType, forms_named

if TYPE_CHECKING:
    from lalcheck.db.model import CardDatabase
    from lalcheck.decks import Deck


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
    def from_deck(cls, deck: Deck[Card], database: CardDatabase[Card]) -> DeckList:
        """The engine's view of a deck read with :func:`lalcheck.decks.read_deck`; the
        transformation forms its cards name come from ``database`` (RTL-KW-TRANSFORM)."""
        main = deck.expand("main")
        leaders = deck.expand("leader")
        if len(leaders) != 1:
            raise DeckError(
                f"{deck.path}: cannot be played: it names {len(leaders)} leaders, not 1"
            )
        forms: dict[str, Card] = {}
        pending = [form for card in main for form in forms_named(card)]
        while pending:
            number = pending.pop()
            form = database.get(number)
            if number not in forms and form is not None:
                forms[number] = form
                pending.extend(forms_named(form))
        return cls(leaders[0], tuple(main), forms, deck.name or deck.path)
