"""洛吧殺 (lobasha): the hidden-role card game of seed 004 (docs/rules/lobasha.md).

``GAME`` is what the core reads of it (:class:`lalcheck.games.base.Game`): no
player decks, but three file kinds ``lalcheck check`` validates (a pile, a
character set, a game setup), a card database and table rules (the regulation)
read by the core, and the hooks of ``lalcheck simulate`` and ``play --players``.

* :mod:`.cards` — card kinds (:class:`~.cards.CardKind`, the cards of the card
  database) apart from physical pile entries (:class:`~.cards.PileEntry`: a
  kind with a suit and a rank);
* :mod:`.characters` — characters (HP in half points, gender, faction, emblems)
  and their skills with kinds (lord, locked, limited, gene);
* :mod:`.setups` — roles and the table rules (role mix per player count, the
  Lord's HP bonus);
* :mod:`.files` and :mod:`.kinds` — reading the checked files; :mod:`.rules` —
  one module per rule id; :mod:`.loaders` — models from checked files;
* :mod:`.data` — the data a game is played with (:func:`~.data.bundled_data`);
* :mod:`.engine` — the multiplayer rules engine, policies and game records;
  :mod:`.simulation` — the hooks of ``simulate`` and ``play``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lalcheck.games.base import CardModel, CardView, Game, RegulationModel
from lalcheck.games.lobasha.card_view import SEARCH_FIELDS, format_card, format_card_row
from lalcheck.games.lobasha.coverage import COVERAGE
from lalcheck.games.lobasha.kinds import CHARACTERS, PILE, SETUP
from lalcheck.games.lobasha.loaders import card_from_dict, table_rules_from_dict
from lalcheck.resources import bundled

if TYPE_CHECKING:
    from lalcheck.simulation import TableSimulation


def _table_simulation() -> TableSimulation:
    from lalcheck.games.lobasha.simulation import SIMULATION  # the engine is large

    return SIMULATION


GAME = Game(
    id="lobasha",
    title="洛吧殺",
    rules_reference="docs/rules/lobasha.md",
    card_model=CardModel(schema="lobasha/cards", card_from_dict=card_from_dict, number_key="id"),
    sample_database=bundled("data", "lobasha", "cards.yaml"),
    regulation_model=RegulationModel(
        folder=bundled("data", "lobasha", "regulations"),
        schema="lobasha/regulation",
        from_dict=table_rules_from_dict,
    ),
    file_kinds={"pile": PILE, "characters": CHARACTERS, "setup": SETUP},
    search_fields=SEARCH_FIELDS,
    card_view=CardView(details=format_card, row=format_card_row),
    table_simulation=_table_simulation,
    coverage=COVERAGE,
    default_kind="pile",
)
