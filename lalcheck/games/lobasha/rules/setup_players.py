"""setup-players: a table seats as many players as the table rules know (LBS-OPEN-1).

The bundled table rules (the regulation ``lalcheck-2026``) seat 2 to 12
players; a regulation of your own may seat fewer sizes.

Passes::

    seats:
      - {character: blue-star, role: lord}
      - {character: crimson, role: pirate}

Fails::

    seats:
      - {character: blue-star, role: lord}     # one player is no game
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding
from lalcheck.games.lobasha.files import SetupContent
from lalcheck.games.lobasha.rules.context import Context, content, finding

ID = "setup-players"
REFERENCE = "LBS-OPEN-1"
DESCRIPTION = "The table has 2 to 12 seats (as the table rules say)."


def check(context: Context) -> Iterator[Finding]:
    setup = content(context, SetupContent)
    rules = context.regulation
    if setup is None or rules.seats(len(setup.seats)):
        return
    players = len(setup.seats)
    yield finding(
        ID,
        f"the setup seats {players} player{'' if players == 1 else 's'}; the table rules "
        f"{rules.id} seat {rules.min_players} to {rules.max_players} ({REFERENCE})",
        context.deck.file.field_lines.get("seats"),
    )
