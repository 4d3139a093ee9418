"""What every rule sees (the core's :class:`~lalcheck.deck_rules.CheckContext` with
Restore the Luminous's card and regulation types)."""

from __future__ import annotations

from lalcheck import deck_rules
from lalcheck.games.restore_the_luminous.cards import Card
from lalcheck.games.restore_the_luminous.regulations import Regulation

#: The input of a rule's ``check()``.
CheckContext = deck_rules.CheckContext[Card, Regulation]
#: A deck entry whose card was found in the database.
Placed = deck_rules.Placed[Card]
