"""``lalcheck games``: the games lalcheck knows, with their rules references."""

from __future__ import annotations

from typing import Annotated

import typer

from lalcheck.cli.common import TextOrJson
from lalcheck.formatters.games import format_games_json, format_games_text
from lalcheck.games import all_games


def games(
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="Output format.")
    ] = TextOrJson.TEXT,
) -> None:
    """The games lalcheck knows: id (the game: of deck files and databases), title and
    rules reference."""
    known = all_games()
    text = (
        format_games_json(known) if output_format is TextOrJson.JSON else format_games_text(known)
    )
    typer.echo(text, nl=False)
