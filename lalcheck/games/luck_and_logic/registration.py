"""The Luck & Logic registration sheet (:mod:`lalcheck.registration`): the main deck
first, then gates beside secret tools and My Logicalist; the type column shows
``transunion L3``, ``gate #2``, ``paradox``."""

from __future__ import annotations

from collections.abc import Mapping

from lalcheck import registration
from lalcheck.db.model import DatabaseInfo
from lalcheck.decks import Deck
from lalcheck.games.luck_and_logic.cards import Card
from lalcheck.games.luck_and_logic.decklist import SECTION_TITLES
from lalcheck.games.luck_and_logic.decks import DeckCounts
from lalcheck.registration import ONE_COLUMN_ROWS as ONE_COLUMN_ROWS


def _kind(card: Card) -> str:
    """``transunion L3``, ``gate #2``, ``paradox``: what a judge checks at a glance."""
    kind = card.type.value.replace("_", " ")
    if card.gate_number is not None:
        return f"{kind} #{card.gate_number}"
    return f"{kind} L{card.level}" if card.level is not None else kind


def _arrange(blocks: Mapping[str, str]) -> str:
    return (
        f'{blocks["main"]}\n<div class="columns">\n<div>\n{blocks["gates"]}\n</div>\n<div>\n'
        f"{blocks['secret_tools']}\n{blocks['my_logicalist']}\n</div>\n</div>"
    )


def _details(deck: Deck[Card]) -> Mapping[str, str]:
    return {"main": f" · paradox {DeckCounts.of(deck).paradox}"}


STYLE = registration.SheetStyle(
    game="Luck & Logic", titles=SECTION_TITLES, kind=_kind, arrange=_arrange, details=_details
)


def format_registration_sheet(deck: Deck[Card], database: DatabaseInfo) -> str:
    """The registration sheet of a resolved deck, as one HTML document."""
    return registration.format_registration_sheet(deck, database, STYLE)
