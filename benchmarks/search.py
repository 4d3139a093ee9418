"""Search policy benchmark: what a game costs when one player searches.

    python benchmarks/search.py [--games N] [--deck PATH] [--rollouts R ...] [--profile]

Plays each deck (default: the bundled sample decks) against itself on one
core, the search policy (A) against the greedy policy (B), A going first in the
even games, and prints seconds per game, searched decisions and rollouts per
game, and A's wins, for each ``--rollouts`` setting (default: the policy's own),
next to greedy against greedy for scale.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time
from pathlib import Path

from lalcheck.db import open_database
from lalcheck.decks import read_deck
from lalcheck.games.luck_and_logic import GAME
from lalcheck.games.luck_and_logic.engine import DeckList, GreedyPolicy, play_game
from lalcheck.games.luck_and_logic.engine.search import ROLLOUTS, SearchPolicy
from lalcheck.simulation.runner import game_seed

SAMPLE_DECKS = GAME.sample_database.parent / "decks"


class CountingSearch(SearchPolicy):
    """The search policy, counting what it does."""

    decisions = 0
    rollouts_played = 0

    def rollout(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        CountingSearch.rollouts_played += 1
        return super().rollout(*args, **kwargs)

    def candidates(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        CountingSearch.decisions += 1
        return super().candidates(*args, **kwargs)


def play(decks: list[DeckList], games: int, rollouts: int | None) -> tuple[float, int]:
    """Seconds per game and A's wins."""
    wins = 0
    start = time.perf_counter()
    for deck in decks:
        for index in range(games):
            searcher = CountingSearch(rollouts or ROLLOUTS) if rollouts != 0 else GreedyPolicy()
            record = play_game(
                deck, deck, (searcher, GreedyPolicy()), game_seed(0, index), first_player=index % 2
            )
            wins += record.outcome.winner == 0
    return (time.perf_counter() - start) / (games * len(decks)), wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games per deck")
    parser.add_argument("--deck", type=Path, action="append", help="deck file (repeatable)")
    parser.add_argument("--rollouts", type=int, nargs="+", default=[ROLLOUTS])
    parser.add_argument("--profile", action="store_true", help="cProfile the first setting")
    args = parser.parse_args()
    db = open_database()
    paths = args.deck or sorted(SAMPLE_DECKS.glob("*.yaml"))
    decks = [DeckList.from_deck(read_deck(path, db)) for path in paths]
    played = args.games * len(decks)
    print(f"{len(decks)} deck(s), {args.games} games each (A: search, B: greedy, one core)")
    seconds, wins = play(decks, args.games, 0)
    print(f"greedy vs greedy      {seconds * 1000:8.1f} ms/game   A won {wins}/{played}")
    for rollouts in args.rollouts:
        CountingSearch.decisions = CountingSearch.rollouts_played = 0
        seconds, wins = play(decks, args.games, rollouts)
        print(
            f"search ({rollouts} rollouts)  {seconds * 1000:8.1f} ms/game   A won {wins}/{played}"
            f"   {CountingSearch.decisions / played:.0f} searched decisions and "
            f"{CountingSearch.rollouts_played / played:.0f} rollouts a game"
        )
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(play, decks[:1], args.games, args.rollouts[0])
        pstats.Stats(profiler).sort_stats("tottime").print_stats(20)


if __name__ == "__main__":
    main()
