"""character-id: every character and skill has an id, used once (contract §9).

A character's ``id`` names it in setups, reports and per-character win rates; a
skill's ``id`` names the rules the engine plays for it. Ids are lower case
letters, digits and hyphens; no two characters of a file share one, nor two
skills of a character.

Passes::

    characters:
      - {id: blue-star, names: {zh_Hant: 藍星, en: Blue Star}, hp: 4, gender: male, faction: lo}

Fails::

    characters:
      - {id: blue-star, names: {zh_Hant: 藍星, en: Blue Star}, hp: 4, gender: male, faction: lo}
      - {id: blue-star, names: {zh_Hant: 赤焰, en: Crimson}, hp: 4, gender: female, faction: lo}
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lalcheck.findings import Finding
from lalcheck.games.lobasha.files import Item
from lalcheck.games.lobasha.rules.context import Context, characters, finding, title

ID = "character-id"
REFERENCE = "contract §9"
DESCRIPTION = "Every character and skill has an id, unique in its list."

PATTERN = re.compile(r"[a-z0-9][a-z0-9-]*")


def _ids(items: tuple[Item, ...], what: str) -> Iterator[Finding]:
    first: dict[str, Item] = {}
    for item in items:
        identifier = item.get("id")
        if not isinstance(identifier, str) or not PATTERN.fullmatch(identifier):
            shown = "no id" if identifier is None else f"id {identifier!r} is not an id"
            yield finding(
                ID,
                f"{title(item)}: {shown}; write one of lower case letters, digits and "
                f"hyphens, e.g. id: blue-star ({REFERENCE})",
                item.line("id"),
            )
            continue
        earlier = first.setdefault(identifier, item)
        if earlier is not item:
            yield finding(
                ID,
                f"{title(item)}: the {what} id {identifier!r} is already used on line "
                f"{earlier.line()}; give each {what} its own ({REFERENCE})",
                item.line("id"),
            )


def check(context: Context) -> Iterator[Finding]:
    found = characters(context)
    yield from _ids(found, "character")
    for character in found:
        yield from _ids(character.items("skills"), "skill")
