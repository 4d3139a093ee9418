"""``lalcheck goldfish`` (Monte Carlo games against an opponent: the wall, a passive
opponent or a deck) and ``lalcheck draw`` (one sample game from the goldfishing side).

The decks' game (their ``game:``) brings the engine, through its
:class:`~lalcheck.simulation.Simulation`. An illegal deck (the opponent's
included) is refused with its errors and exit code 1 unless ``--force``, which
plays it anyway with a warning (if the engine can set it up: for Luck & Logic,
50 main deck cards and 10 gates). Bad options, queries that do not parse and
unusable input exit 2.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from lalcheck.atomic import check_target
from lalcheck.cli.backends import BackendName, BackendOption, SchedulerOption, cluster_backend
from lalcheck.cli.common import (
    MAX_GAMES,
    DbOption,
    JobsOption,
    SeedOption,
    TextOrJson,
    fail,
    load_deck_db,
    progress_bar,
    require_legal,
    user_errors,
)
from lalcheck.cli.play import choose_policy, simulation_of
from lalcheck.db import CardDatabase
from lalcheck.decks import read_deck
from lalcheck.games.base import GameCard
from lalcheck.simulation import DeckInfo, GoldfishSettings, Simulation
from lalcheck.simulation.opponent import DEFAULT_OPPONENT, Opponent, OpponentKind, opponent_kind
from lalcheck.simulation.plot import require_matplotlib
from lalcheck.simulation.query import Query, parse_query
from lalcheck.simulation.runner import Going
from lalcheck.wording import visible

DEFAULT_GAMES = 2000
MAX_LOGS = 1000

PolicyOption = Annotated[
    str | None,
    typer.Option(
        "--policy",
        metavar="NAME",
        help="How the goldfishing player plays (Luck & Logic: greedy, rush, search or random; "
        "default: the game's strongest).",
        show_default=False,
    ),
]
ForceOption = Annotated[
    bool, typer.Option("--force", help="Play an illegal deck anyway (with a warning).")
]
OpponentOption = Annotated[
    str,
    typer.Option(
        "--opponent",
        metavar="passive|wall|DECK.yaml",
        help="Whom the deck plays: the wall (blockers that defend, never attack), a "
        "passive opponent that never acts, or a deck file played by --opponent-policy.",
    ),
]
OpponentPolicyOption = Annotated[
    str | None,
    typer.Option(
        "--opponent-policy",
        metavar="NAME",
        help="How a deck opponent plays (default: the game's strongest policy).",
        show_default=False,
    ),
]
WallPowerOption = Annotated[
    int | None,
    typer.Option(
        "--wall-power", metavar="N", help="Power of the wall's members.", show_default=False
    ),
]
WallSpiritOption = Annotated[
    int | None,
    typer.Option(
        "--wall-spirit", metavar="N", help="Spirit of the wall's members.", show_default=False
    ),
]
WallMembersOption = Annotated[
    int | None,
    typer.Option(
        "--wall-members",
        metavar="N",
        help="Members the wall fields per turn at most.",
        show_default=False,
    ),
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
    games: Annotated[
        int, typer.Option(min=1, max=MAX_GAMES, metavar="N", help="Games per deck.")
    ] = (DEFAULT_GAMES),
    seed: SeedOption = 0,
    jobs: JobsOption = 1,
    backend: BackendOption = BackendName.LOCAL,
    scheduler: SchedulerOption = None,
    going: Annotated[
        Going, typer.Option(help="Go first, second, or both (even games first, odd second).")
    ] = Going.FIRST,
    max_turns: Annotated[
        int | None,
        typer.Option(
            min=1,
            metavar="N",
            help="Games stop after this own turn; those not won by then count as not won "
            "(default: the game's, 10 for Luck & Logic).",
            show_default=False,
        ),
    ] = None,
    query: Annotated[
        list[str] | None,
        typer.Option(
            "--query",
            metavar="EXPR",
            help="A question about the games, e.g. 'at least 1 paradox in hand by own turn "
            "2' (repeatable; see the goldfish guide).",
            show_default=False,
        ),
    ] = None,
    report_format: Annotated[
        TextOrJson, typer.Option("--format", "-f", help="Report format.")
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
    opponent: OpponentOption = DEFAULT_OPPONENT.value,
    opponent_policy: OpponentPolicyOption = None,
    wall_power: WallPowerOption = None,
    wall_spirit: WallSpiritOption = None,
    wall_members: WallMembersOption = None,
    opponent_gates: Annotated[
        Path | None,
        typer.Option(
            metavar="GATES.yaml",
            help="Deck file whose gates: section a passive or wall opponent uses "
            "(Luck & Logic; default: the deck's own).",
        ),
    ] = None,
    policy: PolicyOption = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
    force: ForceOption = False,
    db: DbOption = None,
) -> None:
    """Play many seeded games against an opponent (the wall by default) and report how
    the deck opens, levels and wins, and the answers to --query."""
    database = load_deck_db(db, decks)
    simulation = simulation_of(database.info.game)
    chosen_policy = _check_policy(simulation, policy)
    turns = simulation.default_max_turns if max_turns is None else max_turns
    if turns > simulation.max_turns:
        fail(f"--max-turns must be from 1 to {simulation.max_turns}, not {turns}")
    queries: tuple[Query, ...] = ()
    if query:
        with user_errors():
            vocabulary = simulation.vocabulary(database)
            queries = tuple(parse_query(text, vocabulary, last_turn=turns) for text in query)
    rival, rival_cards = _opponent(
        simulation,
        database,
        opponent,
        opponent_policy,
        (wall_power, wall_spirit, wall_members),
        force=force,
    )
    if opponent_gates is not None and rival.kind is OpponentKind.DECK:
        fail("--opponent-gates gives a passive or wall opponent its gates; a deck plays its own")
    if plot is not None:
        with user_errors():
            require_matplotlib()
            check_target(plot, overwrite=True)
    played = [_load(path, database, simulation, force=force) for path in decks]
    with user_errors():
        gates = (
            (str(opponent_gates), read_deck(opponent_gates, database)) if opponent_gates else None
        )
    with (
        cluster_backend(backend, jobs, scheduler) as chosen,
        progress_bar(games * len(decks), quiet=quiet) as progress,
        user_errors(),
    ):
        settings = GoldfishSettings(
            games=games,
            seed=seed,
            going=going,
            max_turns=turns,
            policy=chosen_policy,
            opponent=rival,
            opponent_cards=rival_cards,
            queries=queries,
            jobs=jobs,
            backend=chosen,
            sample_logs=log,
            progress=progress,
            opponent_gates=gates,
            database=database,
        )
        report = simulation.goldfish(played, settings, database.info)
    if plot is not None:
        try:
            report.plot(plot)
        except OSError as error:
            fail(f"cannot write the plot {plot}: {error.strerror or error}")
        if not quiet:
            typer.echo(f"wrote {plot}", err=True)
    text = (
        report.to_json()
        if report_format is TextOrJson.JSON
        else visible(report.to_text(), keep="\n")
    )
    typer.echo(text, nl=False)


def draw(
    deck: Annotated[Path, typer.Argument(metavar="DECK", help="Deck file.", show_default=False)],
    seed: Annotated[
        int,
        typer.Option(
            metavar="N", help="Seed: the game is game 0 of `goldfish --seed` with that seed."
        ),
    ] = 0,
    turns: Annotated[
        int | None, typer.Option(min=1, metavar="N", help="Show only the first N own turns.")
    ] = None,
    going: Annotated[Side, typer.Option(help="Go first or second.")] = Side.FIRST,
    policy: PolicyOption = None,
    opponent: OpponentOption = DEFAULT_OPPONENT.value,
    opponent_policy: OpponentPolicyOption = None,
    wall_power: WallPowerOption = None,
    wall_spirit: WallSpiritOption = None,
    wall_members: WallMembersOption = None,
    force: ForceOption = False,
    db: DbOption = None,
) -> None:
    """One seeded sample game from the goldfishing side: opening hand, mulligan,
    then each own turn's draws, level card, members and gates."""
    database = load_deck_db(db, [deck])
    simulation = simulation_of(database.info.game)
    chosen_policy = _check_policy(simulation, policy)
    played = _load(deck, database, simulation, force=force)
    rival, rival_cards = _opponent(
        simulation,
        database,
        opponent,
        opponent_policy,
        (wall_power, wall_spirit, wall_members),
        force=force,
    )
    text = simulation.draw(
        played, seed, Going(going.value), chosen_policy, turns, rival, rival_cards
    )
    typer.echo(visible(text, keep="\n"), nl=False)


def _check_policy(simulation: Simulation, policy: str | None, default: str | None = None) -> str:
    """The policy to play with: the one asked for, if the game has it, else ``default``
    (the game's default policy)."""
    if policy is None:
        return default or simulation.default_policy
    return choose_policy(simulation, policy)


def _opponent(
    simulation: Simulation,
    database: CardDatabase[GameCard],
    text: str,
    policy: str | None,
    wall: tuple[int | None, int | None, int | None],
    *,
    force: bool,
) -> tuple[Opponent, Any]:
    """The opponent of ``--opponent`` and its options, with the engine's deck of a deck
    opponent (refused like the goldfish deck when illegal, unless ``force``)."""
    with user_errors():
        kind = opponent_kind(text)
    if policy is not None and not isinstance(kind, Path):
        fail("--opponent-policy is for a deck opponent (--opponent DECK.yaml)")
    if any(value is not None for value in wall) and kind is not OpponentKind.WALL:
        fail("--wall-power, --wall-spirit and --wall-members are for --opponent wall")
    if kind is OpponentKind.WALL:
        limits = simulation.wall
        if limits is None:
            if any(value is not None for value in wall):
                fail(
                    "this game's wall is built in: --wall-power, --wall-spirit and "
                    "--wall-members do not apply"
                )
            return Opponent(OpponentKind.WALL), None
        with user_errors():
            return Opponent(OpponentKind.WALL, limits.wall(*wall)), None
    if not isinstance(kind, Path):
        return Opponent.passive(), None
    info, cards = _load(kind, database, simulation, force=force)
    chosen = _check_policy(simulation, policy, simulation.strongest_policy)
    return Opponent(OpponentKind.DECK, deck=info, policy=chosen), cards


def _load(
    path: Path, database: CardDatabase[GameCard], simulation: Simulation, *, force: bool
) -> tuple[DeckInfo, Any]:
    """A deck to goldfish: exit 2 if it cannot be read or played, 1 if it is illegal
    (unless ``force``, which warns and goes on)."""
    with user_errors():
        deck = read_deck(path, database)
        legal = require_legal(path, deck, database, force=force)
        return DeckInfo.of_file(path, deck.name, legal=legal), simulation.playable(deck, database)
