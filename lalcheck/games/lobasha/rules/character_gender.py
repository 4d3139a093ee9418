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
from lalcheck.games.lobasha.characters import Gender
from lalcheck.games.lobasha.rules.context import Context, characters, finding, not_a, title

ID = "character-gender"
REFERENCE = "LBS-GENDER-1"
DESCRIPTION = "Every character is male, female or genderless."

GENDERS = ", ".join(gender.value for gender in Gender)


def check(context: Context) -> Iterator[Finding]:
    for character in characters(context):
        gender = character.get("gender")
        if gender not in {g.value for g in Gender}:
            message = f"{title(character)}: {not_a(gender, 'gender')}; write gender: {GENDERS}"
            yield finding(ID, f"{message} ({REFERENCE})", character.line("gender"))
