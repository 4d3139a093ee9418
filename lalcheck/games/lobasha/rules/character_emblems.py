"""character-emblems: only 洛 characters carry emblems; lord skills call carried ones (LBS-CHAR-2).

``emblems`` is a list of names (free tags such as ``blue``, LBS-OPEN-26). A 雜,
神 or BOSS character carries none (LBS-CHAR-1). A lord skill calling an emblem
(``emblem: blue``) that no character of the set carries can be answered by 神
characters only: a warning.

Passes::

    characters:
      - id: blue-star
        names: {zh_Hant: 藍星, en: Blue Star}
        hp: 4
        gender: male
        faction: lo
        emblems: [blue]
        skills:
          - {id: rally, names: {zh_Hant: 護島令, en: Rally}, kinds: [lord], emblem: blue}

Fails::

    characters:
      - {id: scrapper, names: {zh_Hant: 拾荒者, en: Scrapper}, hp: 4, gender: male,
         faction: za, emblems: [blue]}      # 雜 characters carry no emblem
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding, Severity
from lalcheck.games.lobasha.characters import Faction
from lalcheck.games.lobasha.rules.context import Context, characters, finding, title

ID = "character-emblems"
REFERENCE = "LBS-CHAR-2"
DESCRIPTION = "Only 洛 characters carry emblems; every emblem a lord skill calls is carried."


def check(context: Context) -> Iterator[Finding]:
    carried: set[str] = set()
    for character in characters(context):
        emblems = character.get("emblems")
        if emblems is None:
            continue
        line = character.line("emblems")
        if not isinstance(emblems, list) or not all(
            isinstance(e, str) and e.strip() for e in emblems
        ):
            yield finding(
                ID,
                f"{title(character)}: emblems must be a list of names, e.g. emblems: [blue] "
                f"({REFERENCE})",
                line,
            )
            continue
        if emblems and character.get("faction") != Faction.LO.value:
            yield finding(
                ID,
                f"{title(character)}: only 洛 (lo) characters carry emblems, not "
                f"{character.get('faction')!r} ones; remove emblems: (LBS-CHAR-1)",
                line,
            )
            continue
        carried.update(emblems)
    for character in characters(context):
        for skill in character.items("skills"):
            emblem = skill.get("emblem")
            kinds = skill.get("kinds")
            if not isinstance(emblem, str) or not isinstance(kinds, list) or "lord" not in kinds:
                continue
            if emblem not in carried:
                yield finding(
                    ID,
                    f"{title(character)}: the lord skill {skill.get('id')!r} calls the "
                    f"{emblem} emblem, which no character of this set carries: only 神 "
                    f"characters can answer it ({REFERENCE})",
                    skill.line("emblem"),
                    severity=Severity.WARNING,
                )
