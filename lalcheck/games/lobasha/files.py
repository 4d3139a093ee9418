"""Reading the files ``lalcheck check`` validates for 洛吧殺: a pile, a character set, a
game setup (contract §9).

Each reader takes a document's YAML root (its ``game:`` and ``kind:`` chosen by
the core) and gives a :class:`~lalcheck.decks.DeckFile`: structural problems
are ``deck-syntax`` findings with their lines, and what the file says is kept
as written in ``content`` (:class:`PileContent`, :class:`CharacterContent`,
:class:`SetupContent`) for the rules to judge. A pile's entries are deck lines
too, so the core resolves their cards against the card database and suggests
the closest card for an unknown one.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from lalcheck.decks import SYNTAX, DeckFile, DeckLine, Document, read_document
from lalcheck.errors import InvalidFileError
from lalcheck.findings import Finding, Severity
from lalcheck.games.lobasha.cards import CardSet
from lalcheck.games.lobasha.characters import CharacterSet
from lalcheck.schemas import format_path
from lalcheck.yamlsafe import DocPath, line_of

#: The file format version these readers read (``format:`` may be left out).
FORMAT = 1
#: The section name of a pile's entries in findings.
ENTRIES = "entries"
#: The largest ``copies:`` of one pile entry (a pile of the seed's size holds ~160 cards).
MAX_COPIES = 50

#: Fields every file kind may carry at the top.
HEADER = ("game", "kind", "format", "name", "sample", "notes")


@dataclass(frozen=True, slots=True)
class Item:
    """One mapping of a file (a pile entry, a character, a skill, a seat), as written."""

    path: DocPath
    fields: Mapping[str, Any]
    document: Document

    def get(self, key: str, default: Any = None) -> Any:
        return self.fields.get(key, default)

    def line(self, *keys: str | int) -> int | None:
        """The line of a field (else of the entry itself)."""
        return self.document.line((*self.path, *keys))

    def where(self, *keys: str | int) -> str:
        """``characters[2].hp``: the field's path, for messages."""
        return format_path((*self.path, *keys))

    def items(self, key: str) -> tuple[Item, ...]:
        """The mappings listed under a field (the reader reported anything else)."""
        value = self.fields.get(key)
        if not isinstance(value, list):
            return ()
        return tuple(
            Item((*self.path, key, index), entry, self.document)
            for index, entry in enumerate(value)
            if isinstance(entry, dict)
        )


@dataclass(frozen=True, slots=True)
class Header:
    """What every file says about itself: its name, and whether it is sample data."""

    name: str | None
    sample: bool
    notes: str


@dataclass(frozen=True, slots=True)
class PileLine:
    """A pile entry as written, one for each deck line of the file (same order)."""

    item: Item
    copies: int

    @property
    def suit(self) -> object:
        return self.item.get("suit")

    @property
    def rank(self) -> object:
        return self.item.get("rank")


@dataclass(frozen=True, slots=True)
class PileContent:
    """A pile file: its entries and the card sets in play (None: every set)."""

    header: Header
    sets: frozenset[CardSet] | None
    entries: tuple[PileLine, ...]
    sets_line: int | None = None

    @property
    def enabled(self) -> frozenset[CardSet]:
        return self.sets if self.sets is not None else frozenset(CardSet)


@dataclass(frozen=True, slots=True)
class CharacterContent:
    """A character file: its characters as written."""

    header: Header
    characters: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class SetupContent:
    """A game setup: its seats in play order, the role-table variant, and the character
    set its characters are looked up in (None when that file could not be used)."""

    header: Header
    seats: tuple[Item, ...]
    two_ancients: bool
    characters: CharacterSet | None
    characters_source: str


def _syntax(message: str, line: int | None, severity: Severity = Severity.ERROR) -> Finding:
    return Finding(SYNTAX, severity, message, line=line)


class _Reader:
    """A document being read: its values, lines and the problems found so far."""

    def __init__(self, root: yaml.Node, source: str, shape: str) -> None:
        self.source = source
        self.problems: list[Finding] = []
        self.document: Document | None = None
        if not isinstance(root, yaml.MappingNode):
            self.problems.append(_syntax(shape, line_of(root)))
            return
        self.document, self.problems = read_document(root, source)

    @property
    def top(self) -> Item:
        assert self.document is not None
        return Item((), self.document.value, self.document)

    def problem(self, item: Item, key: str | None, message: str) -> None:
        line = item.line(key) if key is not None else item.line()
        where = item.where(key) if key is not None else item.where()
        self.problems.append(_syntax(f"{where or '(top level)'}: {message}", line))

    def unknown_fields(self, item: Item, allowed: Iterable[str]) -> None:
        known = tuple(allowed)
        for key in item.fields:
            if key not in known:
                line = item.line(key)
                where = item.where(key)
                self.problems.append(
                    _syntax(
                        f"{where}: unknown field is ignored; fields are {', '.join(known)}",
                        line,
                        Severity.WARNING,
                    )
                )

    def header(self, allowed: Iterable[str]) -> Header:
        top = self.top
        self.unknown_fields(top, allowed)
        if "format" in top.fields and top.get("format") != FORMAT:
            self.problem(top, "format", f"this is format {FORMAT}; write format: {FORMAT}")
        name = self.text(top, "name")
        sample = top.get("sample", False)
        if not isinstance(sample, bool):
            self.problem(top, "sample", "must be true or false")
        return Header(name, sample is True, self.text(top, "notes") or "")

    def text(self, item: Item, key: str) -> str | None:
        value = item.get(key)
        if value is None:
            return None
        if isinstance(value, (dict, list)):
            self.problem(item, key, "must be a single value")
            return None
        return str(value)

    def flag(self, item: Item, key: str) -> bool:
        value = item.get(key)
        if value is None:
            return False
        if not isinstance(value, bool):
            self.problem(item, key, "must be true or false")
        return value is True

    def entries(self, item: Item, key: str, example: str, *, required: bool) -> tuple[Item, ...]:
        """The mappings listed under ``key``; anything else is a problem."""
        value = item.get(key)
        if value is None:
            if required:
                state = "is empty" if key in item.fields else "is missing"
                where = item.where(key)
                self.problems.append(
                    _syntax(
                        f"{where}: {state}; list the entries, e.g. `- {example}`", item.line(key)
                    )
                )
            return ()
        if not isinstance(value, list):
            self.problem(item, key, f"must be a list of entries such as `- {example}`")
            return ()
        for index, entry in enumerate(value):
            if not isinstance(entry, dict):
                self.problem(
                    Item((*item.path, key, index), {}, item.document),
                    None,
                    f"each entry must be a mapping such as {example}",
                )
        return item.items(key)

    def unparsed(self) -> DeckFile:
        return DeckFile(self.source, problems=tuple(self.problems), parsed=False)

    def deck_file(self, header: Header, content: object, **fields: Any) -> DeckFile:
        top = self.top
        field_lines = {key: line for key in top.fields if (line := top.line(key)) is not None}
        return DeckFile(
            self.source,
            name=header.name,
            field_lines=field_lines,
            problems=tuple(self.problems),
            content=content,
            **fields,
        )


# -- pile --------------------------------------------------------------------------------------

PILE_FIELDS = (*HEADER, "sets", "entries")
ENTRY_FIELDS = ("card", "suit", "rank", "copies")
PILE_EXAMPLE = "{card: kill, suit: spade, rank: 7}"
PILE_SHAPE = (
    "a 洛吧殺 pile file must be a mapping with game: lobasha, kind: pile and entries: (contract §9)"
)


def read_pile(root: yaml.Node, source: str) -> DeckFile:
    """A pile file: ``entries:`` of card, suit, rank (and ``copies:``), ``sets:`` in play."""
    reader = _Reader(root, source, PILE_SHAPE)
    if reader.document is None:
        return reader.unparsed()
    header = reader.header(PILE_FIELDS)
    top = reader.top
    sets = _sets(reader, top)
    lines: list[DeckLine] = []
    entries: list[PileLine] = []
    for item in reader.entries(top, "entries", PILE_EXAMPLE, required=True):
        reader.unknown_fields(item, ENTRY_FIELDS)
        card = item.get("card")
        if isinstance(card, (dict, list, bool)) or card is None or not str(card).strip():
            reader.problem(
                item,
                "card" if "card" in item.fields else None,
                "needs card: a card id or name, e.g. card: kill",
            )
            continue
        copies = item.get("copies", 1)
        if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= MAX_COPIES:
            reader.problem(item, "copies", f"copies: must be a whole number from 1 to {MAX_COPIES}")
            continue
        line = item.line()
        assert line is not None
        lines.append(DeckLine(ENTRIES, str(card).strip(), copies, line))
        entries.append(PileLine(item, copies))
    content = PileContent(header, sets, tuple(entries), top.line("sets") if sets else None)
    return reader.deck_file(header, content, lines=tuple(lines), section_lines=_section_line(top))


def _section_line(top: Item) -> dict[str, int]:
    line = top.line("entries") if "entries" in top.fields else None
    return {ENTRIES: line} if line is not None else {}


def _sets(reader: _Reader, top: Item) -> frozenset[CardSet] | None:
    value = top.get("sets")
    if value is None:
        return None
    known = ", ".join(card_set.value for card_set in CardSet)
    if not isinstance(value, list):
        reader.problem(
            top, "sets", f"must be a list of card sets, e.g. [base, decade]; sets are {known}"
        )
        return None
    chosen = set()
    for index, name in enumerate(value):
        try:
            chosen.add(CardSet(str(name)))
        except ValueError:
            reader.problem(
                top, "sets", f"{name!r} (item {index + 1}) is not a card set; sets are {known}"
            )
    return frozenset(chosen)


# -- characters --------------------------------------------------------------------------------

CHARACTER_FIELDS = ("id", "names", "hp", "gender", "faction", "emblems", "lord_candidate", "skills")
SKILL_FIELDS = ("id", "names", "kinds", "emblem", "timing", "text")
NAME_FIELDS = ("zh_Hant", "en")
CHARACTER_EXAMPLE = "{id: blue-star, names: {zh_Hant: 藍星, en: Blue Star}, hp: 4, ...}"
SKILL_EXAMPLE = "{id: scout, names: {zh_Hant: 偵察, en: Scout}, kinds: [locked]}"
CHARACTER_SHAPE = (
    "a 洛吧殺 character file must be a mapping with game: lobasha, kind: characters and "
    "characters: (contract §9)"
)


def read_characters(root: yaml.Node, source: str) -> DeckFile:
    """A character file: ``characters:`` with HP, gender, faction, emblems and skills."""
    reader = _Reader(root, source, CHARACTER_SHAPE)
    if reader.document is None:
        return reader.unparsed()
    header = reader.header((*HEADER, "characters"))
    characters = reader.entries(reader.top, "characters", CHARACTER_EXAMPLE, required=True)
    for character in characters:
        reader.unknown_fields(character, CHARACTER_FIELDS)
        _names(reader, character)
        reader.flag(character, "lord_candidate")
        for skill in reader.entries(character, "skills", SKILL_EXAMPLE, required=False):
            reader.unknown_fields(skill, SKILL_FIELDS)
            _names(reader, skill)
            for key in ("timing", "text"):
                reader.text(skill, key)
    return reader.deck_file(header, CharacterContent(header, characters))


def _names(reader: _Reader, item: Item) -> None:
    """``names: {zh_Hant: 藍星, en: Blue Star}``: both, as text."""
    names = item.get("names")
    if not isinstance(names, dict) or not all(
        isinstance(names.get(key), str) and names[key].strip() for key in NAME_FIELDS
    ):
        reader.problem(
            item,
            "names" if "names" in item.fields else None,
            "needs names: {zh_Hant: …, en: …}, both as text",
        )
        return
    reader.unknown_fields(Item((*item.path, "names"), names, item.document), NAME_FIELDS)


# -- setup -------------------------------------------------------------------------------------

SETUP_FIELDS = (*HEADER, "regulation", "as_of", "characters", "two_ancients", "seats")
SEAT_FIELDS = ("character", "role", "hp")
SEAT_EXAMPLE = "{character: blue-star, role: lord}"
SETUP_SHAPE = (
    "a 洛吧殺 game setup must be a mapping with game: lobasha, kind: setup and seats: (contract §9)"
)


def read_setup(
    root: yaml.Node, source: str, characters: Callable[[Path | None], CharacterSet]
) -> DeckFile:
    """A game setup: ``seats:`` in play order with each seat's character, role and HP.

    ``characters(path)`` reads the character set the setup names (None: the bundled
    one); a set that cannot be used is a problem on the ``characters:`` line.
    """
    reader = _Reader(root, source, SETUP_SHAPE)
    if reader.document is None:
        return reader.unparsed()
    header = reader.header(SETUP_FIELDS)
    top = reader.top
    seats = reader.entries(top, "seats", SEAT_EXAMPLE, required=True)
    for seat in seats:
        reader.unknown_fields(seat, SEAT_FIELDS)
        if not isinstance(seat.get("character"), str) or not seat.get("character").strip():
            reader.problem(
                seat,
                "character" if "character" in seat.fields else None,
                "needs character: a character id or name, e.g. character: blue-star",
            )
    named = reader.text(top, "characters")
    path = None if named is None else Path(source).parent / named
    character_set: CharacterSet | None = None
    if path is not None and not path.is_file():
        reader.problem(
            top, "characters", f"{path} does not exist: name a character file relative to this one"
        )
    else:
        try:
            character_set = characters(path)
        except InvalidFileError as error:
            shown = "; ".join(error.problems[:3]) + ("; …" if len(error.problems) > 3 else "")
            reader.problem(top, "characters", f"{named} is not a usable character set: {shown}")
    as_of = _date(reader, top, "as_of")
    content = SetupContent(
        header,
        seats,
        reader.flag(top, "two_ancients"),
        character_set,
        named or "the bundled sample characters",
    )
    return reader.deck_file(header, content, regulation=reader.text(top, "regulation"), as_of=as_of)


def _date(reader: _Reader, item: Item, key: str) -> dt.date | None:
    value = item.get(key)
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        reader.problem(item, key, f"{value!r} is not a date; write it as YYYY-MM-DD")
        return None
