"""``lalcheck import`` and ``lalcheck export``: text decklists, deck files, printable lists.

``import`` exits 1 when the decklist has unusable lines (each is reported with
its line number; nothing is written) and 2 for unusable input or output
(a missing or non-UTF-8 file, an output file that exists without ``--force``).
``export`` exits 2 when the deck cannot be read or has unknown cards.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from lalcheck.atomic import check_target, write_atomic
from lalcheck.cli.common import EXIT_ILLEGAL, DbOption, Force, fail, load_db, user_errors
from lalcheck.decklist import DecklistError, format_deck_yaml, format_decklist, parse_decklist
from lalcheck.decks import read_deck
from lalcheck.errors import InputError
from lalcheck.formatters.registration import format_registration_sheet
from lalcheck.regulations import Regulations
from lalcheck.yamlsafe import DECK_LIMITS, decode_utf8, read_text

#: Standing for standard input or output.
STDIO = "-"

Output = Annotated[
    str,
    typer.Option("--output", "-o", metavar="FILE", help="File to write, or - for standard output."),
]


class ExportFormat(StrEnum):
    """What ``lalcheck export`` writes."""

    TEXT = "text"
    HTML = "html"


def _read_source(source: str) -> tuple[str, str]:
    """The text of a file, or of standard input for ``-``, and the name to report it by."""
    if source != STDIO:
        return read_text(Path(source), DECK_LIMITS), source
    raw = sys.stdin.buffer.read(DECK_LIMITS.max_bytes + 1)
    if len(raw) > DECK_LIMITS.max_bytes:
        raise InputError(f"standard input is over the limit of {DECK_LIMITS.max_bytes:,} bytes")
    return decode_utf8(raw, "<stdin>"), "<stdin>"


def _write(output: str, text: str) -> None:
    write_atomic(Path(output), text.encode("utf-8"))  # - is standard output


def import_decklist(
    source: Annotated[
        str, typer.Argument(metavar="DECKLIST", help="Text decklist file, or - for standard input.")
    ],
    output: Output = STDIO,
    force: Force = False,
    db: DbOption = None,
) -> None:
    """Turn a text decklist ("4 BT01/008", "4x スイーツ系女子 小玲") into a deck file.

    Exit 1 when lines cannot be read or name unknown cards (every one is
    reported with its line; nothing is written), 2 on unusable input or output.
    """
    database = load_db(db)
    with user_errors():
        if output != STDIO:
            check_target(Path(output), overwrite=force)
        text, name = _read_source(source)
        try:
            deck = parse_decklist(text, name, database, Regulations.bundled())
        except DecklistError as error:
            fail(f"{error}\nnothing was written", EXIT_ILLEGAL)
        _write(output, format_deck_yaml(deck))
    if output != STDIO:
        typer.echo(f"wrote {output}", err=True)


def export(
    deck: Annotated[Path, typer.Argument(help="Deck file (YAML).", show_default=False)],
    output_format: Annotated[
        ExportFormat,
        typer.Option("--format", "-f", help="text: a text decklist; html: a printable A4 sheet."),
    ] = ExportFormat.TEXT,
    output: Output = STDIO,
    force: Force = False,
    db: DbOption = None,
) -> None:
    """Write a deck file as a text decklist or a printable registration sheet (exit 2 if
    the deck cannot be read or has unknown cards: `lalcheck check` tells why)."""
    database = load_db(db)
    with user_errors():
        if output != STDIO:
            check_target(Path(output), overwrite=force)
        resolved = read_deck(deck, database)
        if output_format is ExportFormat.HTML:
            text = format_registration_sheet(resolved, database.info)
        else:
            text = format_decklist(resolved)
        _write(output, text)
    if output != STDIO:
        typer.echo(f"wrote {output}", err=True)
