"""MkDocs hook: command pages show each command's help, generated from the real CLI.

A line ``::: lalcheck-help COMMAND [SUBCOMMAND]`` in a page is replaced by a
"Reference" section: the command's usage, arguments and options with their
defaults, then the same for each subcommand. Typer's own generator writes it (the one behind
``typer lalcheck.cli utils docs``), so the pages say what ``lalcheck … --help``
says and cannot drift from it. An unknown command stops the build.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import typer
import typer.main
from mkdocs.exceptions import PluginError
from typer.cli import get_docs_for_click

from lalcheck.cli import app

PROGRAM = "lalcheck"
#: ``::: lalcheck-help db info`` on a line of its own.
DIRECTIVE = re.compile(r"^::: lalcheck-help(?P<path>(?: [a-z][a-z-]*)+)[ \t]*$", re.MULTILINE)
#: The generated reference starts with this level-2 heading; subcommands get level 3.
TITLE = "Reference"


def command_reference(path: Sequence[str]) -> str:
    """The generated Markdown reference of ``lalcheck PATH…`` and its subcommands."""
    command = typer.main.get_command(app)
    context = typer.Context(command, info_name=PROGRAM)
    for depth, name in enumerate(path, start=1):
        found = command.get_command(context, name) if hasattr(command, "get_command") else None
        if found is None:
            raise PluginError(f"`{PROGRAM} {' '.join(path[:depth])}` is not a lalcheck command")
        command = found
        context = typer.Context(command, info_name=name, parent=context)
    return get_docs_for_click(
        obj=command, ctx=context, indent=1, name=" ".join([PROGRAM, *path]), title=TITLE
    )


def on_page_markdown(markdown: str, **_: Any) -> str:
    """Replace every directive of a page by the command's reference."""
    return DIRECTIVE.sub(lambda match: command_reference(match["path"].split()), markdown)
