"""banned: banned cards may not be played, as leader or in the main deck (RTL-CHECK-3).

The list is regulation data (``banned``: card numbers); every printing of a
banned card's name is banned. The rules page bans no card, so the bundled
regulation's list is empty; a tournament can give its own regulation file
with ``--regulation FILE``.

Passes: a deck without banned cards.

Fails (with ``banned: [RL01/R09]``)::

    main:
      RL01/R09: 2
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.deck_rules import banned_cards
from lalcheck.findings import Finding
from lalcheck.games.restore_the_luminous.decks import SECTIONS
from lalcheck.games.restore_the_luminous.rules.context import CheckContext

ID = "banned"
REFERENCE = "RTL-CHECK-3"
DESCRIPTION = "Banned cards may not be played."


def check(context: CheckContext) -> Iterator[Finding]:
    return banned_cards(context, context.regulation.banned, SECTIONS, ID, REFERENCE)
