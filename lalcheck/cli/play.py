"""``lalcheck play``: games between two decks and their policies; or, with ``--game`` and
``--players``, one game of a game played without decks (洛吧殺).

Without ``--games`` it plays one seeded game and prints its log and result;
with ``--games N`` (or ``--format json``) it plays N seeded games, deck A going
first in the even ones and deck B in the odd ones, and reports the wins, the
first and second player's shares with 95% intervals, and the turns played
(contract §8); the same seed gives the same numbers for any ``--jobs``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from lalcheck.cli.common import (
    MAX_GAMES,
    DbOption,
    JobsOption,
    TextOrJson,
    fail,
    game_of,
    load_deck_db,
    progress_bar,
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
from lalcheck.simulation import DeckInfo, Simulation
from lalcheck.simulation.match import MatchSide, first_player, play_match
from lalcheck.simulation.runner import Going, backend_for
from lalcheck.wording import visible


def _policy_option(side: str) -> Any:
    return typer.Option(
        f"--policy-{side}",
        metavar="NAME",
        help=f"How deck {side.upper()} plays (default: the game's default policy).",
        show_default=False,
    )


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
        typer.Option(metavar="N", help="Seed of the games' shuffles, draws and first player."),
    ] = 0,
    games: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=MAX_GAMES,
            metavar="N",
            help="Play this many games and report on them (who goes first: --going).",
            show_default=False,
        ),
    ] = None,
    going: Annotated[
        Going,
        typer.Option(
            help="Whether deck A goes first, second, or both: as the seed decides in one game, "
            "first in the even games of --games."
        ),
    ] = Going.BOTH,
    policy_a: Annotated[str | None, _policy_option("a")] = None,
    policy_b: Annotated[str | None, _policy_option("b")] = None,
    jobs: JobsOption = 1,
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
        typer.Option("--format", "-f", help="Output format (text, or json: the games' report)."),
    ] = TextOrJson.TEXT,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    db: DbOption = None,
) -> None:
    """Play one seeded game between two decks and print its log, or many (--games) and
    report who won, going first and second; with --game, one game of a game played
    without decks, turn by turn.

    An illegal deck is refused with its errors (exit 1) unless --force, as in
    goldfish and draw.
    """
    if game is not None:
        if deck_a is not None:
            fail(f"--game plays a game without decks; leave out {deck_a}")
        if games is not None or policy_a or policy_b or jobs != 1 or going is not Going.BOTH:
            fail(
                "--games, --going, --policy-a, --policy-b and --jobs are for two decks; "
                f"many games of {game} are `lalcheck simulate --game {game}`"
            )
        _play_table(game, players, seed, policy, (pile, character_set), report_format)
        return
    if deck_a is None or deck_b is None:
        fail("give two deck files, or --game GAME --players N for a game played without decks")
    if players is not None or policy or pile or character_set:
        fail(
            "--players, --policy, --pile and --character-set are for --game "
            "(a game without decks; two decks take --policy-a and --policy-b)"
        )
    database = load_deck_db(db, [deck_a])
    simulation = simulation_of(database.info.game)
    default = simulation.default_policy
    policies = (
        default if policy_a is None else choose_policy(simulation, policy_a),
        default if policy_b is None else choose_policy(simulation, policy_b),
    )
    with user_errors():
        sides = [_playable(path, database, simulation, force=force) for path in (deck_a, deck_b)]
    if games is None and report_format is TextOrJson.TEXT:
        with user_errors():
            first = None if going is Going.BOTH else first_player(0, going)
            text = simulation.play(sides[0][1], sides[1][1], seed, policies, first)
        typer.echo(visible(text, keep="\n"), nl=False)
        return
    count = 1 if games is None else games
    with progress_bar(count, quiet=quiet) as progress, user_errors():
        report = play_match(
            simulation.match(sides[0][1], sides[1][1], seed, policies),
            game=database.info.game,
            games=count,
            seed=seed,
            sides=(MatchSide(sides[0][0], policies[0]), MatchSide(sides[1][0], policies[1])),
            database=database.info,
            backend=backend_for(jobs),
            progress=progress,
            going=going,
        )
    text = (
        report.to_json()
        if report_format is TextOrJson.JSON
        else visible(report.to_text(), keep="\n")
    )
    typer.echo(text, nl=False)


def choose_policy(simulation: Simulation, policy: str) -> str:
    """``policy`` if the game has it; else exit 2 naming the policies."""
    if policy not in simulation.policies:
        fail(f"unknown policy {policy!r}; policies: {', '.join(simulation.policies)}")
    return policy


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
) -> tuple[DeckInfo, Any]:
    """The deck file at ``path`` and the engine's deck, if it is legal (or ``force``,
    which warns); else exit 1 naming its errors."""
    deck = read_deck(path, database)
    legal = require_legal(path, deck, database, force=force)
    return DeckInfo.of_file(path, deck.name, legal=legal), simulation.playable(deck, database)
