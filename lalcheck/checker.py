"""The deck checker: runs every rule over decks and returns frozen reports.

``Checker(open_database()).check_paths([Path("decks")])`` gives a
:class:`CheckReport`; a formatter turns it into text, and its ``exit_code()``
is the command's exit code.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from lalcheck.cards import CardType
from lalcheck.db.model import CardDatabase, DatabaseInfo
from lalcheck.decks import SYNTAX, Deck, DeckFile, collect_deck_paths, read_deck_file, resolve
from lalcheck.errors import describe_error
from lalcheck.findings import Finding, Severity
from lalcheck.regulations import Regulation, Regulations
from lalcheck.rules import RULES, CheckContext, Rule

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
#: lalcheck itself failed on a deck (a bug): never mistaken for an illegal deck.
EXIT_INTERNAL = 3
#: The rule id of a deck lalcheck failed on.
INTERNAL = "internal-error"


@dataclass(frozen=True, slots=True)
class DeckCounts:
    """Card counts of a deck's sections, as written."""

    main: int
    paradox: int
    gates: int
    secret_tools: int

    @classmethod
    def of(cls, deck: Deck) -> DeckCounts:
        paradox = sum(
            entry.count
            for entry in deck.section("main")
            if entry.card is not None and entry.card.type is CardType.PARADOX
        )
        return cls(deck.count("main"), paradox, deck.count("gates"), deck.count("secret_tools"))


@dataclass(frozen=True, slots=True)
class DeckReport:
    """The verdict on one deck file."""

    path: str
    name: str | None
    regulation: Regulation
    as_of: dt.date
    counts: DeckCounts
    findings: tuple[Finding, ...]

    @property
    def legal(self) -> bool:
        """A deck is legal when no finding is an error (contract §5)."""
        return not any(finding.severity is Severity.ERROR for finding in self.findings)

    @property
    def has_warnings(self) -> bool:
        return any(finding.severity is Severity.WARNING for finding in self.findings)

    @property
    def failed(self) -> bool:
        """True when lalcheck itself failed on this deck (an ``internal-error`` finding)."""
        return any(finding.rule == INTERNAL for finding in self.findings)


@dataclass(frozen=True, slots=True)
class CheckReport:
    """The verdicts on every deck of one run."""

    database: DatabaseInfo
    decks: tuple[DeckReport, ...]

    @property
    def legal_count(self) -> int:
        return sum(deck.legal for deck in self.decks)

    @property
    def illegal_count(self) -> int:
        return len(self.decks) - self.legal_count

    def exit_code(self, *, strict: bool = False) -> int:
        """0 when every deck is legal, else 1; ``strict`` also fails on warnings (§4);
        3 when lalcheck failed on a deck."""
        if any(deck.failed for deck in self.decks):
            return EXIT_INTERNAL
        failed = any(not deck.legal or (strict and deck.has_warnings) for deck in self.decks)
        return EXIT_ILLEGAL if failed else EXIT_LEGAL


class Checker:
    """Checks decks against one card database and the dated regulations."""

    def __init__(
        self,
        db: CardDatabase,
        regulations: Regulations | None = None,
        *,
        regulation: Regulation | None = None,
        as_of: dt.date | None = None,
        today: dt.date | None = None,
        rules: Mapping[str, Rule] = RULES,
    ) -> None:
        self.db = db
        self.regulations = regulations or Regulations.bundled()
        self.regulation = regulation
        self.as_of = as_of
        self.today = today or dt.date.today()
        self.rules = rules

    def _setting(self, deck_file: DeckFile) -> tuple[Regulation, dt.date, list[Finding]]:
        """The regulation and date a deck is checked under: the command's, the deck's,
        or the one in force today."""
        problems: list[Finding] = []
        as_of = self.as_of or deck_file.as_of or self.today
        regulation = self.regulation
        line = deck_file.field_lines.get("regulation")
        if regulation is None and deck_file.regulation is not None:
            regulation = self.regulations.get(deck_file.regulation)
            if regulation is None:
                known = ", ".join(r.id for r in self.regulations.all)
                problems.append(
                    Finding(
                        SYNTAX,
                        Severity.ERROR,
                        f"unknown regulation {deck_file.regulation!r}; known: {known}",
                        line=line,
                    )
                )
        if regulation is None:
            regulation = self.regulations.in_force(as_of)
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
        """Run every rule on a parsed deck file; a bug in lalcheck becomes an
        ``internal-error`` finding, so the other decks are still checked."""
        try:
            return self._check(deck_file)
        except Exception as error:
            return self._failed(deck_file.path, error, deck_file.name)

    def _failed(self, path: str, error: Exception, name: str | None = None) -> DeckReport:
        """The report of a deck lalcheck failed on."""
        as_of = self.as_of or self.today
        finding = Finding(
            INTERNAL,
            Severity.ERROR,
            f"lalcheck failed on this deck ({describe_error(error)}); this is a bug in "
            "lalcheck: please report it with the deck file",
        )
        return DeckReport(
            path=path,
            name=name,
            regulation=self.regulation or self.regulations.in_force(as_of),
            as_of=as_of,
            counts=DeckCounts(0, 0, 0, 0),
            findings=(finding,),
        )

    def _check(self, deck_file: DeckFile) -> DeckReport:
        deck = resolve(deck_file, self.db)
        regulation, as_of, problems = self._setting(deck_file)
        context = CheckContext(deck, self.db, regulation, as_of, tuple(problems))
        # A file that could not be parsed has no content to judge: only its syntax.
        rules = self.rules.values() if deck_file.parsed else [self.rules[SYNTAX]]
        findings = [finding for rule in rules for finding in rule.check(context)]
        findings.sort(key=Finding.sort_key)
        return DeckReport(
            path=deck_file.path,
            name=deck_file.name,
            regulation=regulation,
            as_of=as_of,
            counts=DeckCounts.of(deck),
            findings=tuple(findings),
        )

    def check_path(self, path: Path) -> DeckReport:
        """Read and check one deck file."""
        try:
            deck_file = read_deck_file(path)
        except Exception as error:  # a bug in reading must not hide the other decks
            return self._failed(str(path), error)
        return self.check_deck_file(deck_file)

    def check_paths(self, paths: Iterable[Path]) -> CheckReport:
        """Check deck files and folders of deck files."""
        reports = tuple(self.check_path(path) for path in collect_deck_paths(paths))
        return CheckReport(self.db.info, reports)
