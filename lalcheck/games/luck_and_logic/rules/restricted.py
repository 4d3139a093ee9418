"""restricted: restricted cards are limited to fewer copies (R-CON-6).

From 2017-02-26: BT01/008「スイーツ系女子 小玲」, EB01/001「波際の癒し 玉姫」 and
SPB01/041「ヴァイパーフォール 縁」 at most 1 copy each. The list is regulation
data (``restricted``); every printing of a restricted card's name counts.

Passes::

    main:
      BT01/008: 1

Fails (as of 2017-02-26 or later)::

    main:
      BT01/008: 2
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.luck_and_logic.rules.context import CheckContext, copies, listed, numbers, quote

ID = "restricted"
REFERENCE = "R-CON-6"
DESCRIPTION = "Restricted cards are limited to the number of copies the regulation allows."


def check(context: CheckContext) -> Iterator[Finding]:
    regulation = context.regulation
    for number, limit in sorted(regulation.restricted.items()):
        group = listed(context, number, "main")
        count = copies(group)
        if count > limit:
            yield Finding(
                ID,
                Severity.ERROR,
                f"{quote(group[0].card)} is restricted to {limit} "
                f"{'copy' if limit == 1 else 'copies'} under regulation {regulation.id}; "
                f"the deck has {count} ({REFERENCE})",
                "main",
                numbers(group),
                group[0].entry.line,
            )
