"""Luck & Logic: its card model, deck rules, regulations, engine and goldfish metrics.

``GAME`` is what the core reads of it (:class:`lalcheck.games.base.Game`). Its
data and schemas keep the top-level paths they had before lalcheck knew other
games: ``data/cards.yaml``, ``data/regulations/``, ``data/decks/`` and
``schemas/cards|deck|regulation.schema.json``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from lalcheck.games.base import CardModel, CardView, FileKind, Game, RegulationModel
from lalcheck.games.luck_and_logic.abilities.coverage import COVERAGE
from lalcheck.games.luck_and_logic.card_data import card_from_dict, document_problems
from lalcheck.games.luck_and_logic.card_view import SEARCH_FIELDS, format_card, format_card_row
from lalcheck.games.luck_and_logic.decklist import STYLE
from lalcheck.games.luck_and_logic.decks import COUNT_KEYS, LAYOUT, report_counts
from lalcheck.games.luck_and_logic.regulations import regulation_from_dict
from lalcheck.games.luck_and_logic.rules import RULES, check_deck
from lalcheck.resources import bundled

if TYPE_CHECKING:
    from lalcheck.db.model import DatabaseInfo
    from lalcheck.decks import Deck
    from lalcheck.games.luck_and_logic.cards import Card
    from lalcheck.games.luck_and_logic.csv_import import CsvImport
    from lalcheck.simulation import Simulation


def _simulation() -> Simulation:
    from lalcheck.games.luck_and_logic.goldfish.hooks import SIMULATION  # the engine is large

    return SIMULATION


def _registration_sheet(deck: Deck[Card], database: DatabaseInfo) -> str:
    from lalcheck.games.luck_and_logic.registration import format_registration_sheet

    return format_registration_sheet(deck, database)


def _import_card_list(path: Path, **options: Any) -> CsvImport:
    from lalcheck.games.luck_and_logic.csv_import import import_csv_file

    return import_csv_file(path, **options)


DECK = FileKind(
    id="deck",
    description="a deck file: main, gates, secret_tools, my_logicalist (contract §1)",
    schema="deck",
    read=LAYOUT.read,
    check=check_deck,
    counts=report_counts,
    count_keys=COUNT_KEYS,
    rules=RULES,
)

GAME = Game(
    id="luck-and-logic",
    title="Luck & Logic",
    rules_reference="docs/rules/luck-and-logic.md",
    card_model=CardModel(schema="cards", card_from_dict=card_from_dict, check=document_problems),
    sample_database=bundled("data", "cards.yaml"),
    regulation_model=RegulationModel(
        folder=bundled("data", "regulations"),
        schema="regulation",
        from_dict=regulation_from_dict,
    ),
    file_kinds={"deck": DECK},
    search_fields=SEARCH_FIELDS,
    card_view=CardView(details=format_card, row=format_card_row),
    deck_layout=LAYOUT,
    decklist=STYLE,
    simulation=_simulation,
    coverage=COVERAGE,
    card_list_import=_import_card_list,
    registration_sheet=_registration_sheet,
)
