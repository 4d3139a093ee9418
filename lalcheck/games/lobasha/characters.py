"""Characters of 洛吧殺: HP, gender, faction, emblems, skills (LBS-CHAR, -SKILL, -GENDER)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from lalcheck.games.lobasha.catalogue import Catalogue


class Gender(StrEnum):
    """LBS-GENDER-1: male, female, genderless."""

    MALE = "male"
    FEMALE = "female"
    GENDERLESS = "genderless"


class Faction(StrEnum):
    """LBS-CHAR-1: 洛 (lo), 雜 (za), 神 (god) and BOSS."""

    LO = "lo"
    ZA = "za"
    GOD = "god"
    BOSS = "boss"


class SkillKind(StrEnum):
    """LBS-SKILL-*: the skill kinds the seed names (a skill may have several or none)."""

    LORD = "lord"  # 島主技: only while the holder is the Island Lord
    LOCKED = "locked"  # 鎖定技: always applies when its condition holds
    LIMITED = "limited"  # 限定技: once per game
    GENE = "gene"  # 基因技: never copied, disabled or removed


@dataclass(frozen=True, slots=True)
class Skill:
    """A character's skill; ``id`` names the engine's implementation of it."""

    id: str
    name: str
    english: str
    kinds: frozenset[SkillKind]
    text: str
    emblem: str | None = None
    timing: str = ""


@dataclass(frozen=True, slots=True)
class Character:
    """A character card. ``hp`` is printed HP in half points (3.5 HP is 7), LBS-OPEN-8."""

    id: str
    name: str
    english: str
    hp: int
    gender: Gender
    faction: Faction
    emblems: frozenset[str] = frozenset()
    skills: tuple[Skill, ...] = ()
    lord_candidate: bool = False

    def skill(self, skill_id: str) -> Skill | None:
        for skill in self.skills:
            if skill.id == skill_id:
                return skill
        return None

    def answers_emblem(self, emblem: str, *, god_answers_all: bool = True) -> bool:
        """LBS-CHAR-1/2: 洛 characters answer their own emblems, 神 any (LBS-OPEN-26),
        雜 and BOSS none."""
        if self.faction is Faction.GOD:
            return god_answers_all
        return self.faction is Faction.LO and emblem in self.emblems

    def __str__(self) -> str:
        return self.name


def gender_is(gender: Gender, wanted: Gender) -> bool:
    """LBS-GENDER-3: an effect asking for a male (or female) character never takes a
    genderless one."""
    return gender is wanted


def opposite_gender(one: Gender, other: Gender) -> bool:
    """LBS-GENDER-2: opposite sexes, and a genderless character is opposite to everyone."""
    if Gender.GENDERLESS in (one, other):
        return True
    return one is not other


class CharacterSet(Catalogue[Character]):
    """The characters of a character file, by id."""

    __slots__ = ()

    def find(self, reference: str) -> Character | None:
        """The character with this id, or with this exact name in either language."""
        found = self.entries.get(reference)
        if found is not None:
            return found
        return next((c for c in self if reference in (c.name, c.english)), None)

    def suggest(self, reference: str, limit: int = 3) -> list[Character]:
        """Characters whose id or name is close to ``reference`` ("did you mean")."""
        from lalcheck.db.model import SUGGEST_CUTOFF, fold, fuzzy_rank

        keys = [(fold(key), c) for c in self for key in (c.id, c.name, c.english)]
        ranked = fuzzy_rank(fold(reference), [key for key, _ in keys], SUGGEST_CUTOFF)
        found: dict[str, Character] = {}
        for index, _ in ranked:
            found.setdefault(keys[index][1].id, keys[index][1])
        return list(found.values())[:limit]
