"""``lalcheck play``: one game between two greedy players, with its log and result."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from lalcheck.cli.common import (
    DbOption,
    fail,
    game_of,
    load_deck_db,
    require_legal,
    user_errors,
)
from lalcheck.db import CardDatabase
from lalcheck.decks import read_deck
from lalcheck.games.base import GameCard
from lalcheck.simulation import Simulation


def play(
    deck_a: Annotated[
        Path, typer.Argument(metavar="DECK_A", help="Deck of player A.", show_default=False)
    ],
    deck_b: Annotated[
        Path, typer.Argument(metavar="DECK_B", help="Deck of player B.", show_default=False)
    ],
    seed: Annotated[
        int,
        typer.Option(metavar="N", help="Seed of the game's shuffles, draws and first player."),
    ] = 0,
    force: Annotated[
        bool, typer.Option("--force", help="Play an illegal deck anyway (with a warning).")
    ] = False,
    db: DbOption = None,
) -> None:
    """Play one seeded game between two greedy players and print its log and result.

    An illegal deck is refused with its errors (exit 1) unless --force, as in
    goldfish and draw.
    """
    database = load_deck_db(db, [deck_a])
    simulation = simulation_of(database.info.game)
    with user_errors():
        deck_lists = [
            _playable(path, database, simulation, force=force) for path in (deck_a, deck_b)
        ]
        text = simulation.play(deck_lists[0], deck_lists[1], seed)
    typer.echo(text, nl=False)


def simulation_of(game_id: str) -> Simulation:
    """The engine hooks of a game, or exit 2 when it has no engine yet."""
    game = game_of(game_id)
    if game.simulation is None:
        fail(f"{game.title} has no engine to play games with yet")
    return game.simulation()


def _playable(
    path: Path, database: CardDatabase[GameCard], simulation: Simulation, *, force: bool
) -> Any:
    """The engine's deck of the file at ``path`` if it is legal (or ``force``, which warns);
    else exit 1 naming its errors."""
    deck = read_deck(path, database)
    require_legal(path, deck, database, force=force)
    return simulation.playable(deck, database)
