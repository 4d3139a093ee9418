"""``lalcheck collection``: what you own, and what your decks still need (contract §7).

Exit codes: 0 done; 1 the command could not be done and changed nothing (an
unknown card, removing more than is held, an import with bad rows); 2 usage
errors and unusable files (a bad option, an unreadable deck or CSV, a
collection file that is not a lalcheck collection).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from lalcheck.atomic import check_target, is_stdout, write_atomic
from lalcheck.cli.common import (
    EXIT_ILLEGAL,
    DbOption,
    Force,
    GameOption,
    TextOrJson,
    TypeOption,
    WorldOption,
    command_app,
    fail,
    find_deck_files,
    game_of,
    load_db,
    load_deck_db,
    user_errors,
)
from lalcheck.collection import (
    COLLECTION_ENV,
    CollectionError,
    Condition,
    ExportFormat,
    Holding,
    ImportRejected,
    ListFormat,
    collection_stats,
    filter_holdings,
    format_holdings,
    format_missing,
    format_stats,
    missing_cards,
    open_collection,
    read_import,
    resolve_card,
)
from lalcheck.collection.model import DEFAULT_LANGUAGE, MAX_QUANTITY, parse_language
from lalcheck.collection.store import collection_path
from lalcheck.db.search import parse_filters
from lalcheck.decks import read_deck
from lalcheck.errors import LalcheckError
from lalcheck.wording import plural, visible

app = command_app("Your card collection: what you own, and what your decks still need.")

CollectionOption = Annotated[
    Path | None,
    typer.Option(
        "--collection",
        envvar=COLLECTION_ENV,
        metavar="PATH",
        help="Collection file (default: collection.sqlite3 in the user data folder).",
        show_default=False,
    ),
]
CardArgument = Annotated[
    str, typer.Argument(metavar="CARD", help="Card number or exact card name.")
]
LanguageOption = Annotated[str, typer.Option(metavar="CODE", help="Language code: ja, en, zh, ...")]
NoteOption = Annotated[
    str,
    typer.Option(
        metavar="TEXT",
        help="A note; merged rows keep every distinct note (default: none).",
        show_default=False,
    ),
]


@contextmanager
def _errors() -> Iterator[None]:
    """Collection refusals exit 1; other library errors exit 2."""
    with user_errors():
        try:
            yield
        except CollectionError as error:
            fail(str(error), EXIT_ILLEGAL)


def _will_create(collection: Path | None) -> bool:
    """Whether opening the collection creates its file."""
    return not collection_path(collection).exists()


def _say_created(path: Path, created: bool) -> None:
    if created:
        typer.echo(f"created the collection {path}", err=True)


@app.command()
def add(
    card: CardArgument,
    quantity: Annotated[
        int, typer.Argument(min=1, max=MAX_QUANTITY, metavar="QUANTITY", help="Copies to add.")
    ] = 1,
    trade: Annotated[
        int,
        typer.Option(min=0, max=MAX_QUANTITY, metavar="N", help="How many of them are for trade."),
    ] = 0,
    condition: Annotated[
        Condition, typer.Option(case_sensitive=False, help="Condition, mint (MT) to poor (PO).")
    ] = Condition.NM,
    language: LanguageOption = DEFAULT_LANGUAGE,
    foil: Annotated[bool, typer.Option("--foil/--no-foil", help="Foil copies.")] = False,
    note: NoteOption = "",
    collection: CollectionOption = None,
    db: DbOption = None,
    game: GameOption = None,
) -> None:
    """Add copies of a card; copies with the same details merge into one row."""
    database = load_db(db, game)
    with _errors():
        found = resolve_card(database, card)
        holding = Holding(
            found.number,
            quantity,
            trade,
            condition,
            parse_language(language),
            foil,
            note.strip(),
            database.info.game,
        )
        created = _will_create(collection)
        with open_collection(collection) as owned:
            row = owned.add(holding)
            _say_created(owned.path, created)
    others = [c.number for c in database.identity_printings(found) if c.number != found.number]
    hint = ""
    if others and card.strip() != found.number:
        hint = f" (other printings: {', '.join(others)}; give the number to add those)"
    done = f"added {quantity} × {found.label()} ({row.details()}): {row.quantity} held{hint}"
    typer.echo(visible(done))


@app.command()
def remove(
    card: CardArgument,
    quantity: Annotated[
        int, typer.Argument(min=1, metavar="QUANTITY", help="Copies to remove.")
    ] = 1,
    condition: Annotated[
        Condition | None,
        typer.Option(case_sensitive=False, help="Only from copies in this condition."),
    ] = None,
    language: Annotated[
        str | None, typer.Option(metavar="CODE", help="Only from copies in this language.")
    ] = None,
    foil: Annotated[
        bool | None, typer.Option("--foil/--no-foil", help="Only from foil / non-foil copies.")
    ] = None,
    collection: CollectionOption = None,
    db: DbOption = None,
    game: GameOption = None,
) -> None:
    """Remove copies of a card; removing more than is held is an error that changes nothing."""
    database = load_db(db, game)
    with _errors():
        found = resolve_card(database, card)
        chosen_language = parse_language(language) if language is not None else None
        with open_collection(collection, create=False) as owned:
            row = owned.remove(
                found,
                quantity,
                game=database.info.game,
                condition=condition,
                language=chosen_language,
                foil=foil,
            )
    typer.echo(
        visible(f"removed {quantity} × {found.label()} ({row.details()}): {row.quantity} left")
    )


@app.command("list")
def list_cards(
    output_format: Annotated[
        ListFormat, typer.Option("--format", "-f", help="Output format.")
    ] = ListFormat.TEXT,
    set_code: Annotated[
        str | None, typer.Option("--set", metavar="SET", help="Set code, e.g. BT01.")
    ] = None,
    card_type: TypeOption = None,
    world: WorldOption = None,
    collection: CollectionOption = None,
    db: DbOption = None,
    game: GameOption = None,
) -> None:
    """The rows of the collection (of the database's game), optionally only one set,
    type or world."""
    database = load_db(db, game)
    chosen = game_of(database.info.game)
    with user_errors():
        values = parse_filters(chosen.search_fields, {"type": card_type, "world": world}, chosen.id)
    with _errors():
        with open_collection(collection, read_only=True) as owned:
            rows = owned.holdings(database.info.game)
        shown = filter_holdings(rows, database, set_code=set_code, values=values)
    typer.echo(format_holdings(shown, database, output_format), nl=False)


@app.command("import")
def import_file(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help="CSV with a header row: number,quantity,...")
    ],
    skip_bad: Annotated[
        bool, typer.Option("--skip-bad", help="Import the good rows and skip the bad ones.")
    ] = False,
    collection: CollectionOption = None,
    db: DbOption = None,
    game: GameOption = None,
) -> None:
    """Import a CSV: all rows or, when any row is bad, nothing (exit 1)."""
    database = load_db(db, game)
    with _errors():
        try:
            parsed = read_import(file, database, skip_bad=skip_bad)
        except ImportRejected as rejected:
            for problem in rejected.problems:
                typer.echo(visible(f"{file}:{problem.line}: {problem.message}"), err=True)
            raise
        created = _will_create(collection)
        with open_collection(collection) as owned:
            owned.add_all(parsed.rows)
            _say_created(owned.path, created)
    for problem in parsed.problems:
        typer.echo(visible(f"{file}:{problem.line}: skipped: {problem.message}"), err=True)
    skipped = f", skipped {plural(len(parsed.problems), 'bad row')}" if parsed.problems else ""
    rows, copies = plural(len(parsed.rows), "row"), plural(parsed.copies, "copy", "copies")
    typer.echo(f"imported {rows} ({copies}) from {file}{skipped}")


@app.command()
def export(
    output_format: Annotated[
        ExportFormat, typer.Option("--format", "-f", help="Output format.")
    ] = ExportFormat.CSV,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", metavar="FILE", help="Write to this file (default: stdout)."
        ),
    ] = None,
    force: Force = False,
    collection: CollectionOption = None,
    db: DbOption = None,
    game: GameOption = None,
) -> None:
    """Every row, as CSV that `collection import` reads back exactly, or as JSON."""
    database = load_db(db, game)
    with _errors():
        if output is not None:
            check_target(output, overwrite=force)
        with open_collection(collection, read_only=True) as owned:
            if output is not None:
                owned.check_output(output)
            rows = owned.holdings(database.info.game)
        text = format_holdings(rows, database, output_format)
        if output is None:
            typer.echo(text, nl=False)
        else:
            write_atomic(output, text.encode("utf-8"))
            typer.echo(f"exported {plural(len(rows), 'row')} to {output}", err=True)


@app.command()
def missing(
    decks: Annotated[
        list[Path],
        typer.Argument(
            metavar="DECK...",
            help="Deck files, or folders searched for *.yaml, *.yml and *.json decks.",
            show_default=False,
        ),
    ],
    together: Annotated[
        bool, typer.Option(help="Build all the decks at once: their needs add up.")
    ] = False,
    exact: Annotated[
        bool, typer.Option(help="Count the printings the decks list, not any printing.")
    ] = False,
    output_format: Annotated[
        ListFormat, typer.Option("--format", "-f", help="Output format; csv is a wishlist.")
    ] = ListFormat.TEXT,
    collection: CollectionOption = None,
    db: DbOption = None,
) -> None:
    """Cards the decks need that the collection does not hold (any printing counts)."""
    database = load_deck_db(db, decks)
    loaded, unusable = [], 0
    for path in find_deck_files(decks):
        try:
            loaded.append(read_deck(path, database))
        except LalcheckError as error:
            typer.echo(visible(f"error: {error}", keep="\n"), err=True)
            unusable += 1
    # Only the rows of the cards the decks list (any printing of their names) are read.
    numbers = {
        printing.number
        for deck in loaded
        for entry in deck.entries
        if entry.card is not None
        for printing in ((entry.card,) if exact else database.identity_printings(entry.card))
    }
    with _errors(), open_collection(collection, read_only=True) as owned:
        rows = owned.holdings_of(database.info.game, numbers)
    if loaded:
        reports = missing_cards(loaded, rows, database, together=together, exact=exact)
        typer.echo(format_missing(reports, output_format), nl=False)
    if unusable:
        fail(f"{plural(unusable, 'deck')} could not be read; the others are reported above")


@app.command()
def stats(
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="Output format.")
    ] = TextOrJson.TEXT,
    collection: CollectionOption = None,
    db: DbOption = None,
    game: GameOption = None,
) -> None:
    """Distinct cards and copies owned per set, with completion against the card database."""
    database = load_db(db, game)
    with _errors(), open_collection(collection, read_only=True) as owned:
        rows = owned.holdings(database.info.game)
    typer.echo(format_stats(collection_stats(rows, database), output_format), nl=False)


@app.command()
def backup(
    target: Annotated[
        Path,
        typer.Argument(
            metavar="TARGET", help="File to write the copy to, or - for standard output."
        ),
    ],
    force: Force = False,
    collection: CollectionOption = None,
) -> None:
    """Write a consistent copy of the collection file, even while others write to it."""
    with _errors(), open_collection(collection, read_only=True) as owned:
        check_target(target, overwrite=force)
        owned.backup(target)
        source = owned.path
    typer.echo(f"backed up {source} to {target}", err=is_stdout(target))
