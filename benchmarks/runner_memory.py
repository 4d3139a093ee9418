"""Parent memory under ``--jobs N``: peak RSS of the process that runs a goldfish job, by
number of games, for the core runner's process pool and for an anchor that submits
every chunk at once and keeps every future (and its result) to the end, as the runner
did before issue 15.

    python benchmarks/runner_memory.py [--games 10000 200000] [--jobs 2] [--deck PATH]

Each run is a fresh process (``--child``) that plays the bundled Septpia Control deck
going both with :func:`lalcheck.games.luck_and_logic.goldfish.goldfish` and reports
its own peak resident set (``VmHWM`` of ``/proc/self/status``; the workers are
processes of their own and not counted). Prints each figure and, per backend, the
peak at the largest number of games over the peak at the smallest (1.00 is flat).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from lalcheck.db import open_database
from lalcheck.decks import read_deck
from lalcheck.games.luck_and_logic import GAME
from lalcheck.games.luck_and_logic.engine import DeckList
from lalcheck.games.luck_and_logic.goldfish import DeckInfo, Going, goldfish
from lalcheck.simulation.runner import (
    Backend,
    Chunk,
    ChunkResult,
    ProcessPoolBackend,
    SimulationJob,
    Tally,
)

SAMPLE_DECK = GAME.sample_database.parent / "decks" / "septpia-control.yaml"


class SubmitAllBackend(ProcessPoolBackend):
    """The anchor: every chunk submitted at once, every future kept until the run ends."""

    def run(
        self, job: SimulationJob[Any, Tally], chunks: Sequence[Chunk]
    ) -> Iterator[ChunkResult[Tally]]:
        from lalcheck.simulation import runner

        with ProcessPoolExecutor(
            self.workers, initializer=runner._start_worker, initargs=(job,)
        ) as executor:
            futures = [executor.submit(runner._play_in_worker, chunk) for chunk in chunks]
            for future in as_completed(futures):
                yield future.result()


BACKENDS: dict[str, type[ProcessPoolBackend]] = {
    "process pool (window)": ProcessPoolBackend,
    "submit all (anchor)": SubmitAllBackend,
}


def peak_rss_kib() -> int:
    """This process's peak resident set, from ``/proc/self/status``."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise RuntimeError("no VmHWM in /proc/self/status (Linux only)")


def child(backend_name: str, games: int, jobs: int, deck_path: Path) -> None:
    db = open_database()
    deck = read_deck(deck_path, db)
    decks = [(DeckInfo.of_file(deck_path, deck.name), DeckList.from_deck(deck))]
    backend: Backend = BACKENDS[backend_name](jobs)
    start = time.perf_counter()
    goldfish(decks, games=games, database=db.info, going=Going.BOTH, backend=backend)
    elapsed = time.perf_counter() - start
    print(json.dumps({"peak_kib": peak_rss_kib(), "elapsed_s": elapsed}))


def measure(backend_name: str, games: int, jobs: int, deck: Path) -> dict[str, float]:
    command = [sys.executable, __file__, "--child", backend_name, "--jobs", str(jobs)]
    command += ["--games", str(games), "--deck", str(deck)]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    figures: dict[str, float] = json.loads(output.splitlines()[-1])
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10_000, 200_000])
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--deck", type=Path, default=SAMPLE_DECK)
    parser.add_argument("--child", choices=BACKENDS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.games[0], args.jobs, args.deck)
        return
    print(
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}; {args.deck.name}, "
        f"--jobs {args.jobs}, going both"
    )
    for name in BACKENDS:
        peaks = []
        for games in args.games:
            figures = measure(name, games, args.jobs, args.deck)
            peaks.append(figures["peak_kib"])
            print(
                f"{name:22} {games:>9,} games: parent peak RSS "
                f"{figures['peak_kib'] / 1024:6.1f} MiB "
                f"({games / figures['elapsed_s']:,.0f} games/s)"
            )
        print(
            f"{name:22} peak at {args.games[-1]:,} / peak at {args.games[0]:,} games: "
            f"{peaks[-1] / peaks[0]:.2f}"
        )


if __name__ == "__main__":
    main()
