"""deck-syntax: a pile, character or setup file must be readable YAML in its shape.

Reports files that cannot be read (missing, too large, not UTF-8), YAML errors,
keys written twice, lists that are not lists of mappings, a pile entry without
a card or with bad ``copies:``, a character or skill without ``names:``, an
unknown card set, regulation or date, a character set a setup names that
cannot be used, and unknown fields (a warning). Messages that say "contract
§9" mean these shapes (docs: the pile, character and setup file formats).

Passes::

    game: lobasha
    kind: pile
    entries:
      - {card: kill, suit: spade, rank: 7}

Fails::

    game: lobasha
    kind: pile
    entries:
      - {suit: spade, rank: 7}          # no card
      - {card: kill, suit: club, rank: 2, copies: 0}
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.deck_rules import syntax_problems
from lalcheck.findings import Finding
from lalcheck.games.lobasha.rules.context import Context

ID = "deck-syntax"
REFERENCE = "contract §9"
DESCRIPTION = "The file is readable YAML in the shape of a 洛吧殺 pile, character or setup file."


def check(context: Context) -> Iterator[Finding]:
    yield from syntax_problems(context)
