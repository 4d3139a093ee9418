"""Text decklists (contract §1): read them into decks, and write decks as text or YAML.

A text decklist is one card per line under optional section headers::

    # name: Brave Rush            <- header comments before the first card carry
    # regulation: 2017-09-01         the deck's name, regulation and as_of
    # as_of: 2017-10-01

    Main                          <- also Main deck, メイン, Gates, ゲート, 秘具,
    4 BT01/008                       Secret tools, My Logicalist; "(50)" may follow
    4x EB01/001                   <- also BT01/008 x4, 4 スイーツ系女子 小玲, ４×BT01/008
    Gates
    2 SD01-G001  # a comment      <- comments start with # or //

A card is a card number or an exact card name in any language the database
holds (resolved with :meth:`CardDatabase.resolve`). Cards listed before any
header go to the section of their card type. Under ``My Logicalist`` the
count may be left out. Reading reports every bad line at once, each with its
line number and a suggestion, in a :class:`DecklistError`.

:func:`format_decklist` writes the text form back and :func:`format_deck_yaml`
the deck file; both keep each card reference as written and add the card's
name (or number) as a comment, so text -> YAML -> text and YAML -> text -> YAML
keep the name, regulation, as_of, sections, references, counts and order.
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

import yaml

from lalcheck.db.model import CardDatabase, SuggestionBudget, fold, nfkc
from lalcheck.decks import Deck, DeckEntry, DeckFile, DeckLayout, DeckLine, parse_deck
from lalcheck.errors import InputError, UsageError
from lalcheck.games import DEFAULT_GAME, get_game
from lalcheck.games.base import DecklistStyle, GameCard
from lalcheck.regulations import Regulations
from lalcheck.wording import shown, visible

#: Deck fields the header comments carry, with the spellings accepted for each.
FIELD_KEYS: Mapping[str, str] = {
    "game": "game",
    "name": "name",
    "regulation": "regulation",
    "as_of": "as_of",
    "as-of": "as_of",
}

# Every pattern below runs in time linear in the line (no two quantifiers can share
# characters), and lines are at most MAX_LINE characters long besides.
_COMMENT = re.compile(r"\s*(?:#|＃|//|／／)\s*(?P<body>.*)")
#: A space, then a comment: where a trailing comment starts.
_TRAILING_COMMENT = re.compile(r"\s(?:#|＃|//|／／)")
_FIELD = re.compile(r"(?P<key>[A-Za-z_-]+)\s*[:：]\s*(?P<value>.*)")
# "x" needs a space before the card (4x BT01/008) so that names starting with x
# stay whole; "×" and "*" may touch it (4×BT01/008). \d matches full-width digits.
_LETTER_X = "xXｘＸ"
_SYMBOL_X = "×✕*＊"
_PREFIX = re.compile(rf"(?P<count>\d+)(?:\s*[{_SYMBOL_X}]\s*|\s*[{_LETTER_X}]\s+|\s+)(?P<ref>\S.*)")
_SUFFIX = re.compile(rf"(?P<ref>.*?\S)(?:\s*[{_SYMBOL_X}]\s*|\s+[{_LETTER_X}]\s*)(?P<count>\d+)")
_GLUED = re.compile(
    rf"(?P<count>\d++)\s*+[{_LETTER_X}{_SYMBOL_X}]?+\s*+(?P<ref>[^\s{_SYMBOL_X}].*)"
)
_COUNT_LAST = re.compile(r"(?P<ref>.*\S)\s+(?P<count>\d+)")
_COUNT_UNITS = ("枚", "cards", "card")
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}
#: Longer lines are refused unread: no card line is anywhere near this long.
MAX_LINE = 1000
#: More digits than this are no count of copies (and would be slow to convert).
_MAX_COUNT_DIGITS = 9


@dataclass(frozen=True, slots=True)
class _Format:
    """A game's deck layout and text decklist style."""

    layout: DeckLayout
    style: DecklistStyle

    @property
    def example(self) -> str:
        card = self.layout.example_card
        return f"write card lines as `4 {card}` (copies, then a card number or exact name)"


def _format(game_id: str) -> _Format:
    """The text decklist format of a game; :class:`UsageError` if it has none."""
    game = get_game(game_id)
    if game.deck_layout is None or game.decklist is None:
        raise UsageError(f"{game.title} has no text decklists")
    return _Format(game.deck_layout, game.decklist)


@dataclass(frozen=True, slots=True)
class DecklistProblem:
    """A line of a decklist that cannot be used, with what to do about it."""

    line: int | None
    message: str


class DecklistError(InputError):
    """A decklist with unusable lines; ``problems`` lists every one."""

    def __init__(self, source: str, problems: list[DecklistProblem]) -> None:
        self.source = source
        self.problems = tuple(sorted(problems, key=lambda p: (p.line is None, p.line or 0)))
        count = len(self.problems)
        super().__init__(
            f"{source}: cannot import the decklist ({count} problem{'s' if count > 1 else ''})"
        )

    def __str__(self) -> str:
        return "\n".join(
            [self.message]
            + [
                f"  {self.source}:{p.line}: {p.message}"
                if p.line is not None
                else f"  {self.source}: {p.message}"
                for p in self.problems
            ]
        )


@dataclass(frozen=True, slots=True)
class _CardLine:
    """A card line as read: ``section`` is None before any header."""

    section: str | None
    reference: str
    count: int
    line: int


@dataclass(slots=True)
class _Scan:
    """What a decklist's text says, before any card is looked up."""

    fields: dict[str, str] = field(default_factory=dict)
    field_lines: dict[str, int] = field(default_factory=dict)
    section_lines: dict[str, int] = field(default_factory=dict)
    cards: list[_CardLine] = field(default_factory=list)
    problems: list[DecklistProblem] = field(default_factory=list)


def _without_digits(text: str) -> str:
    """``text`` without its trailing decimal digits."""
    end = len(text)
    while end and text[end - 1].isdecimal():
        end -= 1
    return text[:end]


def _without_count(folded: str) -> str:
    """A folded header without its card count: ``maindeck(50):`` -> ``maindeck``.

    The count is ``50``, ``(50)``, ``50枚`` or ``50cards``, with colons around it.
    """
    text = folded.rstrip(":")
    bracketed = text.endswith(")")
    inner = text[:-1] if bracketed else text
    unit = next((u for u in _COUNT_UNITS if inner.endswith(u)), "")
    number = inner[: len(inner) - len(unit)]
    before = _without_digits(number)
    if before != number:  # a count: 50, 50枚, (50) …
        if not bracketed:
            text = before
        elif before.endswith("("):
            text = before[:-1]
    return text.rstrip(":")


def section_of(text: str, game_id: str = DEFAULT_GAME) -> str | None:
    """The section a header line names (``Main deck (50):`` -> ``main``), or None."""
    return _format(game_id).style.headers.get(_without_count(fold(text)))


def without_comment(line: str) -> str:
    """A line without its trailing comment (``#`` or ``//`` after a space)."""
    found = _TRAILING_COMMENT.search(line)
    return line[: found.start()].rstrip() if found else line


def _copies(digits: str) -> int:
    """The number ``digits`` say; past :data:`_MAX_COUNT_DIGITS` digits, one over any
    limit (converting thousands of digits is slow, or refused)."""
    return int(digits) if len(digits) <= _MAX_COUNT_DIGITS else 10**_MAX_COUNT_DIGITS


def _count_text(digits: str) -> str:
    """A count as a message shows it: in ASCII digits (``４`` -> ``4``), a long run cut."""
    if len(digits) <= _MAX_COUNT_DIGITS:
        return str(int(digits))
    return digits[:_MAX_COUNT_DIGITS] + "…"


def _card_line(text: str) -> tuple[str, str] | None:
    """``(digits, reference)`` of a card line, the count as written; else None."""
    match = _PREFIX.fullmatch(text) or _SUFFIX.fullmatch(text)
    if match is None:
        return None
    return match["count"], match["ref"].strip()


def read_card_line(text: str) -> tuple[int, str] | None:
    """``(copies, reference)`` of ``4 BT01/008``, ``4x …``, ``… x4``, ``4×…``; else None."""
    found = _card_line(text)
    return None if found is None else (_copies(found[0]), found[1])


def read_field(comment: str) -> tuple[str, str] | None:
    """``(field, value)`` of a header comment's body such as ``name: Brave Rush``."""
    match = _FIELD.fullmatch(comment.strip())
    if match is None:
        return None
    key = FIELD_KEYS.get(match["key"].lower())
    return (key, match["value"].strip()) if key else None


def _diagnose(text: str, form: _Format, db: CardDatabase[GameCard] | None) -> str:
    """Why a line is neither a header nor a card line, and how to write it."""
    max_count = form.layout.max_count
    if text.isdigit():
        return f"{text} copies of what? {form.example}"
    negative = _card_line(text[1:]) if text.startswith("-") else None
    if negative:
        digits, reference = negative
        return (
            f"-{_count_text(digits)} copies of {reference}: a count must be from 1 to {max_count}"
        )
    glued = _GLUED.fullmatch(text)
    if glued:
        fixed = f"{_count_text(glued['count'])} {glued['ref']}"
        return f"cannot read {shown(text)}; write it as `{fixed}`"
    last = _COUNT_LAST.fullmatch(text)
    if last:
        fixed = f"{_count_text(last['count'])} {last['ref']}"
        return f"write the number of copies first: `{fixed}`"
    word, _, rest = text.partition(" ")
    if word.lower() in _NUMBER_WORDS and rest:
        return f"write the number of copies in digits: `{_NUMBER_WORDS[word.lower()]} {rest}`"
    if db is not None and db.resolve(text, suggest=False).card is not None:
        return f"no number of copies for {shown(text)}; write it as `1 {text}` (or 2, 3, 4)"
    headers = form.style.headers
    titles = ", ".join(form.style.titles.values())
    close = difflib.get_close_matches(_without_count(fold(text)), headers, n=1)
    if close:
        title = form.style.titles[headers[close[0]]]
        return f"unknown section header {shown(text)}; did you mean `{title}`? Sections: {titles}"
    return f"cannot read {shown(text)}: not a section header ({titles}); {form.example}"


def _scan(text: str, form: _Format, db: CardDatabase[GameCard] | None = None) -> _Scan:
    """Read a decklist's lines: fields, headers, card lines and unreadable lines
    (``db``, when given, makes the suggestions for those smarter)."""
    scan = _Scan()
    section: str | None = None
    started = False  # header comments count only before the first header or card
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if len(line) > MAX_LINE:
            scan.problems.append(
                DecklistProblem(
                    number,
                    f"the line is {len(line):,} characters long, over the limit of {MAX_LINE:,} "
                    f"(lines that long are not read); {form.example}",
                )
            )
            started = True
            continue
        comment = _COMMENT.fullmatch(line)
        if comment:
            found = None if started else read_field(comment["body"])
            if found:
                _field(scan, *found, number)
            continue
        started = True
        line = without_comment(line)
        header = form.style.headers.get(_without_count(fold(line)))
        if header is not None:
            section = header
            scan.section_lines.setdefault(header, number)
            continue
        card = _card_line(line)
        if card is None and section in form.layout.single and not line.isdigit():
            card = ("1", line)  # "My Logicalist" holds one card: the count may be left out
        if card is None:
            scan.problems.append(DecklistProblem(number, _diagnose(line, form, db)))
            continue
        digits, reference = card
        count = _copies(digits)
        twice = _SUFFIX.fullmatch(reference) if line[0].isdigit() else None
        if twice is not None:  # 4 BT01/008 x4
            scan.problems.append(
                DecklistProblem(
                    number,
                    f"the number of copies is given twice; write it as `{count} {twice['ref']}`",
                )
            )
        elif not 1 <= count <= form.layout.max_count:
            scan.problems.append(
                DecklistProblem(
                    number,
                    f"{_count_text(digits)} copies of {reference}: a count must be from 1 to "
                    f"{form.layout.max_count}"
                    + (" (leave the line out to leave the card out)" if count < 1 else ""),
                )
            )
        else:
            scan.cards.append(_CardLine(section, reference, count, number))
    return scan


def _field(scan: _Scan, key: str, value: str, number: int) -> None:
    if key in scan.fields:
        scan.problems.append(
            DecklistProblem(
                number, f"{key} is given twice (lines {scan.field_lines[key]} and {number})"
            )
        )
    elif value:
        scan.fields[key] = value
        scan.field_lines[key] = number


def _as_of(scan: _Scan) -> dt.date | None:
    text = scan.fields.get("as_of")
    if text is None:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        scan.problems.append(
            DecklistProblem(
                scan.field_lines["as_of"], f"as_of: {text!r} is not a date; write it as YYYY-MM-DD"
            )
        )
        return None


def _check_game(scan: _Scan, db: CardDatabase[GameCard]) -> None:
    game = scan.fields.get("game")
    if game is not None and game != db.info.game:
        scan.problems.append(
            DecklistProblem(
                scan.field_lines["game"],
                f"this is a {game} decklist but the card database {db.info.name!r} is for "
                f"{db.info.game}; import it with a {game} database (--db)",
            )
        )


def _check_regulation(scan: _Scan, regulations: Regulations) -> None:
    regulation = scan.fields.get("regulation")
    if regulation is not None and regulations.get(regulation) is None:
        known = ", ".join(r.id for r in regulations.all)
        scan.problems.append(
            DecklistProblem(
                scan.field_lines["regulation"],
                f"unknown regulation {regulation!r}; known regulations: {known}",
            )
        )


#: Quotes a pasted card name may come in: 「スイーツ系女子 小玲」, "Starlit Prefect Rin".
_QUOTES = {"「": "」", "『": "』", '"': '"', "“": "”", "'": "'"}
#: A card number in brackets after a name: ``スイーツ系女子 小玲 (BT01/008)``.
_NUMBER_AFTER = re.compile(r"(?P<name>[^(（\[［]*\S)\s*[(（\[［](?P<number>[^)）\]］]+)[)）\]］]")


def _unquoted(reference: str) -> str:
    """A reference without the quotes around a whole name."""
    close = _QUOTES.get(reference[:1])
    if close and len(reference) > 2 and reference.endswith(close):
        return reference[1:-1].strip()
    return reference


def _names_card(name: str, card: GameCard) -> bool:
    """Whether ``name`` is a name of ``card`` in some language (or its number)."""
    wanted = fold(name)
    return wanted == fold(card.number) or any(fold(n) == wanted for n in card.all_names)


def _pasted(reference: str, db: CardDatabase[GameCard]) -> tuple[str, str | None]:
    """What a pasted reference means: a name in quotes (``「スイーツ系女子 小玲」``), or
    a card's number and name together (``BT01/002 Starlit Prefect Rin``,
    ``スイーツ系女子 小玲 (BT01/008)``).

    Returns ``(reference to look up, None)``: the name without its quotes, the
    number when the number and the name agree, or the reference unchanged when it
    is none of these shapes; and ``(reference, problem)`` when the number and the
    name name different cards.
    """
    unquoted = _unquoted(reference)
    if unquoted != reference and db.resolve(unquoted, suggest=False).card is not None:
        return unquoted, None
    number, name = None, None
    after = _NUMBER_AFTER.fullmatch(reference)
    if after is not None:
        number, name = after["number"].strip(), _unquoted(after["name"].strip())
    else:
        first, _, rest = reference.partition(" ")
        if rest:
            number, name = first, _unquoted(rest.strip())
    if number is None or name is None:
        return reference, None
    card = db.resolve(number, suggest=False).card
    if card is None or fold(card.number) != fold(number):
        return reference, None
    if _names_card(name, card):
        return card.number, None
    other = db.resolve(name, suggest=False).card
    named = f"{shown(name)} is {other.label()}" if other else f"no card is named {shown(name)}"
    return reference, (
        f"{shown(reference)}: {card.number} is {card.label()}, but {named}; "
        "write the number or the name alone"
    )


def _lookup(scan: _Scan, form: _Format, db: CardDatabase[GameCard]) -> list[DeckEntry[GameCard]]:
    """Resolve every card line; unknown and ambiguous cards become problems. A pasted
    line's number with its name is kept as the number (when they agree)."""
    entries: list[DeckEntry[GameCard]] = []
    first_line: dict[tuple[str, str], int] = {}
    budget = SuggestionBudget(db)
    for card_line in scan.cards:
        resolution = budget.resolve(card_line.reference)
        card = resolution.card
        if card is None:
            reference, problem = _pasted(card_line.reference, db)
            if problem is not None:
                scan.problems.append(DecklistProblem(card_line.line, problem))
                continue
            if reference != card_line.reference:
                card_line = dataclasses.replace(card_line, reference=reference)
                resolution = budget.resolve(reference)
                card = resolution.card
        if card is None:
            scan.problems.append(DecklistProblem(card_line.line, resolution.problem()))
            continue
        if card_line.reference != card.number and nfkc(card_line.reference).casefold() == (
            nfkc(card.number).casefold()
        ):  # bt01/012, ＢＴ０１/０１２: written as the card's number
            card_line = dataclasses.replace(card_line, reference=card.number)
        section = card_line.section or form.style.type_sections.get(str(card.type), "main")
        key = (section, card_line.reference)
        if key in first_line:
            scan.problems.append(
                DecklistProblem(
                    card_line.line,
                    f"{card_line.reference} is listed twice under {form.style.titles[section]} "
                    f"(lines {first_line[key]} and {card_line.line}); merge them into one line",
                )
            )
            continue
        first_line[key] = card_line.line
        source = DeckLine(section, card_line.reference, card_line.count, card_line.line)
        entries.append(DeckEntry(source, resolution))
    return entries


def parse_decklist(
    text: str,
    source: str,
    db: CardDatabase[GameCard],
    regulations: Regulations | None = None,
) -> Deck[GameCard]:
    """Read a text decklist of the database's game into a resolved deck; raises
    :class:`DecklistError` listing every unusable line. ``regulations``, when given,
    also checks a named regulation."""
    form = _format(db.info.game)
    scan = _scan(text, form, db)
    as_of = _as_of(scan)
    _check_game(scan, db)
    if regulations is not None:
        _check_regulation(scan, regulations)
    entries = _lookup(scan, form, db)
    if not scan.cards and not scan.problems:
        scan.problems.append(DecklistProblem(None, f"no cards found; {form.example}"))
    if scan.problems:
        raise DecklistError(source, scan.problems)
    deck_file = DeckFile(
        path=source,
        game=db.info.game,
        name=scan.fields.get("name"),
        regulation=scan.fields.get("regulation"),
        as_of=as_of,
        lines=tuple(entry.source for entry in entries),
        section_lines=scan.section_lines,
        field_lines=scan.field_lines,
    )
    return Deck(deck_file, tuple(entries))


def _note(entry: DeckEntry[GameCard]) -> str:
    """The comment written after a card: its name, or its number when named (on one
    line, control characters escaped: a YAML file may not hold them raw)."""
    card = entry.card
    if card is None:
        return ""
    note = card.name if entry.reference == card.number else card.number
    return f"  # {visible(' '.join(note.split()))}"


def _fields(deck_file: DeckFile) -> list[tuple[str, str | dt.date]]:
    """The deck's game (unless the default one), name, regulation and as_of, where given."""
    game = None if deck_file.game == DEFAULT_GAME else deck_file.game
    values = {
        "game": game,
        "name": deck_file.name,
        "regulation": deck_file.regulation,
        "as_of": deck_file.as_of,
    }
    return [(key, value) for key, value in values.items() if value not in (None, "")]


def format_decklist(deck: Deck[GameCard]) -> str:
    """The text form of a deck; raises :class:`InputError` when a value would not read
    back the same (a name with a line break, a reference such as ``x 1``)."""
    form = _format(deck.file.game)
    lines = [f"# {key}: {value}" for key, value in _fields(deck.file)]
    wanted: list[tuple[str, DeckEntry[GameCard]]] = []
    for section in form.layout.sections:
        entries = deck.section(section)
        if entries:
            title = form.style.titles[section]
            lines += ["", title] if lines else [title]
            lines += [f"{entry.count} {entry.reference}{_note(entry)}" for entry in entries]
            wanted += [(section, entry) for entry in entries]
    text = "\n".join(lines) + "\n"
    # Read the text back: whatever would not come back the same cannot be written.
    scan = _scan(text, form)
    for key, value in _fields(deck.file):
        if scan.fields.get(key) != str(value):
            raise InputError(f"{deck.path}: the text form cannot carry the {key} {value!r}")
    read = [(c.section, c.reference, c.count) for c in scan.cards]
    for index, (section, entry) in enumerate(wanted):
        if index >= len(read) or read[index] != (section, entry.reference, entry.count):
            raise InputError(
                f"{deck.path}: the text form cannot carry the card reference {entry.reference!r}",
                line=entry.line,
                hint="use the card number",
            )
    return text


def _yaml_entry(key: str, value: object) -> str:
    """``key: value`` with YAML quoting where needed (``'007': 4``)."""
    dumped: str = yaml.safe_dump(
        {key: value}, allow_unicode=True, default_flow_style=False, width=2**31
    )
    return dumped.rstrip("\n")


def _yaml_value(value: str | dt.date) -> object:
    """A regulation id that is an ISO date is written plain, as the contract shows it."""
    if isinstance(value, str):
        with contextlib.suppress(ValueError):
            date = dt.date.fromisoformat(value)
            if date.isoformat() == value:
                return date
    return value


def format_deck_yaml(deck: Deck[GameCard]) -> str:
    """The deck file (contract §1, §9) of a deck, sections in the game's order; raises
    :class:`InputError` if the file would not read back as the same deck."""
    layout = _format(deck.file.game).layout
    lines = [_yaml_entry(key, _yaml_value(value)) for key, value in _fields(deck.file)]
    for section in layout.sections:
        entries = deck.section(section)
        if section in layout.single and len(entries) == 1 and entries[0].count == 1:
            (entry,) = entries
            lines.append(_yaml_entry(section, entry.reference) + _note(entry))
        elif entries:
            lines.append(f"{section}:")
            lines += [f"  {_yaml_entry(e.reference, e.count)}{_note(e)}" for e in entries]
    text = "\n".join(lines) + "\n"
    _check_reads_back(deck, text)
    return text


def _check_reads_back(deck: Deck[GameCard], text: str) -> None:
    """Refuse a deck file that lalcheck would not read back as ``deck``."""
    read = parse_deck(text, deck.path)
    wanted = sorted((e.section, e.reference, e.count) for e in deck.entries)
    found = sorted((line.section, line.reference, line.count) for line in read.lines)
    given = (deck.file.game, deck.file.name or None, deck.file.regulation or None, deck.file.as_of)
    fields = (read.game, read.name, read.regulation, read.as_of)
    if read.problems or found != wanted or fields != given:
        problem = read.problems[0].message if read.problems else "it would read back differently"
        raise InputError(f"{deck.path}: cannot write this deck as a deck file: {problem}")
