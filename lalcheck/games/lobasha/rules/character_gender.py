"""character-gender: every character is male, female or genderless (LBS-GENDER-1).

Passes::

    characters:
      - {id: mender, names: {zh_Hant: 修復機, en: Mender}, hp: 3, gender: genderless, faction: lo}

Fails::

    characters:
      - {id: mender, names: {zh_Hant: 修復機, en: Mender}, hp: 3, gender: robot, faction: lo}
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding
from lalcheck.games.base import FileCheck
from lalcheck.games.lobasha.characters import Gender
from lalcheck.games.lobasha.files import CharacterContent
from lalcheck.games.lobasha.rules.context import content, finding, title

ID = "character-gender"
REFERENCE = "LBS-GENDER-1"
DESCRIPTION = "Every character is male, female or genderless."

GENDERS = ", ".join(gender.value for gender in Gender)


def check(check: FileCheck) -> Iterator[Finding]:
    characters = content(check, CharacterContent)
    if characters is None:
        return
    for character in characters.characters:
        gender = character.get("gender")
        if gender in {g.value for g in Gender}:
            continue
        shown = "no gender" if gender is None else f"{gender!r} is not a gender"
        yield finding(
            ID,
            f"{title(character)}: {shown}; write gender: {GENDERS} ({REFERENCE})",
            character.line("gender"),
        )
