"""Options and error handling shared by every command."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from lalcheck.db import DB_ENV, CardDatabase, open_database
from lalcheck.decks import collect_deck_paths, read_deck_file
from lalcheck.errors import LalcheckError
from lalcheck.games import DEFAULT_GAME, get_game
from lalcheck.games.base import Game, GameCard

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
        help="Card database to use (default: the bundled sample database).",
    ),
]

GameOption = Annotated[
    str | None,
    typer.Option(
        "--game",
        metavar="GAME",
        help="Without --db: the game whose bundled sample database to use "
        "(default: luck-and-logic; see `lalcheck games`).",
    ),
]

#: Card field filters of ``cards search`` and ``collection list`` (the game's search fields).
TypeOption = Annotated[str | None, typer.Option("--type", help="Card type.")]
ColorOption = Annotated[str | None, typer.Option("--color", help="Card color.")]
WorldOption = Annotated[str | None, typer.Option(help="World, e.g. Septpia or 'Luck&Logic Club'.")]


class TextOrJson(StrEnum):
    """``--format`` of commands that print a text view or one JSON document."""

    TEXT = "text"
    JSON = "json"


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


def warn(message: str) -> None:
    """Print ``warning: message`` on stderr."""
    typer.echo(f"warning: {message}", err=True)


def load_db(source: str | None, game: str | None = None) -> CardDatabase[GameCard]:
    """The card database for a command (``--db``, else ``$LALCHECK_DB``, else the bundled
    sample of ``game``), or exit 2 with the reason.

    A ``--db URL`` whose server is unreachable falls back to the cached copy with a warning.
    """
    try:
        database = open_database(source, game=game or DEFAULT_GAME, warn=warn)
    except LalcheckError as error:
        fail(str(error))
    if game is not None and database.info.game != game:
        fail(f"the card database {database.info.source} is for {database.info.game}, not {game}")
    return database


def game_of(game_id: str) -> Game:
    """The registered game ``game_id``, or exit 2 naming the games there are."""
    try:
        return get_game(game_id)
    except LalcheckError as error:
        fail(str(error))


def deck_game(paths: Sequence[Path]) -> str:
    """The game of the first deck file among ``paths`` (folders searched): a command on
    decks uses that game's bundled database when no ``--db`` is given."""
    try:
        found = collect_deck_paths(paths[:1])
    except LalcheckError:
        return DEFAULT_GAME  # the command itself says what is wrong
    return read_deck_file(found[0]).game if found else DEFAULT_GAME


def load_deck_db(source: str | None, decks: Sequence[Path]) -> CardDatabase[GameCard]:
    """The card database of a command on deck files: ``--db`` or ``$LALCHECK_DB``, else
    the bundled sample of the first deck's game."""
    chosen = source or os.environ.get(DB_ENV)
    return load_db(source, None if chosen else deck_game(decks))


@contextmanager
def progress_bar(total: int, *, enabled: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr, advanced by the number of games played."""
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    columns = (BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("games", total=total)
        yield lambda games: progress.advance(task, games)
