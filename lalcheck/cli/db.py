"""``lalcheck db``: what card database is loaded, and checking database files."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from lalcheck.cli.common import DbOption, load_db, user_errors
from lalcheck.db import load_database
from lalcheck.formatters.cards import format_database_info

app = typer.Typer(help="Card database: what is loaded, schema check.", no_args_is_help=True)


@app.command()
def info(db: DbOption = None) -> None:
    """Name, version, sample flag, sha256 and counts by type and set of the database."""
    typer.echo(format_database_info(load_db(db)), nl=False)


@app.command()
def validate(
    file: Annotated[Path, typer.Argument(help="Card database file (YAML or JSON).")],
) -> None:
    """Check a card database file against the schema; exit 2 with every problem if invalid."""
    with user_errors():
        database = load_database(file, use_cache=False)
    typer.echo(f"{file}: valid card database {database.info.name!r} with {len(database)} cards")
