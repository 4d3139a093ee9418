"""Benchmark: how long lalcheck takes to start, as whole commands.

Times, over several runs, and prints the median wall-clock time of each (and the
mean CPU time, user + system, which other load on the machine disturbs less):

* ``python -c pass`` (the interpreter alone: the floor every command pays);
* ``lalcheck --version`` (goal: within 2x of the floor);
* ``lalcheck --help`` (every command listed);
* ``lalcheck check DECK`` of one bundled sample deck (goal: under 0.25 s);
* ``lalcheck cards show BT01/001``.

Uses hyperfine when it is installed (``apt-get install hyperfine``), else a
timing loop of its own. The interpreter and the ``lalcheck`` script are the ones
of the environment running this file. The commands run as a user's would: with
their bytecode cached (``PYTHONDONTWRITEBYTECODE`` is unset, so the warm-up runs
write it) and from a folder with no lalcheck configuration.

Usage: ``python benchmarks/startup.py [--runs 30] [--warmup 3]``
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "data" / "decks" / "septpia-control.yaml"


def commands() -> dict[str, list[str]]:
    """The commands timed, by label."""
    lalcheck = str(Path(sys.executable).with_name("lalcheck"))
    return {
        "python -c pass": [sys.executable, "-c", "pass"],
        "lalcheck --version": [lalcheck, "--version"],
        "lalcheck --help": [lalcheck, "--help"],
        "lalcheck check DECK": [lalcheck, "check", str(DECK)],
        "lalcheck cards show BT01/001": [lalcheck, "cards", "show", "BT01/001"],
    }


def with_hyperfine(command: list[str], runs: int, warmup: int) -> tuple[list[float], float]:
    """The run times hyperfine measured (it ignores the exit code: -i), and the mean CPU
    time (user + system) of a run."""
    with tempfile.TemporaryDirectory() as folder:
        export = Path(folder) / "times.json"
        subprocess.run(
            [
                *("hyperfine", "-N", "-i", "--style", "none"),
                *("-w", str(warmup), "-r", str(runs), "--export-json", str(export)),
                shlex.join(command),
            ],
            check=True,
            capture_output=True,
        )
        result = json.loads(export.read_text())["results"][0]
        return result["times"], result["user"] + result["system"]


def with_loop(command: list[str], runs: int, warmup: int) -> tuple[list[float], float]:
    """Wall-clock seconds of ``runs`` runs, after ``warmup`` untimed ones, and their mean
    CPU time (user + system)."""
    seconds = []
    for _ in range(warmup):
        subprocess.run(command, capture_output=True, check=False)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, capture_output=True, check=False)
        seconds.append(time.perf_counter() - start)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return seconds, cpu / runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=3)
    arguments = parser.parse_args()
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory(prefix="lalcheck-startup-") as folder:
        os.chdir(folder)
        report(arguments.runs, arguments.warmup)


def report(runs: int, warmup: int) -> None:
    """Time every command and print the figures and their ratios to the goals."""
    timer = with_hyperfine if shutil.which("hyperfine") else with_loop
    print(
        f"timer: {'hyperfine' if timer is with_hyperfine else 'timing loop'}, {runs} runs, medians"
    )
    medians = {}
    for label, command in commands().items():
        times, cpu = timer(command, runs, warmup)
        medians[label] = statistics.median(times)
        print(
            f"{label:<30} median {medians[label] * 1000:7.1f} ms  "
            f"(min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f}; "
            f"CPU {cpu * 1000:.1f} ms)"
        )
    floor = medians["python -c pass"]
    print(f"--version / python -c pass: {medians['lalcheck --version'] / floor:.2f}x (goal 2x)")
    print(f"check DECK: {medians['lalcheck check DECK']:.3f} s (goal 0.25 s)")


if __name__ == "__main__":
    main()
