"""The ``lalcheck`` Typer app, whose commands are imported only when they run.

Each command lives in its own module, named in :data:`COMMANDS`; the group
imports a module the first time its command is looked up (to run it, to show
its help, or to list it under ``lalcheck --help``), so ``lalcheck check`` never
pays for the goldfish engine, the collection or the HTTP client.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, MutableMapping
from typing import Any

import typer
import typer.core
import typer.main

from lalcheck import __version__

#: Command name -> ``module:attribute``: a command function, or a Typer app of subcommands.
COMMANDS: Mapping[str, str] = {
    "check": "lalcheck.cli.check:check",
    "legal-in": "lalcheck.cli.legal_in:legal_in",
    "import": "lalcheck.cli.decklists:import_decklist",
    "export": "lalcheck.cli.decklists:export",
    "draw": "lalcheck.cli.goldfish:draw",
    "goldfish": "lalcheck.cli.goldfish:goldfish",
    "play": "lalcheck.cli.play:play",
    "cards": "lalcheck.cli.cards:app",
    "db": "lalcheck.cli.db:app",
    "collection": "lalcheck.cli.collection:app",
    "simulate": "lalcheck.cli.simulate:simulate",
    "games": "lalcheck.cli.games:games",
    "schema": "lalcheck.cli.schema:schema",
    "config": "lalcheck.cli.config:config",
}


def load_command(name: str) -> typer.core.TyperCommand | typer.core.TyperGroup:
    """The click command of ``lalcheck NAME``, built from its module."""
    module_name, attribute = COMMANDS[name].split(":")
    target = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(target, typer.Typer):
        single = typer.Typer(add_completion=False, rich_markup_mode=None)
        single.command(name)(target)
        target = single
    command = typer.main.get_command(target)
    command.name = name
    assert isinstance(command, typer.core.TyperCommand | typer.core.TyperGroup)
    return command


class LazyCommands(MutableMapping[str, Any]):
    """The group's commands: those of :data:`COMMANDS`, loaded on first access."""

    def __init__(self) -> None:
        self._loaded: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in self._loaded:
            if name not in COMMANDS:
                raise KeyError(name)
            self._loaded[name] = load_command(name)
        return self._loaded[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._loaded[name] = command

    def __delitem__(self, name: str) -> None:
        del self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        yield from COMMANDS
        yield from (name for name in self._loaded if name not in COMMANDS)

    def __len__(self) -> int:
        return len(set(COMMANDS) | set(self._loaded))

    def __contains__(self, name: object) -> bool:
        return name in COMMANDS or name in self._loaded


class LazyGroup(typer.core.TyperGroup):
    """A Typer group whose commands are imported when first looked up."""

    def __init__(self, **attributes: Any) -> None:
        super().__init__(**attributes)
        self.commands = LazyCommands()

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        return self.commands.get(cmd_name)


app = typer.Typer(
    name="lalcheck",
    cls=LazyGroup,
    help="Deck validator, collection manager and goldfish simulator for Luck & Logic.",
    no_args_is_help=True,
    rich_markup_mode=None,
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
