"""The skeleton of the engine benchmarks: seeded games per deck and matchup, timed.

    python benchmarks/engine.py [--games N] [--deck PATH] [--profile]      # Luck & Logic
    python benchmarks/rtl_engine.py [--games N] [--deck PATH] [--profile]  # Restore the Luminous

Each game's script reads its decks and names its matchups (two policies); this
module plays every deck against itself (A first) on one core and prints games
per second and milliseconds per game for each matchup.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

#: ``play_game(deck_a, deck_b, policies, seed, first_player=0)`` of an engine.
PlayGame = Callable[..., object]


def arguments(description: str, games: int) -> argparse.Namespace:
    """``--games``, ``--deck`` (repeatable) and ``--profile``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=games, help="games per deck and matchup")
    parser.add_argument("--deck", type=Path, action="append", help="deck file (repeatable)")
    parser.add_argument("--profile", action="store_true", help="print a cProfile summary")
    return parser.parse_args()


def run(play: PlayGame, decks: Sequence[Any], policies: Sequence[Any], games: int) -> float:
    """Seconds to play ``games`` games per deck (the deck against itself, A first)."""
    start = time.perf_counter()
    for deck in decks:
        for seed in range(games):
            play(deck, deck, policies, seed, first_player=0)
    return time.perf_counter() - start


def report(
    play: PlayGame,
    decks: Sequence[Any],
    matchups: Mapping[str, Sequence[Any]],
    games: int,
    profiled: str | None = None,
) -> None:
    """Time every matchup; cProfile the ``profiled`` one when given."""
    print(f"{len(decks)} deck(s), {games} games each per matchup")
    for name, policies in matchups.items():
        played = games * len(decks)
        seconds = run(play, decks, policies, games)
        print(
            f"{name:18} {played:7} games {seconds:7.2f} s "
            f"{played / seconds:8.0f} games/s {1000 * seconds / played:6.3f} ms/game"
        )
    if profiled is not None:
        profiler = cProfile.Profile()
        profiler.runcall(run, play, decks, matchups[profiled], games)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
