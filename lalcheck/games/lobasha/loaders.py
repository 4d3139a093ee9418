"""Pure loaders: parsed YAML/JSON documents to model objects, with errors as values.

Each ``load_*`` takes the parsed document (mappings, lists, scalars: what
:func:`lalcheck.yamlsafe.load_with_lines` returns) and gives a :class:`Loaded`:
the model object, or None, and every :class:`LoadError` found, each with the
document path of the offending value (``("cards", 3, "range")``) so that a
file reader can turn paths into lines. Nothing here reads files or raises on
bad input.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

from lalcheck.games.lobasha.cards import (
    INFINITE_RANGE,
    Answers,
    CardDatabase,
    CardKind,
    CardSet,
    Colour,
    Effect,
    Element,
    JudgeCondition,
    Kind,
    Pile,
    PileEntry,
    Slot,
    Suit,
    Targets,
)
from lalcheck.games.lobasha.characters import (
    Character,
    CharacterSet,
    Faction,
    Gender,
    Skill,
    SkillKind,
)
from lalcheck.games.lobasha.setups import LordBonus, Role, RoleMix, SetupRules
from lalcheck.yamlsafe import DocPath

T = TypeVar("T")
E = TypeVar("E", bound=StrEnum)

#: The file format version these loaders read.
FORMAT = 1
GAME = "lobasha"
#: HP is kept in half points (LBS-OPEN-8): printed 3.5 is 7.
HALF = 2


@dataclass(frozen=True, slots=True)
class LoadError:
    """A problem at ``path`` inside a document."""

    path: DocPath
    message: str

    def describe(self) -> str:
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path)
        return f"{where.lstrip('.') or '(top level)'}: {self.message}"


@dataclass(frozen=True, slots=True)
class Loaded(Generic[T]):
    """A loader's result: the value (None when it could not be built) and the errors."""

    value: T | None
    errors: tuple[LoadError, ...]

    @property
    def ok(self) -> bool:
        return self.value is not None and not self.errors


class _Reader:
    """Typed field access that records an error instead of raising."""

    def __init__(self) -> None:
        self.errors: list[LoadError] = []

    def error(self, path: DocPath, message: str) -> None:
        self.errors.append(LoadError(path, message))

    def mapping(self, value: object, path: DocPath) -> Mapping[str, Any] | None:
        if isinstance(value, Mapping):
            return value
        self.error(path, f"expected a mapping, got {_kind(value)}")
        return None

    def items(self, value: object, path: DocPath) -> list[Any]:
        if isinstance(value, list):
            return value
        self.error(path, f"expected a list, got {_kind(value)}")
        return []

    def text(
        self, doc: Mapping[str, Any], key: str, path: DocPath, default: str | None = None
    ) -> str:
        value = doc.get(key, default)
        if isinstance(value, str) and (value or default is not None):
            return value
        self.error(
            (*path, key), "missing" if value is None else f"expected text, got {_kind(value)}"
        )
        return ""

    def integer(
        self, doc: Mapping[str, Any], key: str, path: DocPath, default: int | None = None
    ) -> int:
        value = doc.get(key, default)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        self.error(
            (*path, key),
            "missing" if value is None else f"expected a whole number, got {_kind(value)}",
        )
        return 0

    def flag(self, doc: Mapping[str, Any], key: str, path: DocPath) -> bool:
        value = doc.get(key, False)
        if isinstance(value, bool):
            return value
        self.error((*path, key), f"expected true or false, got {_kind(value)}")
        return False

    def choice(
        self,
        enum: type[E],
        doc: Mapping[str, Any],
        key: str,
        path: DocPath,
        default: E | None = None,
    ) -> E | None:
        value = doc.get(key)
        if value is None and default is not None:
            return default
        if isinstance(value, str) and value in {member.value for member in enum}:
            return enum(value)
        allowed = ", ".join(member.value for member in enum)
        self.error((*path, key), f"{value!r} is not one of {allowed}")
        return None

    def header(self, doc: Mapping[str, Any], kind: str | None) -> None:
        if doc.get("format") != FORMAT:
            self.error(("format",), f"expected format: {FORMAT}, got {doc.get('format')!r}")
        if doc.get("game") != GAME:
            self.error(("game",), f"expected game: {GAME}, got {doc.get('game')!r}")
        if kind is not None and doc.get("kind") != kind:
            self.error(("kind",), f"expected kind: {kind}, got {doc.get('kind')!r}")

    def unique(self, ids: list[tuple[str, DocPath]], what: str) -> None:
        seen: set[str] = set()
        for identifier, path in ids:
            if identifier in seen:
                self.error(path, f"duplicate {what} id {identifier!r}")
            seen.add(identifier)


def _kind(value: object) -> str:
    return "nothing" if value is None else type(value).__name__


def _names(reader: _Reader, doc: Mapping[str, Any], path: DocPath) -> tuple[str, str]:
    names = reader.mapping(doc.get("names"), (*path, "names")) or {}
    return (
        reader.text(names, "zh_Hant", (*path, "names")),
        reader.text(names, "en", (*path, "names")),
    )


def _finish(reader: _Reader, build: Callable[[], T]) -> Loaded[T]:
    if reader.errors:
        return Loaded(None, tuple(reader.errors))
    return Loaded(build(), ())


class _Identified(Protocol):
    @property
    def id(self) -> str: ...


Entry = TypeVar("Entry", bound=_Identified)
C = TypeVar("C")


def _load_catalogue(
    document: object,
    key: str,
    what: str,
    entry: Callable[[_Reader, Mapping[str, Any], DocPath], Entry | None],
    make: Callable[[str, bool, str, dict[str, Entry]], C],
) -> Loaded[C]:
    """A file of ``kind: <key>`` whose ``<key>:`` list holds entries with unique ids."""
    reader = _Reader()
    doc = reader.mapping(document, ())
    if doc is None:
        return Loaded(None, tuple(reader.errors))
    reader.header(doc, key)
    entries: dict[str, Entry] = {}
    ids: list[tuple[str, DocPath]] = []
    for index, item in enumerate(reader.items(doc.get(key), (key,))):
        path: DocPath = (key, index)
        fields = reader.mapping(item, path)
        built = None if fields is None else entry(reader, fields, path)
        if built is not None:
            ids.append((built.id, (*path, "id")))
            entries[built.id] = built
    reader.unique(ids, what)
    name, sample, notes = (
        str(doc.get("name", "")),
        doc.get("sample") is True,
        str(doc.get("notes", "")),
    )
    return _finish(reader, lambda: make(name, sample, notes, entries))


# -- cards -----------------------------------------------------------------------


def load_cards(document: object) -> Loaded[CardDatabase]:
    """A card file (``kind: cards``) to a :class:`CardDatabase`."""
    return _load_catalogue(document, "cards", "card", _card_kind, CardDatabase)


def _card_kind(reader: _Reader, card: Mapping[str, Any], path: DocPath) -> CardKind | None:
    before = len(reader.errors)
    identifier = reader.text(card, "id", path)
    name, english = _names(reader, card, path)
    kind = reader.choice(Kind, card, "kind", path)
    card_set = reader.choice(CardSet, card, "set", path)
    element = reader.choice(Element, card, "element", path, Element.NONE)
    slot = reader.choice(Slot, card, "slot", path) if "slot" in card else None
    if kind is Kind.EQUIPMENT and slot is None and "slot" not in card:
        reader.error((*path, "slot"), "equipment needs a slot")
    weapon_range = _range(reader, card, path)
    targets = _targets(reader, card.get("targets"), (*path, "targets"))
    answers = _answers(reader, card.get("answers"), (*path, "answers"))
    judge = _judge(reader, card.get("judge"), (*path, "judge"))
    effects = _effects(reader, card.get("effects", []), (*path, "effects"))
    rescue = card.get("rescue")
    rescue_amount, rescue_self = 0, False
    if rescue is not None:
        rescue_doc = reader.mapping(rescue, (*path, "rescue")) or {}
        rescue_amount = reader.integer(rescue_doc, "amount", (*path, "rescue"))
        rescue_self = reader.flag(rescue_doc, "self_only", (*path, "rescue"))
    if len(reader.errors) > before or kind is None or card_set is None or element is None:
        return None
    return CardKind(
        id=identifier,
        name=name,
        english=english,
        kind=kind,
        subkind=reader.text(card, "subkind", path),
        set=card_set,
        rule=reader.text(card, "rule", path),
        text=reader.text(card, "text", path, ""),
        element=element,
        slot=slot,
        range=weapon_range,
        distance=reader.integer(card, "distance", path, 0),
        locked=reader.flag(card, "locked", path),
        targets=targets,
        answers=answers,
        rescue=rescue_amount,
        rescue_self_only=rescue_self,
        extra_cost=reader.integer(card, "extra_cost", path, 0),
        once_per_turn=reader.flag(card, "once_per_turn", path),
        judge=judge,
        effects=effects,
    )


def _range(reader: _Reader, card: Mapping[str, Any], path: DocPath) -> int | None:
    value = card.get("range")
    if value is None:
        return None
    if value == "inf":
        return INFINITE_RANGE
    if isinstance(value, int) and not isinstance(value, bool) and value >= 1:
        return value
    reader.error((*path, "range"), f"expected a range of 1 or more or 'inf', got {value!r}")
    return None


def _targets(reader: _Reader, value: object, path: DocPath) -> Targets | None:
    if value is None:
        return None
    doc = reader.mapping(value, path)
    if doc is None:
        return None
    who = reader.text(doc, "who", path)
    if who not in {"self", "other", "any", "all", "others"}:
        reader.error((*path, "who"), f"{who!r} is not one of self, other, any, all, others")
    reach = doc.get("reach")
    if reach is not None and reach != "attack" and not isinstance(reach, int):
        reader.error((*path, "reach"), f"expected 'attack' or a distance, got {reach!r}")
    needs = reader.items(doc.get("needs", []), (*path, "needs"))
    min_count = doc.get("min_count")
    return Targets(
        who=who,
        count=reader.integer(doc, "count", path, 1),
        min_count=min_count if isinstance(min_count, int) else None,
        reach=reach if isinstance(reach, (str, int)) else None,
        needs=tuple(str(n) for n in needs),
    )


def _answers(reader: _Reader, value: object, path: DocPath) -> Answers | None:
    if value is None:
        return None
    doc = reader.mapping(value, path)
    if doc is None:
        return None
    cards = reader.items(doc.get("cards"), (*path, "cards"))
    return Answers(tuple(str(c) for c in cards), reader.integer(doc, "count", path, 1))


def _judge(reader: _Reader, value: object, path: DocPath) -> JudgeCondition | None:
    if value is None:
        return None
    doc = reader.mapping(value, path)
    if doc is None:
        return None
    suits: set[Suit] = set()
    for index, suit in enumerate(reader.items(doc.get("suits", []), (*path, "suits"))):
        try:
            suits.add(Suit(suit))
        except ValueError:
            reader.error((*path, "suits", index), f"{suit!r} is not a suit")
    colour = reader.choice(Colour, doc, "colour", path) if "colour" in doc else None
    ranks = doc.get("ranks")
    rank_range: tuple[int, int] | None = None
    if ranks is not None:
        if (
            isinstance(ranks, list)
            and len(ranks) == 2
            and all(isinstance(r, int) and 1 <= r <= 13 for r in ranks)
        ):
            rank_range = (ranks[0], ranks[1])
        else:
            reader.error((*path, "ranks"), f"expected [low, high] ranks 1-13, got {ranks!r}")
    return JudgeCondition(frozenset(suits), colour, rank_range)


def _effects(reader: _Reader, value: object, path: DocPath) -> tuple[Effect, ...]:
    steps = []
    for index, item in enumerate(reader.items(value, path)):
        doc = reader.mapping(item, (*path, index))
        if doc is None:
            continue
        do = reader.text(doc, "do", (*path, index))
        values = []
        for key, param in doc.items():
            if key == "do":
                continue
            if isinstance(param, bool) or not isinstance(param, (int, str)):
                reader.error((*path, index, key), f"expected a number or a name, got {param!r}")
                continue
            values.append((str(key), param))
        steps.append(Effect(do, tuple(values)))
    return tuple(steps)


# -- pile ------------------------------------------------------------------------


def load_pile(document: object, cards: CardDatabase) -> Loaded[Pile]:
    """A pile file (``kind: pile``): entries of card id, suit and rank 1-13."""
    reader = _Reader()
    doc = reader.mapping(document, ())
    if doc is None:
        return Loaded(None, tuple(reader.errors))
    reader.header(doc, "pile")
    entries: list[PileEntry] = []
    for index, item in enumerate(reader.items(doc.get("entries"), ("entries",))):
        path: DocPath = ("entries", index)
        entry = reader.mapping(item, path)
        if entry is None:
            continue
        card = reader.text(entry, "card", path)
        suit = reader.choice(Suit, entry, "suit", path)
        rank = reader.integer(entry, "rank", path)
        if card and card not in cards:
            reader.error((*path, "card"), f"unknown card {card!r}")
            continue
        if not 1 <= rank <= 13:
            reader.error((*path, "rank"), f"rank {rank} is not between 1 (A) and 13 (K)")
            continue
        if suit is not None and card:
            entries.append(PileEntry(len(entries), cards[card], suit, rank))
    return _finish(
        reader,
        lambda: Pile(
            str(doc.get("name", "")),
            doc.get("sample") is True,
            str(doc.get("notes", "")),
            tuple(entries),
        ),
    )


# -- characters ------------------------------------------------------------------


def load_characters(document: object) -> Loaded[CharacterSet]:
    """A character file (``kind: characters``); HP may be whole or half points."""
    return _load_catalogue(document, "characters", "character", _character, CharacterSet)


def _character(reader: _Reader, entry: Mapping[str, Any], path: DocPath) -> Character | None:
    before = len(reader.errors)
    identifier = reader.text(entry, "id", path)
    name, english = _names(reader, entry, path)
    hp = entry.get("hp")
    half_points = 0
    if (
        isinstance(hp, (int, float))
        and not isinstance(hp, bool)
        and hp > 0
        and (hp * HALF) % 1 == 0
    ):
        half_points = int(hp * HALF)
    else:
        reader.error((*path, "hp"), f"expected a positive HP in whole or half points, got {hp!r}")
    gender = reader.choice(Gender, entry, "gender", path)
    faction = reader.choice(Faction, entry, "faction", path)
    emblems = [str(e) for e in reader.items(entry.get("emblems", []), (*path, "emblems"))]
    skills = []
    for index, item in enumerate(reader.items(entry.get("skills", []), (*path, "skills"))):
        skill_path: DocPath = (*path, "skills", index)
        skill = reader.mapping(item, skill_path)
        if skill is not None:
            skills.append(_skill(reader, skill, skill_path))
    if len(reader.errors) > before or gender is None or faction is None:
        return None
    return Character(
        id=identifier,
        name=name,
        english=english,
        hp=half_points,
        gender=gender,
        faction=faction,
        emblems=frozenset(emblems),
        skills=tuple(skills),
        lord_candidate=reader.flag(entry, "lord_candidate", path),
    )


def _skill(reader: _Reader, skill: Mapping[str, Any], path: DocPath) -> Skill:
    kinds: set[SkillKind] = set()
    for index, kind in enumerate(reader.items(skill.get("kinds", []), (*path, "kinds"))):
        try:
            kinds.add(SkillKind(kind))
        except ValueError:
            allowed = ", ".join(k.value for k in SkillKind)
            reader.error((*path, "kinds", index), f"{kind!r} is not one of {allowed}")
    name, english = _names(reader, skill, path)
    emblem = skill.get("emblem")
    if emblem is not None and not isinstance(emblem, str):
        reader.error((*path, "emblem"), f"expected an emblem name, got {emblem!r}")
        emblem = None
    return Skill(
        id=reader.text(skill, "id", path),
        name=name,
        english=english,
        kinds=frozenset(kinds),
        text=reader.text(skill, "text", path, ""),
        emblem=emblem,
        timing=reader.text(skill, "timing", path, ""),
    )


# -- setups ----------------------------------------------------------------------


def load_setups(document: object) -> Loaded[SetupRules]:
    """A setups file (``kind: setups``): role mixes per player count and the Lord bonus."""
    reader = _Reader()
    doc = reader.mapping(document, ())
    if doc is None:
        return Loaded(None, tuple(reader.errors))
    reader.header(doc, "setups")
    players = reader.mapping(doc.get("players"), ("players",)) or {}
    low = reader.integer(players, "min", ("players",))
    high = reader.integer(players, "max", ("players",))
    mixes = _mixes(reader, doc.get("roles"), ("roles",))
    variant = _mixes(reader, doc.get("two_ancients", []), ("two_ancients",))
    for count in range(low, high + 1):
        if count not in mixes:
            reader.error(("roles",), f"no role mix for {count} players")
    bonuses = []
    for index, item in enumerate(reader.items(doc.get("lord_hp_bonus"), ("lord_hp_bonus",))):
        path: DocPath = ("lord_hp_bonus", index)
        bonus = reader.mapping(item, path)
        if bonus is not None:
            bonuses.append(
                LordBonus(
                    reader.integer(bonus, "players", path), reader.integer(bonus, "bonus", path)
                )
            )
    return _finish(
        reader,
        lambda: SetupRules(low, high, mixes, variant, tuple(bonuses), str(doc.get("notes", ""))),
    )


def _mixes(reader: _Reader, value: object, path: DocPath) -> dict[int, RoleMix]:
    mixes: dict[int, RoleMix] = {}
    for index, item in enumerate(reader.items(value, path)):
        row_path: DocPath = (*path, index)
        row = reader.mapping(item, row_path)
        if row is None:
            continue
        players = reader.integer(row, "players", row_path)
        counts = {role: reader.integer(row, role.value, row_path, 0) for role in Role}
        if counts[Role.LORD] != 1:
            reader.error((*row_path, "lord"), "a table has exactly one Island Lord")
        if sum(counts.values()) != players:
            reader.error(row_path, f"the roles add up to {sum(counts.values())}, not {players}")
        if players in mixes:
            reader.error((*row_path, "players"), f"a second role mix for {players} players")
        mixes[players] = RoleMix(players, counts)
    return mixes
