"""banned: banned cards may not be played at all.

The list is regulation data (``banned``: card numbers); every printing of a
banned card's name is banned. No regulation bundled with lalcheck bans a card
yet; a tournament can add its own regulation file with ``--regulation FILE``.

Passes: a deck without banned cards.

Fails (with ``banned: [BT01/001]``)::

    main:
      BT01/001: 1
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.deck_rules import banned_cards
from lalcheck.findings import Finding
from lalcheck.games.luck_and_logic.decks import SECTIONS
from lalcheck.games.luck_and_logic.rules.context import CheckContext

ID = "banned"
REFERENCE = "R-CON-6"
DESCRIPTION = "Banned cards may not be played."


def check(context: CheckContext) -> Iterator[Finding]:
    return banned_cards(context, context.regulation.banned, SECTIONS, ID, REFERENCE)
