"""Restore the Luminous (リストル): its card model, deck rules, regulations, engine and goldfish.

``GAME`` is what the core reads of it (:class:`lalcheck.games.base.Game`):

* :mod:`.cards` -- the frozen card model (keywords, the structured effect
  language) read through the core's database loader;
* :mod:`.decks`, :mod:`.rules`, :mod:`.regulations` -- deck files (a leader
  and a 40-60 card main deck), one rule module per rule id, and the dated
  regulations of ``data/restore-the-luminous/regulations/``;
* :mod:`.decisions` -- every open point of the rules, decided once (RTL-OPEN-n);
* :mod:`.engine` -- the full engine (``Game``, actions, policies,
  ``play_game``, ``replay``, ``perft``) and :mod:`.goldfish`, its goldfish,
  draw and play hooks.

Rule ids (``RTL-…``) cited in code and messages are explained in
``docs/rules/restore-the-luminous.md``.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from lalcheck.games.base import CardModel, CardView, CoverageModel, FileKind, Game, RegulationModel
from lalcheck.games.restore_the_luminous.card_view import (
    SEARCH_FIELDS,
    format_card,
    format_card_row,
)
from lalcheck.games.restore_the_luminous.cards import card_from_dict, document_problems
from lalcheck.games.restore_the_luminous.decklist import STYLE
from lalcheck.games.restore_the_luminous.decks import COUNT_KEYS, LAYOUT, report_counts
from lalcheck.games.restore_the_luminous.registration import format_registration_sheet
from lalcheck.games.restore_the_luminous.regulations import regulation_from_dict
from lalcheck.games.restore_the_luminous.rules import RULES, check_deck
from lalcheck.resources import bundled

if TYPE_CHECKING:
    from lalcheck.simulation import Simulation

GAME_ID = "restore-the-luminous"


def _simulation() -> Simulation:
    from lalcheck.games.restore_the_luminous.goldfish.hooks import SIMULATION  # a large engine

    return SIMULATION


DECK = FileKind(
    id="deck",
    description="a deck file: leader and a 40-60 card main deck (contract §9)",
    schema=f"{GAME_ID}/deck",
    read=LAYOUT.read,
    check=check_deck,
    counts=report_counts,
    count_keys=COUNT_KEYS,
    rules=RULES,
)

GAME = Game(
    id=GAME_ID,
    title="Restore the Luminous",
    rules_reference=f"docs/rules/{GAME_ID}.md",
    card_model=CardModel(
        schema=f"{GAME_ID}/cards", card_from_dict=card_from_dict, check=document_problems
    ),
    sample_database=bundled("data", GAME_ID, "cards.yaml"),
    regulation_model=RegulationModel(
        folder=bundled("data", GAME_ID, "regulations"),
        schema=f"{GAME_ID}/regulation",
        from_dict=regulation_from_dict,
    ),
    file_kinds={"deck": DECK},
    search_fields=SEARCH_FIELDS,
    card_view=CardView(details=format_card, row=format_card_row),
    deck_layout=LAYOUT,
    decklist=STYLE,
    simulation=_simulation,
    coverage=CoverageModel(
        structured=attrgetter("is_modelled"),
        basis="no rules text, or text the loader read into keywords, effects or leader abilities",
    ),
    registration_sheet=format_registration_sheet,
)
