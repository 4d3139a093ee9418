"""Deck files (contract §1): reading, structural problems and card resolution.

Reading never raises for a bad deck: a file that cannot be read, is not YAML,
or has a malformed section yields a :class:`DeckFile` whose ``problems`` are
``deck-syntax`` findings with line numbers, so one broken deck never stops the
others from being checked.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from lalcheck.cards import Card
from lalcheck.db.model import CardDatabase, Resolution, SuggestionBudget
from lalcheck.errors import InputError, UsageError
from lalcheck.findings import Finding, Severity
from lalcheck.yamlsafe import DECK_LIMITS, Walker, compose, line_of, read_text

SYNTAX = "deck-syntax"

#: Sections that map card references to copies.
COUNTED_SECTIONS = ("main", "gates", "secret_tools")
#: Every section a deck may hold, in the order they are reported.
SECTIONS = (*COUNTED_SECTIONS, "my_logicalist")
#: Fields that describe the deck rather than list cards.
FIELDS = ("name", "regulation", "as_of")
#: No section of a real deck holds more copies of one card than a whole main deck.
MAX_COUNT = 50


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
    name: str | None = None
    regulation: str | None = None
    as_of: dt.date | None = None
    lines: tuple[DeckLine, ...] = ()
    section_lines: dict[str, int] = field(default_factory=dict)
    field_lines: dict[str, int] = field(default_factory=dict)
    problems: tuple[Finding, ...] = ()
    #: False when the file could not be read or parsed at all.
    parsed: bool = True


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """A deck line with the card it refers to (``card`` is None when unresolved)."""

    source: DeckLine
    resolution: Resolution

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
class Deck:
    """A deck file with every reference resolved against a card database."""

    file: DeckFile
    entries: tuple[DeckEntry, ...]
    _sections: dict[str, tuple[DeckEntry, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Every rule asks for sections: group the entries once.
        sections = {
            name: tuple(entry for entry in self.entries if entry.section == name)
            for name in SECTIONS
        }
        object.__setattr__(self, "_sections", sections)

    @property
    def path(self) -> str:
        return self.file.path

    @property
    def name(self) -> str | None:
        return self.file.name

    def section(self, name: str) -> tuple[DeckEntry, ...]:
        """The entries listed under one section, in file order."""
        return self._sections[name]

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

    def __init__(self, source: str) -> None:
        self.source = source
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
            self.problem(
                "a deck file must be a mapping with main: and gates: sections (contract §1)",
                line_of(root),
            )
            self.parsed = False  # not a deck at all: nothing else to judge
            return
        seen: dict[str, int] = {}
        for pair in self.walker.pairs(root):
            key = str(pair.key)
            if key in seen:
                self.problem(
                    f"{key}: appears twice (lines {seen[key]} and {pair.line}); keep one",
                    pair.line,
                )
                continue
            seen[key] = pair.line
            if key in COUNTED_SECTIONS:
                self.section_lines[key] = pair.line
                self.counted_section(key, pair.value_node)
            elif key == "my_logicalist":
                self.section_lines[key] = pair.line
                self.my_logicalist(pair.value_node)
            elif key in FIELDS:
                self.field_lines[key] = pair.line
                self.deck_field(key, pair.value_node)
            else:
                self.problems.append(
                    _syntax(
                        f"unknown section {key!r} is ignored; sections are " + ", ".join(SECTIONS),
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
                f"{section}: must be a mapping of card -> copies (e.g. `BT01/008: 1`), not {kind}",
                line_of(node),
                section,
            )
            return
        first_line: dict[str, int] = {}
        for pair in self.walker.pairs(node, depth=1):
            reference = self.reference(pair.key_node, section)
            if reference is None:
                continue
            if reference in first_line:
                self.problem(
                    f"{reference} is listed twice under {section}: (lines "
                    f"{first_line[reference]} and {pair.line}); merge them into one line",
                    pair.line,
                    section,
                    reference,
                )
            first_line.setdefault(reference, pair.line)
            count = self.count(pair.value_node, reference, section)
            if count is not None:
                self.lines.append(DeckLine(section, reference, count, pair.line))

    def my_logicalist(self, node: yaml.Node) -> None:
        if isinstance(node, yaml.ScalarNode):
            if self.scalar(node, "my_logicalist") not in (None, _REFUSED):
                self.lines.append(DeckLine("my_logicalist", str(node.value), 1, line_of(node)))
        elif isinstance(node, yaml.SequenceNode):
            for item in node.value:
                reference = self.reference(item, "my_logicalist")
                if reference is not None:
                    self.lines.append(DeckLine("my_logicalist", reference, 1, line_of(item)))
        else:
            self.counted_section("my_logicalist", node)

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
        if value > MAX_COUNT:
            self.problem(
                f"{reference}: {value} copies is more than a whole deck ({MAX_COUNT})",
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


def parse_deck(text: str, source: str) -> DeckFile:
    """Parse deck text; structural problems become ``deck-syntax`` findings."""
    try:
        root = compose(text, source, DECK_LIMITS)
        if root is None:
            return DeckFile(source, problems=(_syntax("the deck file is empty", 1),), parsed=False)
        parser = _DeckParser(source)
        parser.parse(root)
    except InputError as error:
        return _unparsed(source, error)
    return parser.result()


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


def resolve(deck_file: DeckFile, db: CardDatabase) -> Deck:
    """Look up every reference of a parsed deck in the card database (with "did you
    mean" suggestions for the first :data:`~lalcheck.db.model.MAX_SUGGESTED` unknown ones)."""
    budget = SuggestionBudget(db)
    return Deck(
        deck_file,
        tuple(DeckEntry(line, budget.resolve(line.reference)) for line in deck_file.lines),
    )


def read_deck(path: Path, db: CardDatabase) -> Deck:
    """A deck ready to play or count: raises :class:`InputError` naming the file, the line
    and the first problem if it cannot be read, is malformed or names an unknown card."""
    deck_file = parse_deck(read_text(path, DECK_LIMITS), str(path))
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
    """Whether folder search reports ``path``: a ``*.yaml``/``*.yml`` entry that is not a
    folder (FIFOs and broken links too, so that they are refused rather than skipped)
    or a link to a folder, outside hidden files and folders."""
    if any(part.startswith(".") for part in path.relative_to(folder).parts):
        return False
    if path.is_symlink() and path.is_dir():
        return True
    return path.suffix in (".yaml", ".yml") and not path.is_dir()


def collect_deck_paths(paths: Iterable[Path]) -> list[Path]:
    """Deck files named directly, and ``*.yaml``/``*.yml`` files found below folders
    (recursively, sorted, skipping hidden files and folders such as ``.github/``);
    a folder without deck files is a :class:`UsageError`.

    Folder search never follows symbolic links to folders, but lists them (and
    ``*.yaml`` entries that are not regular files) so that reading reports them.
    """
    found: list[Path] = []
    for path in paths:
        if not path.is_dir():
            found.append(path)
            continue
        in_folder = sorted(p for p in path.rglob("*") if _searched(p, path))
        if not in_folder:
            raise UsageError(f"no deck files (*.yaml, *.yml) found in {path}")
        found.extend(in_folder)
    return found
