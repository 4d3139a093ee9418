"""``lalcheck play``: games between two decks and their policies.

Without ``--games`` it plays one seeded game and prints its log and result;
with ``--games N`` (or ``--format json``) it plays N seeded games, deck A going
first in the even ones and deck B in the odd ones, and reports the wins, the
first and second player's shares with 95% intervals, and the turns played
(contract §8); the same seed gives the same numbers for any ``--jobs``.
"""

from __future__ import annotations

import sys
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
    progress_bar,
    user_errors,
)
from lalcheck.db import CardDatabase
from lalcheck.decks import Deck, read_deck
from lalcheck.findings import Severity
from lalcheck.games.base import GameCard
from lalcheck.simulation import DeckInfo, Simulation
from lalcheck.simulation.match import MatchSide, play_match
from lalcheck.simulation.runner import backend_for

#: Bounds that keep a typo from running for days or forking thousands of processes.
MAX_GAMES = 10_000_000
MAX_JOBS = 256


def _policy_option(side: str) -> Any:
    return typer.Option(
        f"--policy-{side}",
        metavar="NAME",
        help=f"How deck {side.upper()} plays (default: the game's default policy).",
        show_default=False,
    )


def play(
    deck_a: Annotated[Path, typer.Argument(help="Deck of player A.", show_default=False)],
    deck_b: Annotated[Path, typer.Argument(help="Deck of player B.", show_default=False)],
    seed: Annotated[int, typer.Option(help="Seed: the same seed gives the same games.")] = 0,
    games: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=MAX_GAMES,
            help="Play this many games and report on them (A first in even games, B in odd).",
            show_default=False,
        ),
    ] = None,
    policy_a: Annotated[str | None, _policy_option("a")] = None,
    policy_b: Annotated[str | None, _policy_option("b")] = None,
    jobs: Annotated[int, typer.Option(min=1, max=MAX_JOBS, help="Worker processes.")] = 1,
    report_format: Annotated[
        TextOrJson, typer.Option("--format", help="Report format (games: text or JSON).")
    ] = TextOrJson.TEXT,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    db: DbOption = None,
) -> None:
    """Play one seeded game between two decks and print its log, or many (--games)
    and report who won, going first and second."""
    database = load_deck_db(db, [deck_a])
    simulation = simulation_of(database.info.game)
    default = simulation.default_policy
    policies = (
        default if policy_a is None else choose_policy(simulation, policy_a),
        default if policy_b is None else choose_policy(simulation, policy_b),
    )
    with user_errors():
        sides = [_playable(path, database, simulation) for path in (deck_a, deck_b)]
    if games is None and report_format is TextOrJson.TEXT:
        with user_errors():
            text = simulation.play(sides[0][1], sides[1][1], seed, policies)
        typer.echo(text, nl=False)
        return
    count = 1 if games is None else games
    show_progress = not quiet and sys.stderr.isatty()
    with progress_bar(count, enabled=show_progress) as progress, user_errors():
        report = play_match(
            simulation.match(sides[0][1], sides[1][1], seed, policies),
            game=database.info.game,
            games=count,
            seed=seed,
            sides=(MatchSide(sides[0][0], policies[0]), MatchSide(sides[1][0], policies[1])),
            database=database.info,
            backend=backend_for(jobs),
            progress=progress,
        )
    typer.echo(report.to_json() if report_format is TextOrJson.JSON else report.to_text(), nl=False)


def choose_policy(simulation: Simulation, policy: str) -> str:
    """``policy`` if the game has it; else exit 2 naming the policies."""
    if policy not in simulation.policies:
        fail(f"unknown policy {policy!r}; policies: {', '.join(simulation.policies)}")
    return policy


def simulation_of(game_id: str) -> Simulation:
    """The engine hooks of a game, or exit 2 when it has no engine yet."""
    game = game_of(game_id)
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


def _playable(
    path: Path, database: CardDatabase[GameCard], simulation: Simulation
) -> tuple[DeckInfo, Any]:
    """The deck file at ``path`` and the engine's deck, if it is legal; else exit 1
    naming its errors."""
    deck = read_deck(path, database)
    errors = legality_errors(deck, database)
    if errors:
        listing = "\n".join(errors)
        fail(f"{path} is not a legal deck, so it cannot be played:\n{listing}", EXIT_ILLEGAL)
    return DeckInfo.of_file(path, deck.name), simulation.playable(deck, database)
