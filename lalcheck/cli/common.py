"""Options and error handling shared by every command."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from enum import StrEnum
from typing import Annotated, NoReturn

import typer

from lalcheck.cards import WORLD_ALIASES, World
from lalcheck.db import CardDatabase, open_database
from lalcheck.db.model import fold
from lalcheck.errors import LalcheckError
from lalcheck.wording import visible

#: Exit codes of contract §4.
EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_USAGE = 2

Force = Annotated[bool, typer.Option("--force", help="Overwrite the output file if it exists.")]

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="LALCHECK_DB",
        metavar="PATH|URL",
        help="Card database to use (default: the bundled sample database). A URL is "
        "downloaded within 120 s, or $LALCHECK_DEADLINE seconds.",
    ),
]

WorldOption = Annotated[str | None, typer.Option(help="World, e.g. Septpia or 'Luck&Logic Club'.")]


class TextOrJson(StrEnum):
    """``--format`` of commands that print a text view or one JSON document."""

    TEXT = "text"
    JSON = "json"


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """Print ``error: message`` on stderr (control characters escaped) and exit."""
    shown = visible(message, keep="\n")
    typer.echo(f"error: {shown}", err=True)
    raise typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn :class:`LalcheckError` into a clear message and exit code 2."""
    try:
        yield
    except LalcheckError as error:
        fail(str(error))


def warn(message: str) -> None:
    """Print ``warning: message`` on stderr (control characters escaped)."""
    shown = visible(message, keep="\n")
    typer.echo(f"warning: {shown}", err=True)


def load_db(source: str | None) -> CardDatabase:
    """The card database for a command, or exit 2 with the reason.

    A ``--db URL`` whose server is unreachable falls back to the cached copy with a warning.
    """
    try:
        return open_database(source, warn=warn)
    except LalcheckError as error:
        fail(str(error))


def parse_world(text: str | None) -> World | None:
    """The world a ``--world`` option names (any case and spacing), or exit 2."""
    if text is None:
        return None
    names = {fold(world.value): world for world in World}
    names.update({fold(alias): world for alias, world in WORLD_ALIASES.items()})
    world = names.get(fold(text))
    if world is None:
        fail(f"unknown world {text!r}; worlds: {', '.join(w.value for w in World)}")
    return world
