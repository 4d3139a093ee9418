"""``lalcheck goldfish`` (Monte Carlo games against a passive opponent) and
``lalcheck draw`` (one sample game from the goldfishing side).

An illegal deck is refused with its errors and exit code 1 unless ``--force``,
which plays it anyway with a warning (if the engine can set it up: 50 main
deck cards and 10 gates). Bad options and unusable input exit 2.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from lalcheck.atomic import check_target
from lalcheck.cli.common import (
    EXIT_ILLEGAL,
    DbOption,
    TextOrJson,
    fail,
    load_db,
    user_errors,
    warn,
)
from lalcheck.cli.play import legality_errors
from lalcheck.db import CardDatabase
from lalcheck.decks import read_deck
from lalcheck.games.luck_and_logic.engine import DeckList
from lalcheck.games.luck_and_logic.goldfish import (
    DEFAULT_MAX_TURNS,
    MAX_OWN_TURNS,
    DeckInfo,
    GateDeck,
    passive_opponent,
)
from lalcheck.games.luck_and_logic.goldfish import goldfish as run_goldfish
from lalcheck.games.luck_and_logic.goldfish.formatter import (
    format_report,
    format_report_json,
    format_sample,
)
from lalcheck.games.luck_and_logic.goldfish.plot import plot_report, require_matplotlib
from lalcheck.games.luck_and_logic.goldfish.runner import POLICIES, Going, Job
from lalcheck.games.luck_and_logic.goldfish.sample import sample_game

DEFAULT_GAMES = 2000
#: Bounds that keep a typo from running for days or forking thousands of processes.
MAX_GAMES = 10_000_000
MAX_JOBS = 256
MAX_LOGS = 1000

PolicyOption = Annotated[
    str,
    typer.Option("--policy", metavar="|".join(POLICIES), help="How the goldfishing player plays."),
]
ForceOption = Annotated[
    bool, typer.Option("--force", help="Play an illegal deck anyway (with a warning).")
]


class Side(StrEnum):
    """``lalcheck draw --going``."""

    FIRST = "first"
    SECOND = "second"


def goldfish(
    decks: Annotated[
        list[Path],
        typer.Argument(
            metavar="DECK",
            help="Deck files; each later deck is compared with the first.",
            show_default=False,
        ),
    ],
    games: Annotated[int, typer.Option(min=1, max=MAX_GAMES, help="Games per deck.")] = (
        DEFAULT_GAMES
    ),
    seed: Annotated[int, typer.Option(help="Seed: the same seed gives the same report.")] = 0,
    jobs: Annotated[int, typer.Option(min=1, max=MAX_JOBS, help="Worker processes.")] = 1,
    going: Annotated[
        Going, typer.Option(help="Go first, second, or both (even games first, odd second).")
    ] = Going.FIRST,
    max_turns: Annotated[
        int,
        typer.Option(
            min=1, max=MAX_OWN_TURNS, help="Games not won by this own turn count as not won."
        ),
    ] = DEFAULT_MAX_TURNS,
    report_format: Annotated[
        TextOrJson, typer.Option("--format", help="Report format.")
    ] = TextOrJson.TEXT,
    plot: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE.png", help="Also draw turns to win and the level curve (matplotlib)."
        ),
    ] = None,
    log: Annotated[
        int,
        typer.Option(
            min=0, max=MAX_LOGS, metavar="K", help="Include the logs of the first K games."
        ),
    ] = 0,
    opponent_gates: Annotated[
        Path | None,
        typer.Option(
            metavar="GATES.yaml",
            help="Deck file whose gates: section the opponent uses (default: the deck's own).",
        ),
    ] = None,
    policy: PolicyOption = "greedy",
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    force: ForceOption = False,
    db: DbOption = None,
) -> None:
    """Play many seeded games against a passive opponent and report how the deck
    opens, levels and wins."""
    _check_policy(policy)
    if plot is not None:
        with user_errors():
            require_matplotlib()
            check_target(plot, overwrite=True)
    database = load_db(db)
    played = [_load(path, database, force=force) for path in decks]
    gates = _opponent_gates(opponent_gates, database) if opponent_gates else None
    show_progress = not quiet and sys.stderr.isatty()
    with _progress(games * len(decks), enabled=show_progress) as progress, user_errors():
        report = run_goldfish(
            played,
            games=games,
            database=database.info,
            seed=seed,
            going=going,
            max_turns=max_turns,
            policy=policy,
            jobs=jobs,
            opponent_gates=gates,
            sample_logs=log,
            progress=progress,
        )
    if plot is not None:
        try:
            plot_report(report, plot)
        except OSError as error:
            fail(f"cannot write the plot {plot}: {error.strerror or error}")
        if not quiet:
            typer.echo(f"wrote {plot}", err=True)
    formatter = format_report_json if report_format is TextOrJson.JSON else format_report
    typer.echo(formatter(report), nl=False)


def draw(
    deck: Annotated[Path, typer.Argument(metavar="DECK", help="Deck file.", show_default=False)],
    seed: Annotated[
        int, typer.Option(help="Seed: the game is game 0 of `goldfish --seed` with that seed.")
    ] = 0,
    turns: Annotated[
        int | None, typer.Option(min=1, metavar="N", help="Show only the first N own turns.")
    ] = None,
    going: Annotated[Side, typer.Option(help="Go first or second.")] = Side.FIRST,
    policy: PolicyOption = "greedy",
    force: ForceOption = False,
    db: DbOption = None,
) -> None:
    """One seeded sample game from the goldfishing side: opening hand, mulligan,
    then each own turn's draws, level card, members and gates."""
    _check_policy(policy)
    database = load_db(db)
    info, cards = _load(deck, database, force=force)
    job = Job(
        decks=(cards,),
        opponents=(passive_opponent(cards),),
        seed=seed,
        going=Going(going.value),
        max_turns=MAX_OWN_TURNS,
        policy=policy,
    )
    game = sample_game(job)
    typer.echo(format_sample(game, title=info.title, policy=policy, turns=turns), nl=False)


def _check_policy(policy: str) -> None:
    if policy not in POLICIES:
        fail(f"unknown policy {policy!r}; policies: {', '.join(POLICIES)}")


def _load(path: Path, database: CardDatabase, *, force: bool) -> tuple[DeckInfo, DeckList]:
    """A deck to goldfish: exit 2 if it cannot be read or played, 1 if it is illegal
    (unless ``force``, which warns and goes on)."""
    with user_errors():
        deck = read_deck(path, database)
        errors = legality_errors(deck, database)
        if errors:
            listing = "\n".join(errors)
            if not force:
                fail(
                    f"{path} is not a legal deck (--force plays it anyway):\n{listing}",
                    EXIT_ILLEGAL,
                )
            warn(f"{path} is not a legal deck; playing it anyway (--force):\n{listing}")
        return DeckInfo.of_file(path, deck.name, legal=not errors), DeckList.from_deck(deck)


def _opponent_gates(path: Path, database: CardDatabase) -> GateDeck:
    """The gates listed under ``gates:`` in a deck file (the rest is ignored)."""
    with user_errors():
        return GateDeck(str(path), tuple(read_deck(path, database).expand("gates")))


@contextmanager
def _progress(total: int, *, enabled: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr, advanced by the number of games played."""
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    columns = (BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task("games", total=total)
        yield lambda games: progress.advance(task, games)
