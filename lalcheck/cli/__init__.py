"""The ``lalcheck`` command line: a thin Typer layer over the library.

Each command lives in its own module, imported only when it runs (see
:mod:`lalcheck.cli.root`). Commands turn library errors
(:class:`~lalcheck.errors.LalcheckError`) into a message on stderr and exit
code 2 (contract §4), never a traceback; :func:`main` does the same for one a
command let through (say, a card's abilities read late from a stale parse
cache). Anything else is a bug in lalcheck:
:func:`main` reports it on stderr with exit code 3, so that a crash never looks
like an illegal deck (``LALCHECK_DEBUG=1`` adds the traceback).

``lalcheck --version`` is answered before Typer is even imported.
"""

from __future__ import annotations

import sys

#: ``typing.TYPE_CHECKING`` without importing typing (a quarter of ``--version``'s time).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import typer

    app: typer.Typer


def main() -> None:
    """Console-script entry point."""
    if sys.argv[1:] == ["--version"]:
        from lalcheck import __version__

        print(f"lalcheck {__version__}")
        return
    try:
        from lalcheck.cli.root import app

        app(prog_name="lalcheck")
    except BrokenPipeError:  # the reader of standard output went away (`| head`)
        from lalcheck.cli.common import EXIT_USAGE

        sys.exit(EXIT_USAGE)
    except Exception as error:
        from lalcheck.errors import LalcheckError

        if isinstance(error, LalcheckError):  # unusable input a command did not catch itself
            _input_error(error)
        _internal_error(error)
    finally:
        _settle_stdout()


def _input_error(error: Exception) -> None:
    """Report unusable input on stderr as every command does, and exit 2."""
    from lalcheck.cli.common import EXIT_USAGE
    from lalcheck.wording import visible

    shown = visible(str(error), keep="\n")
    sys.stderr.write(f"error: {shown}\n")
    sys.exit(EXIT_USAGE)


def _internal_error(error: Exception) -> None:
    """Report a bug in lalcheck on stderr and exit 3."""
    import os
    import traceback

    from lalcheck import __version__
    from lalcheck.errors import EXIT_INTERNAL, describe_error

    if os.environ.get("LALCHECK_DEBUG"):
        traceback.print_exc()
    sys.stderr.write(
        f"internal error: {describe_error(error)}\nthis is a bug in lalcheck "
        f"{__version__}: please report it with the command and its input "
        "(LALCHECK_DEBUG=1 shows the traceback)\n"
    )
    sys.exit(EXIT_INTERNAL)


def _settle_stdout() -> None:
    """Flush standard output; when it cannot take more (a closed pipe, a full disk),
    drop what is left instead of failing again as Python exits."""
    import contextlib
    import os

    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def __getattr__(name: str) -> object:
    """``lalcheck.cli.app``, the Typer app, imported on first use."""
    if name == "app":
        from lalcheck.cli.root import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
