"""Restore the Luminous engine benchmark: seeded greedy-vs-passive (goldfish) and
greedy-vs-greedy games on the bundled sample decks.

    python benchmarks/rtl_engine.py [--games N] [--deck PATH] [--profile]

Plays each deck against itself (A first) on one core and prints games per
second and milliseconds per game for each matchup.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections.abc import Sequence
from pathlib import Path

from lalcheck.games.restore_the_luminous.engine import (
    DeckList,
    GreedyPolicy,
    PassivePolicy,
    Policy,
    WallPolicy,
    play_game,
)
from lalcheck.games.restore_the_luminous.files import SAMPLE_DECKS, read_deck, read_pool


def run(decks: Sequence[DeckList], policies: Sequence[Policy], games: int) -> float:
    """Seconds to play ``games`` games per deck (the deck against itself, A first)."""
    start = time.perf_counter()
    for deck in decks:
        for seed in range(games):
            play_game(deck, deck, policies, seed, first_player=0)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per deck and matchup")
    parser.add_argument("--deck", type=Path, action="append", help="deck file (repeatable)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    args = parser.parse_args()
    pool = read_pool()
    paths = args.deck or sorted(SAMPLE_DECKS.glob("*.yaml"))
    decks = [read_deck(path, pool) for path in paths]
    matchups: dict[str, tuple[Policy, Policy]] = {
        "greedy vs passive": (GreedyPolicy(), PassivePolicy()),
        "greedy vs wall": (GreedyPolicy(), WallPolicy()),
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
        profiler.runcall(run, decks, matchups["greedy vs greedy"], args.games)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
