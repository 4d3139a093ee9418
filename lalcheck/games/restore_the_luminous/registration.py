"""The Restore the Luminous registration sheet (:mod:`lalcheck.registration`): the leader
with its slots, then the main deck; the type column shows ``unit L3 red``."""

from __future__ import annotations

from collections.abc import Mapping

from lalcheck import registration
from lalcheck.db.model import DatabaseInfo
from lalcheck.decks import Deck
from lalcheck.games.restore_the_luminous.cards import Card, CardType
from lalcheck.games.restore_the_luminous.decklist import SECTION_TITLES


def _kind(card: Card) -> str:
    """``unit L3 red``, ``leader red``: what a judge checks at a glance."""
    if card.type is CardType.LEADER:
        return f"leader {card.colour.value}"
    return f"{card.type.value} L{card.level} {card.colour.value}"


def _arrange(blocks: Mapping[str, str]) -> str:
    return f"{blocks['leader']}\n{blocks['main']}"


def _details(deck: Deck[Card]) -> Mapping[str, str]:
    leaders = deck.expand("leader")
    if len(leaders) != 1 or leaders[0].type is not CardType.LEADER:
        return {}
    leader = leaders[0]
    return {
        "leader": f" · hand {leader.opening_hand} · {leader.unit_slots} unit slots · "
        f"{leader.counter_slots} counter slots"
    }


STYLE = registration.SheetStyle(
    game="Restore the Luminous",
    titles=SECTION_TITLES,
    kind=_kind,
    arrange=_arrange,
    details=_details,
)


def format_registration_sheet(deck: Deck[Card], database: DatabaseInfo) -> str:
    """The registration sheet of a resolved deck, as one HTML document."""
    return registration.format_registration_sheet(deck, database, STYLE)
