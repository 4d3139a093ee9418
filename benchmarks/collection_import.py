"""Benchmark: `lalcheck collection import` of a 100,000-row CSV into a fresh collection.

Generates a CSV against the card numbers of the bundled sample database (seeded:
quantities from 1 to 4, some copies for trade, conditions, languages and foil
spread so that rows both merge and stand apart), then times the whole command,
each run into a new collection file, and prints the median wall-clock and CPU
time (user + system, which other load on the machine disturbs less) against the
goal of 1.5 s. With ``--against LALCHECK`` another lalcheck (an older version) is timed
in the same rounds, alternating, so load on the machine hits both alike.

Usage: ``python benchmarks/collection_import.py [--rows 100000] [--runs 5]``
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lalcheck.db.load import load_database
from lalcheck.games import DEFAULT_GAME, get_game

GOAL_S = 1.5
CONDITIONS = ("NM", "NM", "NM", "EX", "GD", "LP")
LANGUAGES = ("ja", "ja", "ja", "en", "zh")


def write_csv(path: Path, rows: int, seed: int = 15) -> None:
    """``rows`` rows of the sample database's card numbers."""
    numbers = [card.number for card in load_database(get_game(DEFAULT_GAME).sample_database).cards]
    chosen = random.Random(seed)
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["number", "quantity", "trade_quantity", "condition", "language", "foil"])
        for _ in range(rows):
            quantity = chosen.randint(1, 4)
            writer.writerow(
                [
                    chosen.choice(numbers),
                    quantity,
                    chosen.choice((0, 0, 0, 1)) * chosen.randint(0, quantity),
                    chosen.choice(CONDITIONS),
                    chosen.choice(LANGUAGES),
                    chosen.choice(("", "", "", "yes")),
                ]
            )


def timed_import(lalcheck: Path, csv_path: Path, folder: Path, run: int) -> tuple[float, float]:
    """Wall-clock and CPU seconds (user + system) of one import into a collection file
    that does not exist yet."""
    collection = folder / f"collection-{len(list(folder.iterdir()))}-{run}.sqlite3"
    start = time.perf_counter()
    process = subprocess.Popen(
        [lalcheck, "collection", "import", csv_path, "--collection", collection],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit(f"{lalcheck} collection import failed:\n{errors.decode()}")
    return seconds, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--against", type=Path, metavar="LALCHECK")
    args = parser.parse_args()
    commands = {"lalcheck": Path(sys.executable).parent / "lalcheck"}
    if args.against:
        commands["against"] = args.against
    seconds: dict[str, list[float]] = {label: [] for label in commands}
    cpu: dict[str, list[float]] = {label: [] for label in commands}
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        csv_path = folder / "collection.csv"
        write_csv(csv_path, args.rows)
        for run in range(args.runs):
            for label, lalcheck in commands.items():
                wall, used = timed_import(lalcheck, csv_path, folder, run)
                seconds[label].append(wall)
                cpu[label].append(used)
    print(
        f"collection import of {args.rows:,} rows, {args.runs} runs, median wall-clock time "
        f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores):"
    )
    for label, lalcheck in commands.items():
        median = statistics.median(seconds[label])
        used = statistics.median(cpu[label])
        print(
            f"  {lalcheck}: {median:6.2f} s wall ({median / GOAL_S:.2f}× the goal of {GOAL_S} s), "
            f"{used:6.2f} s CPU ({used / GOAL_S:.2f}×)"
        )


if __name__ == "__main__":
    main()
