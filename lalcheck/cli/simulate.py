"""``lalcheck simulate``: many seeded games of a game played by a table without player
decks (洛吧殺), with win rates by seat group (role) and 95% intervals.

The game's :class:`~lalcheck.simulation.TableSimulation` plays the games on the
core runner, so the report is the same for any ``--jobs``. Bad options exit 2.
"""

from __future__ import annotations

from typing import Annotated

import typer

from lalcheck.cli.backends import BackendName, BackendOption, SchedulerOption, cluster_backend
from lalcheck.cli.common import (
    MAX_GAMES,
    JobsOption,
    SeedOption,
    TextOrJson,
    progress_bar,
    user_errors,
)
from lalcheck.cli.goldfish import DEFAULT_GAMES
from lalcheck.cli.tables import (
    CharacterSetOption,
    GameOption,
    PileOption,
    PlayersOption,
    TablePolicyOption,
    table_files,
    table_players,
    table_policies,
    table_simulation_of,
)
from lalcheck.simulation import TableSettings
from lalcheck.wording import visible


def simulate(
    game: GameOption,
    players: PlayersOption = None,
    games: Annotated[
        int, typer.Option(min=1, max=MAX_GAMES, metavar="N", help="Games to play.")
    ] = DEFAULT_GAMES,
    seed: SeedOption = 0,
    jobs: JobsOption = 1,
    backend: BackendOption = BackendName.LOCAL,
    scheduler: SchedulerOption = None,
    policy: TablePolicyOption = None,
    characters: Annotated[
        bool, typer.Option("--characters", help="Also report each character's win rate.")
    ] = False,
    pile: PileOption = None,
    character_set: CharacterSetOption = None,
    report_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="Report format.")
    ] = TextOrJson.TEXT,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Play many seeded games of a game without player decks and report each role's
    win rate with its 95% interval, mean rounds and unfinished games."""
    simulation = table_simulation_of(game)
    table = table_players(simulation, players)
    policies = table_policies(simulation, policy)
    files = table_files(simulation, pile, character_set)
    with (
        cluster_backend(backend, jobs, scheduler) as chosen,
        progress_bar(games, quiet=quiet) as progress,
        user_errors(),
    ):
        settings = TableSettings(
            players=table,
            games=games,
            seed=seed,
            policies=policies,
            jobs=jobs,
            backend=chosen,
            progress=progress,
            characters=characters,
            files=files,
        )
        report = simulation.simulate(settings)
    text = (
        report.to_json()
        if report_format is TextOrJson.JSON
        else visible(report.to_text(), keep="\n")
    )
    typer.echo(text, nl=False)
