"""``lalcheck schema``: print a bundled JSON Schema, for an editor or another validator."""

from __future__ import annotations

from typing import Annotated

import typer

from lalcheck.cli.common import user_errors
from lalcheck.resources import schema_path
from lalcheck.schemas import schema_name, schema_names


def schema(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="NAME",
            help="A schema name (cards, deck, regulation, lock, report, "
            "restore-the-luminous/cards, …) or its $id. Without it, every name is listed.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Print a bundled JSON Schema (draft 2020-12); its $id is urn:lalcheck:schema:NAME.

    Save it next to your files and point your editor at it, e.g. with
    `lalcheck schema deck > deck.schema.json`.
    """
    if name is None:
        typer.echo("\n".join(schema_names()))
        return
    with user_errors():
        chosen = schema_name(name)
    typer.echo(schema_path(chosen).read_text(encoding="utf-8"), nl=False)
