"""``lalcheck import`` and ``lalcheck export``: text decklists, deck files, printable lists.

``import`` exits 1 when the decklist has unusable lines (each is reported with
its line number; nothing is written) and 2 for unusable input or output
(a missing or non-UTF-8 file, an output file that exists without ``--force``).
``export`` exits 1 for an illegal deck (its errors are listed; ``--force``
writes it anyway, with a warning) and 2 when the deck cannot be read or has
unknown cards. ``import`` warns when the deck file it wrote is not legal.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from lalcheck.atomic import check_target, write_atomic
from lalcheck.cli.common import (
    EXIT_ILLEGAL,
    DbOption,
    Force,
    GameOption,
    fail,
    game_of,
    legality_errors,
    load_db,
    load_deck_db,
    note,
    require_legal,
    user_errors,
    warn,
)
from lalcheck.decklist import (
    DecklistError,
    format_deck_yaml,
    format_decklist,
    parse_decklist,
)
from lalcheck.decks import parse_deck, read_deck, resolve
from lalcheck.errors import InputError
from lalcheck.regulations import Regulations
from lalcheck.yamlsafe import DECK_LIMITS, READ_AS_CP932, decode_utf8_or_cp932, read_bytes

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
    """The text of a decklist file, or of standard input for ``-``, and the name to
    report it by; a Shift-JIS file is read with a note saying so."""
    if source != STDIO:
        raw, name = read_bytes(Path(source), DECK_LIMITS), source
    else:
        raw, name = sys.stdin.buffer.read(DECK_LIMITS.max_bytes + 1), "<stdin>"
        if len(raw) > DECK_LIMITS.max_bytes:
            raise InputError(f"standard input is over the limit of {DECK_LIMITS.max_bytes:,} bytes")
    text, cp932 = decode_utf8_or_cp932(raw, name, hint="save the file as UTF-8")
    if cp932:
        note(f"{name}: {READ_AS_CP932}")
    return text, name


def _write(output: str, text: str) -> None:
    write_atomic(Path(output), text.encode("utf-8"))  # - is standard output


def import_decklist(
    source: Annotated[
        str, typer.Argument(metavar="DECKLIST", help="Text decklist file, or - for standard input.")
    ],
    output: Output = STDIO,
    force: Force = False,
    db: DbOption = None,
    game: GameOption = None,
) -> None:
    """Turn a text decklist ("4 BT01/008", "4x スイーツ系女子 小玲") into a deck file.

    Exit 1 when lines cannot be read or name unknown cards (every one is
    reported with its line; nothing is written), 2 on unusable input or output.
    """
    database = load_db(db, game)
    with user_errors():
        if output != STDIO:
            check_target(Path(output), overwrite=force)
        text, name = _read_source(source)
        try:
            deck = parse_decklist(text, name, database, Regulations.bundled(database.info.game))
        except DecklistError as error:
            fail(f"{error}\nnothing was written", EXIT_ILLEGAL)
        written = format_deck_yaml(deck)
        _write(output, written)
    if output != STDIO:
        typer.echo(f"wrote {output}", err=True)
    shown = name if output == STDIO else output
    errors = legality_errors(resolve(parse_deck(written, shown), database), database)
    if errors:
        listing = "\n".join(errors)
        warn(f"the deck written is not legal (`lalcheck check` tells more):\n{listing}")


def export(
    deck: Annotated[
        Path, typer.Argument(metavar="DECK", help="Deck file (YAML).", show_default=False)
    ],
    output_format: Annotated[
        ExportFormat,
        typer.Option("--format", "-f", help="text: a text decklist; html: a printable A4 sheet."),
    ] = ExportFormat.TEXT,
    output: Output = STDIO,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="Overwrite the output file if it exists; export an illegal deck."
        ),
    ] = False,
    db: DbOption = None,
) -> None:
    """Write a deck file as a text decklist or a printable registration sheet.

    Exit 1 when the deck is not legal (its errors are listed; --force exports it
    anyway), 2 if it cannot be read or has unknown cards (`lalcheck check` tells why).
    """
    database = load_deck_db(db, [deck])
    sheet = game_of(database.info.game).registration_sheet
    if output_format is ExportFormat.HTML and sheet is None:
        fail(f"there is no registration sheet for {database.info.game} decks")
    with user_errors():
        if output != STDIO:
            check_target(Path(output), overwrite=force)
        resolved = read_deck(deck, database)
        require_legal(deck, resolved, database, force=force, does="exports", doing="exporting")
        if sheet is not None and output_format is ExportFormat.HTML:
            text = sheet(resolved, database.info)
        else:
            text = format_decklist(resolved)
        _write(output, text)
    if output != STDIO:
        typer.echo(f"wrote {output}", err=True)
