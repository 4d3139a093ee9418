"""Benchmark: `lalcheck check` on 1,000 deck files against check-jsonschema.

Writes N deck files (the bundled sample decks, varied so no two are equal) into
a temporary folder, then times, as whole commands over several runs:

* ``lalcheck check --format json FOLDER`` (every rule, the bundled database);
* ``check-jsonschema --schemafile schemas/deck.schema.json FILES...`` (schema
  validation only), installed in a virtual environment of the benchmark's own
  (``benchmarks/.venv-check-jsonschema``), never as a lalcheck dependency.

Usage: ``python benchmarks/check_decks.py [--decks 1000] [--runs 5]``
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL_ENV = Path(__file__).resolve().parent / ".venv-check-jsonschema"


def check_jsonschema() -> Path:
    """The check-jsonschema executable of the benchmark's own environment."""
    executable = TOOL_ENV / "bin" / "check-jsonschema"
    if not executable.exists():
        venv.create(TOOL_ENV, with_pip=True)
        subprocess.run([TOOL_ENV / "bin" / "pip", "install", "-q", "check-jsonschema"], check=True)
    return executable


def write_decks(folder: Path, count: int) -> list[Path]:
    """``count`` deck files made from the sample decks, each with its own name."""
    sources = sorted((ROOT / "data" / "decks").glob("*.yaml"))
    paths = []
    for index in range(count):
        source = sources[index % len(sources)].read_text(encoding="utf-8")
        path = folder / f"deck-{index:04d}.yaml"
        path.write_text(
            re.sub("^name: .*$", f"name: Benchmark deck {index}", source, count=1, flags=re.M)
        )
        paths.append(path)
    return paths


def timed(command: list[str | Path], runs: int) -> list[float]:
    """Wall-clock seconds of ``runs`` runs of a command (exit codes 0 and 1 are fine)."""
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(command, capture_output=True, check=False)
        seconds.append(time.perf_counter() - start)
        if result.returncode not in (0, 1):
            sys.exit(f"{command[0]} failed:\n{result.stderr.decode()}")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    tool = check_jsonschema()
    lalcheck = Path(sys.executable).parent / "lalcheck"
    with tempfile.TemporaryDirectory() as folder:
        paths = write_decks(Path(folder), args.decks)
        subprocess.run([lalcheck, "db", "info"], capture_output=True, check=True)  # warm cache
        results = {
            "lalcheck check (all rules)": timed(
                [lalcheck, "check", "--format", "json", folder], args.runs
            ),
            "check-jsonschema (schema only)": timed(
                [tool, "--schemafile", ROOT / "schemas" / "deck.schema.json", *paths], args.runs
            ),
        }
    print(f"{args.decks} deck files, {args.runs} runs each, median wall-clock time:")
    for label, seconds in results.items():
        median = statistics.median(seconds)
        print(f"  {label:<32} {median:6.2f} s  ({args.decks / median:7.0f} decks/s)")


if __name__ == "__main__":
    main()
