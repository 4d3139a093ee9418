"""Options and error handling shared by every command."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated, NoReturn

import typer

from lalcheck.db import CardDatabase, open_database
from lalcheck.errors import LalcheckError

#: Exit codes of contract §4.
EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_USAGE = 2

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="LALCHECK_DB",
        metavar="PATH|URL",
        help="Card database to use (default: the bundled sample database).",
    ),
]


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print ``error: message`` on stderr and exit."""
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn :class:`LalcheckError` into a clear message and exit code 2."""
    try:
        yield
    except LalcheckError as error:
        fail(str(error))


def load_db(source: str | None) -> CardDatabase:
    """The card database for a command, or exit 2 with the reason."""
    try:
        return open_database(source)
    except LalcheckError as error:
        fail(str(error))
