"""character-hp: a character's printed HP is a positive number of whole or half points (LBS-HP-1).

Printed HP is both starting and max HP; half points exist (LBS-OPEN-8), so
``3.5`` is a valid HP. Zero, negative, missing or other fractions are not.

Passes::

    characters:
      - {id: mender, names: {zh_Hant: 修復機, en: Mender}, hp: 3.5, gender: genderless, faction: lo}

Fails::

    characters:
      - {id: mender, names: {zh_Hant: 修復機, en: Mender}, hp: 0, gender: genderless, faction: lo}
      - {id: ghost, names: {zh_Hant: 幽靈, en: Ghost}, hp: 3.3, gender: male, faction: za}
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding
from lalcheck.games.lobasha.rules.context import Context, characters, finding, title

ID = "character-hp"
REFERENCE = "LBS-HP-1"
DESCRIPTION = "Every character's HP is a positive number of whole or half points."


def valid_hp(value: object) -> bool:
    """A positive number of whole or half points (3, 3.5)."""
    return (
        isinstance(value, (int, float))
        and not isinstance(value, bool)
        and value > 0
        and (value * 2) % 1 == 0
    )


def check(context: Context) -> Iterator[Finding]:
    for character in characters(context):
        hp = character.get("hp")
        if valid_hp(hp):
            continue
        shown = "no HP" if hp is None else f"HP {hp!r} is impossible"
        yield finding(
            ID,
            f"{title(character)}: {shown}; printed HP is a positive number of whole or "
            f"half points, e.g. hp: 4 or hp: 3.5 ({REFERENCE})",
            character.line("hp"),
        )
