"""``lalcheck check``: validate deck files and folders of deck files."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Annotated

import typer

from lalcheck.checker import Checker
from lalcheck.cli.common import DbOption, load_db, user_errors
from lalcheck.db.lock import verify_lock
from lalcheck.formatters import FORMATTERS, ReportFormat
from lalcheck.regulations import Regulations


def check(
    decks: Annotated[
        list[Path],
        typer.Argument(
            help="Deck files, or folders searched for *.yaml / *.yml.", show_default=False
        ),
    ],
    db: DbOption = None,
    regulation: Annotated[
        str | None,
        typer.Option(
            help="Regulation id (e.g. 2017-09-01) or a regulation file; overrides the deck's."
        ),
    ] = None,
    as_of: Annotated[
        dt.datetime | None,
        typer.Option(
            "--as-of",
            formats=["%Y-%m-%d"],
            help="Check as of this date: picks the regulation in force and hides unreleased "
            "cards. Overrides the deck's as_of. Default: today.",
        ),
    ] = None,
    output_format: Annotated[
        ReportFormat, typer.Option("--format", "-f", help="Report format.")
    ] = ReportFormat.TEXT,
    strict: Annotated[bool, typer.Option(help="Warnings fail the check too (exit 1).")] = False,
    lock: Annotated[
        Path | None,
        typer.Option(help="Lock file the database must match (default: ./lalcheck.lock)."),
    ] = None,
) -> None:
    """Validate decks: exit 0 if all are legal, 1 if any is illegal, 2 on unusable input,
    3 when lalcheck failed on a deck (a bug; the other decks are still reported)."""
    database = load_db(db)
    with user_errors():
        verify_lock(database, db, lock)
        regulations = Regulations.bundled()
        chosen = regulations.named(regulation) if regulation else None
        checker = Checker(
            database, regulations, regulation=chosen, as_of=as_of.date() if as_of else None
        )
        report = checker.check_paths(decks)
    typer.echo(FORMATTERS[output_format](report), nl=False)
    raise typer.Exit(report.exit_code(strict=strict))
