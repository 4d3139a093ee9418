"""The deck checker: runs every rule over decks and returns frozen reports.

``Checker(open_database()).check_paths([Path("decks")])`` gives a
:class:`CheckReport`; a formatter turns it into text, and its ``exit_code()``
is the command's exit code. Each file's ``game:`` picks its game's rules;
without a database the checker uses each game's bundled sample database, and
a deck of another game than a given database is a ``deck-syntax`` error.
"""

from __future__ import annotations

import datetime as dt
import gc
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from lalcheck.db.load import load_database
from lalcheck.db.model import CardDatabase, DatabaseInfo
from lalcheck.decks import (
    SYNTAX,
    Deck,
    DeckFile,
    collect_deck_paths,
    game_mismatch,
    read_deck_file,
    resolve,
)
from lalcheck.errors import EXIT_INTERNAL, LalcheckError, describe_error
from lalcheck.findings import Finding, Severity
from lalcheck.games import DEFAULT_GAME, get_game
from lalcheck.games.base import Count, DatedRegulation, FileCheck, FileKind
from lalcheck.regulations import Regulations

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
#: The rule id of a deck lalcheck failed on.
INTERNAL = "internal-error"
#: Severities from the most severe.
SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


@dataclass(frozen=True, slots=True)
class DeckReport:
    """The verdict on one deck file (or another file kind of its game)."""

    path: str
    name: str | None
    game: str
    regulation: DatedRegulation
    as_of: dt.date
    counts: tuple[Count, ...]
    findings: tuple[Finding, ...]
    #: False when the file could not be read or parsed at all.
    parsed: bool = True

    @property
    def legal(self) -> bool:
        """A deck is legal when no finding is an error (contract §5)."""
        return not any(finding.severity is Severity.ERROR for finding in self.findings)

    @property
    def has_warnings(self) -> bool:
        return any(finding.severity is Severity.WARNING for finding in self.findings)

    @property
    def failed(self) -> bool:
        """True when lalcheck itself failed on this file (an ``internal-error`` finding)."""
        return any(finding.rule == INTERNAL for finding in self.findings)

    def passed(self, *, strict: bool = False) -> bool:
        """Legal, and under ``strict`` without warnings either (contract §4)."""
        return self.legal and not (strict and self.has_warnings)

    def shown_findings(self, shown: Severity) -> tuple[Finding, ...]:
        """The findings as severe as ``shown`` or more (``Severity.WARNING``: errors and
        warnings)."""
        return tuple(
            f for f in self.findings if SEVERITY_ORDER[f.severity] <= SEVERITY_ORDER[shown]
        )


@dataclass(frozen=True, slots=True)
class CheckSummary:
    """What a report says after its decks: how many passed and failed, and the card
    databases they were checked against (one per game, the first game's first)."""

    databases: tuple[DatabaseInfo, ...]
    deck_count: int
    legal_count: int
    #: Decks that fail the run: the illegal ones, and under ``strict`` those with warnings.
    failed_count: int
    #: Whether lalcheck itself failed on a deck.
    internal_failure: bool
    strict: bool = False

    @property
    def database(self) -> DatabaseInfo:
        """The card database of the run (of its first game when decks of several games
        were checked)."""
        return self.databases[0]

    @property
    def illegal_count(self) -> int:
        return self.deck_count - self.legal_count

    def exit_code(self) -> int:
        """0 when every deck passes, else 1 (§4); 3 when lalcheck failed on a deck."""
        if self.internal_failure:
            return EXIT_INTERNAL
        return EXIT_ILLEGAL if self.failed_count else EXIT_LEGAL


class Tally:
    """Counts decks as they are reported, keeping nothing else of them."""

    def __init__(self, *, strict: bool = False) -> None:
        self.strict = strict
        self.games: dict[str, None] = {}
        self.decks = self.legal = self.failed = 0
        self.internal_failure = False

    def add(self, deck: DeckReport) -> DeckReport:
        """Count ``deck`` and give it back."""
        self.games.setdefault(deck.game, None)
        self.decks += 1
        self.legal += deck.legal
        self.failed += not deck.passed(strict=self.strict)
        self.internal_failure = self.internal_failure or deck.failed
        return deck

    def summary(self, databases: Callable[[str], DatabaseInfo], default_game: str) -> CheckSummary:
        """The summary of the decks counted; ``databases`` gives each game's database."""
        games = list(self.games) or [default_game]
        return CheckSummary(
            tuple(databases(game) for game in games),
            self.decks,
            self.legal,
            self.failed,
            self.internal_failure,
            self.strict,
        )


class ReportSource(Protocol):
    """Deck reports as a formatter reads them: the decks one by one, then the summary
    (a :class:`CheckReport`, or a :class:`CheckRun` checking decks as they are asked for)."""

    @property
    def strict(self) -> bool: ...

    @property
    def shown(self) -> Severity: ...

    def each_deck(self) -> Iterable[DeckReport]:
        """The deck reports, once, in order."""
        ...

    def summary(self) -> CheckSummary:
        """The summary, once every deck has been read."""
        ...


def threshold(source: ReportSource) -> Severity:
    """The least severe findings shown: ``shown``, and warnings under ``strict`` even when
    only errors are asked for, since they fail the run."""
    if source.strict and source.shown is Severity.ERROR:
        return Severity.WARNING
    return source.shown


@dataclass(frozen=True, slots=True)
class CheckReport:
    """The verdicts on every deck of one run, and the card databases they were checked
    against (one per game, the first game's first)."""

    databases: tuple[DatabaseInfo, ...]
    decks: tuple[DeckReport, ...]
    #: Warnings fail a deck too (``--strict``): every format says so, not only the exit code.
    strict: bool = False
    #: The least severe findings the text, SARIF, JUnit and GitHub views show: warnings by
    #: default, errors only under ``--quiet``, advice (``info``) too under ``--verbose``.
    #: The JSON report always holds every finding.
    shown: Severity = Severity.WARNING

    @property
    def database(self) -> DatabaseInfo:
        """The card database of the run (of its first game when decks of several games
        were checked)."""
        return self.databases[0]

    @property
    def legal_count(self) -> int:
        return sum(deck.legal for deck in self.decks)

    @property
    def illegal_count(self) -> int:
        return len(self.decks) - self.legal_count

    @property
    def threshold(self) -> Severity:
        """The least severe findings shown (see :func:`threshold`)."""
        return threshold(self)

    @property
    def failed_count(self) -> int:
        """Decks that fail the run: the illegal ones, and under ``strict`` those with warnings."""
        return sum(not deck.passed(strict=self.strict) for deck in self.decks)

    def each_deck(self) -> Iterable[DeckReport]:
        return self.decks

    def summary(self) -> CheckSummary:
        return CheckSummary(
            self.databases,
            len(self.decks),
            self.legal_count,
            self.failed_count,
            any(deck.failed for deck in self.decks),
            self.strict,
        )

    def exit_code(self) -> int:
        """0 when every deck passes, else 1 (§4); 3 when lalcheck failed on a deck."""
        return self.summary().exit_code()


class CheckRun:
    """A run that checks each deck file when a formatter asks for it and keeps only the
    counts of the summary, so memory stays flat at any number of decks.

    The objects there are when checking starts, and each game's card database once
    loaded, are frozen out of garbage collection (:func:`gc.freeze`): collecting
    among them again and again cost more than the rules.
    """

    def __init__(
        self,
        checker: Checker,
        paths: Iterable[Path],
        *,
        strict: bool = False,
        shown: Severity = Severity.WARNING,
    ) -> None:
        self.checker = checker
        self.paths = paths
        self.strict = strict
        self.shown = shown
        self.tally = Tally(strict=strict)
        self._frozen: set[str] = set()
        self._done = False

    def each_deck(self) -> Iterator[DeckReport]:
        gc.freeze()  # the card database and the code: the collector need not scan them again
        for path in self.paths:
            report = self.tally.add(self.checker.check_path(path))
            if self.tally.games.keys() - self._frozen:  # a game's database was loaded
                self._frozen.update(self.tally.games)
                gc.freeze()
            yield report
        self._done = True

    def summary(self) -> CheckSummary:
        if not self._done:
            raise RuntimeError("the summary of a run is known once every deck is checked")
        return self.tally.summary(self.checker.database_info, self.checker.default_game)


class Checker:
    """Checks decks against a card database (else each game's bundled sample database)
    and the dated regulations.

    ``regulations`` replace the bundled ones of their game; ``regulation``, a
    regulation or a regulation id or file, replaces the one in force (an id or file
    is looked up in the regulations of each deck's game).
    """

    def __init__(
        self,
        db: CardDatabase[Any] | None = None,
        regulations: Regulations | None = None,
        *,
        regulation: DatedRegulation | str | None = None,
        as_of: dt.date | None = None,
        today: dt.date | None = None,
    ) -> None:
        self.db = db
        self.regulations = regulations
        self.regulation = regulation
        self.as_of = as_of
        self.today = today or dt.date.today()
        self._databases: dict[str, CardDatabase[Any]] = {}
        self._named: dict[str, DatedRegulation] = {}

    def database(self, game_id: str) -> CardDatabase[Any]:
        """The database decks of ``game_id`` are checked against."""
        if self.db is not None:
            return self.db
        if game_id not in self._databases:
            self._databases[game_id] = load_database(get_game(game_id).sample_database)
        return self._databases[game_id]

    def regulations_of(self, game_id: str) -> Regulations:
        """The regulations of a game: the given ones, or the bundled ones."""
        if self.regulations is not None and self.regulations.game == game_id:
            return self.regulations
        return Regulations.bundled(game_id)

    def chosen_regulation(self, game_id: str) -> DatedRegulation | None:
        """The regulation the checker was given, for decks of ``game_id`` (an id or a file
        is looked up once per game); None when none was given. :class:`UsageError` (or
        :class:`InputError` for a bad file) when that game has no such regulation: a
        command asks for the first deck's game before it reports anything."""
        if not isinstance(self.regulation, str):
            return self.regulation
        if game_id not in self._named:
            self._named[game_id] = self.regulations_of(game_id).named(self.regulation)
        return self._named[game_id]

    def _setting(
        self, deck_file: DeckFile, regulations: Regulations
    ) -> tuple[DatedRegulation, dt.date, list[Finding]]:
        """The regulation and date a deck is checked under: the command's, the deck's,
        or the one in force today. A regulation given to the checker that the deck's game
        does not have (decks of two games, a regulation of one) is a finding of the deck,
        so the other decks are still reported."""
        problems: list[Finding] = []
        as_of = self.as_of or deck_file.as_of or self.today
        try:
            regulation = self.chosen_regulation(regulations.game)
        except LalcheckError as error:
            regulation = None
            title = get_game(regulations.game).title
            message = f"the regulation given does not apply to {title} decks: {error}"
            problems.append(Finding(SYNTAX, Severity.ERROR, message))
        line = deck_file.field_lines.get("regulation")
        if regulation is None and deck_file.regulation is not None:
            regulation = regulations.get(deck_file.regulation)
            if regulation is None:
                known = ", ".join(r.id for r in regulations.all)
                problems.append(
                    Finding(
                        SYNTAX,
                        Severity.ERROR,
                        f"unknown regulation {deck_file.regulation!r}; known: {known}",
                        line=line,
                    )
                )
        if regulation is None:
            regulation = regulations.in_force(as_of)
        if regulation.effective > as_of:
            problems.append(
                Finding(
                    SYNTAX,
                    Severity.WARNING,
                    f"regulation {regulation.id} takes effect on {regulation.effective}, "
                    f"after the date checked for ({as_of})",
                    line=line,
                )
            )
        return regulation, as_of, problems

    def check_deck_file(self, deck_file: DeckFile) -> DeckReport:
        """Run every rule of the file's game and kind on a parsed deck file; a bug in
        lalcheck becomes an ``internal-error`` finding, so the other decks are still checked."""
        try:
            return self._check(deck_file)
        except LalcheckError:  # unusable input outside the deck (a regulation file): exit 2
            raise
        except Exception as error:
            return self._failed(deck_file.path, error, deck_file.game, deck_file.name)

    def _failed(
        self, path: str, error: Exception, game_id: str | None = None, name: str | None = None
    ) -> DeckReport:
        """The report of a deck lalcheck failed on."""
        as_of = self.as_of or self.today
        game = game_id or self.default_game
        finding = Finding(
            INTERNAL,
            Severity.ERROR,
            f"lalcheck failed on this deck ({describe_error(error)}); this is a bug in "
            "lalcheck: please report it with the deck file",
        )
        return DeckReport(
            path=path,
            name=name,
            game=game,
            regulation=self.regulations_of(game).in_force(as_of),
            as_of=as_of,
            counts=(),
            findings=(finding,),
        )

    def _check(self, deck_file: DeckFile) -> DeckReport:
        db = self.database(deck_file.game)
        game = get_game(db.info.game)
        regulations = self.regulations_of(game.id)
        mismatch = game_mismatch(deck_file, db.info)
        if mismatch is not None:  # judged by its game alone, as an empty file of the database's
            as_of = self.as_of or self.today
            empty = DeckFile(deck_file.path, game=game.id, kind=game.default_kind)
            check = FileCheck(Deck(empty, ()), db, regulations.in_force(as_of), as_of)
            return self._report(deck_file, game.id, game.kind(None), check, [mismatch])
        regulation, as_of, problems = self._setting(deck_file, regulations)
        check = FileCheck(resolve(deck_file, db), db, regulation, as_of, tuple(problems))
        # A file that could not be parsed has no kind and no content to judge: only its syntax.
        kind = game.kind(deck_file.kind if deck_file.parsed else None)
        findings = list(kind.check(check)) if deck_file.parsed else [*deck_file.problems, *problems]
        return self._report(deck_file, game.id, kind, check, findings)

    @staticmethod
    def _report(
        deck_file: DeckFile, game_id: str, kind: FileKind, check: FileCheck, findings: list[Finding]
    ) -> DeckReport:
        findings.sort(key=Finding.sort_key)
        return DeckReport(
            path=deck_file.path,
            name=deck_file.name,
            game=game_id,
            regulation=check.regulation,
            as_of=check.as_of,
            counts=kind.counts(check),
            findings=tuple(findings),
            parsed=deck_file.parsed,
        )

    def check_path(self, path: Path) -> DeckReport:
        """Read and check one deck file."""
        try:
            deck_file = read_deck_file(path)
        except LalcheckError:
            raise
        except Exception as error:  # a bug in reading must not hide the other decks
            return self._failed(str(path), error)
        return self.check_deck_file(deck_file)

    def database_info(self, game_id: str) -> DatabaseInfo:
        return self.database(game_id).info

    @property
    def default_game(self) -> str:
        """The game of a run without decks: the database's, else the default game."""
        return self.db.info.game if self.db is not None else DEFAULT_GAME

    def check_paths(self, paths: Iterable[Path]) -> CheckReport:
        """Check deck files and folders of deck files (see :func:`~lalcheck.decks.find_decks`)."""
        tally = Tally()
        reports = tuple(tally.add(self.check_path(path)) for path in collect_deck_paths(paths))
        databases = tally.summary(self.database_info, self.default_game).databases
        return CheckReport(databases, reports)

    def run(
        self,
        deck_files: Iterable[Path],
        *,
        strict: bool = False,
        shown: Severity = Severity.WARNING,
    ) -> CheckRun:
        """A run over deck files already found, checked as a formatter reads them."""
        return CheckRun(self, deck_files, strict=strict, shown=shown)
