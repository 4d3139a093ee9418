"""Decks as the engine takes them: cards with copies repeated, per section."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lalcheck.errors import InputError
from lalcheck.games.luck_and_logic.cards import Card, CardType

if TYPE_CHECKING:
    from lalcheck.decks import Deck

#: What the engine needs to set up a game (R-CON-1, R-CON-4, R-TURN-0).
MAIN_SIZE = 50
GATE_SIZE = 10
GATES_ON_FIELD = 6


class DeckError(InputError):
    """A deck the engine cannot play."""


@dataclass(frozen=True, slots=True)
class DeckList:
    """The cards of one deck: main deck, gate deck, secret tools, My Logicalist."""

    main: tuple[Card, ...]
    gates: tuple[Card, ...]
    secret_tools: tuple[Card, ...] = ()
    my_logicalist: Card | None = None
    name: str = "deck"

    def __post_init__(self) -> None:
        problems = []
        if len(self.main) != MAIN_SIZE:
            problems.append(f"the main deck holds {len(self.main)} cards, not {MAIN_SIZE}")
        if len(self.gates) != GATE_SIZE:
            problems.append(f"the gate deck holds {len(self.gates)} cards, not {GATE_SIZE}")
        wrong = sorted(
            {c.number for c in self.main if not c.type.is_main_deck}
            | {c.number for c in self.gates if c.type is not CardType.GATE}
        )
        if wrong:
            problems.append(f"cards in the wrong section: {', '.join(wrong)}")
        if problems:
            raise DeckError(f"{self.name}: cannot be played: {'; '.join(problems)}")

    @classmethod
    def from_deck(cls, deck: Deck[Card]) -> DeckList:
        """The engine's view of a deck read with :func:`lalcheck.decks.read_deck`."""
        my_logicalist = deck.expand("my_logicalist")
        return cls(
            main=tuple(deck.expand("main")),
            gates=tuple(deck.expand("gates")),
            secret_tools=tuple(deck.expand("secret_tools")),
            my_logicalist=my_logicalist[0] if my_logicalist else None,
            name=deck.name or deck.path,
        )
