"""Deck files (contract §1, §9): reading, structural problems and card resolution.

A file's ``game:`` (absent: ``luck-and-logic``) and ``kind:`` (absent: the
game's default, a deck) pick the reader; a game's deck is read by its
:class:`DeckLayout` (sections of ``card: copies`` and one-card sections). Other
file kinds (a pile, a character set) read their document with
:func:`read_document` and keep what they read in :attr:`DeckFile.content`.

Reading never raises for a bad deck: a file that cannot be read, is not YAML,
or has a malformed section yields a :class:`DeckFile` whose ``problems`` are
``deck-syntax`` findings with line numbers, so one broken deck never stops the
others from being checked.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import os
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, overload

import yaml

from lalcheck.db.model import Card, CardDatabase, DatabaseInfo, Resolution, SuggestionBudget
from lalcheck.errors import InputError, UsageError
from lalcheck.findings import Finding, Severity
from lalcheck.games import DEFAULT_GAME, PACKAGES, get_game, unknown_game
from lalcheck.schemas import nearest_line
from lalcheck.wording import quoted
from lalcheck.yamlsafe import (
    DATA_LIMITS,
    DECK_LIMITS,
    DocPath,
    Walker,
    compose,
    line_of,
    load_json,
    read_text,
)

if TYPE_CHECKING:
    from lalcheck.games.base import FileKind, Game

SYNTAX = "deck-syntax"

#: Fields that describe the deck rather than list cards.
FIELDS = ("game", "kind", "name", "regulation", "as_of")


@dataclass(frozen=True, slots=True)
class DeckLayout:
    """How a game's deck file maps onto sections.

    ``counted`` sections map card references to copies; a ``single`` section
    names one card (``my_logicalist: PR/001``; a list or a mapping is read too,
    and the game's rules judge how many it holds). No line may hold more than
    ``max_count`` copies. ``shape`` is the message for a document that is not
    a mapping; ``example_card`` a card number messages show. ``order`` is the order
    sections are written and reported in (default: counted, then single).
    """

    counted: tuple[str, ...]
    single: tuple[str, ...]
    max_count: int
    shape: str
    example_card: str
    order: tuple[str, ...] = ()

    @property
    def sections(self) -> tuple[str, ...]:
        """Every section a deck may hold, in the order they are reported."""
        return self.order or (*self.counted, *self.single)

    def read(self, root: yaml.Node, source: str) -> DeckFile:
        """The deck a document holds; raises :class:`InputError` when it is too large."""
        parser = _DeckParser(source, self)
        parser.parse(root)
        return parser.result()


@dataclass(frozen=True, slots=True)
class DeckLine:
    """One card reference in a deck file: ``BT01/008: 4`` under ``main:``."""

    section: str
    reference: str
    count: int
    line: int


@dataclass(frozen=True, slots=True)
class DeckFile:
    """A parsed deck file, before its references are looked up."""

    path: str
    game: str = DEFAULT_GAME
    kind: str = "deck"
    name: str | None = None
    regulation: str | None = None
    as_of: dt.date | None = None
    lines: tuple[DeckLine, ...] = ()
    section_lines: dict[str, int] = field(default_factory=dict)
    field_lines: dict[str, int] = field(default_factory=dict)
    problems: tuple[Finding, ...] = ()
    #: False when the file could not be read or parsed at all.
    parsed: bool = True
    #: What a file kind other than a deck read (its entries as written, with lines).
    content: Any = None


@dataclass(frozen=True, slots=True)
class DeckEntry(Generic[Card]):
    """A deck line with the card it refers to (``card`` is None when unresolved)."""

    source: DeckLine
    resolution: Resolution[Card]

    @property
    def card(self) -> Card | None:
        return self.resolution.card

    @property
    def section(self) -> str:
        return self.source.section

    @property
    def count(self) -> int:
        return self.source.count

    @property
    def line(self) -> int:
        return self.source.line

    @property
    def reference(self) -> str:
        return self.source.reference


@dataclass(frozen=True, slots=True)
class Deck(Generic[Card]):
    """A deck file with every reference resolved against a card database."""

    file: DeckFile
    entries: tuple[DeckEntry[Card], ...]
    _sections: dict[str, tuple[DeckEntry[Card], ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Every rule asks for sections: group the entries once.
        sections: defaultdict[str, list[DeckEntry[Card]]] = defaultdict(list)
        for entry in self.entries:
            sections[entry.section].append(entry)
        object.__setattr__(self, "_sections", {k: tuple(v) for k, v in sections.items()})

    @property
    def path(self) -> str:
        return self.file.path

    @property
    def name(self) -> str | None:
        return self.file.name

    def section(self, name: str) -> tuple[DeckEntry[Card], ...]:
        """The entries listed under one section, in file order."""
        return self._sections.get(name, ())

    def count(self, section: str) -> int:
        """How many cards a section holds, as written."""
        return sum(entry.count for entry in self.section(section))

    def expand(self, section: str) -> list[Card]:
        """The resolved cards of a section with copies repeated, in file order."""
        return [
            entry.card for entry in self.section(section) if entry.card for _ in range(entry.count)
        ]


#: What :meth:`_DeckParser.scalar` returns for a value the YAML layer refuses.
_REFUSED = object()


@dataclass(frozen=True, slots=True)
class Document:
    """A data file's values as written, and the line of every document path."""

    value: Any
    lines: dict[DocPath, int]

    def line(self, path: DocPath) -> int | None:
        """The line of ``path``, else of its nearest ancestor that has one."""
        return nearest_line(self.lines, path)


def read_document(root: yaml.Node, source: str) -> tuple[Document, list[Finding]]:
    """The values of a data file's document (within the deck file limits), and a
    ``deck-syntax`` error for each key written twice in one mapping (the last is kept).

    Raises :class:`InputError` for a document too large or deep to read.
    """
    walker = Walker(source, DECK_LIMITS, duplicates=True)
    value = walker.value(root)
    problems: list[Finding] = []
    stack, seen_nodes = [root], set()
    while stack:
        node = stack.pop()
        if id(node) in seen_nodes:
            continue
        seen_nodes.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            stack.extend(reversed(node.value))
        elif isinstance(node, yaml.MappingNode):
            keys: dict[str, int] = {}
            for key_node, value_node in node.value:
                key, line = str(key_node.value), line_of(key_node)
                if key in keys:
                    problems.append(_syntax(_twice(key, keys[key], line), line))
                keys.setdefault(key, line)
                stack.append(value_node)
    problems.sort(key=Finding.sort_key)
    return Document(value, walker.lines), problems


def _twice(key: str, first: int, second: int) -> str:
    return f"{key}: appears twice (lines {first} and {second}); keep one"


def _syntax(
    message: str,
    line: int | None = None,
    *,
    section: str | None = None,
    cards: tuple[str, ...] = (),
    severity: Severity = Severity.ERROR,
) -> Finding:
    return Finding(SYNTAX, severity, message, section, cards, line)


class _DeckParser:
    """Walks a deck document's nodes, collecting lines and problems."""

    def __init__(self, source: str, layout: DeckLayout) -> None:
        self.source = source
        self.layout = layout
        self.walker = Walker(source, DECK_LIMITS)
        self.problems: list[Finding] = []
        self.lines: list[DeckLine] = []
        self.section_lines: dict[str, int] = {}
        self.field_lines: dict[str, int] = {}
        self.fields: dict[str, object] = {}
        self.parsed = True

    def problem(
        self,
        message: str,
        line: int | None,
        section: str | None = None,
        reference: str | None = None,
    ) -> None:
        cards = (reference,) if reference else ()
        self.problems.append(_syntax(message, line, section=section, cards=cards))

    def scalar(
        self,
        node: yaml.Node,
        section: str | None = None,
        reference: str | None = None,
        *,
        key: str | None = None,
    ) -> object:
        """A scalar's value; one the YAML layer refuses (``!!bool x``, a number of 5,000
        digits) is a problem on its own line, and :data:`_REFUSED`."""
        try:
            return self.walker.scalar(node)
        except InputError as error:
            prefix = f"{reference or key}: " if reference or key else ""
            self.problem(prefix + _message(error, self.source), error.line, section, reference)
            return _REFUSED

    def parse(self, root: yaml.Node) -> None:
        if not isinstance(root, yaml.MappingNode):
            self.problem(self.layout.shape, line_of(root))
            self.parsed = False  # not a deck at all: nothing else to judge
            return
        seen: dict[str, int] = {}
        for pair in self.walker.pairs(root):
            key = str(pair.key)
            if key in seen:
                self.problem(_twice(key, seen[key], pair.line), pair.line)
                continue
            seen[key] = pair.line
            if key in self.layout.counted:
                self.section_lines[key] = pair.line
                self.counted_section(key, pair.value_node)
            elif key in self.layout.single:
                self.section_lines[key] = pair.line
                self.single_section(key, pair.value_node)
            elif key in FIELDS:
                self.field_lines[key] = pair.line
                self.deck_field(key, pair.value_node)
            else:
                import difflib  # only for a section that is not one

                close = difflib.get_close_matches(key, [*self.layout.sections, *FIELDS], n=1)
                suggestion = f"did you mean {close[0]}:? " if close else ""
                self.problems.append(
                    _syntax(
                        f"unknown section {quoted(key)} is ignored; {suggestion}sections are "
                        + ", ".join(self.layout.sections),
                        pair.line,
                        severity=Severity.WARNING,
                    )
                )

    def deck_field(self, key: str, node: yaml.Node) -> None:
        if not isinstance(node, yaml.ScalarNode):
            self.problem(f"{key}: must be a single value", line_of(node))
            return
        value = self.scalar(node, key=key)
        if value is _REFUSED:
            return
        if key == "as_of":
            try:
                self.fields[key] = dt.date.fromisoformat(str(value))
            except ValueError:
                self.problem(
                    f"as_of: {node.value!r} is not a date; write it as YYYY-MM-DD",
                    line_of(node),
                )
        elif value is not None:
            self.fields[key] = str(node.value if key == "regulation" else value)

    def counted_section(self, section: str, node: yaml.Node) -> None:
        if isinstance(node, yaml.ScalarNode) and self.scalar(node, section) in (None, _REFUSED):
            return  # an empty section, or a value refused on its line
        if not isinstance(node, yaml.MappingNode):
            kind = "a list" if isinstance(node, yaml.SequenceNode) else "a single value"
            self.problem(
                f"{section}: must be a mapping of card -> copies "
                f"(e.g. `{self.layout.example_card}: 1`), not {kind}",
                line_of(node),
                section,
            )
            return
        first_line: dict[str, int] = {}
        for key_node, value_node in self.walker.entries(node, depth=1):
            reference = self.reference(key_node, section)
            if reference is None:
                continue
            line = line_of(key_node)
            if reference in first_line:
                self.problem(
                    f"{reference} is listed twice under {section}: (lines "
                    f"{first_line[reference]} and {line}); merge them into one line",
                    line,
                    section,
                    reference,
                )
            first_line.setdefault(reference, line)
            count = self.count(value_node, reference, section)
            if count is not None:
                self.lines.append(DeckLine(section, reference, count, line))

    def single_section(self, section: str, node: yaml.Node) -> None:
        if isinstance(node, yaml.ScalarNode):
            if self.scalar(node, section) not in (None, _REFUSED):
                self.lines.append(DeckLine(section, str(node.value), 1, line_of(node)))
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                reference = self.reference(item, section)
                if reference is not None:
                    self.lines.append(DeckLine(section, reference, 1, line_of(item)))
        else:
            self.counted_section(section, node)

    def reference(self, node: yaml.Node, section: str) -> str | None:
        if isinstance(node, yaml.ScalarNode) and node.value.strip():
            return str(node.value).strip()
        self.problem(
            f"{section}: each entry must be a card number or card name", line_of(node), section
        )
        return None

    def count(self, node: yaml.Node, reference: str, section: str) -> int | None:
        value = self.scalar(node, section, reference) if isinstance(node, yaml.ScalarNode) else None
        if value is _REFUSED:
            return None
        line = line_of(node)
        if isinstance(value, bool) or not isinstance(value, int):
            shown = node.value if isinstance(node, yaml.ScalarNode) else "a nested value"
            quoted = isinstance(node, yaml.ScalarNode) and node.style in ("'", '"')
            fix = "write the number without quotes" if quoted else "write a whole number"
            self.problem(
                f"{reference}: the number of copies must be a whole number, not {shown!r}; {fix}",
                line,
                section,
                reference,
            )
            return None
        if value < 1:
            self.problem(
                f"{reference}: {value} copies; a count must be at least 1 (remove the line "
                "to leave the card out)",
                line,
                section,
                reference,
            )
            return None
        if value > self.layout.max_count:
            self.problem(
                f"{reference}: {value} copies is more than a whole deck ({self.layout.max_count})",
                line,
                section,
                reference,
            )
            return None
        return value

    def result(self) -> DeckFile:
        name = self.fields.get("name")
        regulation = self.fields.get("regulation")
        as_of = self.fields.get("as_of")
        return DeckFile(
            path=self.source,
            name=name if isinstance(name, str) else None,
            regulation=regulation if isinstance(regulation, str) else None,
            as_of=as_of if isinstance(as_of, dt.date) else None,
            lines=tuple(self.lines),
            section_lines=self.section_lines,
            field_lines=self.field_lines,
            problems=tuple(self.problems),
            parsed=self.parsed,
        )


def _header(root: yaml.MappingNode, field_name: str) -> yaml.Node | None:
    """The value node of a top-level field, read before the file's game is known."""
    for key, value in root.value:
        if isinstance(key, yaml.ScalarNode) and key.value == field_name:
            node: yaml.Node = value
            return node
    return None


def _header_value(node: yaml.Node) -> str | None:
    if isinstance(node, yaml.ScalarNode) and node.value.strip():
        return str(node.value).strip()
    return None


def choose_kind(root: yaml.Node) -> tuple[Game, FileKind] | Finding:
    """The game (``game:``, absent: the default game) and file kind (``kind:``, absent:
    the game's default) of a document; a ``deck-syntax`` finding when either is unknown."""
    if not isinstance(root, yaml.MappingNode):
        game = get_game(DEFAULT_GAME)
        return game, game.kind(None)  # its reader says what the file should be
    game_node = _header(root, "game")
    game_id = DEFAULT_GAME if game_node is None else _header_value(game_node)
    if game_node is not None and game_id is None:
        known = ", ".join(PACKAGES)
        return _syntax(f"game: must be a game id; known games: {known}", line_of(game_node))
    if game_id is not None and game_id not in PACKAGES:
        return _syntax(f"game: {unknown_game(game_id)}", line_of(game_node or root))
    game = get_game(game_id or DEFAULT_GAME)
    kind_node = _header(root, "kind")
    kind_id = None if kind_node is None else _header_value(kind_node)
    if kind_node is not None and kind_id not in game.file_kinds:
        kinds = ", ".join(game.file_kinds)
        return _syntax(
            f"kind: {game.id} files are of the kinds {kinds}, not {kind_id!r}", line_of(kind_node)
        )
    return game, game.kind(kind_id)


def parse_deck(text: str, source: str) -> DeckFile:
    """Parse a deck file (or another file kind of its game): structural problems, an
    unknown game or kind included, become ``deck-syntax`` findings."""
    try:
        root = compose(text, source, DECK_LIMITS)
        if root is None:
            return DeckFile(source, problems=(_syntax("the deck file is empty", 1),), parsed=False)
        chosen = choose_kind(root)
        if isinstance(chosen, Finding):
            return DeckFile(source, problems=(chosen,), parsed=False)
        game, kind = chosen
        deck_file = kind.read(root, source)
    except InputError as error:
        return _unparsed(source, error)
    return dataclasses.replace(deck_file, game=game.id, kind=kind.id)


def _message(error: InputError, source: str) -> str:
    """An error's message and hint, without the file name a finding already carries."""
    message = error.message.removeprefix(f"{source}: ")
    return f"{message}; {error.hint}" if error.hint else message


def _unparsed(source: str, error: InputError) -> DeckFile:
    return DeckFile(source, problems=(_syntax(_message(error, source), error.line),), parsed=False)


def read_deck_file(path: Path) -> DeckFile:
    """Read and parse a deck file; unreadable files become ``deck-syntax`` findings.

    A symbolic link to a folder (which folder search reports, never follows) is a
    warning: the decks behind it are not checked.
    """
    if path.is_symlink() and path.is_dir():
        target = os.readlink(path)
        loop = (
            " that contains it (a loop)"
            if path.parent.resolve().is_relative_to(path.resolve())
            else ""
        )
        message = (
            f"{path} is a symbolic link to the folder {target}{loop}; folder search does "
            "not follow links, so no deck behind it was checked: name the folder to check it"
        )
        problem = _syntax(message, severity=Severity.WARNING)
        return DeckFile(str(path), problems=(problem,), parsed=False)
    try:
        text = read_text(path, DECK_LIMITS)
    except InputError as error:
        return _unparsed(str(path), error)
    return parse_deck(text, str(path))


def game_mismatch(deck_file: DeckFile, database: DatabaseInfo) -> Finding | None:
    """The ``deck-syntax`` error of a deck checked against another game's database."""
    if not deck_file.parsed or deck_file.game == database.game:
        return None
    return _syntax(
        f"this is a {deck_file.game} deck but the card database {database.name!r} is for "
        f"{database.game}; check it against a {deck_file.game} database (--db) or fix game:",
        deck_file.field_lines.get("game"),
    )


def resolve(deck_file: DeckFile, db: CardDatabase[Card]) -> Deck[Card]:
    """Look up every reference of a parsed deck in the card database (with "did you
    mean" suggestions for the first :data:`~lalcheck.db.model.MAX_SUGGESTED` unknown ones)."""
    budget = SuggestionBudget(db)
    return Deck(
        deck_file,
        tuple(DeckEntry(line, budget.resolve(line.reference)) for line in deck_file.lines),
    )


def read_deck(path: Path, db: CardDatabase[Card]) -> Deck[Card]:
    """A deck ready to play or count: raises :class:`InputError` naming the file, the line
    and the first problem if it cannot be read, is malformed, is of another game than
    the database or names an unknown card."""
    deck_file = parse_deck(read_text(path, DECK_LIMITS), str(path))
    mismatch = game_mismatch(deck_file, db.info)
    if mismatch is not None:
        where = f"{path}:{mismatch.line}" if mismatch.line is not None else str(path)
        raise InputError(f"{where}: {mismatch.message}")
    deck = resolve(deck_file, db)
    problems = [
        (finding.line, finding.message)
        for finding in deck_file.problems
        if finding.severity is Severity.ERROR
    ]
    problems += [(e.line, e.resolution.problem()) for e in deck.entries if e.card is None]
    if problems:
        line, message = min(problems, key=lambda problem: problem[0] or 0)
        where = f"{path}:{line}" if line is not None else str(path)
        every = f"run `lalcheck check {path}` for every problem"
        raise InputError(f"{where}: {message}", hint=every if len(problems) > 1 else None)
    return deck


def _searched(path: Path, folder: Path) -> bool:
    """Whether folder search reports ``path``: an entry with a deck suffix that is not a
    folder (FIFOs and broken links too, so that they are refused rather than skipped)
    or a link to a folder, outside hidden files and folders."""
    if any(part.startswith(".") for part in path.relative_to(folder).parts):
        return False
    if path.is_symlink() and path.is_dir():
        return True
    return path.suffix in DECK_SUFFIXES and not path.is_dir()


#: The files a folder search takes for decks.
DECK_SUFFIXES = (".yaml", ".yml", ".json")
#: A top-level key that only another kind of lalcheck file has -> what that file is.
_OTHER_FILES = {
    "cards": "a card database",
    "effective": "a regulation",
    "lalcheck_lock": "a lock file",
    "tool": "a lalcheck report",
}
#: A key at the start of a line: a top-level key of a block-style YAML document.
_TOP_LEVEL_KEY = re.compile(r"""^["']?([A-Za-z_][\w-]*)["']?[ \t]*:""", re.MULTILINE)


class PathList(Sequence[Path]):
    """Paths kept as strings and made :class:`Path` objects as they are read: a folder
    search may find many thousand files, and a Path weighs several times its string."""

    __slots__ = ("_strings",)

    def __init__(self, strings: Iterable[str]) -> None:
        self._strings = tuple(strings)

    def __len__(self) -> int:
        return len(self._strings)

    @overload
    def __getitem__(self, index: int) -> Path: ...
    @overload
    def __getitem__(self, index: slice) -> PathList: ...
    def __getitem__(self, index: int | slice) -> Path | PathList:
        if isinstance(index, slice):
            return PathList(self._strings[index])
        return Path(self._strings[index])

    def __iter__(self) -> Iterator[Path]:
        return map(Path, self._strings)

    def __repr__(self) -> str:
        return f"PathList({list(self._strings)!r})"


@dataclass(frozen=True, slots=True)
class DeckSearch:
    """The deck files named or found below folders, and the files a folder search passed
    over because their top-level keys say they are something else (a card database…)."""

    paths: PathList
    skipped: tuple[tuple[Path, str], ...] = ()

    def notes(self) -> list[str]:
        """``data/cards.yaml is a card database, not a deck: skipped``, one per skipped file."""
        return [f"{path} is {what}, not a deck: skipped" for path, what in self.skipped]


def other_file_kind(path: Path) -> str | None:
    """What a file is when its top-level keys say it is not a deck (``a card database``,
    ``a regulation``…); None for a deck, or for a file that cannot be read (checking it
    says why)."""
    try:
        text = read_text(path, DATA_LIMITS)
    except InputError:
        return None
    if path.suffix == ".json":
        try:
            document = load_json(text, str(path), DATA_LIMITS)
        except InputError:
            return None
        keys = list(document) if isinstance(document, dict) else []
    else:
        keys = _TOP_LEVEL_KEY.findall(text)
    return next((_OTHER_FILES[key] for key in keys if key in _OTHER_FILES), None)


def _excluded(path: Path, exclude: Sequence[str]) -> bool:
    """Whether a found file matches a glob of ``--exclude`` (matched from the right, as in
    ``drafts/*`` or ``*.draft.yaml``)."""
    return any(path.match(pattern) for pattern in exclude)


def find_decks(paths: Iterable[Path], exclude: Sequence[str] = ()) -> DeckSearch:
    """Deck files named directly, and the ``*.yaml``/``*.yml``/``*.json`` files found below
    folders (recursively, sorted, skipping hidden files and folders such as ``.github/``
    and files matching an ``exclude`` glob). Card databases, regulations and other
    lalcheck files are passed over, named or found. Each file is listed once, however
    often it is named.

    Folder search never follows symbolic links to folders, but lists them (and deck
    entries that are not regular files) so that reading reports them.

    A path that does not exist, or a folder without deck files, is a :class:`UsageError`.
    """
    found: dict[str, None] = {}  # strings: a Path for each of many files weighs more
    skipped: list[tuple[Path, str]] = []
    for path in paths:
        if not path.exists() and not path.is_symlink():  # a broken link: reading says so
            raise UsageError(f"{path}: no such file or folder")
        if not path.is_dir():
            kind = other_file_kind(path)  # pre-commit names every staged file, cards.yaml too
            if kind is None:
                found.setdefault(str(path), None)
            else:
                skipped.append((path, kind))
            continue
        in_folder = sorted(
            (str(p) for p in _below(path) if _searched(p, path) and not _excluded(p, exclude)),
            key=_path_order,
        )
        decks = []
        for candidate in in_folder:
            kind = other_file_kind(Path(candidate))
            if kind is None:
                decks.append(candidate)
            else:
                skipped.append((Path(candidate), kind))
        if not decks:
            suffixes = ", ".join(f"*{suffix}" for suffix in DECK_SUFFIXES)
            raise UsageError(f"no deck files ({suffixes}) found in {path}")
        for deck in decks:
            found.setdefault(deck, None)
    return DeckSearch(PathList(_same_file_once(found)), tuple(skipped))


def _below(folder: Path) -> Iterator[Path]:
    """Every entry below ``folder`` (hidden folders left out), as ``rglob("*")`` lists them
    but one at a time: links to folders are listed, not entered."""
    for parent, folders, files in os.walk(folder):
        base = Path(parent)
        yield from (base / name for name in (*folders, *files))
        folders[:] = [name for name in folders if not name.startswith(".")]


def _path_order(path: str) -> str:
    """The sort key of a path written as :class:`Path` writes it, in the Paths' order:
    by parts, as if the separator came before every character (NUL is in no name)."""
    return path.replace(os.sep, "\0")


def _same_file_once(paths: Iterable[str]) -> list[str]:
    """The paths with a file named twice (``deck.yaml`` and ``./deck.yaml``) kept once."""
    seen: set[str] = set()
    kept = []
    for path in paths:
        try:
            key = os.path.realpath(path, strict=False)
        except (OSError, RuntimeError):  # a symbolic link loop: reading it says so
            key = os.path.abspath(path)
        if key not in seen:
            seen.add(key)
            kept.append(path)
    return kept


def collect_deck_paths(paths: Iterable[Path], exclude: Sequence[str] = ()) -> list[Path]:
    """The deck files of :func:`find_decks`."""
    return list(find_decks(paths, exclude).paths)
