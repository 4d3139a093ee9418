"""character-faction: every character is of the 洛, 雜, 神 or BOSS faction (LBS-CHAR-1).

Factions are written ``lo`` (洛), ``za`` (雜), ``god`` (神) and ``boss``. BOSS
characters belong to a one-against-many mode the engine does not play; they
are never dealt at a table (LBS-OPEN-26), which is noted as info.

Passes::

    characters:
      - {id: scrapper, names: {zh_Hant: 拾荒者, en: Scrapper}, hp: 4, gender: male, faction: za}

Fails::

    characters:
      - {id: scrapper, names: {zh_Hant: 拾荒者, en: Scrapper}, hp: 4, gender: male, faction: rogue}
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.lobasha.characters import Faction
from lalcheck.games.lobasha.rules.context import Context, characters, finding, not_a, title

ID = "character-faction"
REFERENCE = "LBS-CHAR-1"
DESCRIPTION = "Every character is of the lo (洛), za (雜), god (神) or boss faction."

FACTIONS = "lo (洛), za (雜), god (神) or boss"


def check(context: Context) -> Iterator[Finding]:
    for character in characters(context):
        faction = character.get("faction")
        line = character.line("faction")
        if faction == Faction.BOSS.value:
            yield finding(
                ID,
                f"{title(character)}: a BOSS character is never dealt at a table: the "
                f"one-against-many mode is not played (LBS-OPEN-26)",
                line,
                severity=Severity.INFO,
            )
        elif faction not in {f.value for f in Faction}:
            message = f"{title(character)}: {not_a(faction, 'faction')}; write faction: {FACTIONS}"
            yield finding(ID, f"{message} ({REFERENCE})", line)
