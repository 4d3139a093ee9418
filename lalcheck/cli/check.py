"""``lalcheck check``: validate deck files and folders of deck files."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated

import typer

from lalcheck.checker import Checker
from lalcheck.cli.common import (
    DbOption,
    ExcludeOption,
    QuietOption,
    deck_game,
    fail,
    find_deck_files,
    load_db,
    parse_date,
    project_settings,
    use_colour,
    user_errors,
)
from lalcheck.db.lock import verify_lock
from lalcheck.findings import Severity
from lalcheck.formatters import ReportFormat, stream_formatter
from lalcheck.formatters.text import colourise


def check(
    decks: Annotated[
        list[Path],
        typer.Argument(
            metavar="DECK...",
            help="Deck files, or folders searched for *.yaml, *.yml and *.json decks.",
            show_default=False,
        ),
    ],
    db: DbOption = None,
    regulation: Annotated[
        str | None,
        typer.Option(
            metavar="ID|FILE",
            help="Regulation id (e.g. 2017-09-01) or a regulation file; overrides the deck's. "
            "Default: the deck's, else the one in force.",
            show_default=False,
        ),
    ] = None,
    as_of: Annotated[
        dt.date | None,
        typer.Option(
            "--as-of",
            parser=parse_date,
            metavar="YYYY-MM-DD",
            help="Check as of this date: picks the regulation in force and hides unreleased "
            "cards. Overrides the deck's as_of. Default: today.",
            show_default=False,
        ),
    ] = None,
    output_format: Annotated[
        ReportFormat | None,
        typer.Option(
            "--format",
            "-f",
            help="Report format. Default: text, or format in the configuration file.",
            show_default=False,
        ),
    ] = None,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict", help="Warnings fail the check too: exit 1, and every format says so."
        ),
    ] = False,
    lock: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Lock file the database must match. Default: lalcheck.lock in this folder "
            "or the nearest one above it.",
            show_default=False,
        ),
    ] = None,
    exclude: ExcludeOption = None,
    quiet: QuietOption = False,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Also show advice (info findings).")
    ] = False,
) -> None:
    """Validate decks: exit 0 if all are legal, 1 if any is illegal, 2 on unusable input,
    3 when lalcheck failed on a deck (a bug; the other decks are still reported).

    Each deck's game: picks its rules; without --db each game's bundled sample
    database is used. Counts read held/wanted: gates 12/10 is 12 gate cards
    where the regulation wants 10. Warnings are shown, advice (info) only with
    --verbose; --quiet shows only the decks that fail.
    """
    if quiet and verbose:
        fail("--quiet and --verbose cannot be used together")
    chosen = project_settings(
        db=db, lock=str(lock) if lock else None, regulation=regulation, format=output_format
    )
    source = chosen["db"].value
    database = load_db(db, check_lock=False) if source else None
    paths = find_deck_files(decks, exclude or ())
    with user_errors():
        checker = Checker(
            database,
            regulation=chosen["regulation"].value,
            as_of=as_of,
        )
        first_game = database.info.game if database else deck_game(paths)
        checker.chosen_regulation(first_game)  # a regulation it lacks: exit 2 before any report
        lock_file = chosen["lock"].value
        verify_lock(checker.database(first_game), source, Path(lock_file) if lock_file else None)
        run = checker.run(paths, strict=strict, shown=shown_severity(quiet=quiet, verbose=verbose))
        chosen_format = ReportFormat(chosen["format"].value or ReportFormat.TEXT)
        colour = chosen_format is ReportFormat.TEXT and use_colour()
        write_parts(stream_formatter(chosen_format)(run), colour=colour)
    raise typer.Exit(run.summary().exit_code())


def shown_severity(*, quiet: bool, verbose: bool) -> Severity:
    """The least severe findings shown: errors under --quiet, advice under --verbose."""
    return Severity.ERROR if quiet else Severity.INFO if verbose else Severity.WARNING


#: Characters of a report gathered before they are written.
_WRITE_BLOCK = 1 << 16


def write_parts(parts: Iterable[str], *, colour: bool) -> None:
    """Write a report's parts to stdout in blocks as they come (coloured for a terminal)."""
    gathered: list[str] = []
    size = 0
    for part in parts:
        gathered.append(colourise(part) if colour else part)
        size += len(part)
        if size >= _WRITE_BLOCK:
            typer.echo("".join(gathered), nl=False, color=True)
            gathered, size = [], 0
    if gathered:
        typer.echo("".join(gathered), nl=False, color=True)
