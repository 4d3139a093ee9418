"""``lalcheck config``: the effective settings and where each came from."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from lalcheck.cli.common import TextOrJson, project_settings
from lalcheck.config import DEFAULT, find_config


def config(
    output_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="Output format.")
    ] = TextOrJson.TEXT,
) -> None:
    """Show the effective settings (db, lock, regulation, exclude, format) and where each
    came from: LALCHECK_DB, lalcheck.toml or [tool.lalcheck] in pyproject.toml (the
    nearest in this folder or above), a lalcheck.lock found upward, or the default.

    Options on the command line win over all of these.
    """
    chosen = project_settings()
    found = find_config()
    if output_format is TextOrJson.JSON:
        document = {
            "config_file": str(found.path) if found else None,
            "settings": {
                key: {"value": setting.value, "from": setting.origin or DEFAULT}
                for key, setting in chosen.items()
            },
        }
        typer.echo(json.dumps(document, ensure_ascii=False, indent=2))
        return
    typer.echo(f"configuration file: {found.path if found else '(none found)'}")
    for key, setting in chosen.items():
        value = setting.value
        shown = "(none)" if value in (None, []) else ", ".join(value) if key == "exclude" else value
        typer.echo(f"{key:<10} {shown}  [{setting.origin or DEFAULT}]")
