"""Options and error handling shared by every command."""

from __future__ import annotations

import datetime as dt
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from lalcheck.config import COMMAND_LINE, DB_ENV, DEFAULT, Setting, settings
from lalcheck.db import CardDatabase, open_database
from lalcheck.db.lock import verify_lock
from lalcheck.decks import Deck, collect_deck_paths, find_decks, read_deck_file
from lalcheck.errors import LalcheckError
from lalcheck.findings import Severity
from lalcheck.games import DEFAULT_GAME, get_game
from lalcheck.games.base import Game, GameCard
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
        metavar="PATH|URL",
        help="Card database to use. Default: $LALCHECK_DB, else db in lalcheck.toml or "
        "[tool.lalcheck], else the bundled sample database. A URL is downloaded within "
        "120 s, or $LALCHECK_DEADLINE seconds.",
        show_default=False,
    ),
]

ExcludeOption = Annotated[
    list[str] | None,
    typer.Option(
        "--exclude",
        metavar="GLOB",
        help="Skip files found in folders that match this glob, e.g. 'drafts/*' (repeatable; "
        "adds to exclude in the configuration file).",
        show_default=False,
    ),
]

#: Bounds that keep a typo from running for days or forking thousands of processes.
MAX_GAMES = 10_000_000
MAX_JOBS = 256
SeedOption = Annotated[
    int, typer.Option(metavar="N", help="Seed: the same seed gives the same report.")
]
JobsOption = Annotated[
    int, typer.Option(min=1, max=MAX_JOBS, metavar="N", help="Worker processes.")
]
QuietOption = Annotated[bool, typer.Option("--quiet", "-q", help="Print errors only.")]

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
TypeOption = Annotated[str | None, typer.Option("--type", metavar="TYPE", help="Card type.")]
ColorOption = Annotated[str | None, typer.Option("--color", metavar="COLOR", help="Card color.")]
WorldOption = Annotated[
    str | None, typer.Option(metavar="WORLD", help="World, e.g. Septpia or 'Luck&Logic Club'.")
]


class TextOrJson(StrEnum):
    """``--format`` of commands that print a text view or one JSON document."""

    TEXT = "text"
    JSON = "json"


def parse_date(text: str) -> dt.date:
    """An ISO date option (``--as-of 2017-10-01``), refused in the tool's own words."""
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise typer.BadParameter(f"{text!r} is not a date; write it as YYYY-MM-DD") from None


def stdout_is_terminal() -> bool:
    return sys.stdout.isatty()


def use_colour() -> bool:
    """Colour on a terminal, unless ``NO_COLOR`` is set (https://no-color.org) or the
    terminal is dumb."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return stdout_is_terminal()


def command_app(help_text: str) -> typer.Typer:
    """The Typer app of a command group (``lalcheck db``…): plain help whose sentences are
    wrapped to the terminal, no completion options of its own (``lalcheck`` has them)."""
    return typer.Typer(
        help=help_text, no_args_is_help=True, add_completion=False, rich_markup_mode=None
    )


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


def note(message: str) -> None:
    """Print ``note: message`` on stderr (control characters escaped)."""
    typer.echo(f"note: {visible(message)}", err=True)


def project_settings(**given: Any) -> dict[str, Setting]:
    """The settings of :mod:`lalcheck.config`, the command line's ``given`` first; exit 2
    when the configuration file is unusable."""
    try:
        return settings(given)
    except LalcheckError as error:
        fail(str(error))


def _source_note(setting: Setting) -> str:
    """Where a database that cannot be used was named, when not on the command line."""
    if setting.origin == DB_ENV:
        return (
            f"\n(the environment variable {DB_ENV} names it: point it at a card database, "
            "or unset it)"
        )
    if setting.origin not in (COMMAND_LINE, DEFAULT):
        return f"\n(db in {setting.origin} names it)"
    return ""


def load_db(
    source: str | None, game: str | None = None, *, check_lock: bool = True
) -> CardDatabase[GameCard]:
    """The card database for a command (``--db``, else ``$LALCHECK_DB``, else the
    configuration file's, else the bundled sample of ``game``), checked against the
    project's lock file unless ``check_lock`` is false; or exit 2 with the reason.

    A ``--db URL`` whose server is unreachable falls back to the cached copy with a warning.
    """
    chosen = project_settings(db=source)
    db = chosen["db"]
    try:
        database = open_database(db.value, game=game or DEFAULT_GAME, warn=warn)
    except LalcheckError as error:
        fail(f"{error}{_source_note(db)}")
    if game is not None and database.info.game != game:
        fail(f"the card database {database.info.source} is for {database.info.game}, not {game}")
    if check_lock:
        lock = chosen["lock"].value
        with user_errors():
            verify_lock(database, db.value, Path(lock) if lock else None)
    return database


def find_deck_files(paths: Sequence[Path], exclude: Sequence[str] = ()) -> Sequence[Path]:
    """The deck files a command on ``paths`` reads (folders searched, see
    :func:`~lalcheck.decks.find_decks`), with a note on stderr for each file passed over;
    exit 2 for a path that does not exist or a folder without decks. ``exclude`` adds to
    the configuration file's globs."""
    configured = project_settings()["exclude"].value
    with user_errors():
        search = find_decks(paths, [*configured, *exclude])
    for passed_over in search.notes():
        note(passed_over)
    return search.paths


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
    """The card database of a command on deck files: ``--db``, ``$LALCHECK_DB`` or the
    configuration file's, else the bundled sample of the first deck's game."""
    chosen = project_settings(db=source)["db"].value
    return load_db(source, None if chosen else deck_game(decks))


@contextmanager
def progress_bar(total: int, *, quiet: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr, advanced by the number of games played; None (no bar)
    when ``quiet`` or when stderr is not a terminal."""
    if quiet or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    columns = (BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("games", total=total)
        yield lambda games: progress.advance(task, games)


def legality_errors(deck: Deck[GameCard], database: CardDatabase[GameCard]) -> list[str]:
    """The deck's error findings, one indented line each; none when it is legal."""
    from lalcheck.checker import Checker

    report = Checker(database).check_deck_file(deck.file)
    return [
        f"  {f.message}" + (f" (line {f.line})" if f.line else "")
        for f in report.findings
        if f.severity is Severity.ERROR
    ]


def require_legal(
    path: Path,
    deck: Deck[GameCard],
    database: CardDatabase[GameCard],
    *,
    force: bool,
    does: str = "plays",
    doing: str = "playing",
) -> bool:
    """Whether ``deck`` is legal; an illegal one exits 1 with its errors, or under ``force``
    warns and goes on (``--force plays it anyway``)."""
    errors = legality_errors(deck, database)
    if errors:
        listing = "\n".join(errors)
        if not force:
            fail(f"{path} is not a legal deck (--force {does} it anyway):\n{listing}", EXIT_ILLEGAL)
        warn(f"{path} is not a legal deck; {doing} it anyway (--force):\n{listing}")
    return not errors
