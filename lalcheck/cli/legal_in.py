"""``lalcheck legal-in``: under which dated regulations decks are legal, and why not."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from lalcheck.cli.common import (
    EXIT_ILLEGAL,
    EXIT_OK,
    DbOption,
    ExcludeOption,
    TextOrJson,
    find_deck_files,
    load_deck_db,
    user_errors,
)
from lalcheck.errors import EXIT_INTERNAL
from lalcheck.formatters.legality import format_json, format_text
from lalcheck.legality import legal_in as check_legal_in


def legal_in(
    decks: Annotated[
        list[Path],
        typer.Argument(
            metavar="DECK...",
            help="Deck files, or folders searched for *.yaml, *.yml and *.json decks.",
            show_default=False,
        ),
    ],
    db: DbOption = None,
    exclude: ExcludeOption = None,
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="Report format.")
    ] = TextOrJson.TEXT,
) -> None:
    """Check decks under every bundled regulation, by date: legal or not, and the errors.

    Exit 0 when every deck is legal under at least one regulation, 1 when a deck
    is legal under none, 2 on unusable input, 3 when lalcheck failed on a deck.
    """
    paths = find_deck_files(decks, exclude or ())
    database = load_deck_db(db, paths)
    with user_errors():
        results = check_legal_in(database, paths)
    if output_format is TextOrJson.JSON:
        typer.echo(format_json(results, database.info), nl=False)
    else:
        typer.echo(format_text(results), nl=False)
    if any(verdict.report.failed for r in results for verdict in r.verdicts):
        raise typer.Exit(EXIT_INTERNAL)
    raise typer.Exit(EXIT_OK if all(r.legal_in for r in results) else EXIT_ILLEGAL)
