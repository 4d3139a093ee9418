"""skill-kinds: a skill's kinds are lord, locked, limited or gene (LBS-SKILL).

A skill may have several kinds or none (a plain skill): ``lord`` works only
while its holder is the Island Lord, ``locked`` always applies, ``limited``
works once per game, ``gene`` cannot be copied, disabled or removed.

Passes::

    skills:
      - {id: scout, names: {zh_Hant: 偵察, en: Scout}, kinds: [locked]}

Fails::

    skills:
      - {id: scout, names: {zh_Hant: 偵察, en: Scout}, kinds: [passive]}
"""

from __future__ import annotations

from collections.abc import Iterator

from lalcheck.findings import Finding
from lalcheck.games.lobasha.characters import SkillKind
from lalcheck.games.lobasha.rules.context import Context, characters, finding, title

ID = "skill-kinds"
REFERENCE = "LBS-SKILL"
DESCRIPTION = "Every skill's kinds are among lord, locked, limited and gene."

KINDS = ", ".join(kind.value for kind in SkillKind)


def check(context: Context) -> Iterator[Finding]:
    for character in characters(context):
        for skill in character.items("skills"):
            kinds = skill.get("kinds")
            if kinds is None:
                continue
            where = f"{title(character)}, skill {skill.get('id')!r}"
            if not isinstance(kinds, list):
                yield finding(
                    ID,
                    f"{where}: kinds must be a list, e.g. kinds: [lord] ({REFERENCE})",
                    skill.line("kinds"),
                )
                continue
            for index, kind in enumerate(kinds):
                if kind not in {k.value for k in SkillKind}:
                    yield finding(
                        ID,
                        f"{where}: {kind!r} is not a skill kind; kinds are {KINDS} ({REFERENCE})",
                        skill.line("kinds", index),
                    )
                elif kinds.index(kind) != index:
                    yield finding(
                        ID, f"{where}: {kind} is listed twice ({REFERENCE})", skill.line("kinds")
                    )
