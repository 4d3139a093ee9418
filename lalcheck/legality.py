"""Under which dated regulations a deck is legal (``lalcheck legal-in``).

Each regulation is in force from its effective date until the day before the
next one takes effect. A deck is legal under a regulation when the
:class:`~lalcheck.checker.Checker`, run with that regulation as of the last day
it is in force (today for the latest), finds no error: the last day is the
most favourable, as later card releases only add cards.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lalcheck.checker import Checker, DeckReport
from lalcheck.db.model import CardDatabase
from lalcheck.decks import collect_deck_paths, read_deck_file
from lalcheck.games.base import DatedRegulation as Regulation
from lalcheck.regulations import Regulations


@dataclass(frozen=True, slots=True)
class Period:
    """A regulation and the last day it is in force (None: still in force)."""

    regulation: Regulation
    until: dt.date | None


@dataclass(frozen=True, slots=True)
class Verdict:
    """A deck checked under one regulation."""

    period: Period
    report: DeckReport


@dataclass(frozen=True, slots=True)
class Legality:
    """A deck's verdicts under every regulation, in date order."""

    path: str
    name: str | None
    verdicts: tuple[Verdict, ...]

    @property
    def legal_in(self) -> tuple[Regulation, ...]:
        """The regulations under which the deck is legal."""
        return tuple(v.period.regulation for v in self.verdicts if v.report.legal)


def periods(regulations: Regulations) -> tuple[Period, ...]:
    """Every regulation with the last day it is in force, by date."""
    ordered = regulations.all
    ends: list[dt.date | None] = [later.effective - dt.timedelta(days=1) for later in ordered[1:]]
    return tuple(Period(r, end) for r, end in zip(ordered, [*ends, None], strict=True))


def legal_in(
    db: CardDatabase[Any],
    paths: Iterable[Path],
    regulations: Regulations | None = None,
    *,
    today: dt.date | None = None,
) -> tuple[Legality, ...]:
    """Check deck files and folders under every regulation of the database's game."""
    regulations = regulations or Regulations.bundled(db.info.game)
    today = today or dt.date.today()
    checkers = [
        (
            period,
            Checker(
                db,
                regulations,
                regulation=period.regulation,
                as_of=period.until or max(today, period.regulation.effective),
            ),
        )
        for period in periods(regulations)
    ]
    results = []
    for path in collect_deck_paths(paths):
        deck_file = read_deck_file(path)
        verdicts = tuple(Verdict(p, checker.check_deck_file(deck_file)) for p, checker in checkers)
        results.append(Legality(deck_file.path, deck_file.name, verdicts))
    return tuple(results)
