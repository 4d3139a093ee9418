"""Restore the Luminous words for ``--query`` (:mod:`lalcheck.simulation.query`) and what a
game shows a query.

What a phrase counts, by the end of the goldfishing player's own turn N:

- cards **in hand** (the default for cards): copies that entered the hand (the
  opening hand, every card drawn, and units returned to it): a card number
  (``T01/005``) or name in quotes, or a group: a card type (``unit``, ``arts``,
  ``gear``, ``stage``), a colour (``red`` … ``black``), a level (``level 3``, any
  card of level 3), or a mix (``level-3 unit``, ``red unit``, ``level 2 blue arts``);
- the same cards **played** in its own turns (played from the hand or revived),
  e.g. ``a level-3 unit played``;
- the event ``leader ability``: leader abilities activated.

Copies in hand are a pure draw question: by own turn N the player has drawn
the leader's opening hand (RTL-SET-2, no mulligan: RTL-OPEN-2) and one card in
each draw phase (RTL-TURN-2), two on an evolution turn (RTL-OPEN-5), none in the
first player's first turn (RTL-SET-3); the exact chance is hypergeometric over
that many cards, weighted by the games going first and second, without the
draws of effects the simulated games also see.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from lalcheck.games.restore_the_luminous import decisions as d
from lalcheck.games.restore_the_luminous.cards import Card, CardType, Colour
from lalcheck.games.restore_the_luminous.engine import GameRecord
from lalcheck.simulation.query import (
    HAND,
    CardVocabulary,
    Subject,
    Token,
    TokenKind,
    level_words,
)

PLAYED = "played"
LEADER_ABILITY = "leader ability"

#: Words after cards that count the cards played.
ELSEWHERE = {"played": PLAYED}
EVENTS = {"leader ability": LEADER_ABILITY, "leader abilities": LEADER_ABILITY}
#: Card type words (singular and plural) -> the type.
TYPES = {
    **{kind.value: kind for kind in CardType if kind is not CardType.LEADER},
    "units": CardType.UNIT,
    "gears": CardType.GEAR,
    "stages": CardType.STAGE,
}
COLOURS = {colour.value: colour for colour in Colour}

KNOWN = (
    'a card number or "name", a group (unit, arts, gear, stage, a colour such as red, '
    "level 3, level-3 unit, red unit), optionally 'in hand' or 'played', or the event "
    "'leader ability'"
)


def drawn_by(leader: Card, goes_first: bool) -> Callable[[int], int]:
    """Cards drawn into the hand by the end of own turn ``turn`` (RTL-SET-2, RTL-SET-3,
    RTL-TURN-2, RTL-OPEN-5), without the draws of effects."""
    opening = leader.opening_hand or 0

    def drawn(turn: int) -> int:
        draws = 0
        for own_turn in range(1, turn + 1):
            if goes_first and own_turn == 1:
                continue
            evolution = own_turn in d.EVOLUTION_BY_OWN_TURN
            draws += d.EVOLUTION_DRAWS if evolution else d.DRAWS
        return opening + draws

    return drawn


@dataclass(frozen=True, slots=True)
class CardGroup:
    """Main deck cards of a type, colour and level (None: any)."""

    type: CardType | None = None
    colour: Colour | None = None
    level: int | None = None

    def matches(self, card: Card) -> bool:
        return (
            card.type is not CardType.LEADER
            and (self.type is None or card.type is self.type)
            and (self.colour is None or card.colour is self.colour)
            and (self.level is None or card.level == self.level)
        )

    @property
    def label(self) -> str:
        words = [
            f"level-{self.level}" if self.level is not None and self.type else "",
            f"level {self.level}" if self.level is not None and not self.type else "",
            self.colour.value if self.colour else "",
            self.type.value if self.type else "",
        ]
        return " ".join(word for word in words if word)


class Vocabulary(CardVocabulary):
    """Reads phrases against a card database (``"did you mean"`` for unknown cards)."""

    known = KNOWN
    events = EVENTS
    elsewhere = ELSEWHERE

    def group(self, phrase: Sequence[Token]) -> tuple[CardGroup, str] | None:
        group = _group(phrase)
        return None if group is None else (group, group.label)


def _group(phrase: Sequence[Token]) -> CardGroup | None:
    """``level 3``, ``level-3 unit``, ``red units``, ``unit of level 3``; None when a
    word is not a group's."""
    if any(token.kind is TokenKind.QUOTED for token in phrase):
        return None
    level, words = level_words(phrase)
    kind: CardType | None = None
    colour: Colour | None = None
    for word in words:
        if word in TYPES:
            kind = TYPES[word]
        elif word in COLOURS:
            colour = COLOURS[word]
        elif word != "of" or kind is None:
            return None
    if kind is None and colour is None and level is None:
        return None
    return CardGroup(kind, colour, level)


@dataclass(frozen=True, slots=True)
class Observed:
    """One game as a query sees it, from the side of ``player``: the cards that entered
    its hand and, at the end of each of its own turns, how many had, the cards it
    played in that turn and the leader abilities activated so far."""

    received: tuple[Card, ...]
    entered: tuple[int, ...]
    played: tuple[tuple[Card, ...], ...]
    leader_abilities: tuple[int, ...]
    opening: int

    @classmethod
    def of(cls, record: GameRecord, player: int) -> Observed:
        turns = record.turns_of(player)
        return cls(
            record.received[player],
            tuple(summary.received for summary in turns),
            tuple(summary.played for summary in turns),
            tuple(summary.leader_abilities for summary in turns),
            len(record.openings[player]),
        )

    def count(self, subject: Subject, turn: int) -> int:
        """By the end of own turn ``turn`` (a game over before then keeps its last counts)."""
        last = min(turn, len(self.entered))
        if subject.key == LEADER_ABILITY:
            return self.leader_abilities[last - 1] if last else 0
        selector = subject.cards
        assert selector is not None
        if subject.key == HAND:
            entered = self.entered[last - 1] if last else self.opening
            return sum(1 for card in self.received[:entered] if selector.matches(card))
        return sum(1 for cards in self.played[:last] for card in cards if selector.matches(card))
