"""The ``lalcheck`` command line: a thin Typer layer over the library.

Each command lives in its own module, imported only when it runs (see
:mod:`lalcheck.cli.root`). Commands turn library errors
(:class:`~lalcheck.errors.LalcheckError`) into a message on stderr and exit
code 2 (contract §4), never a traceback.

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
    from lalcheck.cli.root import app

    sys.exit(app(prog_name="lalcheck"))


def __getattr__(name: str) -> object:
    """``lalcheck.cli.app``, the Typer app, imported on first use."""
    if name == "app":
        from lalcheck.cli.root import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
