"""Engine benchmark: seeded greedy-vs-passive (goldfish) and greedy-vs-greedy games.

    python benchmarks/engine.py [--games N] [--deck PATH] [--profile]

Plays each deck of the bundled sample (or the decks given) on one core and
prints games per second and milliseconds per game. The goldfish issue's target
is a greedy-vs-passive game in well under 4 ms.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections.abc import Sequence
from pathlib import Path

from lalcheck.db import open_database
from lalcheck.decks import read_deck
from lalcheck.games.luck_and_logic import GAME
from lalcheck.games.luck_and_logic.engine import (
    DeckList,
    GreedyPolicy,
    PassivePolicy,
    Policy,
    play_game,
)

SAMPLE_DECKS = GAME.sample_database.parent / "decks"


def run(decks: Sequence[DeckList], policies: Sequence[Policy], games: int) -> float:
    """Seconds to play ``games`` games per deck (the deck against itself, A first)."""
    start = time.perf_counter()
    for deck in decks:
        for seed in range(games):
            play_game(deck, deck, policies, seed, first_player=0)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per deck and matchup")
    parser.add_argument("--deck", type=Path, action="append", help="deck file (repeatable)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    args = parser.parse_args()
    db = open_database()
    paths = args.deck or sorted(SAMPLE_DECKS.glob("*.yaml"))
    decks = [DeckList.from_deck(read_deck(path, db)) for path in paths]
    matchups: dict[str, tuple[Policy, Policy]] = {
        "greedy vs passive": (GreedyPolicy(), PassivePolicy()),
        "greedy vs greedy": (GreedyPolicy(), GreedyPolicy()),
    }
    print(f"{len(decks)} deck(s), {args.games} games each per matchup")
    for name, policies in matchups.items():
        played = args.games * len(decks)
        seconds = run(decks, policies, args.games)
        print(
            f"{name:18} {played:7} games {seconds:7.2f} s "
            f"{played / seconds:8.0f} games/s {1000 * seconds / played:6.3f} ms/game"
        )
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(run, decks, matchups["greedy vs passive"], args.games)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
