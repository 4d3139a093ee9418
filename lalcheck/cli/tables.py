"""Options and checks shared by the commands on games played without decks
(``simulate``, ``play --game``): the game, the table size and the seats' policies."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from lalcheck.cli.common import fail, game_of
from lalcheck.games import PACKAGES, get_game
from lalcheck.simulation import EVERY_SEAT, TableSimulation

GameOption = Annotated[
    str,
    typer.Option(
        "--game",
        metavar="GAME",
        help="The game, one played without decks (lobasha; see `lalcheck games`).",
        show_default=False,
    ),
]
PlayersOption = Annotated[
    int | None,
    typer.Option(
        min=1, metavar="N", help="Players at the table (default: the game's, 5 for lobasha)."
    ),
]
TablePolicyOption = Annotated[
    list[str] | None,
    typer.Option(
        "--policy",
        metavar="NAME|ROLE=NAME",
        help="How the seats play: a policy for every seat (lobasha: heuristic or random), "
        "or ROLE=NAME for one role's seats (lord, guard, pirate, ancient); repeatable.",
        show_default=False,
    ),
]

PileOption = Annotated[
    Path | None,
    typer.Option(
        "--pile",
        metavar="FILE",
        help="Play with this pile file instead of the bundled sample (lobasha; checked first).",
        show_default=False,
    ),
]
CharacterSetOption = Annotated[
    Path | None,
    typer.Option(
        "--character-set",
        metavar="FILE",
        help="Play with this character file instead of the bundled sample (lobasha; checked "
        "first).",
        show_default=False,
    ),
]


def table_files(
    simulation: TableSimulation, pile: Path | None, characters: Path | None
) -> dict[str, Path]:
    """``--pile`` and ``--character-set`` by file kind; exit 2 for a file the game does not
    play with, or one that does not exist."""
    files = {kind: path for kind, path in (("pile", pile), ("characters", characters)) if path}
    for kind, path in files.items():
        if kind not in simulation.data_kinds:
            fail(f"this game plays with no {kind} file")
        if not path.exists():
            fail(f"{path}: no such file")
    return files


def table_simulation_of(game_id: str) -> TableSimulation:
    """The table hooks of a game, or exit 2 naming the games that have them."""
    game = game_of(game_id)
    if game.table_simulation is None:
        tables = [g for g in PACKAGES if get_game(g).table_simulation is not None]
        fail(
            f"{game.title} is played with decks: use `lalcheck goldfish` or `lalcheck play "
            f"DECK_A DECK_B`; games played without decks: {', '.join(tables)}"
        )
    return game.table_simulation()


def table_players(simulation: TableSimulation, players: int | None) -> int:
    """``--players``, or the game's default; exit 2 outside the game's table sizes."""
    chosen = simulation.default_players if players is None else players
    if not simulation.min_players <= chosen <= simulation.max_players:
        fail(
            f"--players must be from {simulation.min_players} to {simulation.max_players}, "
            f"not {chosen}"
        )
    return chosen


def table_policies(simulation: TableSimulation, values: Sequence[str] | None) -> dict[str, str]:
    """``--policy NAME`` (every seat) and ``--policy GROUP=NAME``, checked; exit 2 otherwise."""
    chosen: dict[str, str] = {}
    for value in values or ():
        group, _, name = value.rpartition("=")
        group = group.strip() or EVERY_SEAT
        name = name.strip()
        if group != EVERY_SEAT and group not in simulation.groups:
            fail(
                f"unknown role {group!r} in --policy {value}; roles: {', '.join(simulation.groups)}"
            )
        if name not in simulation.policies:
            fail(f"unknown policy {name!r}; policies: {', '.join(simulation.policies)}")
        if group in chosen:
            fail(f"--policy gives {group if group != EVERY_SEAT else 'every seat'} twice")
        chosen[group] = name
    return chosen
