"""``lalcheck db``: the card database: what is loaded, checking, importing, fetching,
locking and comparing database files."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from lalcheck.atomic import check_target, is_stdout
from lalcheck.cli.common import (
    EXIT_ILLEGAL,
    DbOption,
    Force,
    GameOption,
    TextOrJson,
    command_app,
    fail,
    game_of,
    load_db,
    note,
    user_errors,
)
from lalcheck.config import LOCK_FILE
from lalcheck.db import load_database
from lalcheck.db.coverage import database_coverage
from lalcheck.db.diff import diff_databases
from lalcheck.db.dump import save_document
from lalcheck.db.lock import Lock, write_lock
from lalcheck.errors import LalcheckError
from lalcheck.formatters.cards import format_database_info
from lalcheck.formatters.coverage import format_coverage_json, format_coverage_text
from lalcheck.formatters.diff import format_diff_json, format_diff_text
from lalcheck.games import DEFAULT_GAME
from lalcheck.wording import plural, visible

app = command_app(
    "Card database: what is loaded, schema check, CSV import, download, lock, diff, coverage."
)


@app.command()
def info(db: DbOption = None, game: GameOption = None) -> None:
    """Name, version, sample flag, sha256 and counts by type and set of the database."""
    typer.echo(format_database_info(load_db(db, game, check_lock=False)), nl=False)


@app.command()
def validate(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="Card database file (YAML or JSON).")
    ],
) -> None:
    """Check a card database file against the schema; exit 2 with every problem if invalid."""
    with user_errors():
        database = load_database(file, use_cache=False)
    cards = plural(len(database), "card")
    typer.echo(visible(f"{file}: valid card database {database.info.name!r} with {cards}"))


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
        typer.echo(visible(format_coverage_text(result, database), keep="\n"), nl=False)


@app.command("import")
def import_csv(
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE", help="Card-list CSV with official English or Japanese column names."
        ),
    ],
    output: Annotated[
        Path,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Database file to write (.json: JSON, else YAML; - for stdout).",
        ),
    ],
    name: Annotated[
        str | None, typer.Option(metavar="NAME", help="Database name (default: the CSV's name).")
    ] = None,
    version: Annotated[
        str | None,
        typer.Option(
            "--version", metavar="VERSION", help="Database version (default: today's date)."
        ),
    ] = None,
    encoding: Annotated[
        str | None,
        typer.Option(
            metavar="ENCODING",
            help="CSV encoding (default: UTF-8 with or without BOM, else CP932).",
        ),
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
    for message in result.notes:
        note(message)
    for problem in result.problems:
        typer.echo(visible(problem.describe(str(file))), err=True)
    if result.problems and not skip_bad:
        fail(
            f"{file}: {plural(len(result.problems), 'problem')} in {plural(result.rows, 'row')}; "
            "nothing was written "
            "(fix the rows, or pass --skip-bad to import the others)",
            EXIT_ILLEGAL,
        )
    if not result.cards:
        fail(f"{file}: no row could be imported; nothing was written", EXIT_ILLEGAL)
    with user_errors():
        database = save_document(result.document, output)
    skipped = result.rows - result.cards
    typer.echo(
        visible(
            f"{output}: card database {database.info.name!r} version {database.info.version} "
            f"with {plural(len(database), 'card')}"
            + (f" ({plural(skipped, 'row')} skipped)" if skipped else "")
        ),
        err=is_stdout(output),  # -o - puts the database itself on standard output
    )


@app.command()
def fetch(
    url: Annotated[
        str, typer.Argument(metavar="URL", help="http(s) URL of a card database (YAML or JSON).")
    ],
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Also write the database here (replaced atomically).",
        ),
    ] = None,
    sha256: Annotated[
        str | None,
        typer.Option(metavar="HEX", help="Refuse the download unless its sha256 is this."),
    ] = None,
    timeout: Annotated[
        float | None,
        typer.Option(
            metavar="SECONDS",
            help="Seconds to wait to connect and for each piece of data (0.1 to 3600; "
            "default: 10).",
        ),
    ] = None,
    deadline: Annotated[
        float | None,
        typer.Option(
            metavar="SECONDS",
            help="Seconds the whole download may take, retries included (0.1 to 3600; "
            "default: 120). --db URL takes it from $LALCHECK_DEADLINE.",
            show_default=False,
        ),
    ] = None,
    retries: Annotated[
        int | None,
        typer.Option(
            metavar="N", help="Retries on connection errors and 5xx answers (0 to 20; default: 3)."
        ),
    ] = None,
    max_size: Annotated[
        int | None,
        typer.Option(
            metavar="BYTES",
            help="Refuse databases larger than this many bytes (default: 16 MiB, the card "
            "database limit).",
        ),
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
        settings = DEFAULT_SETTINGS.override(
            timeout=timeout, retries=retries, max_bytes=max_size, deadline=deadline
        )
        result = fetch_database(url, sha256=sha256, settings=settings, output=output)
    except LalcheckError as error:
        fail(f"{error}\n{output or 'the cached copy'} was not changed")
    info = result.database.info
    state = "downloaded" if result.downloaded else "not modified since the last fetch"
    typer.echo(
        visible(
            f"{url}: {state}: {info.name!r} version {info.version}, "
            f"{plural(len(result.database), 'card')}, "
            f"sha256 {info.sha256}" + (f"; written to {output}" if output else "")
        ),
        err=output is not None and is_stdout(output),
    )


@app.command()
def lock(
    db: DbOption = None,
    game: GameOption = None,
    output: Annotated[
        Path, typer.Option("--output", "-o", metavar="FILE", help="Lock file to write.")
    ] = Path(LOCK_FILE),
    force: Force = False,
) -> None:
    """Write lalcheck.lock (database source, name, version, sha256); every command that
    reads cards then checks the database against it."""
    database = load_db(db, game, check_lock=False)
    pinned = Lock.of(database, db)
    with user_errors():
        check_target(output, overwrite=force)
        write_lock(pinned, output)
    typer.echo(visible(f"{output}: locked {pinned.describe()}"), err=is_stdout(output))


@app.command()
def diff(
    old: Annotated[str, typer.Argument(metavar="OLD", help="The old database: PATH or URL.")],
    new: Annotated[str, typer.Argument(metavar="NEW", help="The new database: PATH or URL.")],
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="Output format.")
    ] = TextOrJson.TEXT,
) -> None:
    """Cards added, removed and changed (field by field) from OLD to NEW."""
    before, after = load_db(old, check_lock=False), load_db(new, check_lock=False)
    with user_errors():
        changes = diff_databases(before, after)
    text = (
        format_diff_json(changes) if output_format is TextOrJson.JSON else format_diff_text(changes)
    )
    typer.echo(text, nl=False)
