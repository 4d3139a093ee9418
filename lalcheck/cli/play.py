"""``lalcheck play``: one game between two greedy players, with its log and result; or,
with ``--game`` and ``--players``, one game of a game played without decks (洛吧殺)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from lalcheck.checker import Checker
from lalcheck.cli.common import (
    EXIT_ILLEGAL,
    DbOption,
    TextOrJson,
    fail,
    game_of,
    load_deck_db,
    user_errors,
)
from lalcheck.cli.tables import (
    PlayersOption,
    TablePolicyOption,
    table_players,
    table_policies,
    table_simulation_of,
)
from lalcheck.db import CardDatabase
from lalcheck.decks import Deck, read_deck
from lalcheck.findings import Severity
from lalcheck.games.base import GameCard
from lalcheck.simulation import Simulation


def play(
    deck_a: Annotated[
        Path | None, typer.Argument(help="Deck of player A.", show_default=False)
    ] = None,
    deck_b: Annotated[
        Path | None, typer.Argument(help="Deck of player B.", show_default=False)
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the game's shuffles and draws.")] = 0,
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
    report_format: Annotated[
        TextOrJson, typer.Option("--format", help="Output format (--game only: text or json).")
    ] = TextOrJson.TEXT,
    db: DbOption = None,
) -> None:
    """Play one seeded game between two greedy players and print its log and result; with
    --game, one game of a game played without decks, turn by turn."""
    if game is not None:
        if deck_a is not None:
            fail(f"--game plays a game without decks; leave out {deck_a}")
        _play_table(game, players, seed, policy, report_format)
        return
    if deck_a is None or deck_b is None:
        fail("give two deck files, or --game GAME --players N for a game played without decks")
    if players is not None or policy or report_format is TextOrJson.JSON:
        fail("--players, --policy and --format json are for --game (a game without decks)")
    database = load_deck_db(db, [deck_a])
    simulation = simulation_of(database.info.game)
    with user_errors():
        deck_lists = [_playable(path, database, simulation) for path in (deck_a, deck_b)]
        text = simulation.play(deck_lists[0], deck_lists[1], seed)
    typer.echo(text, nl=False)


def _play_table(
    game: str, players: int | None, seed: int, policy: list[str] | None, output: TextOrJson
) -> None:
    """One game of a game played without decks, turn by turn."""
    simulation = table_simulation_of(game)
    table = table_players(simulation, players)
    with user_errors():
        report = simulation.play(table, seed, table_policies(simulation, policy))
    typer.echo(report.to_json() if output is TextOrJson.JSON else report.to_text(), nl=False)


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


def legality_errors(deck: Deck[GameCard], database: CardDatabase[GameCard]) -> list[str]:
    """The deck's error findings, one indented line each; none when it is legal."""
    report = Checker(database).check_deck_file(deck.file)
    return [
        f"  {f.message}" + (f" (line {f.line})" if f.line else "")
        for f in report.findings
        if f.severity is Severity.ERROR
    ]


def _playable(path: Path, database: CardDatabase[GameCard], simulation: Simulation) -> Any:
    """The engine's deck of the file at ``path`` if it is legal; else exit 1 naming its
    errors."""
    deck = read_deck(path, database)
    errors = legality_errors(deck, database)
    if errors:
        listing = "\n".join(errors)
        fail(f"{path} is not a legal deck, so it cannot be played:\n{listing}", EXIT_ILLEGAL)
    return simulation.playable(deck, database)
