"""``lalcheck play``: one game between two greedy players, with its log and result; or,
with ``--game`` and ``--players``, one game of a game played without decks (洛吧殺)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from lalcheck.cli.common import (
    DbOption,
    TextOrJson,
    fail,
    game_of,
    load_deck_db,
    require_legal,
    user_errors,
)
from lalcheck.cli.tables import (
    CharacterSetOption,
    PileOption,
    PlayersOption,
    TablePolicyOption,
    table_files,
    table_players,
    table_policies,
    table_simulation_of,
)
from lalcheck.db import CardDatabase
from lalcheck.decks import read_deck
from lalcheck.games.base import GameCard
from lalcheck.simulation import Simulation
from lalcheck.wording import visible


def play(
    deck_a: Annotated[
        Path | None,
        typer.Argument(metavar="DECK_A", help="Deck of player A.", show_default=False),
    ] = None,
    deck_b: Annotated[
        Path | None,
        typer.Argument(metavar="DECK_B", help="Deck of player B.", show_default=False),
    ] = None,
    seed: Annotated[
        int,
        typer.Option(metavar="N", help="Seed of the game's shuffles, draws and first player."),
    ] = 0,
    force: Annotated[
        bool, typer.Option("--force", help="Play an illegal deck anyway (with a warning).")
    ] = False,
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            metavar="GAME",
            help="Instead of decks: a game played without decks (lobasha), at --players seats.",
            show_default=False,
        ),
    ] = None,
    players: PlayersOption = None,
    policy: TablePolicyOption = None,
    pile: PileOption = None,
    character_set: CharacterSetOption = None,
    report_format: Annotated[
        TextOrJson,
        typer.Option("--format", "-f", help="Output format (--game only: text or json)."),
    ] = TextOrJson.TEXT,
    db: DbOption = None,
) -> None:
    """Play one seeded game between two greedy players and print its log and result; with
    --game, one game of a game played without decks, turn by turn.

    An illegal deck is refused with its errors (exit 1) unless --force, as in
    goldfish and draw.
    """
    if game is not None:
        if deck_a is not None:
            fail(f"--game plays a game without decks; leave out {deck_a}")
        _play_table(game, players, seed, policy, (pile, character_set), report_format)
        return
    if deck_a is None or deck_b is None:
        fail("give two deck files, or --game GAME --players N for a game played without decks")
    if players is not None or policy or pile or character_set or report_format is TextOrJson.JSON:
        fail(
            "--players, --policy, --pile, --character-set and --format json are for --game "
            "(a game without decks)"
        )
    database = load_deck_db(db, [deck_a])
    simulation = simulation_of(database.info.game)
    with user_errors():
        deck_lists = [
            _playable(path, database, simulation, force=force) for path in (deck_a, deck_b)
        ]
        text = simulation.play(deck_lists[0], deck_lists[1], seed)
    typer.echo(visible(text, keep="\n"), nl=False)


def _play_table(
    game: str,
    players: int | None,
    seed: int,
    policy: list[str] | None,
    data_files: tuple[Path | None, Path | None],
    output: TextOrJson,
) -> None:
    """One game of a game played without decks, turn by turn."""
    simulation = table_simulation_of(game)
    table = table_players(simulation, players)
    policies = table_policies(simulation, policy)
    files = table_files(simulation, *data_files)
    with user_errors():
        report = simulation.play(table, seed, policies, files)
    text = report.to_json() if output is TextOrJson.JSON else visible(report.to_text(), keep="\n")
    typer.echo(text, nl=False)


def simulation_of(game_id: str) -> Simulation:
    """The engine hooks of a game, or exit 2 when it has no engine for decks."""
    game = game_of(game_id)
    if game.simulation is None and game.table_simulation is not None:
        fail(
            f"{game.title} is played without decks: use `lalcheck simulate --game {game.id}` "
            f"or `lalcheck play --game {game.id} --players N`"
        )
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
