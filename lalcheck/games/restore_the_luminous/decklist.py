"""Restore the Luminous text decklists (:mod:`lalcheck.decklist`): section titles, headers read."""

from __future__ import annotations

from collections.abc import Mapping

from lalcheck.games.base import DecklistStyle
from lalcheck.games.restore_the_luminous.cards import CardType

#: How the text form names each section.
SECTION_TITLES: Mapping[str, str] = {"leader": "Leader", "main": "Main"}
#: Section headers accepted when reading, folded (see :func:`lalcheck.db.model.fold`).
HEADERS: Mapping[str, str] = {
    **dict.fromkeys(("leader", "リーダー"), "leader"),
    **dict.fromkeys(
        (
            *("main", "maindeck", "deck", "メイン", "メインデッキ", "デッキ"),
            # Lists sorted by card type split the main deck into these.
            *("unit", "units", "arts", "gear", "gears", "stage", "stages"),
            *("ユニット", "アーツ", "ギア", "ステージ"),
        ),
        "main",
    ),
}
#: The section a card listed before any header belongs to, by type (default: main).
TYPE_SECTIONS: Mapping[str, str] = {CardType.LEADER: "leader"}

STYLE = DecklistStyle(titles=SECTION_TITLES, headers=HEADERS, type_sections=TYPE_SECTIONS)
