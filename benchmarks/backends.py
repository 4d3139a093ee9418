"""Backend throughput: games per second of one deck on the local process pool, a local
Ray and a local Dask cluster of the same size, each against the local one.

    python benchmarks/backends.py [--games 20000] [--jobs 2] [--deck PATH] [--backend ...]

Opens each backend as ``lalcheck goldfish --backend NAME --jobs N`` does
(:func:`lalcheck.simulation.backends.open_backend`: Ray and Dask start a local
cluster of ``--jobs`` CPUs, as no address is set), plays the deck going both and
prints the cluster's start-up and shut-down time apart from the games' rate, then
the rate's ratio to the local backend's. The reports must be the same (checked).
Needs ``pip install -e '.[ray,dask]'``; a backend whose extra is missing is skipped.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path

from lalcheck.db import open_database
from lalcheck.decks import read_deck
from lalcheck.errors import LalcheckError
from lalcheck.games.luck_and_logic import GAME
from lalcheck.games.luck_and_logic.engine import DeckList
from lalcheck.games.luck_and_logic.goldfish import DeckInfo, Going, goldfish
from lalcheck.simulation.backends import BackendName, open_backend

SAMPLE_DECK = GAME.sample_database.parent / "decks" / "septpia-control.yaml"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="games of the deck")
    parser.add_argument("--jobs", type=int, default=2, help="workers of each backend")
    parser.add_argument("--deck", type=Path, default=SAMPLE_DECK)
    parser.add_argument(
        "--backend", type=BackendName, nargs="+", default=list(BackendName), help="backends"
    )
    args = parser.parse_args()
    for variable in ("RAY_ADDRESS", "DASK_SCHEDULER_ADDRESS"):
        os.environ.pop(variable, None)  # a local cluster of --jobs CPUs each
    db = open_database()
    deck = read_deck(args.deck, db)
    decks = [(DeckInfo.of_file(args.deck, deck.name), DeckList.from_deck(deck))]
    print(
        f"{platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}; {args.deck.name}, "
        f"{args.games:,} games going both, --jobs {args.jobs}"
    )
    rates: dict[BackendName, float] = {}
    reports: dict[BackendName, dict[str, object]] = {}
    for name in args.backend:
        start = time.perf_counter()
        try:
            with open_backend(name, args.jobs) as backend:
                opened = time.perf_counter()
                report = goldfish(
                    decks, games=args.games, database=db.info, going=Going.BOTH, backend=backend
                )
                played = time.perf_counter()
        except LalcheckError as error:
            print(f"{name:6} skipped: {error}")
            continue
        closed = time.perf_counter()
        rates[name] = args.games / report.elapsed_s
        document = report.to_dict()
        reports[name] = {
            k: v for k, v in document.items() if k not in ("elapsed_s", "games_per_second")
        }
        ratio = (
            f"{rates[name] / rates[BackendName.LOCAL]:.2f}× local"
            if BackendName.LOCAL in rates
            else ""
        )
        print(
            f"{name:6} {rates[name]:7,.0f} games/s {ratio:12} start {opened - start:5.1f} s, "
            f"games {played - opened:6.1f} s, close {closed - played:4.1f} s"
        )
    same = len({json.dumps(r, sort_keys=True) for r in reports.values()}) == 1
    print("reports: " + ("the same on every backend" if same else "DIFFERENT"))


if __name__ == "__main__":
    main()
