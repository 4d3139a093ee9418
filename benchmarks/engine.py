"""Engine benchmark: seeded greedy-vs-passive (goldfish) and greedy-vs-greedy games.

    python benchmarks/engine.py [--games N] [--deck PATH] [--profile]

Plays each deck of the bundled sample (or the decks given) on one core and
prints games per second and milliseconds per game. The goldfish issue's target
is a greedy-vs-passive game in well under 4 ms.
"""

from __future__ import annotations

from matchups import arguments, report

from lalcheck.db import open_database
from lalcheck.decks import read_deck
from lalcheck.games.luck_and_logic import GAME
from lalcheck.games.luck_and_logic.engine import DeckList, GreedyPolicy, PassivePolicy, play_game

SAMPLE_DECKS = GAME.sample_database.parent / "decks"


def main() -> None:
    args = arguments(__doc__.splitlines()[0], games=2000)
    db = open_database()
    paths = args.deck or sorted(SAMPLE_DECKS.glob("*.yaml"))
    decks = [DeckList.from_deck(read_deck(path, db)) for path in paths]
    matchups = {
        "greedy vs passive": (GreedyPolicy(), PassivePolicy()),
        "greedy vs greedy": (GreedyPolicy(), GreedyPolicy()),
    }
    report(play_game, decks, matchups, args.games, "greedy vs passive" if args.profile else None)


if __name__ == "__main__":
    main()
