"""Goldfish benchmark: games per second of ``lalcheck goldfish`` with 1 and 2 jobs.

    python benchmarks/goldfish.py [--games N] [--deck PATH] [--jobs 1 2] [--repeat R]
                                  [--opponent wall|passive] [--profile]

Runs :func:`lalcheck.games.luck_and_logic.goldfish.goldfish` (what the command runs, without the
output) for each deck (default: the bundled sample Septpia Control deck),
going both, against the default wall (or ``--opponent passive``), and prints
the best of ``--repeat`` runs in wall-clock games per second, process start-up
included (the best, because other load on the machine only ever slows a run
down); for ``--jobs 1`` also the games per CPU second, which other load on the
machine changes far less (on a busy machine, twice that rate is about what
``--jobs 2`` would reach on two idle cores; the workers of ``--jobs 2`` run under
the forkserver, out of reach of this process's CPU accounting).
``--profile`` prints where a serial run spends its time (cProfile).
Issue 11's target: at least 500 games/s against the wall with ``--jobs 2`` on a
2-core machine.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import resource
from pathlib import Path

from lalcheck.db import open_database
from lalcheck.decks import read_deck
from lalcheck.games.luck_and_logic import GAME
from lalcheck.games.luck_and_logic.engine import DeckList
from lalcheck.games.luck_and_logic.goldfish import DEFAULT_OPPONENT, DeckInfo, Going, goldfish
from lalcheck.simulation.opponent import Opponent

SAMPLE_DECK = GAME.sample_database.parent / "decks" / "septpia-control.yaml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5000, help="games per deck and run")
    parser.add_argument("--deck", type=Path, action="append", help="deck file (repeatable)")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2], help="job counts to time")
    parser.add_argument("--repeat", type=int, default=3, help="runs per job count (best kept)")
    parser.add_argument("--opponent", choices=("wall", "passive"), default="wall")
    parser.add_argument("--profile", action="store_true", help="cProfile a serial run")
    args = parser.parse_args()
    opponent = DEFAULT_OPPONENT if args.opponent == "wall" else Opponent.passive()
    db = open_database()
    paths = args.deck or [SAMPLE_DECK]
    decks = [
        (DeckInfo.of_file(path, deck.name), DeckList.from_deck(deck))
        for path in paths
        for deck in [read_deck(path, db)]
    ]
    print(
        f"{platform.python_implementation()} {platform.python_version()} on "
        f"{platform.machine()}, {os.cpu_count()} CPUs; {len(decks)} deck(s), "
        f"{args.games} games each, going both, against {opponent.describe()}"
    )
    played = args.games * len(decks)
    for jobs in args.jobs:
        runs = []
        for _ in range(args.repeat):
            before = _cpu_seconds()
            report = goldfish(
                decks,
                games=args.games,
                database=db.info,
                going=Going.BOTH,
                jobs=jobs,
                opponent=opponent,
            )
            runs.append((report.elapsed_s, _cpu_seconds() - before))
        seconds = sorted(elapsed for elapsed, _ in runs)
        cpu = min(used for _, used in runs)
        print(
            f"--jobs {jobs}: {played} games in {seconds[0]:6.2f} s "
            f"= {played / seconds[0]:7.0f} games/s (best of {args.repeat}; "
            f"slowest {played / seconds[-1]:.0f} games/s)"
            + (f"; {played / cpu:.0f} games per CPU second" if jobs == 1 else "")
        )
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(
            goldfish,
            decks,
            games=args.games,
            database=db.info,
            going=Going.BOTH,
            jobs=1,
            opponent=opponent,
        )
        stats = pstats.Stats(profiler)
        stats.sort_stats("tottime").print_stats(20)
        stats.sort_stats("cumulative").print_stats(25)


def _cpu_seconds() -> float:
    """CPU seconds used so far by this process."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


if __name__ == "__main__":
    main()
