"""Restore the Luminous engine benchmark: seeded greedy-vs-passive (goldfish),
greedy-vs-wall and greedy-vs-greedy games on the bundled sample decks.

    python benchmarks/rtl_engine.py [--games N] [--deck PATH] [--profile]

Plays each deck against itself (A first) on one core and prints games per
second and milliseconds per game for each matchup.
"""

from __future__ import annotations

from matchups import arguments, report

from lalcheck.db import load_database
from lalcheck.decks import read_deck
from lalcheck.games.restore_the_luminous import GAME
from lalcheck.games.restore_the_luminous.engine import (
    DeckList,
    GreedyPolicy,
    PassivePolicy,
    WallPolicy,
    play_game,
)

SAMPLE_DECKS = GAME.sample_database.parent / "decks"


def main() -> None:
    args = arguments(__doc__.splitlines()[0], games=200)
    db = load_database(GAME.sample_database)
    paths = args.deck or sorted(SAMPLE_DECKS.glob("*.yaml"))
    decks = [DeckList.from_deck(read_deck(path, db), db) for path in paths]
    matchups = {
        "greedy vs passive": (GreedyPolicy(), PassivePolicy()),
        "greedy vs wall": (GreedyPolicy(), WallPolicy()),
        "greedy vs greedy": (GreedyPolicy(), GreedyPolicy()),
    }
    report(play_game, decks, matchups, args.games, "greedy vs greedy" if args.profile else None)


if __name__ == "__main__":
    main()
