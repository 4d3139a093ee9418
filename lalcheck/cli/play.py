"""``lalcheck play``: one game between two greedy players, with its log and result."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from lalcheck.checker import Checker
from lalcheck.cli.common import EXIT_ILLEGAL, DbOption, fail, load_db, user_errors
from lalcheck.db import CardDatabase
from lalcheck.decks import Deck, read_deck
from lalcheck.engine import DeckList, GreedyPolicy, play_game
from lalcheck.findings import Severity
from lalcheck.wording import visible


def play(
    deck_a: Annotated[Path, typer.Argument(help="Deck of player A.", show_default=False)],
    deck_b: Annotated[Path, typer.Argument(help="Deck of player B.", show_default=False)],
    seed: Annotated[int, typer.Option(help="Seed of the game's shuffles and draws.")] = 0,
    db: DbOption = None,
) -> None:
    """Play one seeded game between two greedy players and print its log and result."""
    database = load_db(db)
    with user_errors():
        deck_lists = [_playable(path, database) for path in (deck_a, deck_b)]
        record = play_game(
            deck_lists[0], deck_lists[1], (GreedyPolicy(), GreedyPolicy()), seed, log=True
        )
    for line in record.log:
        typer.echo(visible(line))
    names = visible(f"A = {deck_lists[0].name}, B = {deck_lists[1].name}")
    typer.echo(
        f"result: {record.outcome} after {record.turns[0]} turns of A and "
        f"{record.turns[1]} of B ({names}; seed {seed})"
    )


def legality_errors(deck: Deck, database: CardDatabase) -> list[str]:
    """The deck's error findings, one indented line each; none when it is legal."""
    report = Checker(database).check_deck_file(deck.file)
    return [
        f"  {f.message}" + (f" (line {f.line})" if f.line else "")
        for f in report.findings
        if f.severity is Severity.ERROR
    ]


def _playable(path: Path, database: CardDatabase) -> DeckList:
    """The deck at ``path`` if it is legal; else exit 1 naming its errors."""
    deck = read_deck(path, database)
    errors = legality_errors(deck, database)
    if errors:
        listing = "\n".join(errors)
        fail(f"{path} is not a legal deck, so it cannot be played:\n{listing}", EXIT_ILLEGAL)
    return DeckList.from_deck(deck)
