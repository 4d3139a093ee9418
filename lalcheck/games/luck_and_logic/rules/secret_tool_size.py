"""secret-tool-size: the secret tool deck holds exactly 4 secret tools (R-CON-8).

From 2017-09-01 a deck may have a separate secret tool deck. Decision (R-CON-8):
the section is optional, but when present it holds exactly 4 cards; the size
and whether it is exact are regulation data (``secret_tools``). Before that
regulation a ``secret_tools`` section is not allowed.

Passes::

    secret_tools:
      HBT01/S01: 2
      HBT01/S02: 2

Fails::

    secret_tools:
      HBT01/S01: 3      # 3 cards, not 4
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.luck_and_logic.rules.context import CheckContext
from lalcheck.wording import plural

ID = "secret-tool-size"
REFERENCE = "R-CON-8"
DESCRIPTION = "A secret tool deck, when present, holds exactly 4 secret tools."


def _problem(context: CheckContext, size: int) -> str | None:
    rule = context.regulation.secret_tools
    if rule is None:
        return (
            f"secret tools are not allowed under regulation {context.regulation.id}; "
            "they start with regulation 2017-09-01"
        )
    if size > rule.size or (rule.exact and size != rule.size):
        bound = "exactly" if rule.exact else "at most"
        return f"the secret tool deck has {plural(size, 'card')}; it must have {bound} {rule.size}"
    return None


def check(context: CheckContext) -> Iterator[Finding]:
    if not context.deck.section("secret_tools"):
        return
    problem = _problem(context, context.deck.count("secret_tools"))
    if problem is not None:
        yield Finding(
            ID,
            Severity.ERROR,
            f"{problem} ({REFERENCE})",
            "secret_tools",
            (),
            context.section_line("secret_tools"),
        )
