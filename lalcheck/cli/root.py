"""The ``lalcheck`` Typer app, whose commands are imported only when they run.

Each command lives in its own module, named in :data:`COMMANDS` with the line
``lalcheck --help`` lists it with; the group imports a module the first time its
command is looked up (to run it or to show its help), so ``lalcheck check``
never pays for the goldfish engine, the collection or the HTTP client, and
``lalcheck --help`` for none of them.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any

import typer
import typer.core
import typer.main

from lalcheck import __version__


@dataclass(frozen=True, slots=True)
class Command:
    """Where a command lives (``module:attribute``: a command function, or a Typer app of
    subcommands) and the line ``lalcheck --help`` lists it with."""

    target: str
    summary: str


#: Every command, by name: ``lalcheck --help`` lists them without importing one.
COMMANDS: Mapping[str, Command] = {
    "check": Command(
        "lalcheck.cli.check:check", "Validate decks: exit 0 if all are legal, 1 if not."
    ),
    "legal-in": Command(
        "lalcheck.cli.legal_in:legal_in", "Check decks under every regulation, by date."
    ),
    "import": Command(
        "lalcheck.cli.decklists:import_decklist", "Turn a text decklist into a deck file."
    ),
    "export": Command(
        "lalcheck.cli.decklists:export",
        "Write a deck as a text decklist or a registration sheet.",
    ),
    "draw": Command("lalcheck.cli.goldfish:draw", "One seeded sample game, turn by turn."),
    "goldfish": Command(
        "lalcheck.cli.goldfish:goldfish", "Play many games against an opponent; odds by turn."
    ),
    "play": Command("lalcheck.cli.play:play", "Play seeded games between two decks."),
    "cards": Command("lalcheck.cli.cards:app", "Look cards up in the card database."),
    "db": Command("lalcheck.cli.db:app", "The card database: show, check, import, lock."),
    "collection": Command(
        "lalcheck.cli.collection:app", "Your cards: what you own, what your decks need."
    ),
    "simulate": Command(
        "lalcheck.cli.simulate:simulate", "Role win rates of a game played without decks."
    ),
    "games": Command("lalcheck.cli.games:games", "The games lalcheck knows."),
    "schema": Command("lalcheck.cli.schema:schema", "Print a bundled JSON Schema."),
    "config": Command(
        "lalcheck.cli.config:config", "Show the effective settings and where each is from."
    ),
}


def load_command(name: str) -> typer.core.TyperCommand | typer.core.TyperGroup:
    """The click command of ``lalcheck NAME``, built from its module."""
    module_name, attribute = COMMANDS[name].target.split(":")
    target = getattr(importlib.import_module(module_name), attribute)
    if not isinstance(target, typer.Typer):
        single = typer.Typer(add_completion=False, rich_markup_mode=None)
        single.command(name)(target)
        target = single
    command = typer.main.get_command(target)
    command.name = name
    command.short_help = COMMANDS[name].summary
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

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands and their summaries, none of them imported for it."""
        rows = [(name, command.summary) for name, command in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


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
