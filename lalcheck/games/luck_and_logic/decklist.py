"""Luck & Logic text decklists (:mod:`lalcheck.decklist`): section titles, headers read."""

from __future__ import annotations

from collections.abc import Mapping

from lalcheck.games.base import DecklistStyle
from lalcheck.games.luck_and_logic.cards import CardType

#: How the text form names each section.
SECTION_TITLES: Mapping[str, str] = {
    "main": "Main",
    "gates": "Gates",
    "secret_tools": "Secret tools",
    "my_logicalist": "My Logicalist",
}
#: Section headers accepted when reading, folded (see :func:`lalcheck.db.model.fold`).
HEADERS: Mapping[str, str] = {
    **dict.fromkeys(
        (
            *("main", "maindeck", "メイン", "メインデッキ", "主卡组", "主牌组"),
            # Lists sorted by card type split the main deck into these.
            *("logicalist", "logicalists", "foreigner", "foreigners", "transunion"),
            *("transunions", "tranceunion", "tranceunions", "tactics", "paradox", "paradoxes"),
        ),
        "main",
    ),
    **dict.fromkeys(("gate", "gates", "gatedeck", "ゲート", "ゲートデッキ", "门", "門"), "gates"),
    **dict.fromkeys(
        ("secrettool", "secrettools", "secrettooldeck", "秘具", "秘具デッキ"), "secret_tools"
    ),
    **dict.fromkeys(("mylogicalist", "マイロジカリスト", "我逻辑卡"), "my_logicalist"),
}
#: The section a card listed before any header belongs to, by type (default: main).
TYPE_SECTIONS: Mapping[str, str] = {
    CardType.GATE: "gates",
    CardType.SECRET_TOOL: "secret_tools",
    CardType.MY_LOGICALIST: "my_logicalist",
}

STYLE = DecklistStyle(titles=SECTION_TITLES, headers=HEADERS, type_sections=TYPE_SECTIONS)
