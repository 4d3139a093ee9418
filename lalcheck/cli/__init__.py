"""The ``lalcheck`` command line: a thin Typer layer over the library.

Each command group lives in its own module and is registered here. Commands
turn library errors (:class:`~lalcheck.errors.LalcheckError`) into a message on
stderr and exit code 2 (contract §4), never a traceback. Anything else is a bug
in lalcheck: :func:`main` reports it on stderr with exit code 3, so that a crash
never looks like an illegal deck (``LALCHECK_DEBUG=1`` adds the traceback).
"""

from __future__ import annotations

import contextlib
import os
import sys
import traceback

import typer

from lalcheck import __version__
from lalcheck.checker import EXIT_INTERNAL
from lalcheck.cli import cards, check, collection, db, decklists, goldfish, legal_in, play
from lalcheck.cli.common import EXIT_USAGE
from lalcheck.errors import describe_error

app = typer.Typer(
    name="lalcheck",
    help="Deck validator, collection manager and goldfish simulator for Luck & Logic.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"lalcheck {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Deck validator, collection manager and goldfish simulator for Luck & Logic."""


app.command("check")(check.check)
app.command("legal-in")(legal_in.legal_in)
app.command("import")(decklists.import_decklist)
app.command("export")(decklists.export)
app.command("play")(play.play)
app.command("goldfish")(goldfish.goldfish)
app.command("draw")(goldfish.draw)
app.add_typer(db.app, name="db")
app.add_typer(cards.app, name="cards")
app.add_typer(collection.app, name="collection")


def main() -> None:
    """Console-script entry point."""
    try:
        app(prog_name="lalcheck")
    except BrokenPipeError:  # the reader of standard output went away (`| head`)
        sys.exit(EXIT_USAGE)
    except Exception as error:
        if os.environ.get("LALCHECK_DEBUG"):
            traceback.print_exc()
        sys.stderr.write(
            f"internal error: {describe_error(error)}\nthis is a bug in lalcheck "
            f"{__version__}: please report it with the command and its input "
            "(LALCHECK_DEBUG=1 shows the traceback)\n"
        )
        sys.exit(EXIT_INTERNAL)
    finally:
        _settle_stdout()


def _settle_stdout() -> None:
    """Flush standard output; when it cannot take more (a closed pipe, a full disk),
    drop what is left instead of failing again as Python exits."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
