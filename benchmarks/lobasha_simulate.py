"""洛吧殺 simulate benchmark: games per second of ``lalcheck simulate --game lobasha``.

    python benchmarks/lobasha_simulate.py [--games N] [--players 5] [--jobs 1 2] [--repeat R]

Runs the game's table simulation (what the command runs, without the output) on
the core runner for each job count and prints the best of ``--repeat`` runs in
wall-clock games per second, worker start-up included (the best, because other
load on the machine only ever slows a run down), and checks that every job
count gave the same JSON report.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from lalcheck.games import get_game
from lalcheck.simulation import TableSettings


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per run")
    parser.add_argument("--players", type=int, default=5, help="table size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2], help="job counts to time")
    parser.add_argument("--repeat", type=int, default=1, help="runs per job count (best kept)")
    args = parser.parse_args()
    hooks = get_game("lobasha").table_simulation
    assert hooks is not None
    simulation = hooks()
    print(f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} CPUs")
    reports = set()
    for jobs in args.jobs:
        best = float("inf")
        for _ in range(args.repeat):
            settings = TableSettings(args.players, args.games, args.seed, {}, jobs=jobs)
            start = time.perf_counter()
            report = simulation.simulate(settings)
            best = min(best, time.perf_counter() - start)
            reports.add(report.to_json())
        print(
            f"--jobs {jobs}: {args.games} games of {args.players} players in {best:.1f} s = "
            f"{args.games / best:.1f} games/s",
            flush=True,
        )
    print("same report for every job count" if len(reports) == 1 else "REPORTS DIFFER")


if __name__ == "__main__":
    main()
