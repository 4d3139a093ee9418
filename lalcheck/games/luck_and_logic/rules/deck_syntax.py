"""deck-syntax: the deck file must be readable YAML in the contract §1 shape.

Reports files that cannot be read (missing, too large, not UTF-8), YAML errors,
sections that are not mappings, counts that are not whole numbers from 1 to 50,
a card listed twice in one section (naming both lines), an unknown regulation,
and unknown sections (a warning).

Passes::

    main:
      BT01/008: 1

Fails::

    main:
      BT01/008: "4"     # a string, not a number
      BT01/008: 1       # listed twice
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.deck_rules import syntax_problems
from lalcheck.findings import Finding
from lalcheck.games.luck_and_logic.rules.context import CheckContext

ID = "deck-syntax"
REFERENCE = "contract §1"
DESCRIPTION = "The deck file is readable YAML with card -> copies sections."


def check(context: CheckContext) -> Iterator[Finding]:
    return syntax_problems(context)
