"""deck-syntax: the deck file must be readable YAML in the contract §9 shape.

Reports files that cannot be read (missing, too large, not UTF-8), YAML errors,
a ``main:`` that is not a mapping of card -> copies, counts that are not whole
numbers from 1 to 60, a card listed twice under ``main:`` (naming both lines),
an unknown regulation, a deck checked against another game's card database,
and unknown sections (a warning).

Passes::

    game: restore-the-luminous
    leader: RL01/L01
    main:
      RL01/R01: 3

Fails::

    game: restore-the-luminous
    main:
      RL01/R01: "3"     # a string, not a number
      RL01/R01: 2       # listed twice
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.deck_rules import syntax_problems
from lalcheck.findings import Finding
from lalcheck.games.restore_the_luminous.rules.context import CheckContext

ID = "deck-syntax"
REFERENCE = "contract §9"
DESCRIPTION = "The deck file is readable YAML with a leader and a main deck of card -> copies."


def check(context: CheckContext) -> Iterator[Finding]:
    return syntax_problems(context)
