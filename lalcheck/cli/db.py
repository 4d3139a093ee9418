"""``lalcheck db``: the card database: what is loaded, checking, importing, fetching,
locking and comparing database files."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from lalcheck.atomic import check_target
from lalcheck.cli.common import (
    EXIT_ILLEGAL,
    DbOption,
    GameOption,
    TextOrJson,
    fail,
    game_of,
    load_db,
    user_errors,
)
from lalcheck.db import load_database
from lalcheck.db.coverage import database_coverage
from lalcheck.db.diff import diff_databases
from lalcheck.db.dump import save_document
from lalcheck.db.lock import LOCK_FILE, Lock, write_lock
from lalcheck.errors import LalcheckError
from lalcheck.formatters.cards import format_database_info
from lalcheck.formatters.coverage import format_coverage_json, format_coverage_text
from lalcheck.formatters.diff import format_diff_json, format_diff_text
from lalcheck.games import DEFAULT_GAME

app = typer.Typer(
    help="Card database: what is loaded, schema check, CSV import, download, lock, diff, coverage.",
    no_args_is_help=True,
)


@app.command()
def info(db: DbOption = None, game: GameOption = None) -> None:
    """Name, version, sample flag, sha256 and counts by type and set of the database."""
    typer.echo(format_database_info(load_db(db, game)), nl=False)


@app.command()
def validate(
    file: Annotated[Path, typer.Argument(help="Card database file (YAML or JSON).")],
) -> None:
    """Check a card database file against the schema; exit 2 with every problem if invalid."""
    with user_errors():
        database = load_database(file, use_cache=False)
    typer.echo(f"{file}: valid card database {database.info.name!r} with {len(database)} cards")


@app.command()
def coverage(
    db: DbOption = None,
    game: GameOption = None,
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="Output format.")
    ] = TextOrJson.TEXT,
) -> None:
    """The share of cards whose whole text the game's engine runs (structured), and the others."""
    database = load_db(db, game)
    result = database_coverage(database)
    if output_format is TextOrJson.JSON:
        typer.echo(format_coverage_json(result), nl=False)
    else:
        typer.echo(format_coverage_text(result, database), nl=False)


@app.command("import")
def import_csv(
    file: Annotated[
        Path, typer.Argument(help="Card-list CSV with official English or Japanese column names.")
    ],
    output: Annotated[
        Path,
        typer.Option("--output", "-o", help="Database file to write (.json: JSON, else YAML)."),
    ],
    name: Annotated[
        str | None, typer.Option(help="Database name (default: the CSV's name).")
    ] = None,
    version: Annotated[
        str | None, typer.Option("--version", help="Database version (default: today's date).")
    ] = None,
    encoding: Annotated[
        str | None,
        typer.Option(help="CSV encoding (default: UTF-8 with or without BOM, else CP932)."),
    ] = None,
    skip_bad: Annotated[
        bool, typer.Option("--skip-bad", help="Write the rows that map; report the others.")
    ] = False,
    game: Annotated[
        str, typer.Option("--game", metavar="GAME", help="The game of the card list.")
    ] = DEFAULT_GAME,
) -> None:
    """Convert a card-list CSV into a card database; exit 1 (nothing written) on bad rows."""
    card_list_import = game_of(game).card_list_import
    if card_list_import is None:
        fail(f"there is no card-list import for {game} yet")
    with user_errors():
        check_target(output, overwrite=True)
        result = card_list_import(file, name=name, version=version, encoding=encoding)
    for note in result.notes:
        typer.echo(f"note: {note}", err=True)
    for problem in result.problems:
        typer.echo(problem.describe(str(file)), err=True)
    if result.problems and not skip_bad:
        fail(
            f"{file}: {len(result.problems)} problems in {result.rows} rows; nothing was written "
            "(fix the rows, or pass --skip-bad to import the others)",
            EXIT_ILLEGAL,
        )
    if not result.cards:
        fail(f"{file}: no row could be imported; nothing was written", EXIT_ILLEGAL)
    with user_errors():
        database = save_document(result.document, output)
    skipped = result.rows - result.cards
    typer.echo(
        f"{output}: card database {database.info.name!r} version {database.info.version} "
        f"with {len(database)} cards" + (f" ({skipped} rows skipped)" if skipped else "")
    )


@app.command()
def fetch(
    url: Annotated[str, typer.Argument(help="http(s) URL of a card database (YAML or JSON).")],
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Also write the database here (replaced atomically)."),
    ] = None,
    sha256: Annotated[
        str | None, typer.Option(help="Refuse the download unless its sha256 is this.")
    ] = None,
    timeout: Annotated[
        float | None,
        typer.Option(help="Seconds to wait to connect and for data (0.1 to 3600)."),
    ] = None,
    retries: Annotated[
        int | None, typer.Option(help="Retries on connection errors and 5xx answers (0 to 20).")
    ] = None,
    max_size: Annotated[
        int | None, typer.Option(help="Refuse databases larger than this many bytes.")
    ] = None,
) -> None:
    """Download a card database into the cache (and OUTPUT) after validating it.

    Conditional requests make an unchanged database cost no download. Any failure
    leaves OUTPUT and the cached copy as they were.
    """
    from lalcheck.db.fetch import DEFAULT_SETTINGS, fetch_database  # requests is slow to import

    try:
        if output is not None:
            check_target(output, overwrite=True)
        settings = DEFAULT_SETTINGS.override(timeout=timeout, retries=retries, max_bytes=max_size)
        result = fetch_database(url, sha256=sha256, settings=settings, output=output)
    except LalcheckError as error:
        fail(f"{error}\n{output or 'the cached copy'} was not changed")
    info = result.database.info
    state = "downloaded" if result.downloaded else "not modified since the last fetch"
    typer.echo(
        f"{url}: {state}: {info.name!r} version {info.version}, {len(result.database)} cards, "
        f"sha256 {info.sha256}" + (f"; written to {output}" if output else "")
    )


@app.command()
def lock(
    db: DbOption = None,
    game: GameOption = None,
    output: Annotated[Path, typer.Option("--output", "-o", help="Lock file to write.")] = Path(
        LOCK_FILE
    ),
) -> None:
    """Write lalcheck.lock (database source, name, version, sha256); `check` verifies it."""
    database = load_db(db, game)
    pinned = Lock.of(database, db)
    with user_errors():
        check_target(output, overwrite=True)
        write_lock(pinned, output)
    typer.echo(f"{output}: locked {pinned.describe()}")


@app.command()
def diff(
    old: Annotated[str, typer.Argument(help="The old database: PATH or URL.")],
    new: Annotated[str, typer.Argument(help="The new database: PATH or URL.")],
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="Output format.")
    ] = TextOrJson.TEXT,
) -> None:
    """Cards added, removed and changed (field by field) from OLD to NEW."""
    before, after = load_db(old), load_db(new)
    with user_errors():
        changes = diff_databases(before, after)
    text = (
        format_diff_json(changes) if output_format is TextOrJson.JSON else format_diff_text(changes)
    )
    typer.echo(text, nl=False)
