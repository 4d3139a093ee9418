"""setup-characters: each seat's character is in the set, seated once, not a BOSS (LBS-OPEN-2).

A seat names its character by id or exact name; unknown names come with "did
you mean" suggestions. No character sits at two seats (LBS-OPEN-2), and BOSS
characters are never dealt at a table (LBS-OPEN-26). The character set is the
bundled sample, or the file the setup's ``characters:`` names.

Passes::

    seats:
      - {character: blue-star, role: lord}
      - {character: 赤焰, role: pirate}

Fails::

    seats:
      - {character: blue-star, role: lord}
      - {character: blue-star, role: pirate}   # the same character twice
      - {character: blu-star, role: pirate}    # did you mean blue-star?
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding
from lalcheck.games.lobasha.characters import Faction
from lalcheck.games.lobasha.files import Item, SetupContent
from lalcheck.games.lobasha.rules.context import Context, content, finding, title

ID = "setup-characters"
REFERENCE = "LBS-OPEN-2"
DESCRIPTION = "Every seat's character is in the character set, at one seat only, and not a BOSS."


def check(context: Context) -> Iterator[Finding]:
    setup = content(context, SetupContent)
    if setup is None or setup.characters is None:
        return  # deck-syntax: the character set cannot be used
    seated: dict[str, Item] = {}
    for seat in setup.seats:
        reference = seat.get("character")
        if not isinstance(reference, str):
            continue  # deck-syntax
        line = seat.line("character")
        character = setup.characters.find(reference)
        if character is None:
            close = ", ".join(c.id for c in setup.characters.suggest(reference))
            guess = f"did you mean {close}?" if close else "check the id or name"
            yield finding(
                ID,
                f"{title(seat)}: unknown character {reference!r} in {setup.characters_source}; "
                f"{guess} ({REFERENCE})",
                line,
            )
            continue
        earlier = seated.setdefault(character.id, seat)
        if earlier is not seat:
            yield finding(
                ID,
                f"{title(seat)}: {character.name} already sits at {earlier.where()} (line "
                f"{earlier.line()}); a character is dealt once ({REFERENCE})",
                line,
            )
        if character.faction is Faction.BOSS:
            yield finding(
                ID,
                f"{title(seat)}: {character.name} is a BOSS character, never dealt at a "
                f"table (LBS-OPEN-26)",
                line,
            )
